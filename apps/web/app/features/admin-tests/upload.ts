import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { ApiRequestError } from '../../api/client.ts';
import { NETWORK_FAILED } from '../../api/problems.ts';
import { readCookie } from '../../lib/cookies.ts';

/** What the upload call answers that the editor keeps: the key for the field and a URL to show it. */
export interface Uploaded {
  key: string;
  url: string;
}

/**
 * POST /api/admin/uploads/?kind=image: one picture as multipart (field `file`), with the web-client
 * mark and the CSRF token like every browser call (api/browser.ts sends JSON only). Fails as
 * ApiRequestError, so the editor shows the API's own words (wrong type, too big).
 */
export async function uploadImage(file: File): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { accept: 'application/json', [WEB_CLIENT_HEADER]: 'web' };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const path = '/api/admin/uploads/?kind=image';
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers, body: form });
  } catch {
    throw new ApiRequestError(0, { detail: NETWORK_FAILED }, path);
  }
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, body, path);
  return body as Uploaded;
}
