import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job (lib/jobs.ts): when it is next due and who holds the run under way.
 * Every process polls; the one whose UPDATE moves `next_run_at` on first runs that tick, so a tick
 * runs once however many processes there are.
 */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  /** The next tick: the first process to claim the job at or after this moment runs it. */
  nextRunAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** A run under way is someone's until this moment; a process that died lets it go when it passes. */
  leaseUntil: timestamp({ withTimezone: true }),
  /** The process running it now (host, pid and a random tag), for the log and the lease's owner check. */
  leasedBy: text(),
  lastStartedAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  /** The last failure's message; cleared by the next success. */
  lastError: text(),
  runs: integer().notNull().default(0),
  failures: integer().notNull().default(0),
});

export type JobRun = typeof jobRuns.$inferSelect;
