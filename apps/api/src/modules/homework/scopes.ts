// The curator scope of homework (decision 0087): which submissions, courses and groups a curator
// reaches, written once as SQL conditions and put inside the queries, so a foreign id answers 404
// by construction (db/find.ts). The `curator` access level only says the caller may open the
// curator's screens at all; the rows are these conditions' business.
//
// User U reaches a submission when U is staff; or U owns its course; or U is a curator of the whole
// course (a curators row with group null); or U is a curator of a group of the course and the
// submission's enrolment is a member of that group.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { courses, curators, groupMembers, groups, homeworkSubmissions, userCourses } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

/**
 * The enrolment `userCourseId` of course `courseId` is within the actor's curator scope. Both are
 * columns (or values) of the outer query; the condition reads its own tables in subqueries, so it
 * may be put into any query, whatever it joins.
 */
export function curatesEnrolment(actor: Actor, courseId: SQLWrapper, userCourseId: SQLWrapper): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  if (user.isStaff) return EVERYTHING;
  return sql`(exists (select 1 from ${courses} as hw_c where hw_c.id = ${courseId} and hw_c.owner_id = ${user.id})
    or exists (select 1 from ${curators} as hw_k where hw_k.user_id = ${user.id} and hw_k.course_id = ${courseId}
      and (hw_k.group_id is null or exists (select 1 from ${groupMembers} as hw_gm
        where hw_gm.group_id = hw_k.group_id and hw_gm.user_course_id = ${userCourseId}))))`;
}

/**
 * Submissions the actor may check: a condition over `homework_submissions` (no join needed).
 * What the curator's queue, detail, claim and review read through, and what decides whether a
 * curator may open a homework file.
 */
export function curatedSubmissions(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  if (user.isStaff) return EVERYTHING;
  return curatesEnrolment(
    actor,
    sql`(select hw_uc.course_id from ${userCourses} as hw_uc where hw_uc.id = ${homeworkSubmissions.userCourseId})`,
    homeworkSubmissions.userCourseId,
  );
}

/**
 * Courses whose homework the actor checks (all of it or some group's): a condition over `courses`.
 * The filters of the queue, and the courses a curator's groups come from.
 */
export function curatedCourses(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  if (user.isStaff) return EVERYTHING;
  return sql`(${courses.ownerId} = ${user.id}
    or exists (select 1 from ${curators} as hw_k where hw_k.user_id = ${user.id} and hw_k.course_id = ${courses.id}))`;
}

/**
 * Groups the actor curates: a condition over `groups`. Staff every group; a course owner the
 * groups of their courses; a curator of a whole course its groups; a curator of a group that group.
 * What attendance marking reads through.
 */
export function curatedGroups(actor: Actor): SQL {
  const user = actor.user;
  if (!user) return NOTHING;
  if (user.isStaff) return EVERYTHING;
  return sql`(exists (select 1 from ${courses} as hw_c where hw_c.id = ${groups.courseId} and hw_c.owner_id = ${user.id})
    or exists (select 1 from ${curators} as hw_k where hw_k.user_id = ${user.id} and hw_k.course_id = ${groups.courseId}
      and (hw_k.group_id is null or hw_k.group_id = ${groups.id})))`;
}

export const SUBMISSION_NOT_FOUND = 'Задание не найдено.';
