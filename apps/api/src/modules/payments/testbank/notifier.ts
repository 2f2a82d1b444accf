// Notifications of the test bank, sent like the real provider's: a signed JSON POST to the
// merchant's NotificationURL, delivered when the answer is HTTP 200 with the body `OK` exactly,
// otherwise sent again after each of `retryDelaysMs` (shortened for development: the real
// provider retries for about a day), then given up.
import type { FastifyBaseLogger } from 'fastify';

/** Development back-off: 2 s, 10 s, 1 min, 5 min, 30 min, then give up. */
export const DEV_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000, 1_800_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface NotifierOptions {
  retryDelaysMs?: readonly number[];
  log: FastifyBaseLogger;
  fetch?: typeof globalThis.fetch;
}

export class Notifier {
  readonly #delays: readonly number[];
  readonly #log: FastifyBaseLogger;
  readonly #fetch: typeof globalThis.fetch;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #stop = new AbortController();

  constructor(options: NotifierOptions) {
    this.#delays = options.retryDelaysMs ?? DEV_RETRY_DELAYS_MS;
    this.#log = options.log;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Sends the bodies in order: each one's first attempt waits for the previous one's first
   * attempt (so AUTHORIZED is offered before CONFIRMED), retries run on their own.
   */
  async send(url: string, bodies: readonly Record<string, unknown>[]): Promise<void> {
    for (const body of bodies) await this.#attempt(url, body, 0);
  }

  /** Stops every pending retry and request (the server is closing). */
  close(): void {
    this.#stop.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  async #attempt(url: string, body: Record<string, unknown>, attempt: number): Promise<void> {
    if (this.#stop.signal.aborted) return;
    const where = safeUrl(url);
    let problem: string;
    try {
      const response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([this.#stop.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        redirect: 'manual',
      });
      const text = await response.text();
      if (response.status === 200 && text === 'OK') return;
      problem = `HTTP ${response.status}, тело ${JSON.stringify(text.slice(0, 40))}`;
    } catch (error) {
      if (this.#stop.signal.aborted) return;
      problem = (error as Error).message;
    }
    const delay = this.#delays[attempt];
    const status = String(body.Status);
    if (delay === undefined) {
      this.#log.warn({ url: where, status, attempts: attempt + 1 }, `testbank: уведомление не принято (${problem}), попытки исчерпаны`);
      return;
    }
    this.#log.info({ url: where, status, attempt: attempt + 1 }, `testbank: уведомление не принято (${problem}), повтор через ${delay} мс`);
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#attempt(url, body, attempt + 1);
    }, delay);
    timer.unref();
    this.#timers.add(timer);
  }
}

/** The address without its query (which may carry the merchant's own secrets) for the log. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(неверный адрес)';
  }
}
