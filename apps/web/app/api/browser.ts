import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { ApiRequestError, createApi, type ApiFetch } from './client.ts';
import { readCookie } from '../lib/cookies.ts';
import { NETWORK_FAILED } from './problems.ts';

// The browser's side of the API client (decision 0012). The session lives in httpOnly cookies
// the API sets because of `x-crema-client: web`; unsafe calls carry the readable `crema_csrf`
// cookie back as `x-csrf-token` (decision 0009). A call that does not reach the server fails as
// ApiRequestError with status 0 and a Russian `detail`, so forms show it like any other answer.
//
// A call that makes or charges something (`once`, decision 0078) carries an Idempotency-Key: one
// per submission — the same path and body sent again before an answer came keep their key, so a
// second press after a lost answer is the same submission. A lost answer (no connection, 502,
// 503, 504, or 409 'still running') is resent with the key, TRIES times in all, waiting as
// Retry-After says (at most 8 s) or a growing pause.

const TRIES = 3;
const PAUSES_MS = [400, 1500];
/** Keys of submissions not answered yet, by method, path and body. */
const pending = new Map<string, string>();

/** The answer was lost on the way (the request may or may not have been done): resend it. */
const lost = (res: Response) => [502, 503, 504].includes(res.status) || (res.status === 409 && res.headers.get('idempotency-key-status') === 'running');

/** `fetch` for the API from the browser: JSON, the web-client mark, the CSRF token. */
export const browserFetch: ApiFetch = async (path, init = {}) => {
  const headers: Record<string, string> = { accept: 'application/json', [WEB_CLIENT_HEADER]: 'web', ...init.headers };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const method = init.method ?? 'GET';
  const submission = `${method} ${path} ${body}`;
  // Outside a secure context (a LAN address over plain http) there is no randomUUID: no key, no resend.
  const key = init.once ? (pending.get(submission) ?? crypto.randomUUID?.()) : undefined;
  if (key) pending.set(submission, (headers['idempotency-key'] = key));
  for (let attempt = 1; ; attempt += 1) {
    let res: Response | undefined;
    try {
      res = await fetch(path, { method, credentials: 'same-origin', headers, body });
    } catch {
      // No answer: with a key, it stays for the next try (or the person's next press).
    }
    if (res && !(key && lost(res))) {
      pending.delete(submission);
      return res;
    }
    if (!key || attempt >= TRIES) {
      if (res) return res;
      throw new ApiRequestError(0, { detail: NETWORK_FAILED }, path);
    }
    const asked = Number(res?.headers.get('retry-after')) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(asked || PAUSES_MS[attempt - 1]!, 8000)));
  }
};

/** The typed calls (lib/api.ts) as the browser makes them. */
export const browserApi = createApi(browserFetch);
