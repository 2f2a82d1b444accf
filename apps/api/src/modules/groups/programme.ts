// A group's programme (decision 0031): the course calls' shapes over the member's enrolment, with
// the timetable rule: a lesson or test tied to a session of the group opens when the first such
// session starts; until then it is listed with that session's time and a lesson page answers 403.
// Items tied to no session follow the course rules.
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { formatDate, formatTime, type GroupModules, type LessonPage } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { groupMembers, groups, groupSchedules, userCourses } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { Actor, SignedInActor } from '../auth/actor.ts';
import type { LearningContent } from '../learning/content.ts';
import { getLessonPage } from '../learning/lessons.ts';
import { loadOutline, type OutlineItem } from '../learning/outline.ts';
import { outlineClosures } from '../learning/homework.ts';
import { GROUP_NOT_FOUND, memberScope } from './scopes.ts';

/**
 * The enrolment a group call works through: the actor's in this group (their own first when a
 * parent and their child study in the same group), in the study scope; else 404.
 */
export function groupEnrolment(db: Executor, actor: Actor, groupId: number) {
  return findOne(
    db
      .select({ id: userCourses.id, courseId: userCourses.courseId, groupTitle: groups.title })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
      .where(and(eq(groupMembers.groupId, groupId), memberScope(actor)))
      .orderBy(sql`${userCourses.studentId} nulls first`, asc(userCourses.id))
      .limit(1),
    GROUP_NOT_FOUND,
  );
}

interface Tie {
  session: { id: number; title: string; starts_at: string };
  opensAt: Date;
}

/** The first session of the group tied to each lesson and test: `lesson:{id}` / `test:{id}` → its start. */
async function timetableTies(db: Executor, groupId: number): Promise<Map<string, Tie>> {
  const rows = await db
    .select({
      id: groupSchedules.id,
      title: groupSchedules.title,
      startsAt: groupSchedules.startsAt,
      lessonId: groupSchedules.lessonId,
      testId: groupSchedules.testId,
    })
    .from(groupSchedules)
    .where(and(eq(groupSchedules.groupId, groupId), or(isNotNull(groupSchedules.lessonId), isNotNull(groupSchedules.testId))))
    .orderBy(asc(groupSchedules.startsAt), asc(groupSchedules.id));
  const ties = new Map<string, Tie>();
  for (const row of rows) {
    const tie = { session: { id: row.id, title: row.title, starts_at: row.startsAt.toISOString() }, opensAt: row.startsAt };
    for (const key of [row.lessonId === null ? null : `lesson:${row.lessonId}`, row.testId === null ? null : `test:${row.testId}`]) {
      if (key && !ties.has(key)) ties.set(key, tie);
    }
  }
  return ties;
}

function timetableOf(ties: Map<string, Tie>, item: Pick<OutlineItem, 'type' | 'id'>, now: number) {
  const tie = ties.get(`${item.type}:${item.id}`);
  return {
    is_open: !tie || tie.opensAt.getTime() <= now,
    opens_at: tie ? tie.opensAt.toISOString() : null,
    session: tie ? tie.session : null,
  };
}

/** The outline of the group's course for the member's enrolment, with the timetable fields. */
async function groupOutline(db: Executor, content: LearningContent, actor: Actor, groupId: number) {
  const enrolment = await groupEnrolment(db, actor, groupId);
  const [outline, ties] = await Promise.all([
    loadOutline(db, { id: enrolment.id, courseId: enrolment.courseId }, { structure: content.structure }),
    timetableTies(db, groupId),
  ]);
  return { enrolment, outline, ties, now: Date.now() };
}

/** Only a closed item carries `closed_by`: the homework that keeps it closed (decision 0087). */
const closedField = <T,>(by: T | undefined): { closed_by?: T } => (by ? { closed_by: by } : {});

/** GET /api/group_schedule/{id}/modules/ */
export async function groupModules(db: Executor, content: LearningContent, actor: Actor, groupId: number): Promise<GroupModules> {
  const { enrolment, outline, ties, now } = await groupOutline(db, content, actor, groupId);
  const closed = await outlineClosures(db, enrolment.id, outline, await content.structure(enrolment.courseId));
  const view = (i: OutlineItem) => ({ id: i.id, title: i.title, status: i.status, ...timetableOf(ties, i, now), ...closedField(closed.get(`${i.type}:${i.id}`)) });
  return {
    group: { id: groupId, title: enrolment.groupTitle },
    user_course_id: enrolment.id,
    modules: outline.modules.map((m) => ({
      id: m.id,
      title: m.title,
      content: outline.items.filter((i) => i.moduleId === m.id).map((i) => ({ ...view(i), type: i.type })),
    })),
    final_tests: outline.items.filter((i) => i.moduleId === null).map(view),
  };
}

/** GET /api/group_schedule/{id}/lesson/: the lessons in course order, with their sessions. */
export async function groupLessons(db: Executor, content: LearningContent, actor: Actor, groupId: number) {
  const { outline, ties, now } = await groupOutline(db, content, actor, groupId);
  const moduleTitle = new Map(outline.modules.map((m) => [m.id, m.title]));
  return outline.items
    .filter((i) => i.type === 'lesson' && i.moduleId !== null)
    .map((i) => ({
      id: i.id,
      title: i.title,
      module: { id: i.moduleId!, title: moduleTitle.get(i.moduleId!) ?? '' },
      page_count: i.pageCount,
      status: i.status,
      ...timetableOf(ties, i, now),
    }));
}

/** The 403 of a lesson whose session has not started: the date and time in Moscow. */
export function notYetOpen(opensAt: Date, sessionTitle: string): ApiError {
  return new ApiError(
    'forbidden',
    `Урок откроется ${formatDate(opensAt)} в ${formatTime(opensAt)} (по московскому времени), когда начнётся занятие «${sessionTitle}».`,
  );
}

/** GET /api/group_schedule/{id}/lesson/{lessonId}/?page=n: the course's lesson page, once the timetable opens it. */
export async function groupLessonPage(
  db: Db,
  content: LearningContent,
  actor: SignedInActor,
  params: { id: number; lessonId: number; page: number },
  options: { record: boolean },
): Promise<LessonPage> {
  const enrolment = await groupEnrolment(db, actor, params.id);
  const tie = (await timetableTies(db, params.id)).get(`lesson:${params.lessonId}`);
  if (tie && tie.opensAt.getTime() > Date.now()) {
    // Only a lesson of this course is worth a 403 (a foreign id stays a 404 like in the course call).
    const outline = await loadOutline(db, enrolment, { statuses: false, structure: content.structure });
    if (outline.items.some((i) => i.type === 'lesson' && i.id === params.lessonId)) throw notYetOpen(tie.opensAt, tie.session.title);
  }
  return getLessonPage(db, content, actor, { id: enrolment.id, lessonId: params.lessonId, page: params.page }, options);
}
