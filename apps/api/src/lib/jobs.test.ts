import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from '../test/app.ts';
import { Jobs, type JobDefinition } from './jobs.ts';

// Several processes on one database, each with its own pool and scheduler, as in production.

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
const pools: Database[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await database?.drop();
});

/** A scheduler of its own "process": its own connection pool to the same database. */
function processWith(...jobs: JobDefinition[]): Jobs {
  const own = openDatabase(database.pool.options.connectionString!, { max: 2 });
  pools.push(own);
  const scheduler = new Jobs({ db: own.db, log: quiet });
  for (const job of jobs) scheduler.add(job);
  return scheduler;
}

const rowOf = async (name: string) =>
  (await database.db.execute<{ runs: number; failures: number; last_error: string | null; leased_by: string | null }>(
    sql`select runs, failures, last_error, leased_by from job_runs where name = ${name}`,
  )).rows[0]!;

describe('jobs across processes', () => {
  it('a tick runs in exactly one of several processes polling at once', async () => {
    let runs = 0;
    const job = (): JobDefinition => ({
      name: 'test.once',
      everyMs: 60_000,
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { done: 1 };
      },
    });
    const processes = [processWith(job()), processWith(job()), processWith(job()), processWith(job())];
    await Promise.all(processes.map((p) => p.register()));
    // Every process polls five times, all at once: the tick is due once.
    const claimed = await Promise.all(processes.flatMap((p) => [1, 2, 3, 4, 5].map(() => p.runDue())));
    await Promise.all(processes.map((p) => p.idle()));
    expect(claimed.flat()).toEqual(['test.once']);
    expect(runs).toBe(1);
    expect(await rowOf('test.once')).toMatchObject({ runs: 1, failures: 0, leased_by: null });
    // Not due again before its interval.
    expect((await Promise.all(processes.map((p) => p.runDue()))).flat()).toEqual([]);

    // Due again: once more, in whichever process polls first.
    await database.db.execute(sql`update job_runs set next_run_at = now() where name = 'test.once'`);
    const again = await Promise.all(processes.map((p) => p.runDue()));
    await Promise.all(processes.map((p) => p.idle()));
    expect(again.flat()).toEqual(['test.once']);
    expect(runs).toBe(2);
  });

  it('a run under way holds its lease; a process that died lets it go when the lease passes', async () => {
    const releases: (() => void)[] = [];
    let runs = 0;
    const slow = (): JobDefinition => ({
      name: 'test.lease',
      everyMs: 1000,
      leaseMs: 60_000,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => releases.push(resolve));
      },
    });
    const a = processWith(slow());
    const b = processWith(slow());
    await a.register();
    expect(await a.runDue()).toEqual(['test.lease']);
    // The next tick falls due while A still runs: B waits for A's lease.
    await database.db.execute(sql`update job_runs set next_run_at = now() where name = 'test.lease'`);
    expect(await b.runDue()).toEqual([]);
    expect((await rowOf('test.lease')).leased_by).toBe(a.owner);

    // A "dies" (its lease is left to run out): B takes the tick once the lease has passed.
    await database.db.execute(sql`update job_runs set lease_until = now() - interval '1 second' where name = 'test.lease'`);
    expect(await b.runDue()).toEqual(['test.lease']);
    expect(runs).toBe(2);
    expect((await rowOf('test.lease')).leased_by).toBe(b.owner);
    // A's run ends late: it does not free B's lease.
    releases[0]!();
    await a.idle();
    expect((await rowOf('test.lease')).leased_by).toBe(b.owner);
    releases[1]!();
    await b.idle();
    expect(await rowOf('test.lease')).toMatchObject({ leased_by: null, runs: 2 });
    expect(runs).toBe(2);
  });

  it('a failing run is recorded and counted, and the next tick runs again', async () => {
    let fail = true;
    const outcomes: [string, boolean][] = [];
    const lags: number[] = [];
    const own = openDatabase(database.pool.options.connectionString!, { max: 2 });
    pools.push(own);
    const errors: unknown[] = [];
    const scheduler = new Jobs({
      db: own.db,
      log: { ...quiet, error: (o: object) => errors.push(o) },
      observer: { run: (name, _s, ok) => outcomes.push([name, ok]), lag: (_name, s) => lags.push(s) },
    }).add({
      name: 'test.failing',
      everyMs: 1000,
      run: async () => {
        if (fail) throw new Error('касса недоступна');
      },
    });
    await scheduler.register();
    await scheduler.runDue();
    await scheduler.idle();
    expect(await rowOf('test.failing')).toMatchObject({ runs: 1, failures: 1, last_error: 'касса недоступна', leased_by: null });
    expect(errors).toHaveLength(1);
    fail = false;
    await database.db.execute(sql`update job_runs set next_run_at = now() - interval '3 seconds' where name = 'test.failing'`);
    await scheduler.runDue();
    await scheduler.idle();
    expect(await rowOf('test.failing')).toMatchObject({ runs: 2, failures: 1, last_error: null });
    expect(outcomes).toEqual([
      ['test.failing', false],
      ['test.failing', true],
    ]);
    // The second tick started about three seconds after it fell due.
    expect(lags[1]).toBeGreaterThanOrEqual(3);
    expect(lags[1]).toBeLessThan(30);
  });

  it('start polls by itself and stop waits for the run under way', async () => {
    let runs = 0;
    const scheduler = processWith({
      name: 'test.polling',
      everyMs: 50,
      run: async () => {
        runs++;
      },
    });
    scheduler.start();
    for (let i = 0; i < 100 && runs < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await scheduler.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(after);
  });
});
