// Access an owner granted to an address before it had an account (decision 0035): when someone
// proves the address (a sign-in, a session refresh, the POST of 'Мое обучение'), each pending
// grant becomes their enrolment. Reads only count them: no GET changes state (decision 0050).
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { courseGrants, groupMembers, groups, userCourses } from '../../db/schema/index.ts';
import { manualMembers } from '../orders/transitions.ts';

/** Turns the pending grants of `email` into enrolments of `userId` (in the caller's transaction). */
export async function applyCourseGrants(tx: Executor, user: { id: number; email: string }): Promise<number> {
  const grants = await tx
    .delete(courseGrants)
    .where(eq(courseGrants.email, sql`lower(${user.email})`))
    .returning();
  if (!grants.length) return 0;
  // A course the person already has stays as it is: only new enrolments are counted.
  const added = await tx
    .insert(userCourses)
    .values(grants.map((g) => ({ userId: user.id, courseId: g.courseId, source: 'manual' as const, grantedById: g.grantedById, accessUntil: g.accessUntil })))
    .onConflictDoNothing()
    .returning({ id: userCourses.id });
  // Staff invited the address into a group (decision 0064): the enrolment joins it while a seat is free.
  for (const grant of grants) {
    if (grant.groupId === null) continue;
    await joinInvitedGroup(tx, user.id, grant.courseId, grant.groupId);
  }
  return added.length;
}

/** Puts the account's own enrolment of the course into the group, under the group's lock, when a seat is free. */
async function joinInvitedGroup(tx: Executor, userId: number, courseId: number, groupId: number): Promise<void> {
  const [group] = await tx.select().from(groups).where(and(eq(groups.id, groupId), isNull(groups.closedAt))).for('update');
  if (!group) return;
  const [enrolment] = await tx
    .select({ id: userCourses.id, orderId: userCourses.orderId })
    .from(userCourses)
    .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId), isNull(userCourses.studentId)));
  if (!enrolment) return;
  const [inside] = await tx.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userCourseId, enrolment.id));
  if (inside) return;
  const [seats] = await tx.select({ taken: sql<number>`(${groups.seatsHeld} + ${manualMembers})::int` }).from(groups).where(eq(groups.id, groupId));
  if (group.capacity !== null && (seats?.taken ?? 0) + 1 > group.capacity) return;
  await tx.insert(groupMembers).values({ groupId, userCourseId: enrolment.id }).onConflictDoNothing();
  // An enrolment from an order is counted with the orders' seats (learners added by hand count themselves).
  if (enrolment.orderId !== null) await tx.update(groups).set({ seatsHeld: sql`${groups.seatsHeld} + 1` }).where(eq(groups.id, groupId));
}

/** How many grants wait for `user`'s address; none for an address not yet proven. A pure read. */
export async function countCourseGrants(db: Executor, user: { email: string; emailVerifiedAt: Date | null }): Promise<number> {
  if (!user.emailVerifiedAt) return 0;
  const [row] = await db.select({ n: count() }).from(courseGrants).where(eq(courseGrants.email, sql`lower(${user.email})`));
  return row?.n ?? 0;
}

/**
 * Applies the pending grants of a verified address in a transaction of its own; 0 for an unverified
 * one. Called at every session refresh, so it writes only when a read finds grants waiting.
 */
export async function applyVerifiedGrants(
  db: Db,
  user: { id: number; email: string; emailVerifiedAt: Date | null },
): Promise<number> {
  if ((await countCourseGrants(db, user)) === 0) return 0;
  return db.transaction((tx) => applyCourseGrants(tx, user));
}
