// The curator's side of homework (decision 0087): the queue of submissions in the curator's scope
// (waiting ones oldest first), the menu's count with the filters' choices, and one submission with
// its task and the whole conversation. Curators see a learner's name and course progress only.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CuratorQueueQuery, CuratorSubmission, CuratorSubmissionCard, CuratorSummary, Paginated } from '@crema/contract';
import { firstLastName } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import {
  courseModules,
  courses,
  groupMembers,
  groups,
  homeworkSubmissions,
  lessonBlocks,
  lessons,
  students,
  userCourses,
  users,
  type HomeworkBlockData,
} from '../../db/schema/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import { pageLinks } from '../../lib/paging.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { StructureSource } from '../learning/outline.ts';
import { toLessonBlock } from '../learning/blocks.ts';
import type { MediaService } from '../media/images.ts';
import { loadProgress } from '../statistics/progress.ts';
import { overdueSql } from './deadlines.ts';
import { threadMessages } from './learner.ts';
import { curatedCourses, curatedGroups, curatedSubmissions, SUBMISSION_NOT_FOUND } from './scopes.ts';

const reviewers = alias(users, 'reviewer');

/** The learner's group in the course (the first one when in several), or null. */
const GROUP_OF = sql<number | null>`(select ${groupMembers.groupId} from ${groupMembers} inner join ${groups} as qg on qg.id = ${groupMembers.groupId}
  where ${groupMembers.userCourseId} = ${userCourses.id} and qg.course_id = ${userCourses.courseId} order by ${groupMembers.groupId} limit 1)`;

/** Overdue: a deadline, and the first answer came after it (an answer in time stays in time through rework). */
const OVERDUE = overdueSql(homeworkSubmissions.deadlineAt, homeworkSubmissions.createdAt);

export const WAITING_STATUSES = ['sent', 'checking'] as const;

function cardQuery(db: Executor, where: SQL) {
  return db
    .select({
      id: homeworkSubmissions.id,
      status: homeworkSubmissions.status,
      blockId: homeworkSubmissions.blockId,
      data: lessonBlocks.data,
      courseId: courses.id,
      courseTitle: courses.title,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      enrolmentId: userCourses.id,
      userFirst: users.firstName,
      userLast: users.lastName,
      studentFirst: students.firstName,
      studentLast: students.lastName,
      groupId: GROUP_OF,
      sentAt: homeworkSubmissions.sentAt,
      deadlineAt: homeworkSubmissions.deadlineAt,
      overdue: OVERDUE,
      reviewerFirst: reviewers.firstName,
      reviewerLast: reviewers.lastName,
      reviewerEmail: reviewers.email,
      reviewerId: homeworkSubmissions.reviewerId,
      grade: homeworkSubmissions.grade,
      version: homeworkSubmissions.version,
    })
    .from(homeworkSubmissions)
    .innerJoin(userCourses, eq(userCourses.id, homeworkSubmissions.userCourseId))
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .innerJoin(lessonBlocks, eq(lessonBlocks.id, homeworkSubmissions.blockId))
    .innerJoin(lessons, eq(lessons.id, homeworkSubmissions.lessonId))
    .leftJoin(reviewers, eq(reviewers.id, homeworkSubmissions.reviewerId))
    .where(where);
}
type CardRow = Awaited<ReturnType<typeof cardQuery>>[number];

/** Who studies: the child student's name when the enrolment is a child's, else the account's. */
function learnerName(r: Pick<CardRow, 'userFirst' | 'userLast' | 'studentFirst' | 'studentLast'>): string {
  return (r.studentFirst !== null ? firstLastName({ first_name: r.studentFirst, last_name: r.studentLast }) : firstLastName({ first_name: r.userFirst, last_name: r.userLast })) || 'Ученик';
}

/** Cards of rows: the learners' course progress (statistics' own numbers) and group titles, a fixed number of queries. */
async function toCards(db: Executor, structure: StructureSource, actor: SignedInActor, rows: CardRow[]): Promise<(CuratorSubmissionCard & { row: CardRow })[]> {
  const enrolments = [...new Map(rows.map((r) => [r.enrolmentId, { id: r.enrolmentId, courseId: r.courseId }])).values()];
  const groupIds = [...new Set(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])))];
  const [calcs, groupRows] = await Promise.all([
    enrolments.length ? loadProgress(db, structure, enrolments) : Promise.resolve(new Map()),
    groupIds.length ? db.select({ id: groups.id, title: groups.title }).from(groups).where(inArray(groups.id, groupIds)) : Promise.resolve([]),
  ]);
  const titles = new Map(groupRows.map((g) => [g.id, g.title]));
  return rows.map((r) => ({
    row: r,
    id: r.id,
    status: r.status,
    title: (r.data as HomeworkBlockData).title ?? '',
    course: { id: r.courseId, title: r.courseTitle },
    lesson: { id: r.lessonId, title: r.lessonTitle },
    group: r.groupId === null ? null : { id: r.groupId, title: titles.get(r.groupId) ?? '' },
    learner: { name: learnerName(r), progress: calcs.get(r.enrolmentId)?.progress ?? 0 },
    sent_at: r.sentAt.toISOString(),
    deadline_at: r.deadlineAt?.toISOString() ?? null,
    overdue: r.overdue,
    reviewer: r.status === 'checking' && r.reviewerEmail !== null ? firstLastName({ first_name: r.reviewerFirst, last_name: r.reviewerLast }) || r.reviewerEmail : null,
    reviewer_is_me: r.status === 'checking' && r.reviewerId === actor.user.id,
  }));
}

function strip<T extends { row: unknown }>({ row: _row, ...card }: T): Omit<T, 'row'> {
  return card;
}

/** GET /api/curator/homework/: the submissions of the curator's scope; waiting ones (sent and checking) by default, oldest first. */
export async function curatorQueue(
  db: Db,
  structure: StructureSource,
  actor: SignedInActor,
  query: Required<Pick<CuratorQueueQuery, 'status' | 'page' | 'page_size'>> & CuratorQueueQuery,
  url: string,
): Promise<Paginated<CuratorSubmissionCard>> {
  const where = and(
    curatedSubmissions(actor),
    query.status === 'waiting' ? inArray(homeworkSubmissions.status, [...WAITING_STATUSES]) : eq(homeworkSubmissions.status, query.status),
    query.course === undefined ? undefined : eq(userCourses.courseId, query.course),
    query.lesson === undefined ? undefined : eq(homeworkSubmissions.lessonId, query.lesson),
    query.group === undefined
      ? undefined
      : sql`exists (select 1 from ${groupMembers} as fg where fg.group_id = ${query.group} and fg.user_course_id = ${userCourses.id})`,
  )!;
  const [rows, [total]] = await Promise.all([
    cardQuery(db, where)
      // Waiting work oldest first (who waits longest is checked first); decided work newest first.
      .orderBy(
        ...(query.status === 'waiting' || query.status === 'sent' || query.status === 'checking'
          ? [asc(homeworkSubmissions.sentAt), asc(homeworkSubmissions.id)]
          : [desc(homeworkSubmissions.updatedAt), desc(homeworkSubmissions.id)]),
      )
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(homeworkSubmissions)
      .innerJoin(userCourses, eq(userCourses.id, homeworkSubmissions.userCourseId))
      .where(where),
  ]);
  const count = total?.count ?? 0;
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: (await toCards(db, structure, actor, rows)).map(strip) };
}

/** How many submissions wait for the actor (sent or checking), in their whole scope. */
export async function waitingCount(db: Executor, actor: SignedInActor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(homeworkSubmissions)
    .where(and(curatedSubmissions(actor), inArray(homeworkSubmissions.status, [...WAITING_STATUSES])));
  return row?.count ?? 0;
}

/** GET /api/curator/homework/summary/: the menu's waiting count and the courses, groups and lessons the filters offer. */
export async function curatorSummary(db: Db, actor: SignedInActor): Promise<CuratorSummary> {
  const [waiting, courseRows, groupRows, lessonRows] = await Promise.all([
    waitingCount(db, actor),
    db.select({ id: courses.id, title: courses.title }).from(courses).where(curatedCourses(actor)).orderBy(asc(courses.title), asc(courses.id)),
    db
      .select({ id: groups.id, title: groups.title, course_id: groups.courseId })
      .from(groups)
      .innerJoin(courses, eq(courses.id, groups.courseId))
      .where(and(curatedGroups(actor), curatedCourses(actor)))
      .orderBy(asc(courses.title), asc(groups.startsOn), asc(groups.id)),
    db
      .selectDistinct({ id: lessons.id, title: lessons.title, course_id: courses.id, sort: lessons.sort })
      .from(lessons)
      .innerJoin(lessonBlocks, and(eq(lessonBlocks.lessonId, lessons.id), eq(lessonBlocks.type, 'homework')))
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .innerJoin(courses, eq(courses.id, courseModules.courseId))
      .where(curatedCourses(actor))
      .orderBy(asc(courses.id), asc(lessons.sort), asc(lessons.id)),
  ]);
  return { waiting, courses: courseRows, groups: groupRows, lessons: lessonRows.map(({ sort: _sort, ...l }) => l) };
}

/** GET /api/curator/homework/{id}/: one submission of the curator's scope (else 404) with its task and conversation. */
export async function curatorSubmission(db: Db, structure: StructureSource, media: MediaService, actor: SignedInActor, id: number): Promise<CuratorSubmission> {
  const row = await findOne(cardQuery(db, and(eq(homeworkSubmissions.id, id), curatedSubmissions(actor))!), SUBMISSION_NOT_FOUND);
  const [[card], messages] = await Promise.all([toCards(db, structure, actor, [row]), threadMessages(db, id)]);
  const task = await toLessonBlock(media, { id: row.blockId, type: 'homework', data: row.data as HomeworkBlockData });
  if (task.type !== 'homework') throw new Error(`block ${row.blockId} is not homework`);
  return {
    ...strip(card!),
    task,
    grade: row.grade,
    messages,
    version: row.version,
  };
}
