import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.ts';

/**
 * Values encrypted at rest (decision 0017): AES-256-GCM with a fresh 12-byte nonce per value,
 * stored as `<key id>:<nonce>:<tag>:<ciphertext>` (base64url parts). The key id picks the key
 * on reading, so a new key can be added for writing while old values still open; the context
 * (table, column and row) is bound in as associated data, so a value copied to another row or
 * column does not open there.
 */
export interface SealedBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The keys by id; `current` is the one new values are sealed with. */
export interface KeyRing {
  current: string;
  keys: Readonly<Record<string, Buffer>>;
}

/** The key ring of personal data from SECRET_KEY: key id 'v1' (HKDF purpose 'personal-data'). */
export function personalDataKeyRing(secretKey: string): KeyRing {
  return { current: 'v1', keys: { v1: deriveKey(secretKey, 'personal-data') } };
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
      const key = keyId === undefined ? undefined : ring.keys[keyId];
      if (!key || nonce === undefined || tag === undefined || body === undefined || extra !== undefined) {
        throw new Error('sealed value has an unknown key id or shape');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(nonce, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
