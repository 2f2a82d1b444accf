import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { hitRateLimit, peekRateLimit, resetRateLimit } from './rate-limit.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('rate limits in PostgreSQL', () => {
  it('counts concurrent hits atomically: each gets its own number', async () => {
    const rule = { limit: 5, windowS: 60 };
    const states = await Promise.all(Array.from({ length: 12 }, () => hitRateLimit(database.db, 'test:concurrent', rule)));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(states.filter((s) => s.allowed)).toHaveLength(5);
    expect(Math.max(...states.map((s) => s.retryAfterS))).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has ended', async () => {
    const rule = { limit: 1, windowS: 30 };
    expect((await hitRateLimit(database.db, 'test:window', rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, 'test:window', rule)).allowed).toBe(false);
    await database.pool.query(`update rate_limits set window_starts_at = now() - interval '31 seconds' where key = 'test:window'`);
    const fresh = await hitRateLimit(database.db, 'test:window', rule);
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it('peek does not count; reset forgets', async () => {
    const rule = { limit: 2, windowS: 60 };
    await hitRateLimit(database.db, 'test:peek', rule);
    expect(await peekRateLimit(database.db, 'test:peek', rule)).toMatchObject({ allowed: true, count: 1 });
    await hitRateLimit(database.db, 'test:peek', rule);
    expect((await peekRateLimit(database.db, 'test:peek', rule)).allowed).toBe(false);
    await resetRateLimit(database.db, 'test:peek');
    expect((await peekRateLimit(database.db, 'test:peek', rule)).count).toBe(0);
  });
});
