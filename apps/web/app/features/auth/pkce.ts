/**
 * Social sign-in in the browser (OAuth 2.1 authorization code with PKCE, RFC 7636): a random
 * 64-character verifier, its S256 challenge and a state, kept in localStorage per provider until
 * the provider sends the person back to `/{provider}-callback/`.
 */

import type { SocialProviderInfo } from '../../api/client.ts';

export type SocialProvider = SocialProviderInfo['provider'];

/** The 64 characters VK ID and RFC 7636 both allow: 256 / 64 = 4, so `byte & 63` has no bias. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const VERIFIER_LENGTH = 64;
const STORAGE_PREFIX = 'crema:social:';
/** A pending sign-in older than this is ignored (the provider's codes live about 10 minutes). */
const PENDING_TTL_MS = 30 * 60 * 1000;

/** A random string of `length` characters from the unreserved alphabet. */
export function randomToken(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 63];
  return out;
}

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** BASE64URL(SHA-256(verifier)), the S256 challenge. */
export async function s256(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

/** What waits in localStorage between the button and the callback page. */
export interface PendingSignIn {
  verifier: string;
  state: string;
  redirect_uri: string;
  /** Where to go after signing in. */
  next: string;
  /** The sign-up consent box was ticked on the site before leaving: a new account may be made. */
  consent: boolean;
  createdAt: number;
}

const storageKey = (provider: SocialProvider) => `${STORAGE_PREFIX}${provider}`;

/** The pending sign-in of a provider, if one was started recently on this browser. */
export function readPending(provider: SocialProvider): PendingSignIn | null {
  try {
    const raw = window.localStorage.getItem(storageKey(provider));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingSignIn>;
    if (typeof value.verifier !== 'string' || typeof value.state !== 'string' || typeof value.redirect_uri !== 'string') {
      return null;
    }
    if (typeof value.createdAt !== 'number' || Date.now() - value.createdAt > PENDING_TTL_MS) return null;
    return { next: '/', ...value, consent: value.consent === true } as PendingSignIn;
  } catch {
    return null;
  }
}

/** Forgets the pending sign-in: a verifier and a state serve one attempt only. */
export function clearPending(provider: SocialProvider): void {
  try {
    window.localStorage.removeItem(storageKey(provider));
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/**
 * Builds the provider's authorize URL and keeps the verifier, the state and whether the sign-up
 * consent box was ticked (`consent`) for the callback.
 */
export async function prepareSignIn(info: SocialProviderInfo, next = '/', consent = false): Promise<string> {
  const verifier = randomToken(VERIFIER_LENGTH);
  const state = randomToken(32);
  const redirectUri = `${window.location.origin}${info.callback_path}`;
  const pending: PendingSignIn = { verifier, state, redirect_uri: redirectUri, next, consent, createdAt: Date.now() };
  window.localStorage.setItem(storageKey(info.provider), JSON.stringify(pending));
  const url = new URL(info.authorize_url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', info.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await s256(verifier));
  url.searchParams.set('code_challenge_method', info.code_challenge_method);
  if (info.scope) url.searchParams.set('scope', info.scope);
  return url.toString();
}
