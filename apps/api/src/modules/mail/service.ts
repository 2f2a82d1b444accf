// The outbox: every letter is a row written in the caller's transaction, so it exists exactly
// when the change that caused it commits; the worker (worker.ts) delivers it later.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { LETTER_KINDS } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { configs, consents, mailOutbox, mailPreferences, users, type MailMessage } from '../../db/schema/index.ts';
import { mailNow, mailPublicUrl, unsubscribeToken } from './context.ts';
import { deliverAt, kindOf } from './policy.ts';
import { renderMail, type MailSchool, type MailTemplate, type MailTemplateData } from './templates.ts';

/** A letter to queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The template it came from (its kind in the settings). */
  template?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Not delivered before this instant (a letter queued at night waits for the morning). */
  notBefore?: Date;
  /** One letter per key: a second one with the same key is not queued (null returned). */
  dedupeKey?: string;
}

/** How a template letter is queued. */
export interface SendOptions {
  /** One letter per key, across ticks and processes (the scheduler's letters). */
  dedupeKey?: string;
  /** The clock (tests); the outbox's clock otherwise (context.ts). */
  now?: Date;
}

/** What `sendTemplate` needs: the address, the template and that template's data. */
export type TemplateMail = {
  [T in MailTemplate]: { to: string; template: T; data: MailTemplateData[T] };
}[MailTemplate];

const FALLBACK_SCHOOL_NAME = 'Crema';

/**
 * Queues a letter; inside a transaction it is sent only if that transaction commits. Returns its
 * id, or null when a letter with its dedupe key is queued already.
 */
export async function enqueueMail(db: Executor, message: OutgoingMail & { dedupeKey?: undefined }): Promise<number>;
export async function enqueueMail(db: Executor, message: OutgoingMail): Promise<number | null>;
export async function enqueueMail(db: Executor, message: OutgoingMail): Promise<number | null> {
  const to = message.to.trim();
  if (!to || /[\r\n]/.test(to)) throw new Error('invalid recipient address');
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name) || /[\r\n]/.test(value)) throw new Error('invalid mail header');
  }
  const rows = await db
    .insert(mailOutbox)
    .values({
      to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template ?? null,
      headers: message.headers ?? {},
      dedupeKey: message.dedupeKey ?? null,
      ...(message.notBefore ? { nextAttemptAt: message.notBefore } : {}),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows[0]?.id ?? null;
}

/** The site settings a letter's footer shows. */
const FOOTER_KEYS = ['SITE_NAME', 'FOOTER_PHONE', 'CONTACT_EMAIL', 'FOOTER_ADDRESS', 'FOOTER_NAME', 'LEGAL_INN', 'LEGAL_OGRN', 'LEGAL_ADDRESS'] as const;

async function schoolOf(db: Executor): Promise<MailSchool> {
  const rows = await db.select({ key: configs.key, value: configs.value }).from(configs).where(inArray(configs.key, [...FOOTER_KEYS]));
  const value = (key: (typeof FOOTER_KEYS)[number]) => rows.find((row) => row.key === key)?.value.trim() || undefined;
  return {
    name: value('SITE_NAME') ?? FALLBACK_SCHOOL_NAME,
    details: {
      phone: value('FOOTER_PHONE'),
      email: value('CONTACT_EMAIL'),
      address: value('FOOTER_ADDRESS'),
      legalName: value('FOOTER_NAME'),
      inn: value('LEGAL_INN'),
      ogrn: value('LEGAL_OGRN'),
      legalAddress: value('LEGAL_ADDRESS'),
    },
  };
}

const MANDATORY = new Set<string>(['school', ...LETTER_KINDS.filter((kind) => kind.mandatory).map((kind) => kind.key)]);
const ADVERTISING = new Set<string>(LETTER_KINDS.filter((kind) => 'advertising' in kind && kind.advertising).map((kind) => kind.key));

/**
 * Whether the account with address `to` takes letters of `kind`: mandatory kinds always, advertising
 * only with a live advertising consent (38-ФЗ), the rest unless turned off. Returns the account's
 * id when it has one (its letters get an unsubscribe link), `false` when the letter must not go.
 */
async function recipientOf(db: Executor, to: string, kind: string): Promise<{ userId: number | null } | false> {
  const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${to.trim()})`);
  if (MANDATORY.has(kind)) return { userId: user?.id ?? null };
  if (ADVERTISING.has(kind)) {
    if (!user) return false;
    const [consent] = await db
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.kind, 'advertising'), isNull(consents.withdrawnAt), isNull(consents.studentId)));
    return consent ? { userId: user.id } : false;
  }
  if (!user) return { userId: null };
  const [preference] = await db
    .select({ enabled: mailPreferences.enabled })
    .from(mailPreferences)
    .where(and(eq(mailPreferences.userId, user.id), eq(mailPreferences.kind, kind)));
  return preference?.enabled === false ? false : { userId: user.id };
}

/**
 * Renders a template in the school's frame (SITE_NAME and the contact and legal details of the site
 * settings in the footer) and queues it like `enqueueMail`, in the caller's transaction. A kind the
 * recipient turned off is not queued (null); an optional letter to an account carries a one-click
 * unsubscribe link (List-Unsubscribe, RFC 8058); a letter that may not go at night waits for 09:00
 * Moscow time.
 */
export async function sendTemplate(db: Executor, mail: TemplateMail, options: SendOptions = {}): Promise<number | null> {
  const kind = kindOf(mail.template);
  const recipient = await recipientOf(db, mail.to, kind);
  if (!recipient) return null;
  const school = await schoolOf(db);
  const publicUrl = mailPublicUrl();
  const headers: Record<string, string> = {};
  if (!MANDATORY.has(kind) && recipient.userId !== null && publicUrl) {
    const link = `${publicUrl}/api/mail/unsubscribe/?token=${encodeURIComponent(unsubscribeToken(recipient.userId, kind))}`;
    school.unsubscribeUrl = link;
    school.settingsUrl = `${publicUrl}/user/account/#notifications`;
    headers['List-Unsubscribe'] = `<${link}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  // The union keeps each template paired with its own data; TypeScript cannot follow it into the call.
  const rendered = renderMail(mail.template, mail.data as never, school);
  const now = options.now ?? mailNow();
  const at = deliverAt(kind, now);
  return enqueueMail(db, {
    to: mail.to,
    ...rendered,
    template: mail.template,
    headers,
    dedupeKey: options.dedupeKey,
    // Now by day; 09:00 Moscow time for a letter held through the night.
    notBefore: at,
  });
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
