// Server side of the social providers: exchanging an authorization code (with the browser's PKCE
// verifier) for an access token, then reading the person's profile. Protocols as documented by
// VK ID (OAuth 2.1, id.vk.com) and Yandex ID (OAuth 2.0 + PKCE, oauth.yandex.ru).
import type { Config } from '../../config.ts';

export const SOCIAL_PROVIDERS = ['vk', 'yandex'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What the button needs to know and what people read about a provider. */
export const PROVIDER_META: Record<
  SocialProvider,
  { name: string; scope: string; codeChallengeMethod: string; callbackPath: string }
> = {
  // VK ID documents the method in lower case.
  vk: { name: 'VK ID', scope: 'email', codeChallengeMethod: 's256', callbackPath: '/vk-callback/' },
  yandex: { name: 'Яндекс ID', scope: 'login:email login:info', codeChallengeMethod: 'S256', callbackPath: '/yandex-callback/' },
};

export type ProviderSettings = NonNullable<Config['social'][SocialProvider]>;

/** The person as the provider describes them. */
export interface ProviderProfile {
  /** Their id at the provider. */
  id: string;
  /** A confirmed address (both providers only report confirmed ones), or null when not shared. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Why an exchange failed: 'rejected' — the provider refused the code (used, expired, wrong
 * verifier or redirect); 'unavailable' — it could not be reached or answered nonsense.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What the browser brings back from the provider. */
export interface CodeGrant {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  /** VK ID only: the device the code was issued to. */
  deviceId?: string;
  state?: string;
}

const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

async function request(url: string, init: RequestInit, what: string): Promise<{ status: number; body: Json }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError('unavailable', `${what}: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ProviderError('unavailable', `${what}: HTTP ${res.status}, not JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError('unavailable', `${what}: HTTP ${res.status}, unexpected body`);
  }
  return { status: res.status, body: body as Json };
}

function form(values: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, value);
  return params;
}

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

/** A token answer: `access_token`, or an OAuth error (4xx, or VK's 200 with `error`). */
function accessTokenOf(res: { status: number; body: Json }, what: string): string {
  const { status, body } = res;
  if (typeof body.error === 'string') {
    const description = typeof body.error_description === 'string' ? `: ${body.error_description}` : '';
    // 5xx or a temporary error is the provider's trouble, not a bad code.
    const kind = status >= 500 || body.error === 'temporarily_unavailable' || body.error === 'server_error' ? 'unavailable' : 'rejected';
    throw new ProviderError(kind, `${what}: ${body.error}${description}`);
  }
  if (status >= 400) throw new ProviderError(status >= 500 ? 'unavailable' : 'rejected', `${what}: HTTP ${status}`);
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ProviderError('unavailable', `${what}: no access_token`);
  }
  return body.access_token;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return text(value);
}

/** VK ID: POST /oauth2/auth (grant with device_id and verifier), then POST /oauth2/user_info. */
async function vkProfile(settings: ProviderSettings, grant: CodeGrant): Promise<ProviderProfile> {
  const token = accessTokenOf(
    await request(
      settings.tokenUrl,
      {
        method: 'POST',
        headers: FORM_HEADERS,
        body: form({
          grant_type: 'authorization_code',
          code: grant.code,
          code_verifier: grant.codeVerifier,
          client_id: settings.clientId,
          device_id: grant.deviceId,
          redirect_uri: grant.redirectUri,
          state: grant.state,
        }),
      },
      'VK token',
    ),
    'VK token',
  );
  const info = await request(
    settings.userInfoUrl,
    { method: 'POST', headers: FORM_HEADERS, body: form({ client_id: settings.clientId, access_token: token }) },
    'VK user_info',
  );
  const user = info.body.user as Json | undefined;
  const id = idOf(user?.user_id);
  if (info.status >= 400 || typeof info.body.error === 'string' || !user || !id) {
    throw new ProviderError('unavailable', `VK user_info: HTTP ${info.status} ${String(info.body.error ?? 'no user')}`);
  }
  return { id, email: text(user.email), firstName: text(user.first_name), lastName: text(user.last_name) };
}

/** Yandex ID: POST /token (code, client credentials, verifier), then GET login.yandex.ru/info. */
async function yandexProfile(settings: ProviderSettings, grant: CodeGrant): Promise<ProviderProfile> {
  const token = accessTokenOf(
    await request(
      settings.tokenUrl,
      {
        method: 'POST',
        headers: FORM_HEADERS,
        body: form({
          grant_type: 'authorization_code',
          code: grant.code,
          code_verifier: grant.codeVerifier,
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
        }),
      },
      'Yandex token',
    ),
    'Yandex token',
  );
  const url = new URL(settings.userInfoUrl);
  url.searchParams.set('format', 'json');
  const info = await request(url.toString(), { headers: { authorization: `OAuth ${token}`, accept: 'application/json' } }, 'Yandex info');
  const id = idOf(info.body.id);
  if (info.status >= 400 || !id) throw new ProviderError('unavailable', `Yandex info: HTTP ${info.status}`);
  const emails = Array.isArray(info.body.emails) ? info.body.emails : [];
  return {
    id,
    email: text(info.body.default_email) ?? text(emails[0]),
    firstName: text(info.body.first_name),
    lastName: text(info.body.last_name),
  };
}

/** Exchanges the code and reads the profile; throws ProviderError. */
export function fetchProfile(provider: SocialProvider, settings: ProviderSettings, grant: CodeGrant): Promise<ProviderProfile> {
  return provider === 'vk' ? vkProfile(settings, grant) : yandexProfile(settings, grant);
}
