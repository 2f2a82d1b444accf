// Learners' progress on an owner's courses (decision 0035): one row per
// enrolment — who (the account, or its child), course, group, lessons done, tests passed, average
// score, last activity — filtered by course, group and name, and exported as CSV or XLSX. The
// numbers are the learners' own statistics (statistics/progress.ts), so both views agree.
import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatDate, formatDateTime, moscowIsoDate, type Paginated } from '@crema/contract';
import type { z } from 'zod';
import type { AdminGroupOption, adminProgressQuerySchema, AdminProgressRow } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, groupMembers, groups, homeworkSubmissions, students, userCourses, users } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { Section } from '../../lib/spreadsheet.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { StructureSource } from '../learning/outline.ts';
import { homeworkOf } from '../learning/homework.ts';
import { average, courseTotals, loadProgress, type CourseCalc } from '../statistics/progress.ts';
import { ADMIN_TEXTS, ownedBy } from './scopes.ts';

type ProgressQuery = z.output<typeof adminProgressQuerySchema>;
/** Rows an export carries at most. */
export const EXPORT_MAX_ROWS = 5000;

const GROUP_OF = sql<number | null>`(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userCourseId} = ${userCourses.id} order by ${groupMembers.groupId} limit 1)`;

function conditions(actor: SignedInActor, query: ProgressQuery): SQL {
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    ownedBy(actor),
    query.course === undefined ? undefined : eq(courses.id, query.course),
    query.group === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${groupMembers} where ${groupMembers.userCourseId} = ${userCourses.id} and ${groupMembers.groupId} = ${query.group})`,
        ),
    like
      ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like), ilike(students.firstName, like), ilike(students.lastName, like))
      : undefined,
  )!;
}

/** A course or group filter outside the actor's courses is a 404, not an empty list. */
async function assertFilters(db: Executor, actor: SignedInActor, query: { course?: number; group?: number }): Promise<void> {
  if (query.course !== undefined) {
    const [row] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, query.course), ownedBy(actor)));
    if (!row) throw ApiError.notFound(ADMIN_TEXTS.courseNotFound);
  }
  if (query.group !== undefined) {
    const [row] = await db
      .select({ id: groups.id })
      .from(groups)
      .innerJoin(courses, eq(courses.id, groups.courseId))
      .where(and(eq(groups.id, query.group), ownedBy(actor)));
    if (!row) throw ApiError.notFound('Группа не найдена.');
  }
}

function selectRows(db: Executor, where: SQL) {
  return db
    .select({
      id: userCourses.id,
      courseId: userCourses.courseId,
      course: { id: courses.id, title: courses.title },
      user: { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName },
      studentId: students.id,
      studentFirst: students.firstName,
      studentLast: students.lastName,
      groupId: GROUP_OF,
      isActive: userCourses.isActive,
      accessUntil: userCourses.accessUntil,
      enrolledAt: userCourses.createdAt,
    })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(where)
    .orderBy(asc(courses.title), desc(userCourses.createdAt), desc(userCourses.id));
}
type Row = Awaited<ReturnType<typeof selectRows>>[number];

async function groupTitles(db: Executor, rows: Row[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: groups.id, title: groups.title }).from(groups).where(inArray(groups.id, ids));
  return new Map(found.map((g) => [g.id, g.title]));
}

/** The last thing the learner did: a lesson opened or finished, an attempt finished. */
function lastActivity(c: CourseCalc): Date | null {
  const times = [...c.lessons.flatMap((l) => [l.doneAt, l.completedAt]), ...c.attempts.map((a) => a.finishedAt)].filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}

/** Homework per enrolment (decision 0087): accepted of the blocks in the course's published lessons, and how many there are. */
async function homeworkCounts(db: Executor, structure: StructureSource, rows: Row[]): Promise<Map<number, { accepted: number; total: number }>> {
  const result = new Map<number, { accepted: number; total: number }>();
  if (rows.length === 0) return result;
  const courseIds = [...new Set(rows.map((r) => r.courseId))];
  const structures = structure.many ? await structure.many(courseIds) : new Map(await Promise.all(courseIds.map(async (id) => [id, await structure(id)] as const)));
  const blocks = new Map(courseIds.map((id) => [id, new Set(homeworkOf(structures.get(id)!).map((h) => h.blockId))]));
  const withHomework = rows.filter((r) => (blocks.get(r.courseId)?.size ?? 0) > 0);
  const accepted = withHomework.length
    ? await db
        .select({ userCourseId: homeworkSubmissions.userCourseId, blockId: homeworkSubmissions.blockId })
        .from(homeworkSubmissions)
        .where(and(inArray(homeworkSubmissions.userCourseId, withHomework.map((r) => r.id)), eq(homeworkSubmissions.status, 'accepted')))
    : [];
  for (const r of rows) {
    const own = blocks.get(r.courseId) ?? new Set<number>();
    result.set(r.id, { accepted: accepted.filter((a) => a.userCourseId === r.id && own.has(a.blockId)).length, total: own.size });
  }
  return result;
}

function toRow(r: Row, c: CourseCalc, titles: Map<number, string>, homework?: { accepted: number; total: number }): AdminProgressRow {
  const t = courseTotals(c);
  const activity = lastActivity(c);
  return {
    user_course_id: r.id,
    course: r.course,
    user: r.user,
    student: r.studentId === null ? null : { id: r.studentId, first_name: r.studentFirst ?? '', last_name: r.studentLast ?? '' },
    group: r.groupId === null ? null : { id: r.groupId, title: titles.get(r.groupId) ?? '' },
    progress: c.progress,
    lessons_done: t.lessons_done,
    lessons_total: t.lessons_total,
    tests_passed: t.tests_passed,
    tests_total: t.tests_total,
    average_score: average(c.attempts.filter((a) => a.score !== null).map((a) => a.score!)),
    homework_accepted: homework?.accepted ?? 0,
    homework_total: homework?.total ?? 0,
    enrolled_at: r.enrolledAt.toISOString(),
    last_activity_at: activity?.toISOString() ?? null,
    finished_at: c.finishedAt?.toISOString() ?? null,
    has_access: r.isActive && (r.accessUntil === null || r.accessUntil > new Date()),
  };
}

async function rowsWithProgress(db: Executor, structure: StructureSource, rows: Row[]): Promise<AdminProgressRow[]> {
  const [calcs, titles, homework] = await Promise.all([
    loadProgress(db, structure, rows.map((r) => ({ id: r.id, courseId: r.courseId }))),
    groupTitles(db, rows),
    homeworkCounts(db, structure, rows),
  ]);
  return rows.map((r) => toRow(r, calcs.get(r.id)!, titles, homework.get(r.id)));
}

/** GET /api/admin/progress/ */
export async function adminProgress(
  db: Executor,
  structure: StructureSource,
  actor: SignedInActor,
  query: ProgressQuery,
  url: string,
): Promise<Paginated<AdminProgressRow>> {
  await assertFilters(db, actor, query);
  const where = conditions(actor, query);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(where);
  const rows = await selectRows(db, where)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: await rowsWithProgress(db, structure, rows) };
}

const person = (r: AdminProgressRow) =>
  r.student ? `${r.student.last_name} ${r.student.first_name}`.trim() : [r.user.last_name, r.user.first_name].filter(Boolean).join(' ') || r.user.email;
const day = (iso: string | null) => (iso ? formatDate(iso) : '');

/** The export's one table (all matching rows, up to EXPORT_MAX_ROWS). */
export async function adminProgressSections(db: Executor, structure: StructureSource, actor: SignedInActor, query: ProgressQuery): Promise<Section[]> {
  await assertFilters(db, actor, query);
  const rows = await rowsWithProgress(db, structure, await selectRows(db, conditions(actor, query)).limit(EXPORT_MAX_ROWS));
  return [
    {
      title: 'Ученики',
      header: ['Ученик', 'E-mail аккаунта', 'Ребёнок', 'Курс', 'Группа', 'Прогресс, %', 'Уроков пройдено', 'Уроков всего', 'Тестов сдано', 'Тестов всего', 'Средний балл', 'Заданий принято', 'Заданий всего', 'Записан', 'Последняя активность', 'Пройден', 'Доступ'],
      rows: rows.map((r) => [
        person(r),
        r.user.email,
        r.student ? 'да' : 'нет',
        r.course.title,
        r.group?.title ?? '',
        r.progress,
        r.lessons_done,
        r.lessons_total,
        r.tests_passed,
        r.tests_total,
        r.average_score,
        r.homework_accepted ?? 0,
        r.homework_total ?? 0,
        day(r.enrolled_at),
        r.last_activity_at ? formatDateTime(r.last_activity_at) : '',
        day(r.finished_at),
        r.has_access ? 'открыт' : 'закрыт',
      ]),
    },
  ];
}

export const progressTitle = (now = new Date()) => `Успеваемость учеников на ${formatDate(now)}`;
export const progressFileName = (format: 'csv' | 'xlsx', now = new Date()) => ({
  name: `Успеваемость учеников ${formatDate(now)}.${format}`,
  fallback: `crema-learners-progress-${moscowIsoDate(now)}.${format}`,
});

/** GET /api/admin/progress/groups/: the groups of my courses (newest start first), for the filter. */
export async function adminProgressGroups(db: Executor, actor: SignedInActor, course: number | undefined): Promise<AdminGroupOption[]> {
  await assertFilters(db, actor, { course });
  const rows = await db
    .select({ id: groups.id, title: groups.title, course_id: groups.courseId, starts_on: groups.startsOn })
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .where(and(ownedBy(actor), course === undefined ? undefined : eq(groups.courseId, course)))
    .orderBy(desc(groups.startsOn), asc(groups.id));
  return rows;
}
