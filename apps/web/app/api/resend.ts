// Calls that make or charge something (`once`, decision 0078), loaded with the first of them (not
// on any page's first load): an Idempotency-Key per submission — the same path and body
// sent again before an answer came keep their key, so a second press after a lost answer is the
// same submission — and a lost answer (no connection, 502, 503, 504, or 409 'still running')
// resent with the key, TRIES times in all, waiting as Retry-After says (at most 8 s) or a
// growing pause.

const TRIES = 3;
const PAUSES_MS = [400, 1500];
/** Keys of submissions not answered yet, by method, path and body. */
const pending = new Map<string, string>();

/** The answer was lost on the way (the request may or may not have been done): resend it. */
const lost = (res: Response) => [502, 503, 504].includes(res.status) || (res.status === 409 && res.headers.get('idempotency-key-status') === 'running');

/**
 * Sends `send` (which reads `headers`) with a key for `submission` (the call's path and body); throws when no try got an
 * answer. Outside a secure context (a LAN address over plain http) there is no randomUUID: one
 * plain try, as any other call.
 */
export async function resend(send: () => Promise<Response>, headers: Record<string, string>, submission: string): Promise<Response> {
  const key = pending.get(submission) ?? crypto.randomUUID?.();
  if (!key) return send();
  pending.set(submission, (headers['idempotency-key'] = key));
  for (let attempt = 1; ; attempt += 1) {
    let res: Response | undefined;
    try {
      res = await send();
    } catch (error) {
      // No answer: the key stays for the next try (or the person's next press).
      if (attempt >= TRIES) throw error;
    }
    if (res && (!lost(res) || attempt >= TRIES)) {
      if (!lost(res)) pending.delete(submission);
      return res;
    }
    const asked = Number(res?.headers.get('retry-after')) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(asked || PAUSES_MS[attempt - 1]!, 8000)));
  }
}
