import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.ts';

/**
 * Values encrypted at rest (decision 0017): AES-256-GCM with a fresh 12-byte nonce per value,
 * stored as `<key id>:<nonce>:<tag>:<ciphertext>` (base64url parts). The key id (a fingerprint of
 * the key, decision 0019) picks the key on reading, so a new key can be added for writing while
 * old values still open; the context (table, column and row) is bound in as associated data, so a value copied to another row or
 * column does not open there.
 */
export interface SealedBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The keys by id; `current` is the one new values are sealed with. `aliases` name ids that may be
 * any of several keys (tried in order until one authenticates): the `v1` values written before key
 * ids were fingerprints were sealed with whichever SECRET_KEY was set then.
 */
export interface KeyRing {
  current: string;
  keys: Readonly<Record<string, Buffer>>;
  aliases?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The id of a key: 'k' and 11 base64url characters of an HMAC of the key under a fixed label.
 * The same key always has the same id, on every machine; the id says nothing about the key.
 */
export function keyFingerprint(key: Buffer): string {
  return `k${createHmac('sha256', key).update('crema sealed key id').digest('base64url').slice(0, 11)}`;
}

/**
 * The key ring of personal data (decision 0019): the key derived from SECRET_KEY (HKDF purpose
 * 'personal-data') is current; keys derived from the SECRET_KEY_PREVIOUS secrets still open what
 * they sealed, until `npm run keys:reseal` has moved every value to the current key.
 */
export function personalDataKeyRing(secretKey: string, previousSecretKeys: readonly string[] = []): KeyRing {
  const derived = [secretKey, ...previousSecretKeys].map((secret) => deriveKey(secret, 'personal-data'));
  const ids = derived.map(keyFingerprint);
  const keys: Record<string, Buffer> = {};
  derived.forEach((key, i) => (keys[ids[i]!] ??= key));
  return { current: ids[0]!, keys, aliases: { [LEGACY_KEY_ID]: [...new Set(ids)] } };
}

/** The key id of the first sealed values (decision 0017): the key derived from the SECRET_KEY of the time. */
export const LEGACY_KEY_ID = 'v1';

/** The key id a sealed value carries (its first part). */
export function keyIdOf(sealed: string): string {
  return sealed.slice(0, Math.max(0, sealed.indexOf(':')));
}

export function createSealedBox(ring: KeyRing): SealedBox {
  const currentKey = ring.keys[ring.current];
  if (!currentKey || currentKey.length !== 32) throw new Error(`no 32-byte key for key id ${ring.current}`);
  return {
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, currentKey, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [ring.current, ...parts].join(':');
    },
    open(sealed, context) {
      const [keyId, nonce, tag, body, extra] = sealed.split(':');
      const candidates = keyId === undefined ? [] : Object.hasOwn(ring.keys, keyId) ? [keyId] : (ring.aliases?.[keyId] ?? []);
      const keys = candidates.map((id) => ring.keys[id]).filter((key): key is Buffer => key !== undefined);
      if (keys.length === 0 || nonce === undefined || tag === undefined || body === undefined || extra !== undefined) {
        throw new Error('sealed value has an unknown key id or shape');
      }
      let failure: unknown;
      for (const key of keys) {
        try {
          const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
          decipher.setAAD(Buffer.from(context, 'utf8'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        } catch (error) {
          failure = error;
        }
      }
      throw failure;
    },
  };
}
