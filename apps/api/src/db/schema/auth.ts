import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * What a one-time secret sent by e-mail is for: sign-in (also registers), a password change,
 * the restore link, confirming an order (InputCodeOrder), a course invitation, deleting the
 * account or changing its address (the code goes to the new address).
 */
export const authCodePurposeEnum = pgEnum('auth_code_purpose', [
  'login',
  'password_change',
  'password_restore',
  'order_confirmation',
  'invitation',
  'account_delete',
  'email_change',
]);

/** One-time codes and link tokens sent by e-mail; only their hash is kept. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased recipient address. */
    email: text().notNull(),
    /** Hash of the 4-digit code (or of the link token for password_restore / invitation). */
    codeHash: text().notNull(),
    purpose: authCodePurposeEnum().notNull(),
    /** The order an order_confirmation code confirms. */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Wrong guesses so far; the code dies after a few. */
    attempts: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email, t.purpose), index().on(t.orderId), index().on(t.expiresAt)],
);

/** Opaque refresh tokens (30 days), rotated on every use; reuse of a used one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens descending from one sign-in share it. */
    familyId: uuid().notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull().unique('refresh_tokens_token_hash_unique'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the token was exchanged for its successor. */
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index().on(t.userId), index().on(t.familyId), index().on(t.expiresAt)],
);

/** Fixed-window counters shared by every process (e.g. 'send_code:email:ivan@example.ru'). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  /** Start of the current window; a request after window end resets the count. */
  windowStartsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Stepped budgets (`takeStepped`): no further event is counted before this moment. */
  blockedUntil: timestamp({ withTimezone: true }),
});

export type AuthCode = typeof authCodes.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
