import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserFetch } from './browser.ts';
import { ApiRequestError, json } from './client.ts';

// The browser's fetch resends a call that makes something when its answer was lost, with the same
// Idempotency-Key (decision 0078); an answer of the server's own is never resent.

type Sent = { key: string | undefined; body: string | undefined };
let sent: Sent[];

function answering(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn(async (_path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ key: headers['idempotency-key'], body: init.body as string | undefined });
    const next = answers.shift() ?? new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Runs `call` while the pauses between tries pass at once. */
async function settled<T>(call: Promise<T>): Promise<T> {
  let done = false;
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => (done = true));
  for (let i = 0; i < 200 && !done; i += 1) await vi.advanceTimersByTimeAsync(100);
  const result = (await outcome) as { value?: T; error?: unknown };
  if ('error' in result) throw result.error;
  return result.value as T;
}

beforeAll(async () => {
  // Loaded with the first call that makes something; here before the clock is faked.
  await import('./resend.ts');
});
beforeEach(() => {
  sent = [];
  vi.useFakeTimers();
  vi.stubGlobal('document', { cookie: '' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const order = (body: object) => json<{ ok: boolean }>(browserFetch, '/api/order/request/', { method: 'POST', body, once: true });

describe('browserFetch for calls that make something', () => {
  it('resends after a 502 and a lost connection with the same key, and the answer is the one that came', async () => {
    const fetchMock = answering(jsonAnswer(502, { detail: 'Bad Gateway' }), new TypeError('Failed to fetch'), jsonAnswer(200, { ok: true }));
    expect(await settled(order({ course_slug: 'a' }))).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key, sent[0]!.key]);
  });

  it('waits as Retry-After says before resending a 503', async () => {
    answering(jsonAnswer(503, { detail: 'Сервер занят' }, { 'retry-after': '2' }), jsonAnswer(200, { ok: true }));
    const call = order({ course_slug: 'b' });
    await vi.advanceTimersByTimeAsync(1900);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await call).toEqual({ ok: true });
    expect(sent).toHaveLength(2);
  });

  it('does not resend an answer of the server: a 4xx is final', async () => {
    for (const status of [400, 404, 409, 422, 429]) {
      sent = [];
      answering(jsonAnswer(status, { detail: 'Нет' }));
      await expect(settled(order({ course_slug: `c${status}` }))).rejects.toMatchObject({ status });
      expect(sent).toHaveLength(1);
    }
  });

  it('resends a 409 that says the same key is still running', async () => {
    answering(jsonAnswer(409, { detail: 'Этот запрос ещё выполняется.' }, { 'idempotency-key-status': 'running', 'retry-after': '1' }), jsonAnswer(200, { ok: true }));
    expect(await settled(order({ course_slug: 'd' }))).toEqual({ ok: true });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('gives up after three tries; a second press of the same form keeps the key, a new submission gets a new one', async () => {
    answering(new TypeError('offline'), new TypeError('offline'), new TypeError('offline'));
    const failed = await settled(order({ course_slug: 'e' })).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect((failed as ApiRequestError).status).toBe(0);
    expect(sent).toHaveLength(3);
    const lostKey = sent[0]!.key;
    answering(jsonAnswer(200, { ok: true }), jsonAnswer(200, { ok: true }));
    await settled(order({ course_slug: 'e' }));
    expect(sent[3]!.key).toBe(lostKey);
    // Answered: the same form sent again is a new submission.
    await settled(order({ course_slug: 'e' }));
    expect(sent[4]!.key).not.toBe(lostKey);
    expect(sent[4]!.key).toBeDefined();
  });

  it('sends no key and never resends other calls', async () => {
    answering(jsonAnswer(502, { detail: 'Bad Gateway' }));
    await expect(settled(json(browserFetch, '/api/user/consents/', { method: 'POST', body: {} }))).rejects.toMatchObject({ status: 502 });
    expect(sent).toEqual([{ key: undefined, body: '{}' }]);
  });
});
