// Attendance of a group's sessions (decision 0088): the groups a curator marks, a group's sessions
// and members, a session's list read and saved whole at its version (a stale save is a 409), and
// the marks for the learner's timetable and statistics. Curators see names and course progress only.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fullName } from '@crema/contract';
import {
  ATTENDANCE_CONFLICT,
  formatDateTime,
  type AttendanceCounts,
  type AttendanceRow,
  type AttendanceSave,
  type AttendanceSheet,
  type AttendanceStatus,
  type CuratorGroup,
  type CuratorGroupDetail,
  type CuratorSession,
} from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import {
  attendanceMarks,
  attendanceSheets,
  courses,
  groupMembers,
  groups,
  groupSchedules,
  students,
  userCourses,
  users,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { sessionsOf, type SessionRow } from '../groups/service.ts';
import type { StructureSource } from '../learning/outline.ts';
import { loadProgress } from '../statistics/progress.ts';
import { emptyCounts, rateOf } from './marks.ts';
import { curatedGroups, GROUP_NOT_FOUND, SESSION_NOT_FOUND } from './scopes.ts';

export const NOT_STARTED = 'Занятие ещё не началось: посещаемость отмечают с его начала.';
export const NOT_A_MEMBER = 'Этого ученика нет в группе: обновите страницу.';
export const TWICE = 'Ученик указан в списке дважды.';
const NO_NAME = 'Имя не указано';

/** A person's name as a curator reads it: last and first name; never the e-mail or a phone. */
export function personName(last: string | null, first: string | null): string {
  return fullName({ last_name: last, first_name: first }) || NO_NAME;
}

const groupColumns = {
  id: groups.id,
  title: groups.title,
  startsOn: groups.startsOn,
  endsOn: groups.endsOn,
  format: groups.format,
  closedAt: groups.closedAt,
  courseId: courses.id,
  courseTitle: courses.title,
};

/** Today in Moscow, as PostgreSQL computes it. */
const TODAY = sql`(now() at time zone 'Europe/Moscow')::date`;

/**
 * The groups the actor marks (one, with `groupId`): open ones before closed ones; among them the
 * groups under way first, then those still to start (the nearest first), then the finished ones
 * (the latest first).
 */
function scopedGroups(db: Executor, actor: SignedInActor, groupId?: number) {
  return db
    .select(groupColumns)
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .where(and(curatedGroups(actor), groupId === undefined ? undefined : eq(groups.id, groupId)))
    .orderBy(
      sql`${groups.closedAt} is not null`,
      sql`case when ${groups.startsOn} > ${TODAY} then 1 when coalesce(${groups.endsOn}, ${groups.startsOn}) < ${TODAY} then 2 else 0 end`,
      sql`abs(${groups.startsOn} - ${TODAY})`,
      asc(groups.id),
    )
    .limit(500);
}
type GroupRow = Awaited<ReturnType<typeof scopedGroups>>[number];

async function groupOf(db: Executor, actor: SignedInActor, groupId: number): Promise<GroupRow> {
  const [row] = await scopedGroups(db, actor, groupId);
  if (!row) throw ApiError.notFound(GROUP_NOT_FOUND);
  return row;
}

/** Per group: members, sessions, started ones, started ones without a saved list, the next one. */
async function groupNumbers(db: Executor, ids: number[], now: Date) {
  if (ids.length === 0) return { members: new Map<number, number>(), sessions: new Map<number, SessionNumbers>() };
  const [members, sessions] = await Promise.all([
    db
      .select({ groupId: groupMembers.groupId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(groupMembers)
      .where(inArray(groupMembers.groupId, ids))
      .groupBy(groupMembers.groupId),
    db
      .select({
        groupId: groupSchedules.groupId,
        total: sql<number>`count(*)`.mapWith(Number),
        past: sql<number>`count(*) filter (where ${groupSchedules.startsAt} <= ${now})`.mapWith(Number),
        unmarked: sql<number>`count(*) filter (where ${groupSchedules.startsAt} <= ${now} and ${attendanceSheets.scheduleId} is null)`.mapWith(Number),
        next: sql<string | null>`(array_agg(json_build_object('id', ${groupSchedules.id}, 'title', ${groupSchedules.title}, 'starts_at', ${groupSchedules.startsAt}) order by ${groupSchedules.startsAt}) filter (where ${groupSchedules.endsAt} > ${now}))[1]`,
      })
      .from(groupSchedules)
      .leftJoin(attendanceSheets, eq(attendanceSheets.scheduleId, groupSchedules.id))
      .where(inArray(groupSchedules.groupId, ids))
      .groupBy(groupSchedules.groupId),
  ]);
  return {
    members: new Map(members.map((m) => [m.groupId, m.count])),
    sessions: new Map(sessions.map((s) => [s.groupId, s])),
  };
}
interface SessionNumbers {
  total: number;
  past: number;
  unmarked: number;
  next: unknown;
}

function nextOf(value: unknown): CuratorGroup['next_session'] {
  if (value === null || value === undefined) return null;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { id: number; title: string; starts_at: string };
  return { id: v.id, title: v.title, starts_at: new Date(v.starts_at).toISOString() };
}

function toGroup(g: GroupRow, numbers: Awaited<ReturnType<typeof groupNumbers>>): CuratorGroup {
  const s = numbers.sessions.get(g.id);
  return {
    id: g.id,
    title: g.title,
    course: { id: g.courseId, title: g.courseTitle },
    starts_on: g.startsOn,
    ends_on: g.endsOn,
    format: g.format,
    closed: g.closedAt !== null,
    members_count: numbers.members.get(g.id) ?? 0,
    sessions_count: s?.total ?? 0,
    sessions_past: s?.past ?? 0,
    sessions_unmarked: s?.unmarked ?? 0,
    next_session: nextOf(s?.next ?? null),
  };
}

/** GET /api/curator/groups/ */
export async function curatorGroups(db: Executor, actor: SignedInActor, now = new Date()): Promise<CuratorGroup[]> {
  const rows = await scopedGroups(db, actor);
  const numbers = await groupNumbers(db, rows.map((g) => g.id), now);
  return rows.map((g) => toGroup(g, numbers));
}

/** The group's members with their names (the student's, when a child studies), by surname. */
function membersOf(db: Executor, groupId: number) {
  const name = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${students.lastName}, ${students.firstName})), ''), nullif(trim(concat_ws(' ', ${users.lastName}, ${users.firstName})), ''), ${NO_NAME}::text)`;
  return db
    .select({ userCourseId: userCourses.id, courseId: userCourses.courseId, name })
    .from(groupMembers)
    .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${name} collate "ru-RU-x-icu"`, asc(userCourses.id));
}

/** Marks of some sessions, counted per session and per member. */
async function countsOf(db: Executor, sessionIds: number[], memberIds: number[]) {
  const rows = sessionIds.length
    ? await db
        .select({ scheduleId: attendanceMarks.scheduleId, userCourseId: attendanceMarks.userCourseId, status: attendanceMarks.status })
        .from(attendanceMarks)
        .where(and(inArray(attendanceMarks.scheduleId, sessionIds), inArray(attendanceMarks.userCourseId, memberIds.length ? memberIds : [0])))
    : [];
  const bySession = new Map<number, AttendanceCounts>();
  const byMember = new Map<number, AttendanceCounts>();
  const total = emptyCounts();
  for (const r of rows) {
    const s = bySession.get(r.scheduleId) ?? emptyCounts();
    s[r.status] += 1;
    bySession.set(r.scheduleId, s);
    const m = byMember.get(r.userCourseId) ?? emptyCounts();
    m[r.status] += 1;
    byMember.set(r.userCourseId, m);
    total[r.status] += 1;
  }
  return { bySession, byMember, total };
}

function toCuratorSession(s: SessionRow, marked: boolean, counts: AttendanceCounts | undefined, now: Date): CuratorSession {
  return {
    id: s.id,
    title: s.title,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    lesson: s.lessonId === null ? null : { id: s.lessonId, title: s.lessonTitle ?? '' },
    test: s.testId === null ? null : { id: s.testId, title: s.testTitle ?? '' },
    is_started: s.startsAt.getTime() <= now.getTime(),
    is_marked: marked,
    counts: counts ?? emptyCounts(),
  };
}

async function sheetsOf(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return new Map<number, { version: number; updatedAt: Date; updatedBy: string | null }>();
  const rows = await db
    .select({
      scheduleId: attendanceSheets.scheduleId,
      version: attendanceSheets.version,
      updatedAt: attendanceSheets.updatedAt,
      last: users.lastName,
      first: users.firstName,
      hasUser: users.id,
    })
    .from(attendanceSheets)
    .leftJoin(users, eq(users.id, attendanceSheets.updatedBy))
    .where(inArray(attendanceSheets.scheduleId, sessionIds));
  return new Map(
    rows.map((r) => [r.scheduleId, { version: r.version, updatedAt: r.updatedAt, updatedBy: r.hasUser === null ? null : personName(r.last, r.first) }]),
  );
}

/** GET /api/curator/groups/{id}/: the group, its sessions with their marks counted, its members with progress and attendance. */
export async function curatorGroup(
  db: Executor,
  structure: StructureSource,
  actor: SignedInActor,
  groupId: number,
  now = new Date(),
): Promise<CuratorGroupDetail> {
  const group = await groupOf(db, actor, groupId);
  const [numbers, sessions, members] = await Promise.all([groupNumbers(db, [group.id], now), sessionsOf(db, [group.id]), membersOf(db, group.id)]);
  const sessionIds = sessions.map((s) => s.id);
  const memberIds = members.map((m) => m.userCourseId);
  const [counts, sheets, progress] = await Promise.all([
    countsOf(db, sessionIds, memberIds),
    sheetsOf(db, sessionIds),
    loadProgress(db, structure, members.map((m) => ({ id: m.userCourseId, courseId: m.courseId }))),
  ]);
  return {
    ...toGroup(group, numbers),
    sessions: sessions.map((s) => toCuratorSession(s, sheets.has(s.id), counts.bySession.get(s.id), now)),
    members: members.map((m) => {
      const c = counts.byMember.get(m.userCourseId) ?? emptyCounts();
      return { user_course_id: m.userCourseId, name: m.name, progress: progress.get(m.userCourseId)?.progress ?? 0, counts: c, rate: rateOf(c) };
    }),
    rate: rateOf(counts.total),
  };
}

/** GET /api/curator/groups/{id}/sessions/{sessionId}/ */
export async function attendanceSheet(db: Executor, actor: SignedInActor, groupId: number, sessionId: number, now = new Date()): Promise<AttendanceSheet> {
  const group = await groupOf(db, actor, groupId);
  return readSheet(db, group, sessionId, now);
}

async function sessionOf(db: Executor, group: GroupRow, sessionId: number): Promise<SessionRow> {
  const [session] = await sessionsOf(db, [group.id], eq(groupSchedules.id, sessionId));
  if (!session) throw ApiError.notFound(SESSION_NOT_FOUND);
  return session;
}

async function readSheet(db: Executor, group: GroupRow, sessionId: number, now: Date): Promise<AttendanceSheet> {
  const session = await sessionOf(db, group, sessionId);
  const marker = sql<string | null>`(select coalesce(nullif(trim(concat_ws(' ', ${users.lastName}, ${users.firstName})), ''), ${NO_NAME}) from ${users} where ${users.id} = ${attendanceMarks.markedBy})`;
  // In turn: this also reads inside the save's transaction (one connection).
  const members = await membersOf(db, group.id);
  const marks = await db
    .select({ userCourseId: attendanceMarks.userCourseId, status: attendanceMarks.status, note: attendanceMarks.note, markedAt: attendanceMarks.markedAt, marker })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.scheduleId, session.id));
  const sheets = await sheetsOf(db, [session.id]);
  const markOf = new Map(marks.map((m) => [m.userCourseId, m]));
  const counts = emptyCounts();
  const rows: AttendanceRow[] = members.map((m) => {
    const mark = markOf.get(m.userCourseId);
    if (mark) counts[mark.status] += 1;
    return {
      user_course_id: m.userCourseId,
      name: m.name,
      status: mark?.status ?? null,
      note: mark?.note ?? '',
      marked_by: mark ? mark.marker : null,
      marked_at: mark ? mark.markedAt.toISOString() : null,
    };
  });
  const sheet = sheets.get(session.id);
  return {
    group: { id: group.id, title: group.title },
    course: { id: group.courseId, title: group.courseTitle },
    session: toCuratorSession(session, sheet !== undefined, counts, now),
    version: sheet?.version ?? 0,
    updated_at: sheet ? sheet.updatedAt.toISOString() : null,
    updated_by: sheet?.updatedBy ?? null,
    rows,
  };
}

/**
 * PUT /api/curator/groups/{id}/sessions/{sessionId}/: the list saved at the version it was opened
 * at. The version moves first, by one conditional statement, so of two saves at the same version
 * exactly one passes and the other is a 409 with nothing written. Members left out keep their marks;
 * a null status takes a mark away; a mark unchanged keeps who set it and when.
 */
export async function saveAttendance(
  db: Executor,
  actor: SignedInActor,
  groupId: number,
  sessionId: number,
  body: AttendanceSave,
  now = new Date(),
): Promise<AttendanceSheet> {
  const group = await groupOf(db, actor, groupId);
  const session = await sessionOf(db, group, sessionId);
  if (session.startsAt.getTime() > now.getTime()) throw new ApiError('conflict', NOT_STARTED);
  const members = await membersOf(db, group.id);
  const memberIds = new Set(members.map((m) => m.userCourseId));
  const fields: Record<string, string[]> = {};
  const seen = new Set<number>();
  body.marks.forEach((m, i) => {
    if (!memberIds.has(m.user_course_id)) fields[`marks.${i}.user_course_id`] = [NOT_A_MEMBER];
    else if (seen.has(m.user_course_id)) fields[`marks.${i}.user_course_id`] = [TWICE];
    seen.add(m.user_course_id);
  });
  if (Object.keys(fields).length) throw ApiError.fields(fields);

  return db.transaction(async (tx) => {
    const moved =
      body.version === 0
        ? await tx
            .insert(attendanceSheets)
            .values({ scheduleId: session.id, version: 1, updatedBy: actor.user.id })
            .onConflictDoNothing()
            .returning({ version: attendanceSheets.version })
        : await tx
            .update(attendanceSheets)
            .set({ version: sql`${attendanceSheets.version} + 1`, updatedBy: actor.user.id })
            .where(and(eq(attendanceSheets.scheduleId, session.id), eq(attendanceSheets.version, body.version)))
            .returning({ version: attendanceSheets.version });
    if (moved.length === 0) throw new ApiError('conflict', ATTENDANCE_CONFLICT);

    const existing = await tx
      .select({ userCourseId: attendanceMarks.userCourseId, status: attendanceMarks.status, note: attendanceMarks.note })
      .from(attendanceMarks)
      .where(eq(attendanceMarks.scheduleId, session.id));
    const was = new Map(existing.map((m) => [m.userCourseId, m]));
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    const cleared: number[] = [];
    const upserts: (typeof attendanceMarks.$inferInsert)[] = [];
    for (const m of body.marks) {
      const old = was.get(m.user_course_id);
      const note = m.note ?? '';
      const describe = (status: AttendanceStatus | null, text: string) => (status === null ? null : text ? `${status}: ${text}` : status);
      if (m.status === null) {
        if (!old) continue;
        cleared.push(m.user_course_id);
      } else if (old && old.status === m.status && old.note === note) {
        continue;
      } else {
        upserts.push({ scheduleId: session.id, userCourseId: m.user_course_id, status: m.status, note, markedBy: actor.user.id, markedAt: now });
      }
      before[`user_course_${m.user_course_id}`] = old ? describe(old.status, old.note) : null;
      after[`user_course_${m.user_course_id}`] = describe(m.status, note);
    }
    if (cleared.length) {
      await tx.delete(attendanceMarks).where(and(eq(attendanceMarks.scheduleId, session.id), inArray(attendanceMarks.userCourseId, cleared)));
    }
    if (upserts.length) {
      await tx
        .insert(attendanceMarks)
        .values(upserts)
        .onConflictDoUpdate({
          target: [attendanceMarks.scheduleId, attendanceMarks.userCourseId],
          set: { status: sql`excluded.status`, note: sql`excluded.note`, markedBy: sql`excluded.marked_by`, markedAt: sql`excluded.marked_at` },
        });
    }
    await recordAudit(tx, actor, {
      action: 'attendance.save',
      entity: 'session',
      entityId: session.id,
      courseId: group.courseId,
      summary: `${group.title}: ${session.title}, ${formatDateTime(session.startsAt)}`,
      before: { version: body.version, ...before },
      after: { version: moved[0]!.version, ...after },
    });
    return readSheet(tx, group, session.id, now);
  });
}

/** The group's table for the export: members by sessions, with each member's rate. */
export async function groupTable(db: Executor, structure: StructureSource, actor: SignedInActor, groupId: number, now = new Date()) {
  const detail = await curatorGroup(db, structure, actor, groupId, now);
  const sessionIds = detail.sessions.map((s) => s.id);
  const marks = sessionIds.length
    ? await db
        .select({ scheduleId: attendanceMarks.scheduleId, userCourseId: attendanceMarks.userCourseId, status: attendanceMarks.status, note: attendanceMarks.note })
        .from(attendanceMarks)
        .where(inArray(attendanceMarks.scheduleId, sessionIds))
    : [];
  return { detail, marks: new Map(marks.map((m) => [`${m.userCourseId}:${m.scheduleId}`, m])) };
}
