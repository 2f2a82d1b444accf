// Confirming an order: a guest's order waits for the code mailed to the payer (sent again on
// request, entered to sign in), or is claimed by the payer signed in with a password (LoginOrder).
// Either way the order becomes the account's (attachOrder), as a signed-in person's order does at once.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ORDER_TEXTS, formatDateTime, formatPrice, normaliseEmail, type CodeSent, type OrderNextStep, type OrderRequestResult } from '@crema/contract';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { courses, orderStudents, orders, students, users, type Order, type User } from '../../db/schema/index.ts';
import { sendTemplate } from '../mail/service.ts';
import { ApiError } from '../../errors.ts';
import type { Actor, SignedInActor } from '../auth/actor.ts';
import { clientOf, type AuthService } from '../auth/service.ts';
import type { ClientInfo } from '../auth/tokens.ts';
import { recordConsent } from '../user/consents.ts';
import { markOrderPaid } from './transitions.ts';
import { orderByCode, orderSummary } from './views.ts';

/**
 * Makes order `orderId` the account's (the order form of a signed-in person, a confirmed code, a
 * claim): a guest's new student becomes a student of the account (with the account's rules, as
 * checked on ordering), the order form's consents become consent records of the account, and the
 * order moves to 'confirmed' — or for a free course to 'paid' with the learners enrolled.
 * Another account's order is a 404; the account's own order already confirmed is left as it is.
 */
export async function attachOrder(tx: Executor, orderId: number, user: User, client: ClientInfo, publicUrl: string): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || (order.userId !== null && order.userId !== user.id)) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
  if (order.status !== 'new') return order;
  const pending = await tx
    .select()
    .from(orderStudents)
    .where(and(eq(orderStudents.orderId, order.id), isNull(orderStudents.studentId), isNotNull(orderStudents.studentType)));
  for (const row of pending) {
    const [student] = await tx
      .insert(students)
      .values({
        userId: user.id,
        studentType: row.studentType as 'child' | 'adult',
        lastName: row.lastName ?? '',
        firstName: row.firstName ?? '',
        patronymic: row.patronymic,
        phone: row.phone,
        email: row.email,
        dateBirth: row.birthDate,
      })
      .returning({ id: students.id });
    await tx.update(orderStudents).set({ studentId: student!.id }).where(eq(orderStudents.id, row.id));
    if (row.studentType === 'child' && order.consentChildPersonalData) {
      const name = [row.lastName, row.firstName, row.patronymic].filter(Boolean).join(' ');
      await recordConsent(tx, user.id, 'child_personal_data', client, { id: student!.id, name });
    }
  }
  // The payer's own data only: a signed-in person may pay with someone else's details.
  if (normaliseEmail(order.payerEmail) === normaliseEmail(user.email)) await fillEmptyProfile(tx, user.id, order);
  if (order.consentPersonalData) await recordConsent(tx, user.id, 'personal_data', client);
  if (order.consentPrivacy) await recordConsent(tx, user.id, 'privacy_policy', client);
  if (order.consentAdvertising) await recordConsent(tx, user.id, 'advertising', client);
  const [confirmed] = await tx
    .update(orders)
    .set({ userId: user.id, status: 'confirmed', confirmedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  if (confirmed!.amountKopecks === 0) {
    await markOrderPaid(tx, order.id, publicUrl);
    const [paid] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return paid!;
  }
  // The order is placed: the payer gets its payment link and, for a group, how long the seats are held.
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, confirmed!.courseId));
  await sendTemplate(tx, {
    to: confirmed!.payerEmail,
    template: 'order_placed',
    data: {
      orderCode: confirmed!.code,
      courseTitle: course?.title ?? '',
      amountText: formatPrice(confirmed!.amountKopecks),
      payUrl: `${publicUrl}/courses/payment/${encodeURIComponent(confirmed!.code)}/`,
      heldUntilText: confirmed!.heldUntil ? formatDateTime(confirmed!.heldUntil) : null,
    },
  });
  return confirmed!;
}

/** A profile field is empty when it was never set or holds only spaces. */
const emptyOr = (column: AnyPgColumn, value: string | null) =>
  value ? sql`case when coalesce(trim(${column}), '') = '' then ${value} else ${column} end` : sql`${column}`;

/**
 * The payer's own data from the order (names and phone) fills the account's EMPTY profile fields, so
 * the next order and the account page show them; a field the person set is never overwritten. The
 * e-mail is the account's already. Runs in the transaction that makes the order the account's.
 */
async function fillEmptyProfile(tx: Executor, userId: number, order: Order): Promise<void> {
  await tx
    .update(users)
    .set({
      lastName: emptyOr(users.lastName, order.payerLastName),
      firstName: emptyOr(users.firstName, order.payerFirstName),
      patronymic: emptyOr(users.patronymic, order.payerPatronymic),
      phone: emptyOr(users.phone, order.payerPhone),
    })
    .where(eq(users.id, userId));
}

/** Why an order's code cannot be sent or entered: confirmed already, or cancelled (its seat hold ran out). */
function notWaitingForCode(order: Order): ApiError {
  if (order.status !== 'cancelled') return new ApiError('conflict', ORDER_TEXTS.alreadyConfirmed);
  return new ApiError('conflict', order.groupId ? ORDER_TEXTS.holdExpired : ORDER_TEXTS.cancelled);
}

export class OrderConfirmation {
  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
  ) {}

  /** POST /api/order/{code}/send_code/: the code again to the payer's address (once per 30 s). */
  async sendCode(code: string, actor: Actor): Promise<CodeSent> {
    const order = await orderByCode(this.deps.db, code);
    if (order.status !== 'new') throw notWaitingForCode(order);
    return this.auth.sendOrderCode(order.id, order.payerEmail, actor);
  }

  /**
   * POST /api/order/{code}/confirm/: the mailed code signs the payer in (registering a new address)
   * and makes the order theirs, in one transaction. Guesses count like sign-in codes.
   */
  async confirm(code: string, digits: string, actor: Actor, deviceMark: string | undefined) {
    const order = await orderByCode(this.deps.db, code);
    if (order.status !== 'new') throw notWaitingForCode(order);
    const client = clientOf(actor);
    const signedIn = await this.auth.signInWithOrderCode(order.payerEmail, digits, order.id, actor, deviceMark, (tx, user) =>
      attachOrder(tx, order.id, user, client, this.deps.config.publicUrl),
    );
    return { signedIn, result: await this.afterAttach(signedIn.value) };
  }

  /**
   * POST /api/order/{code}/claim/ (LoginOrder): a person who signed in with a password instead of
   * the code takes the order when the account's address is the payer's address.
   */
  async claim(code: string, actor: SignedInActor): Promise<OrderRequestResult> {
    const order = await orderByCode(this.deps.db, code);
    // Another account's order, or a guest's order for another address: not this caller's (404).
    if (order.userId !== null && order.userId !== actor.user.id) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    if (order.userId === null && normaliseEmail(actor.user.email) !== normaliseEmail(order.payerEmail)) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    const attached = await this.deps.db.transaction((tx) => attachOrder(tx, order.id, actor.user, clientOf(actor), this.deps.config.publicUrl));
    return this.afterAttach(attached);
  }

  private async afterAttach(order: Order) {
    const next: OrderNextStep = order.status === 'paid' ? 'enrolled' : 'pay';
    return {
      success_message: next === 'enrolled' ? ORDER_TEXTS.successEnrolled : ORDER_TEXTS.successPay,
      order: await orderSummary(this.deps.db, order),
      next,
      resend_after: null,
    } satisfies OrderRequestResult;
  }
}
