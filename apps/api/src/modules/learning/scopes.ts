// The one enrolment scope of learning (decisions 0011, 0028): every learning query reaches a
// course's lessons, tests, progress and attempts through a user course row that passes it, so
// another account's ids (or an enrolment that is hidden or past its access) answer 404 by
// construction.
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { userCourses } from '../../db/schema/index.ts';
import type { Actor, SignedInActor } from '../auth/actor.ts';

const NOTHING = sql`false`;

/** An enrolment open for study now: active, with no end of access or one in the future. */
/** An enrolment the learner keeps and may study now (not hidden, access not ended). */
export const OPEN_NOW: SQL = and(eq(userCourses.isActive, true), or(isNull(userCourses.accessUntil), gt(userCourses.accessUntil, sql`now()`)))!;

/**
 * Enrolments the actor may study through now: theirs (the parent's rows include a child's, whose
 * `student_id` says who studies), active, with no end of access or one in the future. A caller
 * who came with a course token is kept to that token's enrolment.
 */
export function studyScope(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  return and(eq(userCourses.userId, user.id), OPEN_NOW, actor.userCourseId === undefined ? undefined : eq(userCourses.id, actor.userCourseId))!;
}

/**
 * studyScope with placeholders, for the named prepared statements (db/named.ts, decision 0084) of
 * the learner's hottest calls, the lesson page and the quiz answer save: `userId`, and
 * `tokenCourse` — the one enrolment a course token opens, null for an access token
 * (studyScopeValues gives both).
 */
export const preparedStudyScope: SQL = and(
  eq(userCourses.userId, sql.placeholder('userId')),
  OPEN_NOW,
  sql`(${sql.placeholder('tokenCourse')}::int is null or ${userCourses.id} = ${sql.placeholder('tokenCourse')}::int)`,
)!;

/** The values of preparedStudyScope's placeholders for an actor. */
export function studyScopeValues(actor: SignedInActor): { userId: number; tokenCourse: number | null } {
  return { userId: actor.user.id, tokenCourse: actor.userCourseId ?? null };
}

/** Enrolments the actor holds, active or hidden, in or past their access: what they may hide, show or remove. */
export function heldBy(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  return eq(userCourses.userId, user.id);
}

export const COURSE_NOT_FOUND = 'Курс не найден или доступ к нему закрыт.';
export const LESSON_NOT_FOUND = 'Урок не найден.';
export const TEST_NOT_FOUND = 'Тест не найден.';
export const ATTEMPT_NOT_FOUND = 'Результат попытки не найден.';
