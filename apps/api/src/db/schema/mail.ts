import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * Every outgoing e-mail, written in the same transaction as the change that causes it and
 * delivered by a worker. Without SMTP the outbox itself is the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    /** Plain-text alternative. */
    text: text().notNull(),
    status: mailStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** The template it was rendered from (the letter's kind in the settings); null for letters written by hand. */
    template: text(),
    /** Extra headers for the transport (List-Unsubscribe and List-Unsubscribe-Post of optional letters). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /**
     * One letter per key (e.g. 'group_starts_tomorrow:group:5:user:7'): the scheduler's letters are
     * inserted with on conflict do nothing, so two ticks or two processes never queue one twice.
     */
    dedupeKey: text(),
    /**
     * A worker picks the message up no earlier than this: back-off after failures, and 09:00 Moscow
     * time for a letter queued at night that may not be delivered then.
     */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.to), unique('mail_outbox_dedupe_key_unique').on(t.dedupeKey)],
);

export type MailMessage = typeof mailOutbox.$inferSelect;

/**
 * A learner's choice per kind of optional letter (LETTER_KINDS in the contract); no row = on. Only
 * optional kinds are written: codes, payment letters and changes to one's own sessions always go.
 */
export const mailPreferences = pgTable(
  'mail_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    enabled: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
