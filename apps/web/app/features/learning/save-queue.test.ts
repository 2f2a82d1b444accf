import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import type { Answers } from './quiz.ts';
import { attemptDraft, clearQuizDrafts, draftKey, dropStaleDrafts, type DraftStorage } from '../../api/quiz-draft.ts';
import { RETRY_MS, SaveQueue, TYPING_DELAY_MS, type SaveState } from './save-queue.ts';

/** localStorage as a Map. */
function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

interface Call {
  answers: Answers;
  finish: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A queue whose every save waits until the test answers it. */
function setup(store: DraftStorage | null = memoryStorage()) {
  const calls: Call[] = [];
  const states: SaveState[] = [];
  const closed: boolean[] = [];
  const send = (answers: Answers, finish: boolean) =>
    new Promise<string>((resolve, reject) => calls.push({ answers, finish, resolve: () => resolve('ok'), reject }));
  const draft = attemptDraft(store, 7, 100, 5);
  const queue = new SaveQueue({ send, draft });
  queue.attach({ onState: (state) => states.push(state), onClosed: (lost) => closed.push(lost) });
  return { queue, calls, states, closed, draft, store };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const offline = () => new ApiRequestError(0, { detail: 'Нет связи' }, '/api/');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the quiz save queue', () => {
  it('sends a choice at once and says saved when the server has it', async () => {
    const { queue, calls, states } = setup();
    queue.change(1, [10]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.answers).toEqual({ 1: [10] });
    expect(states.at(-1)).toBe('saving');
    calls[0]!.resolve();
    await settle();
    expect(states.at(-1)).toBe('saved');
    expect(queue.pending).toBe(false);
  });

  it('keeps one save in flight and coalesces what changed meanwhile into the next, in order', async () => {
    const { queue, calls } = setup();
    queue.change(1, [10]);
    queue.change(2, [20]);
    queue.change(1, [11]);
    queue.change(2, [21]);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await settle();
    // The latest values of both questions, in one save.
    expect(calls).toHaveLength(2);
    expect(calls[1]!.answers).toEqual({ 1: [11], 2: [21] });
    calls[1]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(queue.pending).toBe(false);
  });

  it('debounces typed text and sends it at once when the field is left', async () => {
    const { queue, calls } = setup();
    queue.change(3, 'с', { typing: true });
    queue.change(3, 'сл', { typing: true });
    await vi.advanceTimersByTimeAsync(TYPING_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.answers)).toEqual([{ 3: 'сл' }]);
    calls[0]!.resolve();
    await settle();
    queue.change(3, 'слово', { typing: true });
    void queue.flush();
    expect(calls.at(-1)!.answers).toEqual({ 3: 'слово' });
  });

  it('retries a save that did not reach the server and keeps the answers on the device until then', async () => {
    const { queue, calls, states, store } = setup();
    queue.change(1, [10]);
    expect(store!.getItem(draftKey(7, 100))).toContain('"1":[10]');
    calls[0]!.reject(offline());
    await settle();
    expect(states.at(-1)).toBe('offline');
    expect(queue.atRisk).toBe(false);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.answers).toEqual({ 1: [10] });
    calls[1]!.resolve();
    await settle();
    expect(states.at(-1)).toBe('saved');
    expect(store!.getItem(draftKey(7, 100))).toBeNull();
  });

  it('says when nothing can be kept on the device, and only then counts the answers at risk', async () => {
    const { queue, calls, states } = setup(null);
    queue.change(1, [10]);
    expect(queue.atRisk).toBe(true);
    calls[0]!.reject(offline());
    await settle();
    expect(states.at(-1)).toBe('offline-screen');
  });

  it('waits what a 429 asks before the next try', async () => {
    const { queue, calls, states } = setup();
    queue.change(1, [10]);
    calls[0]!.reject(new ApiRequestError(429, {}, '/api/', 3));
    await settle();
    expect(states.at(-1)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('sends the finish only after the save in flight, with what is still unsent', async () => {
    const { queue, calls, store } = setup();
    queue.change(1, [10]);
    queue.change(2, [20]);
    const finished = queue.finish();
    await settle();
    // No second call while the first is out: a finish never races a save.
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ answers: { 2: [20] }, finish: true });
    calls[1]!.resolve();
    await expect(finished).resolves.toBe('ok');
    expect(store!.getItem(draftKey(7, 100))).toBeNull();
    // Nothing more goes after the finish.
    queue.change(3, [30]);
    expect(calls).toHaveLength(2);
  });

  it('stops and clears the device when the server closed the attempt (409)', async () => {
    const { queue, calls, closed, store } = setup();
    queue.change(1, [10]);
    calls[0]!.reject(new ApiRequestError(409, { detail: 'Время вышло' }, '/api/'));
    await settle();
    expect(closed).toEqual([true]);
    expect(store!.getItem(draftKey(7, 100))).toBeNull();
    queue.change(1, [11]);
    expect(calls).toHaveLength(1);
  });

  it('restores kept answers the server does not have and sends them', async () => {
    const store = memoryStorage();
    attemptDraft(store, 7, 100, 5).keep({ 1: [10], 2: [20], 99: [1] });
    const { queue, calls } = setup(store);
    const taken = queue.restore(attemptDraft(store, 7, 100, 5).read()!, { 2: [20] }, (key) => key !== '99');
    // Question 2 reached the server already; 99 is not in the attempt.
    expect(taken).toEqual({ 1: [10] });
    expect(calls[0]!.answers).toEqual({ 1: [10] });
    calls[0]!.resolve();
    await settle();
    expect(store.map.size).toBe(0);
  });

  it('keeps a save answered while the page is going on the device, for a next page read before it landed', async () => {
    const { queue, calls, draft } = setup();
    queue.change(1, [10]);
    queue.leave();
    queue.change(2, [20]);
    calls[0]!.resolve();
    await settle();
    // Saved, yet kept: the reloaded page may have been read before this save reached the server.
    expect(draft.read()).toEqual({ 1: [10], 2: [20] });
    expect(calls[1]!.answers).toEqual({ 2: [20] });
    calls[1]!.resolve();
    await settle();
    expect(draft.read()).toEqual({ 1: [10], 2: [20] });
    // The page stayed after all (or came back from the browser's cache): only what is unsent is kept.
    queue.leave(false);
    expect(draft.read()).toBeNull();
  });

  it('puts back after a reload a save the next page was read without, and drops one it has', async () => {
    const store = memoryStorage();
    const before = setup(store);
    before.queue.change(1, [10]);
    before.queue.change(2, [20]);
    before.queue.leave();
    before.calls[0]!.resolve();
    await settle();
    before.calls[1]!.resolve();
    await settle();
    // The next page's data has question 1 but was read before question 2 was saved.
    const after = setup(store);
    const taken = after.queue.restore(after.draft.read()!, { 1: [10] }, () => true);
    expect(taken).toEqual({ 2: [20] });
    expect(after.calls[0]!.answers).toEqual({ 2: [20] });
    after.calls[0]!.resolve();
    await settle();
    expect(store.map.size).toBe(0);
  });
});

describe('answers kept on the device', () => {
  it('drops other people’s and finished attempts’ entries, keeps the open one and other tests', () => {
    const store = memoryStorage();
    attemptDraft(store, 7, 100, 5).keep({ 1: [10] });
    attemptDraft(store, 7, 90, 5).keep({ 1: [9] });
    attemptDraft(store, 7, 80, 6).keep({ 1: [8] });
    attemptDraft(store, 8, 70, 5).keep({ 1: [7] });
    store.setItem('crema:video:1:2:3', '42');
    expect(dropStaleDrafts(store, 7, 5, 100)).toBe(true);
    expect([...store.map.keys()].sort()).toEqual([draftKey(7, 100), draftKey(7, 80), 'crema:video:1:2:3'].sort());
    expect(dropStaleDrafts(store, 7, 5, 100)).toBe(false);
  });

  it('are all cleared at sign-out', () => {
    const store = memoryStorage();
    attemptDraft(store, 7, 100, 5).keep({ 1: [10] });
    attemptDraft(store, 8, 70, 5).keep({ 1: [7] });
    store.setItem('crema:video:1:2:3', '42');
    clearQuizDrafts(store);
    expect([...store.map.keys()]).toEqual(['crema:video:1:2:3']);
  });

  it('nothing breaks when storage refuses', () => {
    const refusing = { ...memoryStorage(), setItem: () => { throw new Error('quota'); } };
    expect(attemptDraft(refusing, 7, 100, 5).keep({ 1: [10] })).toBe(false);
  });
});
