import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.ts';
import { LEGACY_KEY_ID, createSealedBox, keyFingerprint, keyIdOf, personalDataKeyRing } from './sealed.ts';

const SECRET = 'a-test-secret-key-that-is-long-enough-0001';

describe('sealed values (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same value differently each time', () => {
    const box = createSealedBox(personalDataKeyRing(SECRET));
    const a = box.seal('734519', 'user_documents.passport_number:1');
    const b = box.seal('734519', 'user_documents.passport_number:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('734519');
    expect(a).toMatch(/^k[A-Za-z0-9_-]{11}:/);
    expect(box.open(a, 'user_documents.passport_number:1')).toBe('734519');
    expect(box.open(b, 'user_documents.passport_number:1')).toBe('734519');
  });

  it('refuses another context, a changed value, another secret or an unknown key id', () => {
    const box = createSealedBox(personalDataKeyRing(SECRET));
    const sealed = box.seal('Москва', 'user_documents.passport_given_location:1');
    expect(() => box.open(sealed, 'user_documents.passport_given_location:2')).toThrow();
    expect(() => box.open(sealed, 'user_documents.snils:1')).toThrow();
    const [id, nonce, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([id, nonce, tag, flipped.toString('base64url')].join(':'), 'user_documents.passport_given_location:1')).toThrow();
    expect(() => createSealedBox(personalDataKeyRing(`${SECRET}-other`)).open(sealed, 'user_documents.passport_given_location:1')).toThrow();
    expect(() => box.open(`v9:${nonce}:${tag}:${body}`, 'user_documents.passport_given_location:1')).toThrow(/key id/);
    expect(() => box.open('plain text', 'user_documents.passport_given_location:1')).toThrow(/key id/);
  });

  it('rotates keys: new values use the current key id, old ones still open by theirs', () => {
    const v1 = personalDataKeyRing(SECRET);
    const old = createSealedBox(v1).seal('11223344595', 'ctx');
    const rotated = createSealedBox({ current: 'v2', keys: { ...v1.keys, v2: deriveKey(SECRET, 'personal-data-2') } });
    const fresh = rotated.seal('11223344595', 'ctx');
    expect(fresh).toMatch(/^v2:/);
    expect(rotated.open(old, 'ctx')).toBe('11223344595');
    expect(rotated.open(fresh, 'ctx')).toBe('11223344595');
    expect(() => createSealedBox(v1).open(fresh, 'ctx')).toThrow(/key id/);
  });

  it('names a key by its fingerprint: the same secret gives the same id anywhere, another secret another id', () => {
    const ring = personalDataKeyRing(SECRET);
    expect(ring.current).toBe(keyFingerprint(deriveKey(SECRET, 'personal-data')));
    expect(personalDataKeyRing(SECRET).current).toBe(ring.current);
    expect(personalDataKeyRing(`${SECRET}-new`).current).not.toBe(ring.current);
    expect(keyIdOf(createSealedBox(ring).seal('x', 'ctx'))).toBe(ring.current);
  });

  it('with SECRET_KEY_PREVIOUS, opens values sealed under an earlier secret and seals new ones with the current key', () => {
    const oldSecret = `${SECRET}-old`;
    const sealedOld = createSealedBox(personalDataKeyRing(oldSecret)).seal('4510', 'ctx');
    const rotated = createSealedBox(personalDataKeyRing(SECRET, [oldSecret]));
    expect(rotated.open(sealedOld, 'ctx')).toBe('4510');
    expect(keyIdOf(rotated.seal('4510', 'ctx'))).toBe(personalDataKeyRing(SECRET).current);
    // Without the previous secret, the old value does not open.
    expect(() => createSealedBox(personalDataKeyRing(SECRET)).open(sealedOld, 'ctx')).toThrow(/key id/);
  });

  it("opens the first values (key id 'v1') under the current secret or a previous one", () => {
    const oldSecret = `${SECRET}-old`;
    const legacy = (secret: string) =>
      createSealedBox({ current: LEGACY_KEY_ID, keys: { [LEGACY_KEY_ID]: deriveKey(secret, 'personal-data') } }).seal('734519', 'ctx');
    const fromCurrent = legacy(SECRET);
    const fromOld = legacy(oldSecret);
    expect(fromCurrent).toMatch(/^v1:/);
    const ring = createSealedBox(personalDataKeyRing(SECRET, [oldSecret]));
    expect(ring.open(fromCurrent, 'ctx')).toBe('734519');
    expect(ring.open(fromOld, 'ctx')).toBe('734519');
    expect(() => createSealedBox(personalDataKeyRing(SECRET)).open(fromOld, 'ctx')).toThrow();
    expect(() => ring.open(fromCurrent, 'other-ctx')).toThrow();
  });
});
