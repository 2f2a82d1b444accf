// The quiz's autosave as a queue, without React (unit-tested in save-queue.test.ts). A choice is
// sent at once; typed text after a short pause or when the field loses focus. One save is in flight
// at a time: what changes meanwhile waits and goes, coalesced, in the next one, so saves never
// overtake each other and the finish never races a save (two calls at once once let a save land
// after the finish and answer 409). A question stays unsent until the server has the very value
// on screen; the unsent ones are kept on this device (api/quiz-draft.ts) until then. While the page
// is being reloaded or left, saves that land are kept there too: the next page may have been read
// before them, and puts back what its data misses.
import { ApiRequestError } from '../../api/client.ts';
import type { Answer, Answers } from './quiz.ts';
import type { Draft } from '../../api/quiz-draft.ts';

/** idle: nothing sent yet; offline: no connection (kept on the device or, where storage is refused, only on screen). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'offline-screen' | 'waiting' | 'failed';

/** How long typing may pause before the text is sent. */
export const TYPING_DELAY_MS = 400;
/** How often a save that did not reach the server is tried again (and at once when the browser is back online). */
export const RETRY_MS = 4000;

export interface SaveQueueOptions<T> {
  send: (answers: Answers, finish: boolean) => Promise<T>;
  draft: Draft;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (id: unknown) => void };
}

/** What the screen is told while it shows the queue (`attach`). */
export interface SaveQueueListener {
  onState: (state: SaveState) => void;
  /** The server will not take answers any more (409: time is up, or finished elsewhere). `lost`: unsent answers went with it. */
  onClosed: (lost: boolean) => void;
}

const same = (a: Answer | undefined, b: Answer | undefined) => a === b || JSON.stringify(a) === JSON.stringify(b);

export class SaveQueue<T> {
  /** Unsent answers by question id: the value on screen that the server does not have yet. */
  private readonly unsent = new Map<string, Answer>();
  private flight: Promise<void> | null = null;
  private again = false;
  private timer: unknown = undefined;
  private stopped = false;
  /** Who is told (the screen); none once it is gone: a save still goes out, but nothing is retried or reported. */
  private listener: SaveQueueListener | null = null;
  private kept = true;
  /** The page is going: the next page may have been read before a save in flight landed. */
  private leaving = false;
  /** Answers saved since the page began to go, kept on the device with the unsent ones. */
  private readonly landed = new Map<string, Answer>();
  private readonly timers: NonNullable<SaveQueueOptions<T>['timers']>;

  constructor(private readonly options: SaveQueueOptions<T>) {
    this.timers = options.timers ?? {
      set: (run, ms) => setTimeout(run, ms),
      clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    };
  }

  /** Something is not on the server yet. */
  get pending(): boolean {
    return this.unsent.size > 0;
  }

  /** Unsent answers that only the screen holds (the device refused to keep them): leaving would lose them. */
  get atRisk(): boolean {
    return this.pending && !this.kept && !this.stopped;
  }

  /** A choice (sent at once) or typed text (`typing`: after a pause, or on `flush()` when the field is left). */
  change(questionId: number | string, answer: Answer, { typing = false } = {}): void {
    if (this.stopped) return;
    this.unsent.set(String(questionId), answer);
    this.keep();
    if (typing) this.schedule(TYPING_DELAY_MS);
    else void this.flush();
  }

  /**
   * Answers kept on the device from before a reload, as unsent: those the server has already
   * (the save arrived, its answer did not) are dropped. Returns the ones taken (sent at once).
   */
  restore(kept: Answers, server: Answers, known: (questionId: string) => boolean): Answers {
    const taken: Answers = {};
    for (const [key, answer] of Object.entries(kept)) {
      if (!known(key) || same(answer, server[key])) continue;
      taken[key] = answer;
      this.unsent.set(key, answer);
    }
    this.keep();
    if (this.pending) void this.flush();
    return taken;
  }

  /** Sends what is unsent now; while a save is in flight, right after it (coalesced with anything newer). */
  flush(): Promise<void> {
    this.cancelTimer();
    if (this.stopped || !this.pending) return this.flight ?? Promise.resolve();
    if (this.flight) {
      this.again = true;
      return this.flight;
    }
    this.flight = this.sendUnsent().finally(() => {
      this.flight = null;
      if (this.stopped) return;
      if (this.again && this.pending) {
        this.again = false;
        void this.flush();
      }
    });
    return this.flight;
  }

  /** Stops autosaving and sends the unsent answers with the finish in one call, after a save in flight. */
  async finish(): Promise<T> {
    this.stopped = true;
    this.cancelTimer();
    if (this.flight) await this.flight;
    try {
      const result = await this.options.send(Object.fromEntries(this.unsent), true);
      this.unsent.clear();
      this.landed.clear();
      this.options.draft.clear();
      return result;
    } catch (error) {
      this.stopped = false;
      throw error;
    }
  }

  /** The attempt is over without a save of ours (the screen showed its result): nothing more is sent or kept. */
  close(): void {
    this.stopped = true;
    this.cancelTimer();
    this.unsent.clear();
    this.landed.clear();
    this.options.draft.clear();
  }

  /** The screen shows the queue (again): its state and a closed attempt are reported. */
  attach(listener: SaveQueueListener): void {
    this.listener = listener;
  }

  /**
   * The page is being left or reloaded (`false`: it stays after all, or came back from the browser's
   * cache). The next page is read while a save may still be in flight and can miss it, so a save
   * answered from now on keeps its answers on the device too: the next page puts them back when its
   * data does not have them yet, and drops them when it does.
   */
  leave(leaving = true): void {
    this.leaving = leaving;
    if (leaving) return;
    this.landed.clear();
    this.keep();
  }

  /** The page goes (another screen of the site): a pause in typing is not waited for. */
  dispose(): void {
    const typing = this.timer !== undefined;
    this.listener = null;
    if (typing) void this.flush();
  }

  private keep(): void {
    this.kept = this.options.draft.keep({ ...Object.fromEntries(this.landed), ...Object.fromEntries(this.unsent) });
  }

  /** Saved: no longer unsent, unless changed meanwhile (the newer value goes in the next save). */
  private saved(sent: Map<string, Answer>): void {
    for (const [key, answer] of sent) {
      if (this.leaving) this.landed.set(key, answer);
      if (this.unsent.get(key) === answer) this.unsent.delete(key);
    }
    this.keep();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private say(state: SaveState): void {
    this.listener?.onState(state);
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    if (!this.listener) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  private async sendUnsent(): Promise<void> {
    const sent = new Map(this.unsent);
    this.say('saving');
    try {
      await this.options.send(Object.fromEntries(sent), false);
      this.saved(sent);
      if (this.stopped) return;
      if (!this.pending) this.say('saved');
      // Text still being typed waits for its pause; anything else goes right after this save.
      else if (this.timer === undefined) this.again = true;
    } catch (error) {
      if (this.stopped) return;
      const status = error instanceof ApiRequestError ? error.status : 0;
      if (status === 429) {
        this.say('waiting');
        this.schedule(((error as ApiRequestError).retryAfterS ?? 5) * 1000);
      } else if (status === 0 || status >= 500) {
        this.say(this.kept ? 'offline' : 'offline-screen');
        this.schedule(RETRY_MS);
      } else if (status === 409) {
        const lost = this.pending;
        this.close();
        this.listener?.onClosed(lost);
      } else {
        this.say('failed');
      }
    }
  }
}
