// Groups for the school's staff (decision 0064): every course's groups with seats, waiting orders
// and fill; a group's form with the version it was opened at (a stale edit answers 409);
// publishing (onto the public schedule) and closing.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatTime,
  moscowIsoDate,
  type Paginated,
  type SchoolGroup,
  type SchoolGroupCard,
  type SchoolGroupCreate,
  type SchoolGroupOptions,
  type SchoolGroupPatch,
  type SchoolGroupStatus,
  type schoolGroupsQuerySchema,
} from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courseModules, courses, groupMembers, groups, groupSchedules, lessons, orders, teachers, tests, type Group } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { manualMembers } from '../orders/transitions.ts';

export const GROUP_TEXTS = {
  notFound: 'Группа не найдена.',
  courseMissing: 'Такого курса нет.',
  teacherMissing: 'Такого преподавателя нет.',
  conflict: 'Группу изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  endsBefore: 'Дата окончания раньше даты начала.',
  locationNeeded: 'Укажите адрес очной группы.',
  urlNeeded: 'Укажите ссылку на онлайн-занятия.',
  capacityBelow: (taken: number) => `Мест не может быть меньше, чем уже занято: ${taken}.`,
  noSessions: 'Добавьте хотя бы одно занятие, прежде чем публиковать группу.',
  alreadyPublished: 'Группа уже опубликована.',
  alreadyClosed: 'Группа уже закрыта.',
  coursePrivate: 'Курс группы не опубликован: опубликуйте сначала курс, иначе группа не появится в расписании.',
} as const;


type GroupsQuery = z.output<typeof schoolGroupsQuerySchema>;

export const statusOf = (g: Pick<Group, 'isPublished' | 'closedAt'>): SchoolGroupStatus =>
  g.closedAt ? 'closed' : g.isPublished ? 'published' : 'draft';

const statusCondition = (status: SchoolGroupStatus | undefined): SQL | undefined =>
  status === 'closed'
    ? isNotNull(groups.closedAt)
    : status === 'published'
      ? and(isNull(groups.closedAt), eq(groups.isPublished, true))
      : status === 'draft'
        ? and(isNull(groups.closedAt), eq(groups.isPublished, false))
        : undefined;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Seats taken: held by orders (paid or waiting) plus learners added by hand (decision 0023). */
const seatsTaken = sql<number>`(${groups.seatsHeld} + ${manualMembers})::int`;

function cardColumns() {
  return {
    group: groups,
    course: { id: courses.id, slug: courses.slug, title: courses.title },
    teacherId: teachers.id,
    teacherFirst: teachers.firstName,
    teacherLast: teachers.lastName,
    taken: seatsTaken,
    waiting: sql<number>`(select count(*) from ${orders} where ${orders.groupId} = ${groups.id} and ${orders.status} in ('new', 'confirmed', 'awaiting_payment'))::int`,
    members: sql<number>`(select count(*) from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})::int`,
    sessions: sql<number>`(select count(*) from ${groupSchedules} where ${groupSchedules.groupId} = ${groups.id})::int`,
  };
}
type CardRow = {
  group: Group;
  course: { id: number; slug: string; title: string };
  teacherId: number | null;
  teacherFirst: string | null;
  teacherLast: string | null;
  taken: number;
  waiting: number;
  members: number;
  sessions: number;
};

function toCard(r: CardRow): SchoolGroupCard {
  const capacity = r.group.capacity;
  return {
    id: r.group.id,
    title: r.group.title,
    course: r.course,
    starts_on: r.group.startsOn,
    ends_on: r.group.endsOn,
    status: statusOf(r.group),
    format: r.group.format,
    teacher: r.teacherId === null ? null : { id: r.teacherId, first_name: r.teacherFirst ?? '', last_name: r.teacherLast ?? '' },
    capacity,
    seats_taken: r.taken,
    seats_left: capacity === null ? null : Math.max(0, capacity - r.taken),
    waiting_orders: r.waiting,
    fill_rate: capacity === null ? null : Math.min(100, Math.round((r.taken / capacity) * 100)),
    members_count: r.members,
    sessions_count: r.sessions,
  };
}

/** GET /api/admin/school/groups/: every course's groups; filters, search, sort and paging on the server. */
export async function listGroups(db: Executor, _actor: StaffActor, query: GroupsQuery, url: string): Promise<Paginated<SchoolGroupCard>> {
  const search = query.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const where = and(
    like ? or(ilike(groups.title, like), ilike(courses.title, like)) : undefined,
    query.course ? eq(groups.courseId, query.course) : undefined,
    statusCondition(query.status),
  );
  const order = {
    starts_on: [asc(groups.startsOn), asc(groups.id)],
    '-starts_on': [desc(groups.startsOn), desc(groups.id)],
    title: [asc(sql`lower(${groups.title})`), asc(groups.id)],
    '-fill': [sql`case when ${groups.capacity} is null then -1 else ${seatsTaken}::float / ${groups.capacity} end desc`, asc(groups.startsOn), asc(groups.id)],
  }[query.sort];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(groups).innerJoin(courses, eq(courses.id, groups.courseId)).where(where),
    db
      .select(cardColumns())
      .from(groups)
      .innerJoin(courses, eq(courses.id, groups.courseId))
      .leftJoin(teachers, eq(teachers.id, groups.teacherId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map(toCard) };
}

/** A group's row, locked for the caller's transaction when asked; 404 when there is none. */
export async function findGroup(db: Executor, groupId: number, lock = false): Promise<Group> {
  const query = db.select().from(groups).where(eq(groups.id, groupId));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw ApiError.notFound(GROUP_TEXTS.notFound);
  return row;
}

/** Seats taken in a group now (inside a transaction that locked its row, the figure holds). */
export async function takenSeats(db: Executor, groupId: number): Promise<number> {
  const [row] = await db.select({ taken: seatsTaken }).from(groups).where(eq(groups.id, groupId));
  return row?.taken ?? 0;
}

/** GET /api/admin/school/groups/{id}/: the group, its whole timetable and what a session may open. */
export async function getGroup(db: Executor, _actor: StaffActor, groupId: number): Promise<SchoolGroup> {
  const [row] = await db
    .select(cardColumns())
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(teachers, eq(teachers.id, groups.teacherId))
    .where(eq(groups.id, groupId));
  if (!row) throw ApiError.notFound(GROUP_TEXTS.notFound);
  const [sessions, lessonRows, testRows] = await Promise.all([
    db
      .select({ s: groupSchedules, lessonTitle: lessons.title, testTitle: tests.name })
      .from(groupSchedules)
      .leftJoin(lessons, eq(lessons.id, groupSchedules.lessonId))
      .leftJoin(tests, eq(tests.id, groupSchedules.testId))
      .where(eq(groupSchedules.groupId, groupId))
      .orderBy(asc(groupSchedules.startsAt), asc(groupSchedules.id)),
    db
      .select({ id: lessons.id, title: lessons.title })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(and(eq(courseModules.courseId, row.course.id), eq(lessons.isPublished, true)))
      .orderBy(asc(courseModules.sort), asc(lessons.sort), asc(lessons.id)),
    db
      .select({ id: tests.id, title: tests.name })
      .from(tests)
      .where(and(eq(tests.courseId, row.course.id), eq(tests.isPublished, true)))
      .orderBy(asc(tests.id)),
  ]);
  const now = Date.now();
  return {
    ...toCard(row),
    location: row.group.location,
    online_url: row.group.onlineUrl,
    bring: row.group.bring,
    version: row.group.version,
    sessions: sessions.map(({ s, lessonTitle, testTitle }) => ({
      id: s.id,
      title: s.title,
      date: moscowIsoDate(s.startsAt),
      starts: formatTime(s.startsAt),
      ends: formatTime(s.endsAt),
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      location: s.location,
      lesson: s.lessonId === null ? null : { id: s.lessonId, title: lessonTitle ?? '' },
      test: s.testId === null ? null : { id: s.testId, title: testTitle ?? '' },
      is_past: s.endsAt.getTime() <= now,
    })),
    programme: { lessons: lessonRows, tests: testRows },
  };
}

/** GET /api/admin/school/groups/options/: courses and teachers for the form. */
export async function groupOptions(db: Executor): Promise<SchoolGroupOptions> {
  const [courseRows, teacherRows] = await Promise.all([
    db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title), asc(courses.id)),
    db.select({ id: teachers.id, first_name: teachers.firstName, last_name: teachers.lastName }).from(teachers).orderBy(asc(teachers.lastName), asc(teachers.firstName)),
  ]);
  return { courses: courseRows, teachers: teacherRows };
}

type GroupFields = Omit<SchoolGroupCreate, 'course_id'>;

/** The form's fields as columns, checked together: dates in order, an address or a link by format. */
async function columnsOf(db: Executor, body: GroupFields) {
  const errors: Record<string, string[]> = {};
  if (body.ends_on && body.ends_on < body.starts_on) errors.ends_on = [GROUP_TEXTS.endsBefore];
  const location = body.location?.trim() || null;
  const onlineUrl = body.online_url?.trim() || null;
  if (body.format === 'offline' && !location) errors.location = [GROUP_TEXTS.locationNeeded];
  if (body.format === 'online' && !onlineUrl) errors.online_url = [GROUP_TEXTS.urlNeeded];
  if (body.teacher_id) {
    const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, body.teacher_id));
    if (!teacher) errors.teacher_id = [GROUP_TEXTS.teacherMissing];
  }
  if (Object.keys(errors).length) throw ApiError.fields(errors);
  return {
    title: body.title,
    startsOn: body.starts_on,
    endsOn: body.ends_on ?? null,
    format: body.format,
    // An online group has no address; an in-person one no link.
    location: body.format === 'offline' ? location : null,
    onlineUrl: body.format === 'online' ? onlineUrl : null,
    bring: body.bring?.trim() || null,
    capacity: body.capacity ?? null,
    teacherId: body.teacher_id ?? null,
  };
}

/** The fields the journal keeps of a group. */
const journal = (g: Group) => ({
  title: g.title,
  starts_on: g.startsOn,
  ends_on: g.endsOn,
  format: g.format,
  location: g.location,
  online_url: g.onlineUrl,
  bring: g.bring,
  capacity: g.capacity,
  teacher_id: g.teacherId,
  status: statusOf(g),
});

/** POST /api/admin/school/groups/: a draft group of a course. */
export async function createGroup(db: Executor, actor: StaffActor, body: SchoolGroupCreate): Promise<SchoolGroup> {
  const id = await db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, body.course_id));
    if (!course) throw ApiError.fields({ course_id: [GROUP_TEXTS.courseMissing] });
    const [group] = await tx.insert(groups).values({ courseId: course.id, ...(await columnsOf(tx, body)), isPublished: false }).returning();
    await recordAudit(tx, actor, { action: 'group.create', entity: 'group', entityId: group!.id, courseId: course.id, summary: `${group!.title} — ${course.title}`, after: journal(group!) });
    return group!.id;
  });
  return getGroup(db, actor, id);
}

/** PATCH /api/admin/school/groups/{id}/: the form saved; 409 when the group changed since `version`. */
export async function updateGroup(db: Executor, actor: StaffActor, groupId: number, body: SchoolGroupPatch): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (body.version !== group.version) throw new ApiError('conflict', GROUP_TEXTS.conflict);
    const columns = await columnsOf(tx, body);
    if (columns.capacity !== null) {
      const taken = await takenSeats(tx, group.id);
      if (columns.capacity < taken) throw ApiError.fields({ capacity: [GROUP_TEXTS.capacityBelow(taken)] });
    }
    const [after] = await tx
      .update(groups)
      .set({ ...columns, version: sql`${groups.version} + 1` })
      .where(eq(groups.id, group.id))
      .returning();
    await recordAudit(tx, actor, { action: 'group.update', entity: 'group', entityId: group.id, courseId: group.courseId, summary: after!.title, before: journal(group), after: journal(after!) });
  });
  return getGroup(db, actor, groupId);
}

/** POST /api/admin/school/groups/{id}/publish/: onto the public schedule (a closed group opens again). */
export async function publishGroup(db: Executor, actor: StaffActor, groupId: number): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (group.isPublished && !group.closedAt) throw ApiError.fields({ non_field_errors: [GROUP_TEXTS.alreadyPublished] });
    const [course] = await tx.select({ published: courses.isPublished }).from(courses).where(eq(courses.id, group.courseId));
    if (!course?.published) throw ApiError.fields({ non_field_errors: [GROUP_TEXTS.coursePrivate] });
    const [sessions] = await tx.select({ n: count() }).from(groupSchedules).where(eq(groupSchedules.groupId, group.id));
    if (!sessions?.n) throw ApiError.fields({ non_field_errors: [GROUP_TEXTS.noSessions] });
    const [after] = await tx
      .update(groups)
      .set({ isPublished: true, closedAt: null, version: sql`${groups.version} + 1` })
      .where(eq(groups.id, group.id))
      .returning();
    await recordAudit(tx, actor, { action: 'group.publish', entity: 'group', entityId: group.id, courseId: group.courseId, summary: group.title, before: { status: statusOf(group) }, after: { status: statusOf(after!) } });
  });
  return getGroup(db, actor, groupId);
}

/**
 * POST /api/admin/school/groups/{id}/close/: off the public schedule and closed to new orders.
 * Members stay, with their timetable, schedule and calendar.
 */
export async function closeGroup(db: Executor, actor: StaffActor, groupId: number): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (group.closedAt) throw ApiError.fields({ non_field_errors: [GROUP_TEXTS.alreadyClosed] });
    const [after] = await tx
      .update(groups)
      .set({ isPublished: false, closedAt: sql`now()`, version: sql`${groups.version} + 1` })
      .where(eq(groups.id, group.id))
      .returning();
    await recordAudit(tx, actor, { action: 'group.close', entity: 'group', entityId: group.id, courseId: group.courseId, summary: group.title, before: { status: statusOf(group) }, after: { status: statusOf(after!) } });
  });
  return getGroup(db, actor, groupId);
}

/** Lessons and tests that belong to the group's course (a session may open only those). */
export async function assertProgramme(db: Executor, courseId: number, lessonId: number | null | undefined, testId: number | null | undefined) {
  const errors: Record<string, string[]> = {};
  if (lessonId) {
    const [lesson] = await db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(and(eq(lessons.id, lessonId), eq(courseModules.courseId, courseId)));
    if (!lesson) errors.lesson_id = ['Такого урока в курсе группы нет.'];
  }
  if (testId) {
    const [test] = await db.select({ id: tests.id }).from(tests).where(and(eq(tests.id, testId), eq(tests.courseId, courseId)));
    if (!test) errors.test_id = ['Такого теста в курсе группы нет.'];
  }
  if (Object.keys(errors).length) throw ApiError.fields(errors);
}

