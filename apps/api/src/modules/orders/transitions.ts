// The one place an order's and a payment's states change once money is involved (decision 0023):
// the notification route, the payment page's check and the reconciliation job all call
// applyPaymentState inside one transaction, with the payment row locked, so whatever arrives
// twice, concurrently or out of order changes nothing twice or backwards. Enrolment is once per
// learner and course by the unique key of user_courses (a key in the database, not a check here).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatPrice } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, groupMembers, groups, orderStudents, orders, payments, userCourses, waitingEntries, type Order, type Payment } from '../../db/schema/index.ts';
import { sendTemplate } from '../mail/service.ts';
import type { PaymentState } from '../payments/index.ts';
import { declineReason } from '../payments/tbank/decline.ts';

/** How far along a payment is; a state only ever moves to a higher rank (rejected → confirmed aside). */
const RANK: Record<PaymentState, number> = { new: 0, pending: 1, rejected: 2, confirmed: 2, refunded: 3 };

/** True when moving a payment from `from` to `to` is progress (not a replay, not backwards). */
export function isForward(from: PaymentState, to: PaymentState): boolean {
  // Money taken after a decline (a late CONFIRMED for the same PaymentId) is never ignored.
  if (from === 'rejected' && to === 'confirmed') return true;
  return RANK[to] > RANK[from];
}

/** Statuses of an order that can still be paid. */
export const PAYABLE: readonly Order['status'][] = ['confirmed', 'awaiting_payment'];
/** Statuses of an order its payer may cancel. */
export const CANCELLABLE: readonly Order['status'][] = ['new', 'confirmed', 'awaiting_payment'];

/** Seats of a group taken by learners added by hand (not through an order), as SQL on `groups`. */
export const manualMembers = sql<number>`(select count(*) from ${groupMembers} join ${userCourses} on ${userCourses.id} = ${groupMembers.userCourseId} where ${groupMembers.groupId} = ${groups.id} and ${userCourses.orderId} is null)::int`;

/** SQL on `groups`: true while someone is on its waiting list (decision 0067): its freed seats are theirs first. */
// Spelt out: inside a query on `groups` the subquery's columns must not be mistaken for the group's.
export const someoneWaits = sql<boolean>`exists (select 1 from ${waitingEntries} w where w.group_id = ${groups}.id and w.status = 'waiting')`;

/**
 * Takes `seats` seats of group `groupId` in one conditional update: it succeeds only while the
 * seats held by orders plus learners added by hand stay within the capacity, and concurrent
 * orders queue on the group's row, so the last seat goes to exactly one of them. With
 * `unlessWaiting` (the order form) a limited group with people on its waiting list gives none.
 */
export async function takeSeats(tx: Executor, groupId: number, seats: number, options: { unlessWaiting?: boolean } = {}): Promise<boolean> {
  const taken = await tx
    .update(groups)
    .set({ seatsHeld: sql`${groups.seatsHeld} + ${seats}` })
    .where(
      and(
        eq(groups.id, groupId),
        sql`(${groups.capacity} is null or ${groups.seatsHeld} + ${seats} + ${manualMembers} <= ${groups.capacity})`,
        options.unlessWaiting ? sql`(${groups.capacity} is null or not ${someoneWaits})` : undefined,
      ),
    )
    .returning({ id: groups.id });
  return taken.length > 0;
}

/** Gives back the seats an order holds (a cancelled order). */
export async function returnSeats(tx: Executor, order: Pick<Order, 'id' | 'groupId' | 'seatsHeld'>): Promise<void> {
  if (!order.groupId || order.seatsHeld === 0) return;
  await tx
    .update(groups)
    .set({ seatsHeld: sql`greatest(${groups.seatsHeld} - ${order.seatsHeld}, 0)` })
    .where(eq(groups.id, order.groupId));
  await tx.update(orders).set({ seatsHeld: 0, heldUntil: null }).where(eq(orders.id, order.id));
}

/**
 * Gives each learner of a paid order the course (the payer when studying themselves, each student
 * otherwise), in the order's group when it has one, and queues the payer's letter. Safe to call
 * twice: the unique key of user_courses and group_members' primary key keep one row each.
 */
export async function enrolOrder(tx: Executor, order: Order, publicUrl: string): Promise<void> {
  if (order.userId === null) throw new Error(`order ${order.id} is paid but has no account`);
  const userId = order.userId;
  const studentRows = order.studyForSelf
    ? []
    : await tx.select().from(orderStudents).where(and(eq(orderStudents.orderId, order.id), isNotNull(orderStudents.studentId)));
  const learners = order.studyForSelf ? [null] : studentRows.map((row) => row.studentId);
  await tx
    .insert(userCourses)
    .values(learners.map((studentId) => ({ userId, courseId: order.courseId, orderId: order.id, source: 'order' as const, studentId })))
    .onConflictDoNothing();
  if (order.groupId) {
    const enrolled = await tx
      .select({ id: userCourses.id })
      .from(userCourses)
      .where(
        and(
          eq(userCourses.userId, userId),
          eq(userCourses.courseId, order.courseId),
          order.studyForSelf
            ? sql`${userCourses.studentId} is null`
            : inArray(userCourses.studentId, learners.filter((id): id is number => id !== null).concat(-1)),
        ),
      );
    if (enrolled.length) {
      await tx
        .insert(groupMembers)
        .values(enrolled.map((row) => ({ groupId: order.groupId!, userCourseId: row.id })))
        .onConflictDoNothing();
    }
  }
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
  const [group] = order.groupId ? await tx.select({ title: groups.title }).from(groups).where(eq(groups.id, order.groupId)) : [];
  await sendTemplate(tx, {
    to: order.payerEmail,
    template: 'order_paid',
    data: {
      orderCode: order.code,
      courseTitle: course?.title ?? '',
      amountText: formatPrice(order.amountKopecks),
      learners: studentRows.map((row) => row.fullName),
      learningUrl: `${publicUrl}/user/courses/`,
      // The bank sends the 54-ФЗ receipt itself; a link to it is put here once a provider gives one.
      receiptUrl: null,
      groupTitle: group?.title ?? null,
    },
  });
}

/** Marks an order paid and enrols its learners, once: an order already paid or refunded is left as it is. */
export async function markOrderPaid(tx: Executor, orderId: number, publicUrl: string): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()`, heldUntil: null })
    .where(and(eq(orders.id, orderId), sql`${orders.status} not in ('paid', 'refunded')`))
    .returning();
  if (!order) return false;
  await enrolOrder(tx, order, publicUrl);
  return true;
}

export type ApplyOutcome = 'applied' | 'unchanged';

/**
 * Moves payment `paymentId` to `state` (the provider's word `providerStatus`) and its order with it,
 * in the caller's transaction: the order row is locked first, then the payment, so concurrent
 * callers apply in turn and the second sees the first's result. A replay or a status older than the stored one
 * changes nothing ('unchanged'). CONFIRMED pays the order and enrols once; a decline returns an
 * order awaiting payment to 'confirmed' (it can be paid again) unless another attempt is open;
 * a full refund marks the order refunded, ends its learners' access, takes them out of the group
 * and returns its seats.
 */
export async function applyPaymentState(
  tx: Executor,
  paymentId: number,
  state: PaymentState,
  providerStatus: string,
  options: {
    raw?: Record<string, unknown>;
    publicUrl: string;
    /** Called when a late payment found its group full and took the seats beyond the capacity. */
    onOverbooked?: (order: Order) => void;
  },
): Promise<ApplyOutcome> {
  // One lock order everywhere (orders, then their payments): the order row first, so a cancel, the
  // hold sweep or a payment link racing this notification wait in turn instead of deadlocking.
  const [target] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
  if (!target) throw new Error(`payment ${paymentId} vanished`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, target.orderId)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || !order) throw new Error(`payment ${paymentId} vanished`);
  if (!isForward(payment.status, state)) {
    // The notification of a status already learnt by GetState still carries what GetState does
    // not (T-Bank's ErrorCode: why a card was declined): keep it, nothing else changes.
    if (options.raw && payment.status === state && payment.providerStatus === providerStatus) {
      await tx.update(payments).set({ rawNotification: options.raw }).where(eq(payments.id, payment.id));
    }
    return 'unchanged';
  }
  await tx
    .update(payments)
    .set({ status: state, providerStatus, ...(options.raw ? { rawNotification: options.raw } : {}) })
    .where(eq(payments.id, payment.id));
  if (state === 'confirmed') {
    // Money taken for an order cancelled meanwhile (by its payer, or by the sweep when its hold ran
    // out) still pays it and enrols its learners: nothing paid is lost. Its seats are taken again:
    // within the capacity when there is room; otherwise beyond it, so the count stays true and no one
    // else is sold the same seat, and the school is told (logged) to move the learners or refund.
    if (order.status === 'cancelled' && order.groupId && order.seatsHeld === 0) {
      const seats = await learnerCount(tx, order);
      if (!(await takeSeats(tx, order.groupId, seats))) {
        await tx.update(groups).set({ seatsHeld: sql`${groups.seatsHeld} + ${seats}` }).where(eq(groups.id, order.groupId));
        options.onOverbooked?.(order);
      }
      await tx.update(orders).set({ seatsHeld: seats }).where(eq(orders.id, order.id));
    }
    await markOrderPaid(tx, order.id, options.publicUrl);
  } else if (state === 'rejected' && order.status === 'awaiting_payment') {
    const open = await openPayments(tx, order.id, payment.id);
    if (open.length === 0) await tx.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, order.id));
    // The bank declined the card (not a page left to expire, not our own cancel): the payer is told, once per attempt.
    if (DECLINED.includes(providerStatus)) await tellPaymentFailed(tx, order, { ...payment, providerStatus }, options.raw, options.publicUrl);
  } else if (state === 'refunded' && order.status === 'paid') {
    await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    await tx.update(userCourses).set({ isActive: false }).where(eq(userCourses.orderId, order.id));
    // The learners no longer study: they leave the group (no more letters of its sessions, not on
    // its members' list) and the seats the order held return to it.
    const learners = tx.select({ id: userCourses.id }).from(userCourses).where(eq(userCourses.orderId, order.id));
    await tx.delete(groupMembers).where(inArray(groupMembers.userCourseId, learners));
    await returnSeats(tx, order);
  }
  return 'applied';
}

/** Provider statuses of a card the bank declined. */
const DECLINED = ['REJECTED', 'AUTH_FAIL'];

async function tellPaymentFailed(tx: Executor, order: Order, payment: Payment, raw: Record<string, unknown> | undefined, publicUrl: string): Promise<void> {
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId));
  // The bank's reason in words (the notification's ErrorCode), as the payment page says it.
  const reason = declineReason(payment.providerStatus ?? null, typeof raw?.ErrorCode === 'string' ? raw.ErrorCode : null);
  await sendTemplate(
    tx,
    {
      to: order.payerEmail,
      template: 'payment_failed',
      data: {
        orderCode: order.code,
        courseTitle: course?.title ?? '',
        amountText: formatPrice(payment.amountKopecks),
        reason,
        payUrl: `${publicUrl}/courses/payment/${encodeURIComponent(order.code)}/`,
      },
    },
    { dedupeKey: `payment_failed:payment:${payment.id}` },
  );
}

/** The order's payment attempts still open at the provider (new or pending), but `except`. */
export function openPayments(tx: Executor, orderId: number, except = 0): Promise<Payment[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['new', 'pending']), sql`${payments.id} <> ${except}`));
}

/** How many learners an order is for: 1 for a payer studying themselves, else its students. */
export async function learnerCount(tx: Executor, order: Pick<Order, 'id' | 'studyForSelf'>): Promise<number> {
  if (order.studyForSelf) return 1;
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderStudents).where(eq(orderStudents.orderId, order.id));
  return row?.n ?? 0;
}

/**
 * Cancels an unpaid order in the caller's transaction, its row locked: its attempts not started at
 * the bank are marked cancelled (returned as `dropped`, to be cancelled at the bank after the
 * commit), its seats and hold return. An attempt the bank is processing (pending) keeps the order:
 * null, nothing changed — its outcome decides.
 */
export async function cancelUnpaid(tx: Executor, order: Order): Promise<{ order: Order; dropped: Payment[] } | null> {
  const open = await openPayments(tx, order.id);
  if (open.some((p) => p.status === 'pending')) return null;
  if (open.length) await tx.update(payments).set({ status: 'rejected', providerStatus: 'CANCELED' }).where(inArray(payments.id, open.map((p) => p.id)));
  await returnSeats(tx, order);
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: cancelled!, dropped: open };
}
