import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import { hitRateLimit, hitRateLimitLightly, hitRateLimits, networkOf, pruneRateLimits, refundRateLimit, resetRateLimit, takeStepped } from './rate-limit.ts';

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

  it('counts concurrent light hits atomically too, on the same counter, and a quote in the key is only text', async () => {
    const rule = { limit: 10, windowS: 60 };
    const key = "test:light'; drop table rate_limits; --";
    const states = await Promise.all(Array.from({ length: 12 }, () => hitRateLimitLightly(database.db, key, rule)));
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(states.filter((s) => s.allowed)).toHaveLength(10);
    expect(states.find((s) => !s.allowed)!.retryAfterS).toBeGreaterThanOrEqual(1);
    // The same row as hitRateLimit's: the two count together.
    expect((await hitRateLimit(database.db, key, rule)).count).toBe(13);
  });

  it('starts a new window once the old one has ended', async () => {
    const rule = { limit: 1, windowS: 30 };
    expect((await hitRateLimit(database.db, 'test:window', rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, 'test:window', rule)).allowed).toBe(false);
    await database.pool.query(`update rate_limits set window_starts_at = now() - interval '31 seconds' where key = 'test:window'`);
    const fresh = await hitRateLimit(database.db, 'test:window', rule);
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it('refund gives one event back; reset forgets', async () => {
    const rule = { limit: 2, windowS: 60 };
    await hitRateLimit(database.db, 'test:refund', rule);
    await hitRateLimit(database.db, 'test:refund', rule);
    await refundRateLimit(database.db, 'test:refund');
    expect(await hitRateLimit(database.db, 'test:refund', rule)).toMatchObject({ allowed: true, count: 2 });
    await resetRateLimit(database.db, 'test:refund');
    expect((await hitRateLimit(database.db, 'test:refund', rule)).count).toBe(1);
  });

  it('a refused limit gives back the ones counted before it', async () => {
    const loose = { key: 'test:many:loose', rule: { limit: 10, windowS: 60 } };
    const tight = { key: 'test:many:tight', rule: { limit: 1, windowS: 60 } };
    expect(await hitRateLimits(database.db, [loose, tight])).toEqual({ allowed: true });
    const refused = await hitRateLimits(database.db, [loose, tight]);
    expect(refused).toMatchObject({ allowed: false, index: 1 });
    const { rows } = await database.pool.query(`select key, count from rate_limits where key like 'test:many:%' order by key`);
    // The refusal spent nothing: neither the loose limit nor the tight one that refused.
    expect(rows).toEqual([
      { key: 'test:many:loose', count: 1 },
      { key: 'test:many:tight', count: 1 },
    ]);
  });

  it('a limit full of requests still running frees itself as they are given back, however many were refused meanwhile', async () => {
    const rule = { limit: 3, windowS: 600 };
    const check = [{ key: 'test:many:running', rule }];
    const taken = await Promise.all(Array.from({ length: 3 }, () => hitRateLimits(database.db, check)));
    expect(taken.every((result) => result.allowed)).toBe(true);
    // Ten more while the three are running: refused.
    const refused = await Promise.all(Array.from({ length: 10 }, () => hitRateLimits(database.db, check)));
    expect(refused.every((result) => !result.allowed)).toBe(true);
    // The three succeed and are given back: the next one passes at once.
    for (let i = 0; i < 3; i++) await refundRateLimit(database.db, 'test:many:running');
    expect(await hitRateLimits(database.db, check)).toEqual({ allowed: true });
  });
});

describe('stepped budgets', () => {
  const rule = { free: 3, waitsS: [60, 600], windowS: 3600 };

  it('lets exactly the free events of a concurrent burst through, then makes the next one wait', async () => {
    const states = await Promise.all(Array.from({ length: 10 }, () => takeStepped(database.db, 'test:step:burst', rule)));
    // Three free ones and the fourth (which starts the first wait); the other six are refused.
    expect(states.filter((s) => s.allowed)).toHaveLength(4);
    const refused = states.filter((s) => !s.allowed);
    expect(refused).toHaveLength(6);
    for (const state of refused) {
      expect(state.retryAfterS).toBeGreaterThan(50);
      expect(state.retryAfterS).toBeLessThanOrEqual(60);
    }
    const { rows } = await database.pool.query(`select count from rate_limits where key = 'test:step:burst'`);
    expect(rows[0].count).toBe(4);
  });

  it('steps the wait up and keeps the last one, then starts again after the window', async () => {
    const key = 'test:step:up';
    const pass = async () => database.pool.query(`update rate_limits set blocked_until = now() where key = $1`, [key]);
    for (let i = 0; i < 3; i++) expect((await takeStepped(database.db, key, rule)).allowed).toBe(true);
    expect((await takeStepped(database.db, key, rule)).allowed).toBe(true);
    expect((await takeStepped(database.db, key, rule)).retryAfterS).toBeLessThanOrEqual(60);
    await pass();
    expect((await takeStepped(database.db, key, rule)).allowed).toBe(true);
    const second = await takeStepped(database.db, key, rule);
    expect(second.allowed).toBe(false);
    expect(second.retryAfterS).toBeGreaterThan(60);
    await pass();
    expect((await takeStepped(database.db, key, rule)).allowed).toBe(true);
    expect((await takeStepped(database.db, key, rule)).retryAfterS).toBeGreaterThan(60);
    await database.pool.query(`update rate_limits set window_starts_at = now() - interval '2 hours' where key = $1`, [key]);
    expect(await takeStepped(database.db, key, rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('prunes only counters whose window is long over and that make nobody wait', async () => {
    const rule = { limit: 5, windowS: 60 };
    for (const key of ['prune:old', 'prune:old-waiting', 'prune:recent']) await hitRateLimit(database.db, key, rule);
    await database.pool.query(`update rate_limits set window_starts_at = now() - interval '3 days' where key like 'prune:old%'`);
    await database.pool.query(`update rate_limits set blocked_until = now() + interval '1 hour' where key = 'prune:old-waiting'`);
    expect(await pruneRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.pool.query(`select key from rate_limits where key like 'prune:%' order by key`);
    expect(rows.map((row: { key: string }) => row.key)).toEqual(['prune:old-waiting', 'prune:recent']);
  });
});

describe('networkOf', () => {
  it('keys IPv4 by the address, IPv6 by its /64 in every spelling', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:85a3:12:8a2e:370:7334:1')).toBe('2001:db8:85a3:12::/64');
    expect(networkOf('2001:0DB8:85A3:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:0:0:abcd::7%eth0')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });
});
