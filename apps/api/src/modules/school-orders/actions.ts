// What staff do with an order (decision 0065), each in one transaction with the order row locked
// first (the lock order of the orders module: the order, then its payments), audited in the same
// transaction: a refund through the provider, cancelling an unpaid order, the payment link sent
// again, and a payment made outside the site. State changes go through the orders module's
// transitions (applyPaymentState, markOrderPaid, cancelUnpaid): nothing here decides them anew.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatPrice, type OfflinePaymentBody, type OrderRefundBody } from '@crema/contract';
import type { AppDeps, Logger } from '../../deps.ts';
import { courses, offlinePayments, orderStudents, paymentRefunds, payments, type Payment } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { sendTemplate } from '../mail/service.ts';
import { CANCELLABLE, PAYABLE, applyPaymentState, cancelUnpaid, markOrderPaid, openPayments } from '../orders/transitions.ts';
import { buildReceipt, PaymentProviderError, PaymentRefusedError, type PaymentProvider } from '../payments/index.ts';
import { OFFLINE_METHOD_TITLES, SCHOOL_ORDER_TEXTS as T, findOrder } from './list.ts';

export interface OrderActionsOptions {
  deps: AppDeps;
  provider: PaymentProvider | null;
  log: Logger;
  /** Asks the provider about an open attempt and applies the answer (the orders module's GetState step). */
  refreshPayment: (payment: Payment) => Promise<unknown>;
}

/** The Moscow calendar day of now, 'YYYY-MM-DD'. */
const moscowToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

export class OrderActions {
  constructor(private readonly options: OrderActionsOptions) {}

  private get db() {
    return this.options.deps.db;
  }

  /**
   * POST …/refund/: `amount` kopecks (all that is left when absent) of the order's card payment back
   * through the provider's Cancel, with a refund receipt. The order row is locked while the bank
   * answers, so two refunds at once go in turn and the second sees the first: the sum refunded never
   * exceeds the sum paid. A full refund moves the payment to 'refunded' through applyPaymentState,
   * which ends the learners' access and frees the order's seats; a partial one keeps access.
   */
  async refund(actor: StaffActor, id: number, body: OrderRefundBody, idempotencyKey: string | null = null): Promise<void> {
    const { provider, deps, log } = this.options;
    const settings = deps.config.payments;
    if (!provider || !settings) throw new ApiError('unavailable', T.paymentsOff);
    await this.db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      // A retry of a request whose refund was made (its answer lost with its process): done already.
      if (idempotencyKey) {
        const [made] = await tx
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .where(and(eq(payments.orderId, order.id), eq(paymentRefunds.idempotencyKey, idempotencyKey)));
        if (made) return;
      }
      if (order.status !== 'paid') throw new ApiError('conflict', T.notPaid);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'confirmed'), sql`${payments.providerPaymentId} is not null`))
        .orderBy(sql`${payments.id} desc`)
        .limit(1)
        .for('update');
      if (!payment) throw new ApiError('conflict', T.noCardPayment);
      const [done] = await tx
        .select({ sum: sql<number>`coalesce(sum(${paymentRefunds.amountKopecks}), 0)::int` })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, payment.id));
      const left = payment.amountKopecks - (done?.sum ?? 0);
      if (left <= 0) throw new ApiError('conflict', T.nothingLeft);
      const amount = body.amount ?? left;
      if (amount > left) throw ApiError.fields({ amount: [T.overLimit(formatPrice(left))] });
      const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
      const learners = order.studyForSelf ? 1 : (await tx.select({ id: orderStudents.id }).from(orderStudents).where(eq(orderStudents.orderId, order.id))).length;
      // The refund receipt: the same lines as the payment's, for the sum returned (a line per learner
      // while each gets at least a kopeck).
      const receipt = buildReceipt({
        title: course?.title ?? '',
        amountKopecks: amount,
        learners: Math.max(1, Math.min(learners, amount)),
        email: order.payerEmail,
        phone: order.payerPhone,
        taxation: settings.receipt.taxation,
        tax: settings.receipt.tax,
      });
      let answer;
      try {
        answer = await provider.cancelPayment(payment.providerPaymentId!, { amountKopecks: amount, receipt });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.error({ err: error, order: order.id, payment: payment.id }, 'refund: Cancel failed');
        throw new ApiError('unavailable', error instanceof PaymentRefusedError ? T.bankRefused(error.details || error.providerMessage) : T.bankUnavailable);
      }
      await tx.insert(paymentRefunds).values({
        paymentId: payment.id,
        amountKopecks: amount,
        providerStatus: answer.providerStatus,
        receipt,
        reason: body.reason || null,
        refundedById: actor.user.id,
        idempotencyKey,
      });
      // A card payment that came on top of a payment outside the site: its refund leaves the order paid.
      const [offline] = await tx.select({ id: offlinePayments.id }).from(offlinePayments).where(eq(offlinePayments.orderId, order.id));
      if (answer.state === 'refunded' && offline) {
        await tx.update(payments).set({ status: 'refunded', providerStatus: answer.providerStatus }).where(eq(payments.id, payment.id));
      } else if (answer.state === 'refunded') {
        await applyPaymentState(tx, payment.id, 'refunded', answer.providerStatus, { publicUrl: deps.config.publicUrl });
      } else {
        await tx.update(payments).set({ providerStatus: answer.providerStatus }).where(eq(payments.id, payment.id));
      }
      // The payer hears of the money returned, in this transaction: the letter exists exactly when the refund does.
      await sendTemplate(tx, {
        to: order.payerEmail,
        template: 'refund_made',
        data: {
          orderCode: order.code,
          courseTitle: course?.title ?? '',
          amountText: formatPrice(amount),
          full: amount === left && answer.state === 'refunded',
          ordersUrl: `${deps.config.publicUrl}/user/orders/`,
        },
      });
      await recordAudit(tx, actor, {
        action: 'order.refund',
        entity: 'order',
        entityId: order.id,
        courseId: order.courseId,
        summary: `№ ${order.code}`,
        after: { amount, full: amount === left && answer.state === 'refunded', provider_status: answer.providerStatus, reason: body.reason || null },
      });
    });
  }

  /** POST …/cancel/: an unpaid order ends and its seats return (cancelUnpaid); attempts not started at the bank are cancelled there. */
  async cancel(actor: StaffActor, id: number): Promise<void> {
    const dropped = await this.db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      if (!CANCELLABLE.includes(order.status)) throw new ApiError('conflict', T.notCancellable);
      const cancelled = await cancelUnpaid(tx, order);
      if (!cancelled) throw new ApiError('conflict', T.bankProcessing);
      await recordAudit(tx, actor, {
        action: 'order.cancel',
        entity: 'order',
        entityId: order.id,
        courseId: order.courseId,
        summary: `№ ${order.code}`,
        before: { status: order.status, seats_held: order.seatsHeld },
        after: { status: 'cancelled', seats_held: 0 },
      });
      return cancelled.dropped;
    });
    await this.cancelAtProvider(dropped);
  }

  /** POST …/resend-link/: the payer gets a letter with the order's payment page again. */
  async resendLink(actor: StaffActor, id: number): Promise<void> {
    const { deps, provider } = this.options;
    if (!provider) throw new ApiError('unavailable', T.paymentsOff);
    await this.db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      if (!PAYABLE.includes(order.status) || order.amountKopecks <= 0) throw new ApiError('conflict', T.notPayable);
      if (order.heldUntil && order.heldUntil.getTime() <= Date.now()) throw new ApiError('conflict', T.holdExpired);
      const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
      await sendTemplate(tx, {
        to: order.payerEmail,
        template: 'order_payment_link',
        data: {
          orderCode: order.code,
          courseTitle: course?.title ?? '',
          amountText: formatPrice(order.amountKopecks),
          url: `${deps.config.publicUrl}/courses/payment/${encodeURIComponent(order.code)}/`,
        },
      });
      await recordAudit(tx, actor, { action: 'order.resend_link', entity: 'order', entityId: order.id, courseId: order.courseId, summary: `№ ${order.code}`, after: { email: order.payerEmail } });
    });
  }

  /**
   * POST …/offline-payment/: money came outside the site (an invoice paid by transfer, cash at the
   * studio). The order is paid through markOrderPaid — the card payment's own step — so the learners
   * are enrolled exactly as after a card payment, once: a card payment confirmed meanwhile finds the
   * order paid and enrols no one again. Attempts not started at the bank are cancelled; one the bank
   * is processing refuses (its outcome comes first).
   */
  async offlinePayment(actor: StaffActor, id: number, body: OfflinePaymentBody): Promise<void> {
    const { deps } = this.options;
    if (body.paid_on > moscowToday()) throw ApiError.fields({ paid_on: [T.futureDate] });
    // An attempt open at the bank is asked about first: a card paid meanwhile (its notification lost)
    // pays the order, and the payment outside the site is refused below.
    for (const payment of await openPayments(this.db, (await findOrder(this.db, id)).id)) {
      if (payment.providerPaymentId) await this.options.refreshPayment(payment).catch((error: unknown) => this.options.log.warn({ err: error, payment: payment.id }, 'GetState failed'));
    }
    await this.db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      if (order.status === 'paid' || order.status === 'refunded') throw new ApiError('conflict', T.alreadyPaid);
      if (order.status === 'cancelled') throw new ApiError('conflict', T.cancelledOrder);
      if (order.status === 'new' || order.userId === null) throw new ApiError('conflict', T.notConfirmed);
      const open = await openPayments(tx, order.id);
      if (open.some((p) => p.status === 'pending')) throw new ApiError('conflict', T.bankProcessing);
      // Attempts the payer has not paid are closed here but not cancelled at the bank: a Cancel racing
      // a payment made that very moment would refund it. A card paid later still finds the order paid
      // (enrolled once) and shows on the card for staff to refund.
      if (open.length) await tx.update(payments).set({ status: 'rejected', providerStatus: 'CANCELED' }).where(inArray(payments.id, open.map((p) => p.id)));
      await tx.insert(offlinePayments).values({
        orderId: order.id,
        method: body.method,
        paidOn: body.paid_on,
        documentNumber: body.document_number,
        comment: body.comment || null,
        amountKopecks: order.amountKopecks,
        recordedById: actor.user.id,
      });
      if (!(await markOrderPaid(tx, order.id, deps.config.publicUrl))) throw new ApiError('conflict', T.alreadyPaid);
      await recordAudit(tx, actor, {
        action: 'order.offline_payment',
        entity: 'order',
        entityId: order.id,
        courseId: order.courseId,
        summary: `№ ${order.code}`,
        after: { method: OFFLINE_METHOD_TITLES[body.method], paid_on: body.paid_on, document_number: body.document_number, amount: order.amountKopecks },
      });
    });
  }

  /** Cancels at the bank attempts cancelled here (a failure is only logged: a late payment still finds the order paid). */
  private async cancelAtProvider(dropped: Payment[]): Promise<void> {
    const { provider, log } = this.options;
    for (const payment of dropped) {
      if (!payment.providerPaymentId || !provider) continue;
      await provider.cancelPayment(payment.providerPaymentId).catch((error: unknown) => log.warn({ err: error, payment: payment.id }, 'Cancel at the provider failed'));
    }
  }
}
