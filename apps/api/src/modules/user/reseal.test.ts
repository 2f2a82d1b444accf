// `npm run keys:reseal` (decision 0019): values sealed under an earlier key move to the current one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDocuments } from '../../db/schema/index.ts';
import { LEGACY_KEY_ID, createSealedBox, keyIdOf, personalDataKeyRing } from '../../lib/sealed.ts';
import { deriveKey } from '../../lib/keys.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildUser, signInAs } from '../../test/factories.ts';
import { resealDocuments } from './reseal.ts';
import { sealedDocumentColumns } from './service.ts';

const OLD = 'the-old-secret-key-of-this-school-000000001';
const NEW = 'the-new-secret-key-of-this-school-000000002';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY: NEW, SECRET_KEY_PREVIOUS: OLD });
});
afterAll(async () => {
  await t?.close();
});

const PLAIN = {
  passport_series: '4510',
  passport_number: '734519',
  passport_given_code: '770001',
  passport_given_date: '2015-04-20',
  passport_given_location: 'ОВД района Хамовники г. Москвы',
  snils: '11223344595',
};

describe('resealDocuments', () => {
  it('re-seals every value under an old key (fingerprinted or v1) with the current key, in batches; values stay the same', async () => {
    const { db } = t.app.deps;
    const oldBox = createSealedBox(personalDataKeyRing(OLD));
    const legacyBox = createSealedBox({ current: LEGACY_KEY_ID, keys: { [LEGACY_KEY_ID]: deriveKey(OLD, 'personal-data') } });
    const currentBox = createSealedBox(personalDataKeyRing(NEW));
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => buildUser(db)));
    const boxes = [oldBox, legacyBox, currentBox, oldBox, legacyBox];
    for (const [i, user] of users.entries()) {
      await db.insert(userDocuments).values({ userId: user.id, ...sealedDocumentColumns(boxes[i]!, user.id, PLAIN) });
    }
    // One row only half filled: empty columns stay empty.
    await db.update(userDocuments).set({ snils: null }).where(eq(userDocuments.userId, users[3]!.id));

    const ring = personalDataKeyRing(NEW, [OLD]);
    const batches: number[] = [];
    const result = await resealDocuments(db, ring, { batchSize: 2, onBatch: (r) => batches.push(r.scanned) });
    expect(result).toEqual({ scanned: 5, resealed: 4, skipped: 0 });
    expect(batches).toEqual([2, 4, 5]);

    const rows = await db.select().from(userDocuments);
    for (const row of rows) {
      for (const value of [row.passportSeries, row.passportNumber, row.passportGivenCode, row.passportGivenDate, row.passportGivenLocation]) {
        expect(keyIdOf(value!)).toBe(ring.current);
      }
    }
    expect(rows.find((r) => r.userId === users[3]!.id)!.snils).toBeNull();

    // The app (SECRET_KEY=NEW) shows the same values; a second run has nothing to do.
    const session = await signInAs(t.app, users[0]!);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/documents/', headers: session.headers });
    expect(res.json()).toMatchObject(PLAIN);
    expect(await resealDocuments(db, ring)).toEqual({ scanned: 5, resealed: 0, skipped: 0 });
    // Now the old key is no longer needed: the current key alone opens everything.
    const alone = createSealedBox(personalDataKeyRing(NEW));
    const [row] = await db.select().from(userDocuments).where(eq(userDocuments.userId, users[1]!.id));
    expect(alone.open(row!.passportNumber!, `user_documents.passport_number:${users[1]!.id}`)).toBe('734519');
  });
});
