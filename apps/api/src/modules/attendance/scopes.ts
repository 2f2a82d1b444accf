// Whose groups a person marks attendance in (decision 0088): staff every group; a course owner the
// groups of their courses; a curator of a course all its groups, a curator of a group that group.
// A group outside the scope answers the same 404 as a group that does not exist.
import { sql, type SQL } from 'drizzle-orm';
import { courses, curators, groups } from '../../db/schema/index.ts';
import type { SignedInActor } from '../auth/actor.ts';

/** The condition on `groups` for the groups `actor` may see and mark. */
export function curatedGroups(actor: SignedInActor): SQL {
  const user = actor.user;
  if (user.isStaff) return sql`true`;
  return sql`(exists (select 1 from ${courses} where ${courses.id} = ${groups.courseId} and ${courses.ownerId} = ${user.id})
    or exists (select 1 from ${curators} where ${curators.userId} = ${user.id} and ${curators.courseId} = ${groups.courseId}
      and (${curators.groupId} is null or ${curators.groupId} = ${groups.id})))`;
}

export const GROUP_NOT_FOUND = 'Группа не найдена.';
export const SESSION_NOT_FOUND = 'Занятие не найдено.';
