// The demo school itself: every other API test builds its own rows on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signInAs } from '../../test/factories.ts';
import { seedDatabase } from './index.ts';

let t: TestContext;
/** What seeding the test's empty database answered. */
let firstRun: { seeded: boolean };
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await seedDatabase(t.database.db, t.app.deps.config.secretKey);
});
afterAll(async () => {
  await t?.close();
});

async function courseCount(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('select count(*)::int as n from courses');
  return rows[0]!.n;
}

describe('seedDatabase', () => {
  it('seeds an empty database', async () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(await courseCount()).toBeGreaterThan(0);
  });

  it('leaves a database with content alone: a second run touches nothing', async () => {
    const before = await courseCount();
    expect(await seedDatabase(t.database.db, t.app.deps.config.secretKey)).toEqual({ seeded: false });
    expect(await courseCount()).toBe(before);
  });

  it('the seeded school answers the catalogue call with its published courses, in school order', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.count).toBe(15);
    expect(body.content.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('kofe-i-deserty');
    expect(body.filters.map((f: { slug: string }) => f.slug)).toEqual(['format', 'level', 'age']);
  });

  it('gives the demo student a complete profile, documents that open with the app key, two students and consents', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(`select id from users where email = 'student@crema.local'`);
    const session = await signInAs(t.app, { id: rows[0]!.id });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: session.headers });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    expect(await get('/api/user/personal/')).toMatchObject({ is_complete: true, missing_fields: [], gender: 'male' });
    expect(await get('/api/user/documents/')).toMatchObject({ passport_number: '734519', snils: '11223344595', is_complete: true });
    const { rows: raw } = await t.database.pool.query<{ passport_number: string }>('select passport_number from user_documents');
    expect(raw[0]!.passport_number).not.toContain('734519');
    const students = await get('/api/user/students/');
    expect(students.map((s: { student_type: string }) => s.student_type).sort()).toEqual(['adult', 'child']);
    const { consents } = await get('/api/user/consents/');
    expect(consents.filter((c: { student_id: number | null }) => c.student_id === null).map((c: { kind: string }) => c.kind).sort()).toEqual([
      'personal_data',
      'privacy_policy',
    ]);
    expect(consents.filter((c: { student_id: number | null }) => c.student_id !== null)).toHaveLength(2);
  });

  it('gives the second owner one draft course of their own, outside the catalogue', async () => {
    const { rows } = await t.database.pool.query<{ slug: string; is_published: boolean }>(
      `select c.slug, c.is_published from courses c join users u on u.id = c.owner_id where u.email = 'owner2@crema.local'`,
    );
    expect(rows).toEqual([{ slug: 'avtorskii-latte-art-chernovik', is_published: false }]);
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('avtorskii-latte-art-chernovik');
  });
});
