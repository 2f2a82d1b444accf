import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** A promo code's discount: a percent of the order's total, or a fixed sum off it. */
export const promoKindEnum = pgEnum('promo_kind', ['percent', 'fixed']);
/** Which courses a code is for: every course, one category's, or the listed ones. */
export const promoScopeEnum = pgEnum('promo_scope', ['all', 'category', 'courses']);

/**
 * A promo code (decision 0067). A use is an order made with it that is not cancelled: an order
 * holds its use from its creation, a cancelled or expired one gives it back, a paid one keeps it.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** As staff typed it (upper case); unique and looked up case-insensitively. */
    code: text().notNull(),
    kind: promoKindEnum().notNull(),
    /** 1–100 for a percent code. */
    percent: integer(),
    /** Kopecks off the order's total for a fixed code. */
    amountKopecks: integer(),
    scope: promoScopeEnum().notNull().default('all'),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    /** For scope 'courses'. */
    courseIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    /** Uses in all; null: no limit. */
    maxUses: integer(),
    /** Uses per person (an account, else the payer's e-mail); null: no limit. */
    maxUsesPerPerson: integer(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_lower_unique').on(sql`lower(${t.code})`),
    check('promo_codes_percent_range', sql`${t.percent} is null or (${t.percent} between 1 and 100)`),
    check('promo_codes_amount_positive', sql`${t.amountKopecks} is null or ${t.amountKopecks} > 0`),
  ],
);
export type PromoCode = typeof promoCodes.$inferSelect;

/** Where a person stands in a full group's waiting list. */
export const waitingStatusEnum = pgEnum('waiting_status', ['waiting', 'offered', 'bought', 'expired', 'left']);

/**
 * A person waiting for a seat in a full group (decision 0067): one entry per person and group. When a
 * seat frees, the first waiting person gets an offer — an order holding the seat for them
 * (WAITING_OFFER_HOURS) — and, if it is not paid in time, the seat passes to the next.
 */
export const waitingEntries = pgTable(
  'waiting_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: waitingStatusEnum().notNull().default('waiting'),
    /** The order holding the offered seat. */
    orderId: integer(),
    offeredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('waiting_entries_group_user_unique').on(t.groupId, t.userId), index().on(t.groupId, t.status, t.createdAt), index().on(t.orderId)],
);
export type WaitingEntry = typeof waitingEntries.$inferSelect;
