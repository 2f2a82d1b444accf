// The one enrolment scope of learning (decisions 0011, 0028): every learning query reaches a
// course's lessons, tests, progress and attempts through a user course row that passes it, so
// another account's ids (or an enrolment that is hidden or past its access) answer 404 by
// construction.
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { userCourses } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';

const NOTHING = sql`false`;

/**
 * Enrolments the actor may study through now: theirs (the parent's rows include a child's, whose
 * `student_id` says who studies), active, with no end of access or one in the future. A caller
 * who came with a course token is kept to that token's enrolment.
 */
export function studyScope(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  return and(
    eq(userCourses.userId, user.id),
    eq(userCourses.isActive, true),
    or(isNull(userCourses.accessUntil), gt(userCourses.accessUntil, sql`now()`)),
    actor.userCourseId === undefined ? undefined : eq(userCourses.id, actor.userCourseId),
  )!;
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
