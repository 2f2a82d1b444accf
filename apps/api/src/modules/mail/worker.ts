// Delivers the outbox through SMTP. Every process may run one: claims never overlap (SKIP LOCKED
// plus a lease), so running several only adds throughput. Delivery is at least once: a process
// that dies between the server's "250 OK" and marking the row sends that letter again.
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { claimDueMail, markMailAttemptFailed, markMailSent } from './service.ts';

/** The few logger methods the worker uses (pino and Fastify's logger fit). */
export interface MailLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  /** smtp:// or smtps:// with credentials; never logged. */
  smtpUrl: string;
  /** The From header, e.g. 'Crema <no-reply@crema.school>'. */
  from: string;
  log: MailLog;
  pollIntervalMs?: number;
  /** Attempts before a letter is marked failed. */
  maxAttempts?: number;
  /** Letters claimed and sent in parallel per round. */
  batchSize?: number;
  /** How long a claimed letter is reserved for this worker; longer than one send can take. */
  leaseMs?: number;
  /** Delay after the first failure; doubled after each further one, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** What one round did. */
export interface MailRound {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Starts polling; the first round runs at once. */
  start(): void;
  /** Stops polling and waits for the round in progress to finish. */
  stop(): Promise<void>;
  /** Claims and sends one batch of due letters (tests drive the worker with this). */
  runOnce(): Promise<MailRound>;
}

/** Retry delay after the n-th failed attempt (n ≥ 1): base × 2^(n−1), capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/** Creates the outbox worker for one process. */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    log,
    pollIntervalMs = 1000,
    maxAttempts = 20,
    batchSize = 5,
    leaseMs = 5 * 60_000,
    retryBaseMs = 30_000,
    retryMaxMs = 60 * 60_000,
  } = options;
  // One connection per letter: few letters, and nothing to go stale between them. The timeouts
  // keep the slowest possible send well inside the lease.
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function deliver(message: Awaited<ReturnType<typeof claimDueMail>>[number]): Promise<keyof MailRound> {
    try {
      // Extra headers (List-Unsubscribe of optional letters) as the outbox row keeps them.
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = message.attempts >= maxAttempts;
      const retryIn = giveUp ? null : retryDelayMs(message.attempts, retryBaseMs, retryMaxMs);
      await markMailAttemptFailed(db, message.id, reason, retryIn);
      const details = { mailId: message.id, attempts: message.attempts, err: reason, retryInMs: retryIn };
      if (giveUp) log.error(details, 'mail delivery failed for good');
      else log.warn(details, 'mail delivery failed, will retry');
      return giveUp ? 'failed' : 'retried';
    }
    await markMailSent(db, message.id);
    return 'sent';
  }

  async function runOnce(): Promise<MailRound> {
    const round: MailRound = { sent: 0, retried: 0, failed: 0 };
    const claimed = await claimDueMail(db, batchSize, leaseMs);
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') round[outcome.value] += 1;
      // Marking the row failed (database gone): the lease runs out and the letter is tried again.
      else log.error({ err: outcome.reason as unknown }, 'mail outbox update failed');
    }
    if (round.sent > 0) log.info({ ...round }, 'mail delivered');
    return round;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      const round = runOnce().then(
        // A full batch means more may be waiting: go again at once.
        (result) => (result.sent + result.retried + result.failed >= batchSize ? 0 : pollIntervalMs),
        (error: unknown) => {
          log.error({ err: error }, 'mail worker round failed');
          return pollIntervalMs;
        },
      );
      running = round;
      void round.then((next) => {
        running = undefined;
        schedule(next);
      });
    }, delayMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      transport.close();
    },
    runOnce,
  };
}
