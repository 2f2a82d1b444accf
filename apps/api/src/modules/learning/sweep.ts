// The learning sweep, a job the server runs every LEARNING_SWEEP_INTERVAL_MS (decision 0028): it
// finishes test attempts whose time ran out while nobody called (so statistics and the outline see
// them finished at their deadline, not only after the learner's next call) and deletes course
// sessions past their expiry (their tokens are refused already; the rows would only keep data).
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseSessions } from '../../db/schema/index.ts';
import type { Logger } from '../../deps.ts';
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

/** Starts the sweep: a run now and every `intervalMs`, never two at once. Returns its stop. */
export function startLearningSweep(options: { db: Db; intervalMs: number; log: Logger }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepLearning(options.db)
      .then((done) => {
        if (done.attemptsFinished > 0 || done.sessionsDeleted > 0) options.log.info(done, 'learning sweep');
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'learning sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
