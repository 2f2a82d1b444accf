// Paying an order: the payment page's view (asking the bank while an attempt is open), payment links
// at the provider, the provider's signed notifications kept verbatim, and the reconciliation job's
// hooks (payments left pending asked about, seat holds and unconfirmed orders ended).
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ERROR_TEXTS, ORDER_TEXTS, type OrderPayment, type PaymentType } from '@crema/contract';
import type { AppDeps, Logger } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { courses, orderStudents, orders, paymentNotifications, payments, type Course, type Order, type Payment } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit.ts';
import { buildReceipt, PaymentProviderError, PaymentRefusedError, type PaymentProvider } from '../payments/index.ts';
import type { OrdersServiceOptions } from './context.ts';
import { duplicateOf, lockLearnerOrders } from './duplicates.ts';
import { CANCELLABLE, PAYABLE, applyPaymentState, cancelUnpaid, learnerCount, openPayments, type ApplyOutcome } from './transitions.ts';
import { orderByCode, orderSummary } from './views.ts';

/** Reconciliation leaves alone attempts older than this: the provider has long expired them. */
const RECONCILE_MAX_AGE_DAYS = 3;

export class OrderPayments {
  private readonly deps: AppDeps;
  readonly provider: PaymentProvider | null;
  private readonly log: Logger;
  private readonly getStateRule: RateRule;
  private readonly returnGetStateRule: RateRule;

  constructor(options: OrdersServiceOptions) {
    this.getStateRule = options.getStateLimit ?? { limit: 12, windowS: 60 };
    this.returnGetStateRule = options.returnGetStateLimit ?? { limit: 6, windowS: 60 };
    this.deps = options.deps;
    this.provider = options.provider;
    this.log = options.log;
  }

  private get db() {
    return this.deps.db;
  }

  private get publicUrl() {
    return this.deps.config.publicUrl;
  }

  private latestPayment(db: Executor, orderId: number): Promise<Payment | undefined> {
    return db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /**
   * GET /api/order/payment/{code}/: the order and its payment state. While the last attempt is open
   * the provider is asked (GetState) and its answer applied, so the callback page never trusts the
   * query string. `returned` marks the payer's way back from the bank,
   * which asks within a budget of its own.
   */
  async paymentInfo(code: string, { returned = false }: { returned?: boolean } = {}): Promise<OrderPayment> {
    const found = await orderByCode(this.db, code);
    let payment = await this.latestPayment(this.db, found.id);
    if (
      payment &&
      (payment.status === 'new' || payment.status === 'pending') &&
      payment.providerPaymentId &&
      // A bounded number of times a minute per attempt, however often the page is reloaded (the bank's API is not ours to hammer).
      (returned
        ? await hitRateLimit(this.db, `getstate-return:${payment.id}`, this.returnGetStateRule)
        : await hitRateLimit(this.db, `getstate:${payment.id}`, this.getStateRule)
      ).allowed
    ) {
      const asked = payment;
      await this.refreshPayment(asked).catch((error: unknown) => this.log.warn({ err: error, payment: asked.id }, 'GetState failed'));
      payment = await this.latestPayment(this.db, found.id);
    }
    // The order is read again after its payment: a notification may have paid it since the first read
    // (an order and its payment change in one transaction), and an order older than a confirmed
    // payment would send the payer back to pay it again.
    const order = await orderByCode(this.db, code);
    return {
      order: await orderSummary(this.db, order),
      can_pay: this.provider !== null && PAYABLE.includes(order.status) && order.amountKopecks > 0,
      payments_enabled: this.provider !== null,
      payment: payment
        ? {
            status: payment.status,
            provider_status: payment.providerStatus,
            failure_reason: payment.status === 'rejected' ? this.failureReason(payment) : null,
            created_at: payment.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** The payer's explanation of a declined attempt (the provider knows its own codes). */
  private failureReason(payment: Payment): string {
    return this.provider?.failureReason(payment) ?? 'Оплата не прошла. Попробуйте ещё раз позже.';
  }

  /**
   * POST /api/{bank}/order/payment_link/: the open attempt's link, or a new attempt at the provider.
   * The order row is locked while the provider's Init runs, so concurrent clicks wait and then
   * reuse the one attempt.
   */
  async paymentLink(code: string, type: PaymentType, idempotencyKey: string | null = null): Promise<{ url: string }> {
    const provider = this.provider;
    const settings = this.deps.config.payments;
    if (!provider || !settings) throw new ApiError('unavailable', ORDER_TEXTS.paymentsOff);
    if (type !== 'card') throw ApiError.fields({ type: [ORDER_TEXTS.sbpUnavailable] });
    const first = await orderByCode(this.db, code);
    const outcome = await this.db.transaction(async (tx) => {
      // Locks in the one order: the account's orders of the course, then the order row, then its payments.
      if (first.userId !== null) await lockLearnerOrders(tx, first.userId, first.courseId);
      const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
      if (!order) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
      // A retry of a request whose attempt was made (its answer lost with its process): its link,
      // whatever happened to the order since — the payer pays (or sees the outcome) there.
      if (idempotencyKey) {
        const [made] = await tx
          .select({ url: payments.paymentUrl })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.idempotencyKey, idempotencyKey)));
        if (made?.url) return { url: made.url };
      }
      if (order.status === 'new') throw new ApiError('conflict', ORDER_TEXTS.notConfirmed);
      if (order.status === 'paid') throw new ApiError('conflict', ORDER_TEXTS.alreadyPaid);
      if (order.status === 'cancelled') throw new ApiError('conflict', ORDER_TEXTS.cancelled);
      if (order.status === 'refunded') throw new ApiError('conflict', ORDER_TEXTS.refunded);
      // The hold ran out before the sweep came by: the order ends here (unless the bank is processing it).
      if (order.heldUntil && order.heldUntil.getTime() <= Date.now()) {
        const dropped = (await cancelUnpaid(tx, order))?.dropped ?? null;
        if (dropped) return { expired: dropped } as const;
      }
      // A second paid or paying order for the same learner and course (one made before the order checks).
      if (order.userId !== null) {
        const learners = order.studyForSelf
          ? []
          : (await tx.select({ id: orderStudents.studentId }).from(orderStudents).where(and(eq(orderStudents.orderId, order.id), isNotNull(orderStudents.studentId)))).map((row) => row.id!);
        const refusal = await duplicateOf(tx, { userId: order.userId, courseId: order.courseId, self: order.studyForSelf, studentIds: learners, except: order.id, paying: true });
        if (refusal) throw new ApiError('conflict', refusal);
      }
      const open = (await openPayments(tx, order.id)).find((p) => p.paymentUrl && p.amountKopecks === order.amountKopecks);
      if (open?.paymentUrl) return { url: open.paymentUrl };
      const [course] = await tx.select().from(courses).where(eq(courses.id, order.courseId));
      const learners = await learnerCount(tx, order);
      const attemptId = randomUUID();
      const back = `${this.publicUrl}/tbank-payment-callback/?code=${encodeURIComponent(order.code)}`;
      let created;
      try {
        created = await provider.createPayment({
          attemptId,
          amountKopecks: order.amountKopecks,
          description: `Курс «${(course as Course).title}», заказ ${order.code}`,
          receipt: buildReceipt({
            title: (course as Course).title,
            amountKopecks: order.amountKopecks,
            learners,
            email: order.payerEmail,
            phone: order.payerPhone,
            taxation: settings.receipt.taxation,
            tax: settings.receipt.tax,
          }),
          notificationUrl: `${this.publicUrl}/api/tbank/notification/`,
          successUrl: back,
          failUrl: back,
          // The link stops working when the seats are no longer held (a minute at least, for the bank).
          ...(order.heldUntil ? { expiresAt: new Date(Math.max(order.heldUntil.getTime(), Date.now() + 60_000)) } : {}),
          data: { order: order.code },
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.log.error({ err: error, order: order.id }, 'payment Init failed');
        throw new ApiError('unavailable', error instanceof PaymentRefusedError ? ORDER_TEXTS.bankRefused : ORDER_TEXTS.bankUnavailable);
      }
      await tx.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        attemptId,
        providerPaymentId: created.providerPaymentId,
        status: created.state,
        providerStatus: created.providerStatus,
        amountKopecks: order.amountKopecks,
        paymentUrl: created.paymentUrl,
        extraCode: order.code,
        type,
        idempotencyKey,
      });
      await tx.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, order.id));
      return { url: created.paymentUrl };
    });
    if (outcome.expired) {
      await this.cancelAtProvider(outcome.expired);
      throw new ApiError('conflict', ORDER_TEXTS.holdExpired);
    }
    return { url: outcome.url };
  }


  /** Cancels at the bank attempts we cancelled (a failure is only logged: a late payment still pays the order). */
  async cancelAtProvider(dropped: readonly Payment[]): Promise<void> {
    for (const payment of dropped) {
      if (!payment.providerPaymentId || !this.provider) continue;
      await this.provider.cancelPayment(payment.providerPaymentId).catch((error: unknown) => this.log.warn({ err: error, payment: payment.id }, 'Cancel at the provider failed'));
    }
  }

  /**
   * POST /api/tbank/notification/. Only a notification whose Token and terminal verify is kept
   * (verbatim, with what was done) and applied, once its OrderId, PaymentId and Amount match our
   * attempt. Any other body is neither stored nor logged: it is counted (`payment-notification:refused`,
   * per hour) and the log gets its summary. `accepted` true means answer the provider's OK.
   */
  async notification(body: unknown, network: string): Promise<{ accepted: boolean; outcome: string }> {
    const provider = this.provider;
    const summary = notificationSummary(body);
    const parsed = provider?.parseNotification(body) ?? null;
    if (!provider || !parsed) {
      // Only what fails the signature (checked without the database) spends the network's budget:
      // the bank's own notifications are never slowed or refused by it.
      const counted = await hitRateLimit(this.db, `payment-notification:ip:${network}`, {
        limit: this.deps.config.paymentNotificationsPerMinute,
        windowS: 60,
      });
      this.log.warn({ notification: { ...summary, verified: false }, refusedThisMinute: counted.count }, 'payment notification refused: bad token or terminal');
      if (!counted.allowed) throw new ApiError('too_many_requests', ERROR_TEXTS.tooManyRequests, { retryAfterS: counted.retryAfterS });
      return { accepted: false, outcome: 'bad_token' };
    }
    const keep = (tx: Executor, outcome: string, paymentId: number | null = null) =>
      tx.insert(paymentNotifications).values({ provider: provider.name, paymentId, body: parsed.raw, outcome });
    const logged = { ...summary, verified: true };
    return this.db.transaction(async (tx) => {
      // Read without a lock: applyPaymentState locks the order, then the payment (one lock order).
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.attemptId, parsed.attemptId)));
      if (!payment) {
        await keep(tx, 'unknown_order');
        this.log.warn({ notification: logged }, 'payment notification refused: unknown order');
        return { accepted: false, outcome: 'unknown_order' };
      }
      if (payment.providerPaymentId !== parsed.providerPaymentId || payment.amountKopecks !== parsed.amountKopecks) {
        await keep(tx, 'mismatch', payment.id);
        this.log.warn({ notification: logged, payment: payment.id }, 'payment notification refused: PaymentId or Amount do not match');
        return { accepted: false, outcome: 'mismatch' };
      }
      const outcome: ApplyOutcome = await applyPaymentState(tx, payment.id, parsed.state, parsed.providerStatus, {
        raw: parsed.raw,
        publicUrl: this.publicUrl,
        onOverbooked: this.overbooked,
      });
      await keep(tx, outcome, payment.id);
      this.log.info({ notification: logged, payment: payment.id, outcome }, 'payment notification');
      return { accepted: true, outcome };
    });
  }

  /** A late payment for an order whose hold ran out, into a group that filled meanwhile: the school must act. */
  private readonly overbooked = (order: Order) =>
    this.log.error(
      { order: order.id, group: order.groupId },
      'a payment came for an order whose seat hold had ended and the group is full: the learners are enrolled beyond the capacity; move them to another group or refund',
    );

  /** Asks the provider for one attempt's state (GetState) and applies it like a notification. */
  async refreshPayment(payment: Pick<Payment, 'id' | 'providerPaymentId' | 'attemptId' | 'amountKopecks'>): Promise<ApplyOutcome> {
    if (!this.provider || !payment.providerPaymentId) return 'unchanged';
    const state = await this.provider.getPayment(payment.providerPaymentId);
    if (state.attemptId !== payment.attemptId || state.amountKopecks !== payment.amountKopecks) {
      this.log.error({ payment: payment.id }, 'GetState answered for another OrderId or Amount');
      return 'unchanged';
    }
    return this.db.transaction((tx) => applyPaymentState(tx, payment.id, state.state, state.providerStatus, { publicUrl: this.publicUrl, onOverbooked: this.overbooked }));
  }

  /**
   * The reconciliation job's run: every attempt still new or pending, untouched for `olderThanMs`
   * (and not older than a few days), is asked about; a lost notification cannot lose a paid order.
   * Returns how many attempts changed.
   */
  async reconcile(olderThanMs: number): Promise<number> {
    if (!this.provider) return 0;
    const due = await this.db
      .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, attemptId: payments.attemptId, amountKopecks: payments.amountKopecks })
      .from(payments)
      .where(
        and(
          eq(payments.provider, this.provider.name),
          inArray(payments.status, ['new', 'pending']),
          isNotNull(payments.providerPaymentId),
          sql`${payments.updatedAt} <= now() - make_interval(secs => ${olderThanMs / 1000})`,
          sql`${payments.createdAt} > now() - make_interval(days => ${RECONCILE_MAX_AGE_DAYS})`,
        ),
      )
      .orderBy(asc(payments.id))
      .limit(100);
    let changed = 0;
    for (const payment of due) {
      try {
        if ((await this.refreshPayment(payment)) === 'applied') changed += 1;
      } catch (error) {
        this.log.warn({ err: error, payment: payment.id }, 'reconciliation: GetState failed');
      }
    }
    return changed;
  }

  /**
   * Guests' orders never confirmed by the e-mail code within `olderThanMs` are cancelled, so the
   * seats they hold return to their groups (run by the reconciliation job). Returns how many.
   */
  async expireUnconfirmed(olderThanMs: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'new'), sql`${orders.createdAt} <= now() - make_interval(secs => ${olderThanMs / 1000})`))
        .orderBy(asc(orders.id))
        .limit(100)
        .for('update', { skipLocked: true });
      for (const order of stale) await cancelUnpaid(tx, order);
      return stale.length;
    });
  }

  /**
   * Unpaid orders whose seat hold ran out (orders.held_until) are cancelled and their seats return
   * (run by the reconciliation job). An order with an attempt open at the bank is asked about first
   * (GetState, applied like a notification): one paid meanwhile is paid, one the bank is still
   * processing is left for the next run, one it cannot answer about is too. Returns how many ended.
   */
  async expireHolds(): Promise<number> {
    const due = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, ['new', 'confirmed', 'awaiting_payment']), sql`${orders.heldUntil} <= now()`))
      .orderBy(asc(orders.heldUntil))
      .limit(100);
    let expired = 0;
    for (const { id } of due) {
      try {
        const asked = (await openPayments(this.db, id)).filter((p) => p.providerPaymentId);
        for (const payment of asked) await this.refreshPayment(payment);
        const dropped = await this.db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update', { skipLocked: true });
          if (!order || !CANCELLABLE.includes(order.status) || !order.heldUntil || order.heldUntil.getTime() > Date.now()) return null;
          // An attempt opened since the question above was not asked about: the next run asks.
          const open = await openPayments(tx, id);
          if (open.some((p) => p.providerPaymentId && !asked.some((a) => a.id === p.id))) return null;
          return (await cancelUnpaid(tx, order))?.dropped ?? null;
        });
        if (dropped) {
          expired += 1;
          await this.cancelAtProvider(dropped);
        }
      } catch (error) {
        // The bank did not answer: the order is not ended without knowing whether it is being paid.
        this.log.warn({ err: error, order: id }, 'hold sweep: the order is left for the next run');
      }
    }
    return expired;
  }
}

/** A field of a notification for the log: a short string, number or boolean, else absent. */
function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string') return value.slice(0, 64);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/**
 * What the log keeps of a notification: OrderId, Status, PaymentId, Success and the amount, never
 * the body (no Token, no card fields, nothing a caller could make large).
 */
export function notificationSummary(body: unknown): Record<string, string | number | boolean | undefined> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { shape: body === null ? 'null' : Array.isArray(body) ? 'array' : typeof body };
  const fields = body as Record<string, unknown>;
  return {
    OrderId: scalar(fields.OrderId),
    Status: scalar(fields.Status),
    PaymentId: scalar(fields.PaymentId),
    Success: scalar(fields.Success),
    Amount: scalar(fields.Amount),
  };
}
