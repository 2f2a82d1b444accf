// The learning scope with placeholders, for the named prepared statements (db/named.ts, decision
// 0084) of the learner's hottest calls: the lesson page and the quiz answer save.
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { userCourses } from '../../db/schema/index.ts';
import type { SignedInActor } from '../auth/actor.ts';

/**
 * studyScope (scopes.ts) with placeholders: `userId`, and `tokenCourse` — the one enrolment a
 * course token opens, null for an access token.
 */
export const preparedStudyScope: SQL = and(
  eq(userCourses.userId, sql.placeholder('userId')),
  eq(userCourses.isActive, true),
  or(isNull(userCourses.accessUntil), gt(userCourses.accessUntil, sql`now()`)),
  sql`(${sql.placeholder('tokenCourse')}::int is null or ${userCourses.id} = ${sql.placeholder('tokenCourse')}::int)`,
)!;

/** The values of preparedStudyScope's placeholders for an actor. */
export function studyScopeValues(actor: SignedInActor): { userId: number; tokenCourse: number | null } {
  return { userId: actor.user.id, tokenCourse: actor.userCourseId ?? null };
}
