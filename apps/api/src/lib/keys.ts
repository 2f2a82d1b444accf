import { hkdfSync } from 'node:crypto';

/**
 * Purposes of keys derived from SECRET_KEY. Each feature gets its own key, so a key leaked or
 * misused in one place (say, a signed image URL) says nothing about the others (sign-in tokens).
 */
export type KeyPurpose = 'media-url-signing' | (string & {});

/** A 32-byte key for `purpose`, derived from the installation's SECRET_KEY with HKDF-SHA256. */
export function deriveKey(secretKey: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'crema', `crema:${purpose}:v1`, 32));
}
