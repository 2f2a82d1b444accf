// The demo school itself: every other API test builds its own rows on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { seedDatabase } from './index.ts';

let t: TestContext;
/** What seeding the test's empty database answered. */
let firstRun: { seeded: boolean };
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await seedDatabase(t.database.db);
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
    expect(await seedDatabase(t.database.db)).toEqual({ seeded: false });
    expect(await courseCount()).toBe(before);
  });

  it('the seeded school answers the catalogue call with its published courses, in school order', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.count).toBe(15);
    expect(body.content.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('kofe-i-deserty');
    expect(body.filters.map((f: { slug: string }) => f.slug)).toEqual(['format', 'level', 'age']);
  });
});
