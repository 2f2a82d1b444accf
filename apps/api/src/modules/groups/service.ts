// Groups as their learners see them (decision 0031): the courses studied in a group, my
// groups with the next session and the classmates count, one group's timetable.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AvailableGroupCourse, GroupLearner, GroupSession, MyGroup, MyGroupDetail, MyGroupSession } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  groupMembers,
  groups,
  groupSchedules,
  lessons,
  students,
  teachers,
  tests,
  userCourses,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { marksOf } from '../attendance/marks.ts';
import { GROUP_NOT_FOUND, memberScope } from './scopes.ts';

/** Every membership of the actor (their own enrolments and their students'), with group, course, teacher and student. */
export function memberships(db: Executor, actor: Actor, groupId?: number) {
  return db
    .select({
      userCourseId: userCourses.id,
      group: {
        id: groups.id,
        title: groups.title,
        startsOn: groups.startsOn,
        endsOn: groups.endsOn,
        format: groups.format,
        location: groups.location,
      },
      course: { id: courses.id, slug: courses.slug, title: courses.title, kids: courses.isKids },
      teacherId: teachers.id,
      teacherFirstName: teachers.firstName,
      teacherLastName: teachers.lastName,
      studentId: students.id,
      studentFirstName: students.firstName,
      studentLastName: students.lastName,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(teachers, eq(teachers.id, groups.teacherId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(and(memberScope(actor), groupId === undefined ? undefined : eq(groups.id, groupId)))
    .orderBy(asc(groups.startsOn), asc(groups.id), sql`${userCourses.studentId} nulls first`, asc(userCourses.id));
}
type Membership = Awaited<ReturnType<typeof memberships>>[number];

const teacherOf = (m: Membership) =>
  m.teacherId === null ? null : { id: m.teacherId, first_name: m.teacherFirstName ?? '', last_name: m.teacherLastName ?? '' };
const studentOf = (m: Membership) =>
  m.studentId === null ? null : { id: m.studentId, first_name: m.studentFirstName ?? '', last_name: m.studentLastName ?? '' };
export const learnerOf = (m: Membership): GroupLearner => ({ user_course_id: m.userCourseId, student: studentOf(m) });

/** GET /api/group_schedule/courses/available/: one entry per enrolment studied in a group. */
export async function availableGroupCourses(db: Executor, actor: Actor): Promise<AvailableGroupCourse[]> {
  return (await memberships(db, actor)).map((m) => ({
    user_course_id: m.userCourseId,
    course: m.course,
    group: { id: m.group.id, title: m.group.title, starts_on: m.group.startsOn, ends_on: m.group.endsOn },
    teacher: teacherOf(m),
    student: studentOf(m),
  }));
}

/** The sessions of some groups in time order, with their lesson or test (published ones only). */
export function sessionsOf(db: Executor, groupIds: number[], where?: SQL) {
  return db
    .select({
      id: groupSchedules.id,
      groupId: groupSchedules.groupId,
      title: groupSchedules.title,
      startsAt: groupSchedules.startsAt,
      endsAt: groupSchedules.endsAt,
      location: groupSchedules.location,
      onlineUrl: groupSchedules.onlineUrl,
      updatedAt: groupSchedules.updatedAt,
      groupLocation: groups.location,
      groupOnlineUrl: groups.onlineUrl,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      testId: tests.id,
      testTitle: tests.name,
    })
    .from(groupSchedules)
    .innerJoin(groups, eq(groups.id, groupSchedules.groupId))
    .leftJoin(lessons, and(eq(lessons.id, groupSchedules.lessonId), eq(lessons.isPublished, true)))
    .leftJoin(tests, and(eq(tests.id, groupSchedules.testId), eq(tests.isPublished, true)))
    .where(and(inArray(groupSchedules.groupId, groupIds.length ? groupIds : [0]), where))
    .orderBy(asc(groupSchedules.startsAt), asc(groupSchedules.id));
}
export type SessionRow = Awaited<ReturnType<typeof sessionsOf>>[number];

/**
 * A session as the API answers it: an in-person session without a place of its own meets at the
 * group's; an online group's sessions carry the group's link (members only read these).
 */
export function toSession(s: SessionRow): GroupSession {
  const onlineUrl = s.onlineUrl ?? (s.location ? null : s.groupOnlineUrl);
  return {
    id: s.id,
    title: s.title,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    location: s.location ?? (onlineUrl ? null : s.groupLocation),
    online_url: onlineUrl,
    lesson: s.lessonId === null ? null : { id: s.lessonId, title: s.lessonTitle ?? '' },
    test: s.testId === null ? null : { id: s.testId, title: s.testTitle ?? '' },
  };
}

/** My groups (or one of them): a group once, with every learner of the account in it. */
async function loadGroups(db: Executor, actor: Actor, groupId?: number) {
  const rows = await memberships(db, actor, groupId);
  const byGroup = new Map<number, { first: Membership; learners: GroupLearner[] }>();
  for (const m of rows) {
    const entry = byGroup.get(m.group.id);
    if (entry) entry.learners.push(learnerOf(m));
    else byGroup.set(m.group.id, { first: m, learners: [learnerOf(m)] });
  }
  const ids = [...byGroup.keys()];
  const [counts, sessions] = await Promise.all([
    ids.length
      ? db
          .select({ groupId: groupMembers.groupId, count: sql<number>`count(*)`.mapWith(Number) })
          .from(groupMembers)
          .where(inArray(groupMembers.groupId, ids))
          .groupBy(groupMembers.groupId)
      : Promise.resolve([]),
    ids.length ? sessionsOf(db, ids) : Promise.resolve([]),
  ]);
  const countOf = new Map(counts.map((c) => [c.groupId, c.count]));
  const now = Date.now();
  return [...byGroup.values()].map(({ first: m, learners }) => {
    const own = sessions.filter((s) => s.groupId === m.group.id);
    const next = own.find((s) => s.endsAt.getTime() > now);
    const group: MyGroup = {
      id: m.group.id,
      title: m.group.title,
      course: m.course,
      starts_on: m.group.startsOn,
      ends_on: m.group.endsOn,
      format: m.group.format,
      location: m.group.location,
      teacher: teacherOf(m),
      learners,
      members_count: countOf.get(m.group.id) ?? learners.length,
      sessions_count: own.length,
      next_session: next ? toSession(next) : null,
    };
    return { group, sessions: own, now };
  });
}

/** GET /api/user/groups/ */
export async function myGroups(db: Executor, actor: Actor): Promise<MyGroup[]> {
  return (await loadGroups(db, actor)).map((g) => g.group);
}

/** GET /api/user/groups/{id}/: the group and its whole timetable; 404 unless the actor is a member. */
export async function myGroup(db: Executor, actor: Actor, groupId: number): Promise<MyGroupDetail> {
  const [found] = await loadGroups(db, actor, groupId);
  if (!found) throw ApiError.notFound(GROUP_NOT_FOUND);
  // The account's own learners' attendance marks (decision 0088), never the classmates'.
  const marks = await marksOf(db, found.sessions.map((s) => s.id), found.group.learners.map((l) => l.user_course_id));
  return {
    ...found.group,
    sessions: found.sessions.map((s) => ({ ...toSession(s), is_past: s.endsAt.getTime() <= found.now, attendance: marks.get(s.id) ?? [] })),
  };
}

export const SESSION_NOT_FOUND = 'Занятие не найдено.';

/** GET /api/user/groups/{id}/schedule/{scheduleId}/: one session of a group the actor is a member of; else 404. */
export async function myGroupSession(db: Executor, actor: Actor, groupId: number, sessionId: number): Promise<MyGroupSession> {
  const [found] = await loadGroups(db, actor, groupId);
  if (!found) throw ApiError.notFound(GROUP_NOT_FOUND);
  const session = found.sessions.find((s) => s.id === sessionId);
  if (!session) throw ApiError.notFound(SESSION_NOT_FOUND);
  const { group } = found;
  const marks = await marksOf(db, [session.id], group.learners.map((l) => l.user_course_id));
  return {
    ...toSession(session),
    is_past: session.endsAt.getTime() <= found.now,
    group: { id: group.id, title: group.title },
    course: group.course,
    learners: group.learners,
    attendance: marks.get(session.id) ?? [],
  };
}
