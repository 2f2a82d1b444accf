// The learning sweep, a job run once every LEARNING_SWEEP_INTERVAL_MS across processes (decision 0028): it
// finishes test attempts whose time ran out while nobody called (so statistics and the outline see
// them finished at their deadline, not only after the learner's next call) and deletes course
// sessions past their expiry (their tokens are refused already; the rows would only keep data).
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseSessions } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import { finishOverdueAttempts } from './quiz.ts';

/** Deletes the course sessions past their expiry; returns how many. */
export async function deleteExpiredCourseSessions(db: Db): Promise<number> {
  const deleted = await db.delete(courseSessions).where(lte(courseSessions.expiresAt, sql`now()`)).returning({ id: courseSessions.id });
  return deleted.length;
}

/** One run of the sweep: overdue attempts finished, expired course sessions deleted. */
export async function sweepLearning(db: Db): Promise<{ attemptsFinished: number; sessionsDeleted: number }> {
  const attemptsFinished = await finishOverdueAttempts(db);
  const sessionsDeleted = await deleteExpiredCourseSessions(db);
  return { attemptsFinished, sessionsDeleted };
}

/** The sweep as a job (lib/jobs.ts): once per interval across processes. */
export function learningSweepJob(options: { db: Db; intervalMs: number }): JobDefinition {
  return { name: 'learning.sweep', everyMs: options.intervalMs, run: () => sweepLearning(options.db) };
}
