// The school's teachers for staff (decision 0073): the whole list in the site's order, a teacher's
// form with the version it was opened at (a stale save answers 409), their courses in the order
// they stand on the course pages, deletion refused while they teach somewhere, drag-and-drop order.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SiteTeacher, SiteTeacherCreate, SiteTeacherUpdate } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, courseTeachers, groups, teachers, type Teacher } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { originalUrl } from '../media/images.ts';

export const TEACHER_TEXTS = {
  notFound: 'Преподаватель не найден.',
  courseMissing: 'Такого курса нет.',
  conflict:
    'Преподавателя изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  orderStale: 'Список преподавателей изменился. Обновите страницу и расставьте их заново.',
  inUse: (where: string[]) => `Преподаватель указан: ${where.join('; ')}. Сначала уберите его оттуда.`,
} as const;

const fullName = (t: Pick<Teacher, 'firstName' | 'lastName'>) => `${t.firstName} ${t.lastName}`;
const quoted = (titles: string[]) => titles.map((title) => `«${title}»`).join(', ');

/** Published groups that are not closed: a teacher there is on the public schedule. */
const liveGroup = and(eq(groups.isPublished, true), isNull(groups.closedAt));

async function coursesOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; title: string }[]>();
  const rows = await db
    .select({ teacherId: courseTeachers.teacherId, id: courses.id, title: courses.title })
    .from(courseTeachers)
    .innerJoin(courses, eq(courses.id, courseTeachers.courseId))
    .where(inArray(courseTeachers.teacherId, ids))
    .orderBy(asc(courses.title), asc(courses.id));
  const out = new Map<number, { id: number; title: string }[]>();
  for (const row of rows) out.set(row.teacherId, [...(out.get(row.teacherId) ?? []), { id: row.id, title: row.title }]);
  return out;
}

async function groupsOf(db: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; title: string }[]>();
  const rows = await db
    .select({ teacherId: groups.teacherId, id: groups.id, title: groups.title })
    .from(groups)
    .where(and(inArray(groups.teacherId, ids), liveGroup))
    .orderBy(asc(groups.startsOn), asc(groups.id));
  const out = new Map<number, { id: number; title: string }[]>();
  for (const row of rows) out.set(row.teacherId!, [...(out.get(row.teacherId!) ?? []), { id: row.id, title: row.title }]);
  return out;
}

function toSiteTeacher(row: Teacher, courseList: { id: number; title: string }[], groupList: { id: number; title: string }[]): SiteTeacher {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    position: row.position,
    bio: row.bio,
    photo: row.photo,
    photo_url: row.photo ? originalUrl(row.photo) : null,
    on_main: row.onMain,
    on_noschool: row.onNoschool,
    sort: row.sort,
    version: row.version,
    courses: courseList,
    groups: groupList,
  };
}

/** GET /api/admin/school/site/teachers/: every teacher in the site's order, with their courses and live groups. */
export async function listSiteTeachers(db: Executor): Promise<SiteTeacher[]> {
  const rows = await db.select().from(teachers).orderBy(asc(teachers.sort), asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id));
  const ids = rows.map((r) => r.id);
  const [byCourse, byGroup] = await Promise.all([coursesOf(db, ids), groupsOf(db, ids)]);
  return rows.map((row) => toSiteTeacher(row, byCourse.get(row.id) ?? [], byGroup.get(row.id) ?? []));
}

/** One teacher as the staff list shows it, or 404. */
export async function getSiteTeacher(db: Executor, id: number): Promise<SiteTeacher> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!row) throw ApiError.notFound(TEACHER_TEXTS.notFound);
  const courseList = await db
    .select({ id: courses.id, title: courses.title })
    .from(courseTeachers)
    .innerJoin(courses, eq(courses.id, courseTeachers.courseId))
    .where(eq(courseTeachers.teacherId, id))
    .orderBy(asc(courses.title), asc(courses.id));
  const byGroup = await groupsOf(db, [id]);
  return toSiteTeacher(row, courseList, byGroup.get(id) ?? []);
}

async function lockTeacher(db: Executor, id: number): Promise<Teacher> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id)).for('update');
  if (!row) throw ApiError.notFound(TEACHER_TEXTS.notFound);
  return row;
}

const columnsOf = (body: SiteTeacherCreate) => ({
  firstName: body.first_name,
  lastName: body.last_name,
  position: body.position,
  bio: body.bio,
  photo: body.photo || null,
  onMain: body.on_main,
  onNoschool: body.on_noschool,
});

/** What the journal keeps of a teacher (names are not a learner's personal data: they stand on the site). */
const journal = (row: Teacher, courseIds: number[]) => ({
  teacher: fullName(row),
  position: row.position,
  bio: row.bio,
  photo: row.photo,
  onMain: row.onMain,
  onNoschool: row.onNoschool,
  courseIds,
});

async function courseIdsOf(db: Executor, teacherId: number): Promise<number[]> {
  const rows = await db.select({ id: courseTeachers.courseId }).from(courseTeachers).where(eq(courseTeachers.teacherId, teacherId)).orderBy(asc(courseTeachers.courseId));
  return rows.map((r) => r.id);
}

/**
 * Sets the teacher's courses: a new course puts the teacher last among its teachers; a course kept
 * keeps the teacher's place there.
 */
async function setCourses(db: Executor, teacherId: number, courseIds: number[]) {
  if (courseIds.length) {
    const found = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
    if (found.length !== courseIds.length) throw ApiError.fields({ course_ids: [TEACHER_TEXTS.courseMissing] });
  }
  const before = await courseIdsOf(db, teacherId);
  const gone = before.filter((id) => !courseIds.includes(id));
  const added = courseIds.filter((id) => !before.includes(id));
  if (gone.length) await db.delete(courseTeachers).where(and(eq(courseTeachers.teacherId, teacherId), inArray(courseTeachers.courseId, gone)));
  for (const courseId of added) {
    await db.insert(courseTeachers).values({
      courseId,
      teacherId,
      sort: sql`(select coalesce(max(${courseTeachers.sort}) + 1, 0) from ${courseTeachers} where ${courseTeachers.courseId} = ${courseId})`,
    });
  }
}

/** POST /api/admin/school/site/teachers/: a new teacher, last in the order. */
export async function createSiteTeacher(db: Executor, actor: StaffActor, body: SiteTeacherCreate): Promise<SiteTeacher> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teachers)
      .values({ ...columnsOf(body), sort: sql`(select coalesce(max(${teachers.sort}) + 1, 0) from ${teachers})` })
      .returning();
    await setCourses(tx, row!.id, body.course_ids);
    await recordAudit(tx, actor, { action: 'teacher.create', entity: 'teacher', entityId: row!.id, summary: fullName(row!), after: journal(row!, [...body.course_ids].sort((a, b) => a - b)) });
    return row!.id;
  });
  return getSiteTeacher(db, id);
}

/** PATCH /api/admin/school/site/teachers/{id}/: the form saved; 409 when the teacher changed since `version`. */
export async function updateSiteTeacher(db: Executor, actor: StaffActor, id: number, body: SiteTeacherUpdate): Promise<SiteTeacher> {
  await db.transaction(async (tx) => {
    const before = await lockTeacher(tx, id);
    if (before.version !== body.version) throw new ApiError('conflict', TEACHER_TEXTS.conflict);
    const coursesBefore = await courseIdsOf(tx, id);
    const [after] = await tx
      .update(teachers)
      .set({ ...columnsOf(body), version: sql`${teachers.version} + 1` })
      .where(eq(teachers.id, id))
      .returning();
    await setCourses(tx, id, body.course_ids);
    await recordAudit(tx, actor, {
      action: 'teacher.update',
      entity: 'teacher',
      entityId: id,
      summary: fullName(after!),
      before: journal(before, coursesBefore),
      after: journal(after!, [...body.course_ids].sort((a, b) => a - b)),
    });
  });
  return getSiteTeacher(db, id);
}

/**
 * DELETE /api/admin/school/site/teachers/{id}/: a teacher who stands on a course's page or leads a
 * group on the schedule is not deleted (409 saying where); anyone else goes, off closed and draft
 * groups too.
 */
export async function deleteSiteTeacher(db: Executor, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTeacher(tx, id);
    const byCourse = await coursesOf(tx, [id]);
    const byGroup = await groupsOf(tx, [id]);
    const where: string[] = [];
    const courseTitles = (byCourse.get(id) ?? []).map((c) => c.title);
    const groupTitles = (byGroup.get(id) ?? []).map((g) => g.title);
    if (courseTitles.length) where.push(`${courseTitles.length > 1 ? 'на страницах курсов' : 'на странице курса'} ${quoted(courseTitles)}`);
    if (groupTitles.length) where.push(`${groupTitles.length > 1 ? 'в группах' : 'в группе'} ${quoted(groupTitles)} в расписании`);
    if (where.length) throw new ApiError('conflict', TEACHER_TEXTS.inUse(where));
    await tx.delete(teachers).where(eq(teachers.id, id));
    await recordAudit(tx, actor, { action: 'teacher.delete', entity: 'teacher', entityId: id, summary: fullName(row), before: journal(row, []) });
  });
}

/** PUT /api/admin/school/site/teachers/order/: every teacher's id in the new order; another set of ids is stale (409). */
export async function reorderSiteTeachers(db: Executor, actor: StaffActor, ids: number[]): Promise<SiteTeacher[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: teachers.id, sort: teachers.sort, firstName: teachers.firstName, lastName: teachers.lastName }).from(teachers).orderBy(asc(teachers.sort), asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id)).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((tid) => !known.has(tid))) {
      throw new ApiError('conflict', TEACHER_TEXTS.orderStale);
    }
    const before = rows.map((r) => r.id);
    if (before.every((tid, i) => tid === ids[i])) return;
    for (const [sort, tid] of ids.entries()) await tx.update(teachers).set({ sort }).where(eq(teachers.id, tid));
    const names = new Map(rows.map((r) => [r.id, fullName(r)]));
    await recordAudit(tx, actor, {
      action: 'teacher.reorder',
      entity: 'teacher',
      summary: ids.map((tid) => names.get(tid)).join(', '),
      before: { order: before },
      after: { order: ids },
    });
  });
  return listSiteTeachers(db);
}
