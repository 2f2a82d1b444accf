// The demo school itself: every other API test builds its own rows on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/app.ts';
import { seedDatabase } from './index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { seed: true });
});
afterAll(async () => {
  await t?.close();
});

describe('seedDatabase', () => {
  it('seeds an empty database once; a second run touches nothing', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDatabase(database.db)).toEqual({ seeded: true });
      expect(await seedDatabase(database.db)).toEqual({ seeded: false });
    } finally {
      await database.drop();
    }
  });

  it('leaves a database with content alone', async () => {
    expect(await seedDatabase(t.database.db)).toEqual({ seeded: false });
  });

  it('the seeded school answers the catalogue call with its published courses, in school order', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.count).toBe(15);
    expect(body.content.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('kofe-i-deserty');
    expect(body.filters.map((f: { slug: string }) => f.slug)).toEqual(['format', 'level', 'age']);
  });
});
