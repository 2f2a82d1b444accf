import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { deriveKey } from '../../lib/keys.ts';

/** The httpOnly cookie marking a browser that has signed in to an account (decision 0013). */
export const KNOWN_DEVICE_COOKIE = 'crema_device';
/** A year: the mark outlives sessions on purpose (signing out does not clear it). */
export const KNOWN_DEVICE_TTL_S = 31_536_000;

/**
 * Known browsers: a browser where a sign-in to an address succeeded (or that opened the mailed
 * restore link) carries a keyed mark of that address. Guessing from elsewhere can make the
 * address wait, but not a known browser: it has a budget of its own, so an attacker cannot keep
 * the owner out (decision 0013). The mark is an HMAC of the address, so it cannot be made up.
 */
export class KnownDevices {
  private readonly key: Buffer;
  constructor(config: Config) {
    this.key = deriveKey(config.secretKey, 'known-device');
  }

  /** The cookie value marking a browser as known for `email` (a normalised address). */
  markFor(email: string): string {
    return createHmac('sha256', this.key).update(email).digest('base64url');
  }

  /** True when `mark` (the cookie, if any) was made for `email`. */
  isKnown(email: string, mark: string | undefined): boolean {
    if (!mark) return false;
    const expected = Buffer.from(this.markFor(email));
    const given = Buffer.from(mark);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
