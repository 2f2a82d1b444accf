// Attendance marks as others read them (decision 0088): a learner's own marks in their timetable,
// counts per enrolment and group for statistics, every mark of some enrolments for the export.
// Kept apart from the curator's service, so groups and statistics import no curator code.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ATTENDED_STATUSES, type AttendanceCounts, type MyAttendance } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { attendanceMarks, groups, groupSchedules } from '../../db/schema/index.ts';

export const emptyCounts = (): AttendanceCounts => ({ present: 0, late: 0, absent: 0, excused: 0 });

/** Attendance, %: attended (present or late) of the marked sessions; null without marks. */
export function rateOf(c: AttendanceCounts): number | null {
  const marked = c.present + c.late + c.absent + c.excused;
  return marked === 0 ? null : Math.round((100 * ATTENDED_STATUSES.reduce((s, k) => s + c[k], 0)) / marked);
}

/** The marks of the account's own learners (`userCourseIds`) at some sessions, by session. */
export async function marksOf(db: Executor, sessionIds: number[], userCourseIds: number[]): Promise<Map<number, MyAttendance[]>> {
  const result = new Map<number, MyAttendance[]>();
  if (sessionIds.length === 0 || userCourseIds.length === 0) return result;
  const rows = await db
    .select({ scheduleId: attendanceMarks.scheduleId, userCourseId: attendanceMarks.userCourseId, status: attendanceMarks.status, note: attendanceMarks.note })
    .from(attendanceMarks)
    .where(and(inArray(attendanceMarks.scheduleId, sessionIds), inArray(attendanceMarks.userCourseId, userCourseIds)))
    .orderBy(asc(attendanceMarks.userCourseId));
  for (const r of rows) {
    const list = result.get(r.scheduleId) ?? [];
    list.push({ user_course_id: r.userCourseId, status: r.status, note: r.note });
    result.set(r.scheduleId, list);
  }
  return result;
}

/** Marks of some enrolments in their groups' sessions, counted per enrolment and group (statistics). */
export async function countsByMembership(db: Executor, userCourseIds: number[]): Promise<Map<string, AttendanceCounts>> {
  const result = new Map<string, AttendanceCounts>();
  if (userCourseIds.length === 0) return result;
  const rows = await db
    .select({
      userCourseId: attendanceMarks.userCourseId,
      groupId: groupSchedules.groupId,
      status: attendanceMarks.status,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(attendanceMarks)
    .innerJoin(groupSchedules, eq(groupSchedules.id, attendanceMarks.scheduleId))
    .where(inArray(attendanceMarks.userCourseId, userCourseIds))
    .groupBy(attendanceMarks.userCourseId, groupSchedules.groupId, attendanceMarks.status);
  for (const r of rows) {
    const key = `${r.userCourseId}:${r.groupId}`;
    const c = result.get(key) ?? emptyCounts();
    c[r.status] += r.count;
    result.set(key, c);
  }
  return result;
}

/** Every mark of some enrolments with its session and group, in time order (the learner's export). */
export function marksWithSessions(db: Executor, userCourseIds: number[]) {
  return db
    .select({
      userCourseId: attendanceMarks.userCourseId,
      status: attendanceMarks.status,
      note: attendanceMarks.note,
      startsAt: groupSchedules.startsAt,
      sessionTitle: groupSchedules.title,
      groupTitle: groups.title,
    })
    .from(attendanceMarks)
    .innerJoin(groupSchedules, eq(groupSchedules.id, attendanceMarks.scheduleId))
    .innerJoin(groups, eq(groups.id, groupSchedules.groupId))
    .where(inArray(attendanceMarks.userCourseId, userCourseIds.length ? userCourseIds : [0]))
    .orderBy(asc(groupSchedules.startsAt), asc(groupSchedules.id));
}

