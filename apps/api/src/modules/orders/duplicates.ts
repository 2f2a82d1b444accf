// One open or paid order per learner and course: an account may not order (or pay) a course again
// for a learner already studying it or already in another open order of it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_TEXTS } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { orderStudents, orders, userCourses } from '../../db/schema/index.ts';
import { openPayments } from './transitions.ts';

/**
 * Serialises the checks and writes of one account's orders of one course (a transaction-scoped
 * lock, taken before any row lock), so that parallel requests or payments see each other.
 */
export async function lockLearnerOrders(tx: Executor, userId: number, courseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-learner:${userId}:${courseId}`}, 0))`);
}

/**
 * Why an account may not order (or pay) the course for these learners again, or null: a learner
 * already enrolled (not refunded, access not over), or another open order for the same learner
 * and course (`except` — the order being paid). Call with lockLearnerOrders held.
 */
export async function duplicateOf(
  tx: Executor,
  who: { userId: number; courseId: number; self: boolean; studentIds: readonly number[]; except?: number; paying?: boolean },
): Promise<string | null> {
  if (!who.self && who.studentIds.length === 0) return null;
  const learner = (column: typeof userCourses.studentId | typeof orderStudents.studentId) =>
    who.self ? sql`${column} is null` : inArray(column, [...who.studentIds]);
  const [enrolled] = await tx
    .select({ id: userCourses.id })
    .from(userCourses)
    .leftJoin(orders, eq(orders.id, userCourses.orderId))
    .where(
      and(
        eq(userCourses.userId, who.userId),
        eq(userCourses.courseId, who.courseId),
        learner(userCourses.studentId),
        sql`(${userCourses.accessUntil} is null or ${userCourses.accessUntil} > now())`,
        sql`(${orders.id} is null or ${orders.status} <> 'refunded')`,
        ...(who.except ? [sql`${userCourses.orderId} is distinct from ${who.except}`] : []),
      ),
    )
    .limit(1);
  if (enrolled) return who.paying ? ORDER_TEXTS.duplicatePaid : who.self ? ORDER_TEXTS.alreadyStudyingSelf : ORDER_TEXTS.alreadyStudying;
  const open = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.userId, who.userId),
        eq(orders.courseId, who.courseId),
        inArray(orders.status, who.paying ? ['awaiting_payment'] : ['new', 'confirmed', 'awaiting_payment']),
        ...(who.except ? [sql`${orders.id} <> ${who.except}`] : []),
        who.self
          ? eq(orders.studyForSelf, true)
          : sql`exists (select 1 from ${orderStudents} where ${orderStudents.orderId} = ${orders.id} and ${learner(orderStudents.studentId)})`,
      ),
    );
  if (!who.paying) return open.length ? ORDER_TEXTS.openOrderExists : null;
  // Paying an order made before these checks while the bank processes a duplicate of it: its outcome first.
  for (const other of open) if ((await openPayments(tx, other.id)).some((p) => p.status === 'pending')) return ORDER_TEXTS.duplicatePaying;
  return null;
}
