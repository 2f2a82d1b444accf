import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
    /** A worker picks the message up no earlier than this (back-off after failures). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.to)],
);

export type MailMessage = typeof mailOutbox.$inferSelect;
