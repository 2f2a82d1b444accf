import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { GroupStart } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import { courses, groups, groupSchedules, teachers } from '../../db/schema/index.ts';
import { courseKeyCondition, publishedCourses } from '../catalog/scopes.ts';
import { manualMembers } from '../orders/transitions.ts';
import { publishedGroups } from './scopes.ts';

/** Sessions listed per group: enough to show when it meets, not the whole timetable. */
const NEXT_SESSIONS = 3;

/**
 * GET /api/schedule/: published groups of published courses that start today or later (Moscow
 * time, where the school is), soonest first, with free seats and the next few sessions.
 */
export async function listGroupStarts(db: Db, query: { type?: 'adult' | 'kids'; course?: string }): Promise<GroupStart[]> {
  const rows = await db
    .select({
      id: groups.id,
      title: groups.title,
      startsOn: groups.startsOn,
      endsOn: groups.endsOn,
      format: groups.format,
      location: groups.location,
      capacity: groups.capacity,
      teacherId: teachers.id,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      courseId: courses.id,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      courseKids: courses.isKids,
      coursePrice: courses.priceKopecks,
      // Seats held by orders (paid or not yet) and learners added by hand (decision 0023).
      members: sql<number>`(${groups.seatsHeld} + ${manualMembers})::int`,
      sessionsCount: sql<number>`(select count(*) from ${groupSchedules} where ${groupSchedules.groupId} = ${groups.id})::int`,
    })
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(
      and(
        publishedGroups,
        publishedCourses,
        sql`${groups.startsOn} >= (now() at time zone 'Europe/Moscow')::date`,
        query.type ? eq(courses.isKids, query.type === 'kids') : undefined,
        query.course ? courseKeyCondition(query.course) : undefined,
      ),
    )
    .orderBy(asc(groups.startsOn), asc(courses.sort), asc(groups.id));
  if (rows.length === 0) return [];

  const numbered = db
    .select({
      id: groupSchedules.id,
      groupId: groupSchedules.groupId,
      title: groupSchedules.title,
      startsAt: groupSchedules.startsAt,
      endsAt: groupSchedules.endsAt,
      n: sql<number>`row_number() over (partition by ${groupSchedules.groupId} order by ${groupSchedules.startsAt}, ${groupSchedules.id})`.as('n'),
    })
    .from(groupSchedules)
    .where(and(inArray(groupSchedules.groupId, rows.map((row) => row.id)), sql`${groupSchedules.startsAt} >= now()`))
    .as('numbered');
  const sessions = await db
    .select({
      id: numbered.id,
      groupId: numbered.groupId,
      title: numbered.title,
      startsAt: numbered.startsAt,
      endsAt: numbered.endsAt,
    })
    .from(numbered)
    .where(sql`${numbered.n} <= ${NEXT_SESSIONS}`)
    .orderBy(asc(numbered.startsAt), asc(numbered.id));
  const sessionsOf = new Map<number, GroupStart['sessions']>();
  for (const session of sessions) {
    const list = sessionsOf.get(session.groupId) ?? [];
    list.push({
      id: session.id,
      title: session.title,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
    });
    sessionsOf.set(session.groupId, list);
  }

  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    format: row.format,
    location: row.location,
    capacity: row.capacity,
    seats_left: row.capacity === null ? null : Math.max(0, row.capacity - row.members),
    teacher:
      row.teacherId !== null && row.teacherFirstName !== null && row.teacherLastName !== null
        ? { id: row.teacherId, first_name: row.teacherFirstName, last_name: row.teacherLastName }
        : null,
    course: { id: row.courseId, slug: row.courseSlug, title: row.courseTitle, kids: row.courseKids, price: row.coursePrice },
    sessions: sessionsOf.get(row.id) ?? [],
    sessions_count: row.sessionsCount,
  }));
}
