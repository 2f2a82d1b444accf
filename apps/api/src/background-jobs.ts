// The server's background jobs, each run once per tick across every process on the database
// (lib/jobs.ts, decision 0079). The mail outbox has its own worker (modules/mail/worker.ts), and
// the picture cache's sweep stays in each process: that cache is on each machine's own disk.
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './deps.ts';
import { Jobs, type JobObserver } from './lib/jobs.ts';
import { observeJobRun, setJobLag } from './lib/metrics.ts';
import { rateLimitPruningJob } from './lib/rate-limit.ts';
import { pruneIdempotencyKeys } from './plugins/idempotency.ts';
import { auditRetentionJob } from './modules/audit/journal.ts';
import { certificateCatchUpJob } from './modules/certificates/issue.ts';
import { learningSweepJob } from './modules/learning/sweep.ts';
import { paymentReconciliationJob } from './modules/orders/reconcile.ts';
import type { OrdersService } from './modules/orders/service.ts';
import { runWaitingOffers } from './modules/waiting/waiting.ts';
import { scheduledLettersJob } from './modules/mail/scheduled.ts';
import { homeworkUploadSweepJob, homeworkUploadsDir } from './modules/homework/uploads.ts';
import { createStorage } from './modules/media/storage.ts';
import { homeworkDigestJob } from './modules/homework/digest.ts';
import { homeworkVideoJob, homeworkVideosDir } from './modules/homework/videos.ts';

/** Each tick's lag and each run's duration and outcome, in the process's metrics. */
const JOB_METRICS: JobObserver = { run: observeJobRun, lag: setJobLag };

export function backgroundJobs(options: {
  config: Config;
  db: Db;
  orders: OrdersService;
  log: Logger;
  observer?: JobObserver;
  pollMs?: number;
}): Jobs {
  const { config, db } = options;
  const storage = createStorage(config);
  return (
    new Jobs({ db, log: options.log, observer: options.observer ?? JOB_METRICS, pollMs: options.pollMs })
      // Asks the provider about payments left pending (a lost notification must not lose a paid
      // order), ends unpaid orders whose seat hold ran out — card payments off too — and offers
      // freed seats to the waiting lists.
      .add(
        paymentReconciliationJob({
          service: options.orders,
          intervalMs: config.paymentReconcileIntervalMs,
          afterMs: config.paymentReconcileAfterMs,
          offers: () => runWaitingOffers(db, { publicUrl: config.publicUrl, offerMs: config.waitingOfferMs }),
        }),
      )
      // Finishes test attempts whose time ran out and deletes expired course sessions.
      .add(learningSweepJob({ db, intervalMs: config.learningSweepIntervalMs }))
      // Forgets rate-limit counters of windows long over.
      .add(rateLimitPruningJob(db))
      // Deletes audit records older than AUDIT_RETENTION_DAYS.
      .add(auditRetentionJob(db, config.auditRetentionDays))
      // Forgets idempotency keys (and the answers kept for them) past their day.
      .add({ name: 'idempotency-keys.prune', everyMs: 3_600_000, run: async () => ({ deleted: await pruneIdempotencyKeys(db) }) })
      // Queues the letters time brings (a group starts tomorrow, a lesson opened, access ends in a
      // week), each once by its dedupe key.
      .add(scheduledLettersJob(db, config.publicUrl))
      // Issues the certificates that attempts finished by the learning sweep earned.
      .add(certificateCatchUpJob({ db, links: { publicUrl: config.publicUrl }, everyMs: 15 * 60_000 }))
      // Removes homework uploads never sent within a day: stored files with no message, and parts left unfinished.
      .add(homeworkUploadSweepJob({ db, storage, dir: homeworkUploadsDir(config) }))
      .add(homeworkDigestJob(db, config.publicUrl))
      // Makes a phone copy (H.264 MP4, 720p) and a poster of each homework video, one at a time.
      .add(homeworkVideoJob({ db, storage, ffmpeg: config.ffmpeg, dir: homeworkVideosDir(config), log: options.log }))
  );
}
