// The outbox: every letter is a row written in the caller's transaction, so it exists exactly
// when the change that caused it commits; the worker (worker.ts) delivers it later.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { configs, mailOutbox, type MailMessage } from '../../db/schema/index.ts';
import { renderMail, type MailTemplate, type MailTemplateData } from './templates.ts';

/** A letter to queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What `sendTemplate` needs: the address, the template and that template's data. */
export type TemplateMail = {
  [T in MailTemplate]: { to: string; template: T; data: MailTemplateData[T] };
}[MailTemplate];

const FALLBACK_SCHOOL_NAME = 'Crema';

/** Queues a letter; inside a transaction it is sent only if that transaction commits. Returns its id. */
export async function enqueueMail(db: Executor, message: OutgoingMail): Promise<number> {
  const to = message.to.trim();
  if (!to || /[\r\n]/.test(to)) throw new Error('invalid recipient address');
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, subject: message.subject, html: message.html, text: message.text })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Renders a template with the school name (SITE_NAME) and queues it like `enqueueMail`. */
export async function sendTemplate(db: Executor, mail: TemplateMail): Promise<number> {
  const [site] = await db.select({ value: configs.value }).from(configs).where(eq(configs.key, 'SITE_NAME'));
  const name = site?.value.trim() || FALLBACK_SCHOOL_NAME;
  // The union keeps each template paired with its own data; TypeScript cannot follow it into the call.
  const rendered = renderMail(mail.template, mail.data as never, { name });
  return enqueueMail(db, { to: mail.to, ...rendered });
}

/**
 * Takes up to `limit` due letters for this worker: each is leased for `leaseMs` (its next attempt
 * moved past the lease) and its attempt counted, in one statement. SKIP LOCKED lets several
 * processes claim at once without waiting on or sharing rows; a worker that dies mid-send leaves
 * the letter to be retried when the lease runs out.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<MailMessage[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Records a delivered letter. */
export async function markMailSent(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Records a failed attempt: retried after `retryInMs`, or given up on when `retryInMs` is null. */
export async function markMailAttemptFailed(db: Db, id: number, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : { lastError: error, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` },
    )
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Letters newest first, optionally for one address (case-insensitive): the development mailbox. */
export async function listMail(db: Db, options: { to?: string; limit: number }): Promise<MailMessage[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? sql`lower(${mailOutbox.to}) = lower(${options.to.trim()})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}

/** One letter by id, or undefined. */
export async function getMail(db: Db, id: number): Promise<MailMessage | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
