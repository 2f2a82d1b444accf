import type { CodeSent, CurrentUser } from '@crema/contract';
import { readCookie } from './cookies.ts';

// Browser calls to /api/auth/* (spec §7 Authentication; decision 0009). Loaded with the sign-in
// dialogs, never on first load. The session lives in httpOnly cookies the API sets because of
// `X-Crema-Client: web`; unsafe calls carry the readable `crema_csrf` cookie back as a header.

const CSRF_COOKIE = 'crema_csrf';
const NETWORK_FAILED = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте снова.';
const SERVER_FAILED = 'Ошибка обращения к сервису. Попробуйте ещё раз чуть позже.';

/** A refused auth call: its status and the response body (`{detail}` or field → messages). */
export class AuthCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(messagesOf(body)[0] ?? SERVER_FAILED);
    this.name = 'AuthCallError';
  }

  /** Messages of one field (e.g. `email`), joined by the form under that field. */
  field(name: string): string[] {
    return toList(this.body[name]);
  }

  /** `detail` and `non_field_errors`: what belongs above the submit button. */
  general(): string[] {
    return [...toList(this.body.detail), ...toList(this.body.non_field_errors)];
  }

  /** Every message of the response, flattened (spec §8 code entry). */
  all(): string[] {
    return messagesOf(this.body);
  }
}

function toList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(toList);
  if (value && typeof value === 'object') return Object.values(value).flatMap(toList);
  return [];
}

/** All messages of an error body, in order: `{detail}`, `{field: [...]}` or nested lists. */
export function messagesOf(body: unknown): string[] {
  return toList(body);
}

/** The message a form shows for any failure, including a lost connection. */
export function problemOf(error: unknown): AuthCallError {
  if (error instanceof AuthCallError) return error;
  return new AuthCallError(0, { detail: NETWORK_FAILED });
}

async function call<T>(method: 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Crema-Client': 'web' };
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new AuthCallError(0, { detail: NETWORK_FAILED });
  }
  if (response.status === 204) return undefined as T;
  let data: unknown = null;
  if (response.headers.get('content-type')?.includes('json')) data = await response.json().catch(() => null);
  if (!response.ok) {
    const errorBody = data && typeof data === 'object' ? (data as Record<string, unknown>) : { detail: SERVER_FAILED };
    throw new AuthCallError(response.status, errorBody);
  }
  return data as T;
}

type Detail = { detail: string };
type PasswordPair = { password: string; confirm_password: string };

/** The sign-in and password calls the dialogs make. */
export const authClient = {
  sendCode: (email: string) => call<CodeSent>('POST', '/api/auth/send_code/email/', { email }),
  signInWithCode: (email: string, code: string) =>
    call<{ user: CurrentUser }>('POST', '/api/auth/token/email/', { email, code }),
  signInWithPassword: (username: string, password: string) =>
    call<{ user: CurrentUser }>('POST', '/api/auth/token/', { username, password }),
  logout: () => call<void>('POST', '/api/auth/logout/'),
  restore: (email: string) => call<Detail>('POST', '/api/auth/restore/', { email }),
  setPasswordByRestore: (accessToken: string, pair: PasswordPair) =>
    call<Detail>('PATCH', '/api/auth/set-password/restore/', { access_token: accessToken, ...pair }),
  sendChangeCode: (email: string) => call<CodeSent>('POST', '/api/auth/change/', { email }),
  exchangeChangeCode: (email: string, code: string) =>
    call<{ access_token: string; expires_in: number }>('POST', '/api/auth/change/code/', { email, code }),
  setPasswordByChange: (accessToken: string, pair: PasswordPair) =>
    call<Detail>('PATCH', '/api/auth/set-password/change/', { access_token: accessToken, ...pair }),
  changeOwnPassword: (body: { code: string; current_password?: string } & PasswordPair) =>
    call<Detail>('POST', '/api/auth/set-password/', body),
};
