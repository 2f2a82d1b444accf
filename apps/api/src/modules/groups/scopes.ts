// Who sees a group (decision 0031): a member, that is an account with an enrolment in the group
// that passes the study scope of learning (its own or its child student's, active, within access).
// Everyone else gets the same 404 as for a group that does not exist.
import { and, eq, type SQL } from 'drizzle-orm';
import { groupMembers, groups, userCourses } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';
import { studyScope } from '../learning/scopes.ts';

/**
 * The condition for a query over `group_members ⋈ user_courses ⋈ groups`: the enrolment is one the
 * actor may study, and it is of the group's course.
 */
export function memberScope(actor: Actor): SQL {
  return and(studyScope(actor), eq(groups.courseId, userCourses.courseId), eq(groupMembers.userCourseId, userCourses.id))!;
}

export const GROUP_NOT_FOUND = 'Группа не найдена.';
