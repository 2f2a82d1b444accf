import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { ApiRequestError, createApi, type ApiFetch } from './client.ts';
import { readCookie } from '../lib/cookies.ts';
import { NETWORK_FAILED } from './problems.ts';

// The browser's side of the API client (decision 0012). The session lives in httpOnly cookies
// the API sets because of `x-crema-client: web`; unsafe calls carry the readable `crema_csrf`
// cookie back as `x-csrf-token` (decision 0009). A call that does not reach the server fails as
// ApiRequestError with status 0 and a Russian `detail`, so forms show it like any other answer.
// A call that makes or charges something (`once`) goes through resend.ts: an Idempotency-Key, and
// the same call sent again when its answer is lost (decision 0078).

/** `fetch` for the API from the browser: JSON, the web-client mark, the CSRF token. */
export const browserFetch: ApiFetch = async (path, init = {}) => {
  const headers: Record<string, string> = { accept: 'application/json', [WEB_CLIENT_HEADER]: 'web', ...init.headers };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const send = () => fetch(path, { method: init.method ?? 'GET', credentials: 'same-origin', headers, body });
  try {
    return await (init.once ? (await import('./resend.ts')).resend(send, headers, path + body) : send());
  } catch {
    throw new ApiRequestError(0, { detail: NETWORK_FAILED }, path);
  }
};

/** The typed calls (lib/api.ts) as the browser makes them. */
export const browserApi = createApi(browserFetch);
