import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { createdAt, updatedAt } from './columns.ts';
import { statisticsSources } from './content.ts';
import { groups } from './groups.ts';
import { promoCodes } from './promo.ts';
import { students, users } from './users.ts';

/**
 * new → confirmed (code from the e-mail entered) → awaiting_payment (payment link issued) → paid;
 * cancelled from any unpaid state; refunded after paid.
 */
export const orderStatusEnum = pgEnum('order_status', [
  'new',
  'confirmed',
  'awaiting_payment',
  'paid',
  'cancelled',
  'refunded',
]);
/** A payment's state at the acquiring provider. */
export const paymentStatusEnum = pgEnum('payment_status', ['new', 'pending', 'confirmed', 'rejected', 'refunded']);
/** 'tbank' is T-Bank acquiring; 'testbank' the built-in stand-in. */
export const paymentProviderEnum = pgEnum('payment_provider', ['tbank', 'testbank']);

/** An application for a course, which becomes an order once confirmed and paid. */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Random, unguessable: the order's public handle in /courses/payment/{code}/. */
    code: text().notNull().unique(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The anonymous visitor's session key, for applications sent without signing in. */
    sessionKey: text(),
    /**
     * The request's idempotency key (scoped to the caller and the route, plugins/idempotency.ts),
     * written with the order: a retry after a crash finds this order instead of making another.
     */
    idempotencyKey: text(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** The group (start date) applied for, if the course runs in groups. */
    groupId: integer().references(() => groups.id, { onDelete: 'set null' }),
    status: orderStatusEnum().notNull().default('new'),
    /** Total to pay, in kopecks (price × number of students at the time of ordering). */
    amountKopecks: integer().notNull(),
    payerLastName: text().notNull(),
    payerFirstName: text().notNull(),
    payerPatronymic: text(),
    payerPhone: text().notNull(),
    payerEmail: text().notNull(),
    /** The payer studies themselves ('I will study myself'), rather than students. */
    studyForSelf: boolean().notNull().default(true),
    consentPrivacy: boolean().notNull().default(false),
    consentPersonalData: boolean().notNull().default(false),
    /** Optional consent to advertising mailings. */
    consentAdvertising: boolean().notNull().default(false),
    /** The payer's consent, as the child's legal representative, for a new child student (decision 0046). */
    consentChildPersonalData: boolean().notNull().default(false),
    statisticsSourceId: integer().references(() => statisticsSources.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Seats this order holds in its group (given back, set to 0, when it is cancelled). */
    seatsHeld: integer().notNull().default(0),
    /**
     * Until when an unpaid order holds its group seats (ORDER_HOLD_MINUTES after ordering); the
     * sweep of the reconciliation job then cancels it and gives the seats back. Null: no seats held.
     */
    heldUntil: timestamp({ withTimezone: true }),
    /** The promo code the order was made with (decision 0067), and the code as typed then. */
    promoCodeId: integer().references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text(),
    /** Kopecks taken off the course's price × learners by the promo code; amountKopecks is after it. */
    discountKopecks: integer().notNull().default(0),
  },
  (t) => [
    unique('orders_idempotency_key_unique').on(t.idempotencyKey),
    index().on(t.userId, t.createdAt),
    index().on(t.sessionKey),
    index().on(t.courseId),
    index().on(t.groupId),
    index().on(t.status),
    index().on(t.statisticsSourceId),
    index().on(t.heldUntil),
    index().on(t.promoCodeId),
    // The staff's orders list: a search for any part of the payer's e-mail or phone (ILIKE '%…%').
    index('orders_payer_email_trgm_idx').using('gin', t.payerEmail.op('gin_trgm_ops')),
    index('orders_payer_phone_trgm_idx').using('gin', t.payerPhone.op('gin_trgm_ops')),
    // …and the code's beginning, or the promo code (every branch of the search must read an index).
    index('orders_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')),
    index('orders_promo_code_idx').on(t.promoCode),
    check('orders_amount_non_negative', sql`${t.amountKopecks} >= 0`),
    check('orders_seats_held_non_negative', sql`${t.seatsHeld} >= 0`),
  ],
);

/** Who an order is for, as entered at ordering time (kept even if the student is later edited). */
export const orderStudents = pgTable(
  'order_students',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The saved student this snapshot came from, if any. */
    studentId: integer().references(() => students.id, { onDelete: 'set null' }),
    /** Full name as entered (the kids form's student_name). */
    fullName: text().notNull(),
    phone: text(),
    email: text(),
    birthDate: date({ mode: 'string' }),
    /**
     * A guest's new student (student_* fields), kept until the order is confirmed: then the student
     * is created in the account with the account's rules and studentId is set.
     */
    studentType: text(),
    lastName: text(),
    firstName: text(),
    patronymic: text(),
  },
  (t) => [index().on(t.orderId), index().on(t.studentId)],
);

/** A payment attempt of an order at an acquiring provider. */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: paymentProviderEnum().notNull(),
    /** Our id of this attempt at the provider (T-Bank OrderId): unique, at most 36 characters. */
    attemptId: text().notNull(),
    /** The provider's PaymentId; null until Init answers. */
    providerPaymentId: text(),
    status: paymentStatusEnum().notNull().default('new'),
    /** The provider's own status word of the last state applied (T-Bank: CONFIRMED, REJECTED…). */
    providerStatus: text(),
    amountKopecks: integer().notNull(),
    /** Where the payer is sent to pay. */
    paymentUrl: text(),
    /** extra_code of POST /api/{bank}/order/payment_link/. */
    extraCode: text(),
    /** type of POST /api/{bank}/order/payment_link/ (e.g. card, sbp). */
    type: text(),
    /** The idempotency key of the request that created this attempt (scoped), written with it. */
    idempotencyKey: text(),
    /** The last signed notification from the provider, verbatim. */
    rawNotification: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payments_provider_provider_payment_id_unique').on(t.provider, t.providerPaymentId),
    unique('payments_attempt_id_unique').on(t.attemptId),
    unique('payments_idempotency_key_unique').on(t.idempotencyKey),
    index().on(t.orderId),
    index().on(t.status, t.updatedAt),
    check('payments_amount_positive', sql`${t.amountKopecks} > 0`),
  ],
);

/**
 * Every notification the provider sent, verbatim (forged and refused ones too), for the accountant
 * and for disputes (docs/product/payments.md). `outcome` says what was done with it.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: paymentProviderEnum().notNull(),
    /** The payment it was matched to, once its token, order, payment id and amount were checked. */
    paymentId: integer().references(() => payments.id, { onDelete: 'set null' }),
    body: jsonb().notNull(),
    /** applied | unchanged (a replay or an out-of-order status) | bad_token | unknown_order | mismatch */
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.paymentId), index().on(t.receivedAt)],
);

/** How money paid outside the site came: a bank transfer by invoice (a company), cash at the studio. */
export const offlinePaymentMethodEnum = pgEnum('offline_payment_method', ['invoice', 'cash']);

/**
 * A payment made outside the site, recorded by staff (decision 0065): it pays the order through
 * the same transition a card payment does. One per order (the unique key): an order is paid once.
 */
export const offlinePayments = pgTable(
  'offline_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: offlinePaymentMethodEnum().notNull(),
    /** The day the money came (Moscow date). */
    paidOn: date({ mode: 'string' }).notNull(),
    /** The invoice's or the cash receipt's number. */
    documentNumber: text().notNull(),
    comment: text(),
    amountKopecks: integer().notNull(),
    recordedById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('offline_payments_order_unique').on(t.orderId), check('offline_payments_amount_non_negative', sql`${t.amountKopecks} >= 0`)],
);

/**
 * A refund of a card payment made by staff (decision 0065): the amount, who and when, what the
 * provider answered and the refund receipt sent with it. The sum of a payment's refunds never
 * exceeds its amount (checked under the order's row lock).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountKopecks: integer().notNull(),
    /** The provider's status word after the refund (T-Bank: PARTIAL_REFUNDED, REFUNDED). */
    providerStatus: text().notNull(),
    /** The 54-ФЗ refund receipt sent with Cancel. */
    receipt: jsonb(),
    reason: text(),
    refundedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The idempotency key of the request that made this refund (scoped), written with it. */
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.paymentId),
    check('payment_refunds_amount_positive', sql`${t.amountKopecks} > 0`),
    unique('payment_refunds_idempotency_key_unique').on(t.idempotencyKey),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderStudent = typeof orderStudents.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentNotification = typeof paymentNotifications.$inferSelect;
export type OfflinePayment = typeof offlinePayments.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
