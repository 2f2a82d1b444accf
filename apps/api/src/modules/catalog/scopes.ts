// Query scopes of the catalogue: who may see which courses and reviews, written once as SQL
// conditions and put inside the queries (decision 0011). A row outside the scope is never read,
// so a foreign id answers 404 by construction (use `findOne` from db/find.ts).
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { courses, reviews, userCourses } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';

const MAX_ID = 2_147_483_647;
const NOTHING = sql`false`;

/** Courses anyone may see: published. */
export const publishedCourses: SQL = eq(courses.isPublished, true);

/** Reviews anyone may see: published (their course may be hidden; see selectReviews). */
export const publishedReviews: SQL = eq(reviews.status, 'published');

/** A course path key (slug or numeric id) as a condition on `courses`. */
export function courseKeyCondition(key: string): SQL {
  const id = /^\d{1,10}$/.test(key) ? Number(key) : NaN;
  return id > 0 && id <= MAX_ID ? or(eq(courses.slug, key), eq(courses.id, id))! : eq(courses.slug, key);
}

/**
 * Courses the actor administers: staff every course; a course owner those whose `owner_id` is
 * theirs; anyone else none (decision 0011). Published or not.
 */
export function ownedBy(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  if (user.isStaff) return sql`true`;
  if (!user.isCourseOwner) return NOTHING;
  return eq(courses.ownerId, user.id);
}

/**
 * Courses the actor may study now: an enrolment (`user_courses`) of theirs that is active and
 * whose access has no end or ends in the future. Published or not (a hidden course stays open
 * to those who bought it).
 */
export function enrolledIn(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  return sql`exists (select 1 from ${userCourses} where ${and(
    eq(userCourses.courseId, courses.id),
    eq(userCourses.userId, user.id),
    eq(userCourses.isActive, true),
    or(isNull(userCourses.accessUntil), sql`${userCourses.accessUntil} > now()`),
  )})`;
}
