// Access an owner granted to an address before it had an account (decision 0035): when someone
// proves the address (a code, a social sign-in), each pending grant becomes their enrolment.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courseGrants, userCourses } from '../../db/schema/index.ts';

/** Turns the pending grants of `email` into enrolments of `userId` (in the caller's transaction). */
export async function applyCourseGrants(tx: Executor, user: { id: number; email: string }): Promise<number> {
  const grants = await tx
    .delete(courseGrants)
    .where(eq(courseGrants.email, sql`lower(${user.email})`))
    .returning();
  if (!grants.length) return 0;
  await tx
    .insert(userCourses)
    .values(grants.map((g) => ({ userId: user.id, courseId: g.courseId, source: 'manual' as const, grantedById: g.grantedById, accessUntil: g.accessUntil })))
    .onConflictDoNothing();
  return grants.length;
}
