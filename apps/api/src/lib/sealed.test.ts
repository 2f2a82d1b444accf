import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.ts';
import { createSealedBox, personalDataKeyRing } from './sealed.ts';

const SECRET = 'a-test-secret-key-that-is-long-enough-0001';

describe('sealed values (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same value differently each time', () => {
    const box = createSealedBox(personalDataKeyRing(SECRET));
    const a = box.seal('734519', 'user_documents.passport_number:1');
    const b = box.seal('734519', 'user_documents.passport_number:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('734519');
    expect(a).toMatch(/^v1:/);
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
});
