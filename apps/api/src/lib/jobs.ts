// Background jobs that run once per tick however many Crema processes share the database
// (decision 0079). Each job has a row in `job_runs`; every process polls, and the one whose UPDATE
// moves the row's `next_run_at` on (SKIP LOCKED, so nobody waits) takes a lease and runs the tick.
// A process that dies mid-run keeps the lease only until it passes; the jobs themselves are sweeps
// that may safely run again. The mail outbox is not a job here: it is a queue of its own whose
// letters are claimed one by one (modules/mail).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { Logger } from '../deps.ts';

export interface JobDefinition {
  /** Unique among jobs, stable across releases: the row's key. */
  name: string;
  everyMs: number;
  /**
   * A run longer than this is taken as dead, and another process may start the next tick. Longer
   * than any honest run; a run outliving it only overlaps the next.
   */
  leaseMs?: number;
  /** One tick; what it returns (counts) is logged when any is above zero. */
  run: () => Promise<Record<string, number> | void>;
}

/** What the scheduler reports for metrics: how late a tick started, and each run's outcome. */
export interface JobObserver {
  lag(name: string, seconds: number): void;
  run(name: string, seconds: number, ok: boolean): void;
}

export interface JobsOptions {
  db: Executor;
  log: Logger;
  /** How often each process looks for due jobs; defaults to the shortest interval, at most 5 s. */
  pollMs?: number;
  observer?: JobObserver;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
const MAX_POLL_MS = 5_000;

/** This process among the others: host, pid and a tag that differs between two starts with one pid. */
export function processTag(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export class Jobs {
  readonly owner = processTag();
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private stopped = true;
  private registered = false;

  constructor(private readonly options: JobsOptions) {}

  add(job: JobDefinition): this {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is added twice`);
    this.jobs.set(job.name, job);
    return this;
  }

  /**
   * Starts polling; the first poll registers the jobs (a new one is due at once). A database that
   * is away is only logged: the next poll tries again.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const shortest = Math.min(...[...this.jobs.values()].map((job) => job.everyMs));
    const pollMs = this.options.pollMs ?? Math.min(MAX_POLL_MS, shortest);
    const tick = () => {
      if (this.stopped) return;
      this.polling = (this.registered ? Promise.resolve() : this.register())
        .then(() => this.runDue())
        .then(() => undefined)
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'jobs: poll failed'))
        .finally(() => {
          this.polling = undefined;
          if (!this.stopped) this.timer = setTimeout(tick, pollMs).unref();
        });
    };
    tick();
  }

  /** Stops polling and waits for the runs under way, whose leases it then gives back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    await Promise.allSettled([...this.running.values()]);
  }

  /** A row for each job not yet known to the database, due now; existing rows keep their schedule. */
  async register(): Promise<void> {
    const names = [...this.jobs.keys()];
    if (names.length === 0) return;
    await this.options.db.execute(sql`
      insert into job_runs (name, next_run_at)
      select unnest(${sql.param(names)}::text[]), now()
      on conflict (name) do nothing`);
    this.registered = true;
  }

  /**
   * Claims the jobs that are due and not held by a live lease, starts each, and returns the names
   * claimed. Exactly one process's UPDATE takes a tick: the row is locked by the first, skipped by
   * the others, and no longer due once it commits.
   */
  async runDue(): Promise<string[]> {
    const idle = [...this.jobs.values()].filter((job) => !this.running.has(job.name));
    if (idle.length === 0) return [];
    const result = await this.options.db.execute<{ name: string; lag_s: number }>(sql`
      with wanted (name, every_ms, lease_ms) as (
        select * from unnest(${sql.param(idle.map((j) => j.name))}::text[],
                             ${sql.param(idle.map((j) => j.everyMs))}::int[],
                             ${sql.param(idle.map((j) => j.leaseMs ?? DEFAULT_LEASE_MS))}::int[])
      ), due as (
        select j.name, j.next_run_at, w.every_ms, w.lease_ms
        from job_runs j join wanted w using (name)
        where j.next_run_at <= now() and (j.lease_until is null or j.lease_until <= now())
        for update of j skip locked
      )
      update job_runs j
      set next_run_at = now() + make_interval(secs => due.every_ms / 1000.0),
          lease_until = now() + make_interval(secs => due.lease_ms / 1000.0),
          leased_by = ${this.owner},
          last_started_at = now()
      from due
      where j.name = due.name
      returning j.name, extract(epoch from now() - due.next_run_at)::float8 as lag_s`);
    const claimed: string[] = [];
    for (const row of result.rows) {
      const job = this.jobs.get(row.name);
      if (!job) continue;
      claimed.push(job.name);
      this.options.observer?.lag(job.name, Math.max(0, row.lag_s));
      const run = this.execute(job).finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    }
    return claimed;
  }

  /** Waits for the runs this process has under way (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async execute(job: JobDefinition): Promise<void> {
    const started = performance.now();
    let error: unknown;
    try {
      const counts = await job.run();
      if (counts && Object.values(counts).some((n) => n > 0)) this.options.log.info({ job: job.name, ...counts }, `job ${job.name}`);
    } catch (caught) {
      error = caught;
      this.options.log.error({ err: caught, job: job.name }, `job ${job.name} failed`);
    }
    const seconds = (performance.now() - started) / 1000;
    this.options.observer?.run(job.name, seconds, error === undefined);
    const message = error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    // Counts the run and gives the lease back, only if still ours: a run that outlived its lease must
    // not free the one another process took since.
    await this.options.db
      .execute(sql`
        update job_runs
        set lease_until = case when leased_by = ${this.owner} then null else lease_until end,
            leased_by = case when leased_by = ${this.owner} then null else leased_by end,
            last_finished_at = now(), runs = runs + 1,
            failures = failures + ${message === null ? 0 : 1}, last_error = ${message}
        where name = ${job.name}`)
      .catch((failure: unknown) => this.options.log.warn({ err: failure, job: job.name }, 'jobs: could not release the lease'));
  }
}
