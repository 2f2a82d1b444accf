// GET /api/user/course/{id}/lesson/{lessonId}/?page=n: one page of a lesson, where it sits in the
// course, and the progress its opening records (decision 0028).
import { and, eq, sql } from 'drizzle-orm';
import type { LessonPage, ProgressStatus } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import { courseModules, lessonProgress, lessons, userCourses } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { LearningContent } from './content.ts';
import { loadOutline, neighbours } from './outline.ts';
import { perDb } from '../../db/named.ts';
import { LESSON_NOT_FOUND, preparedStudyScope, studyScopeValues } from './scopes.ts';
import { acceptedBlocks, closedByHomework, closedItems, homeworkOf } from './homework.ts';

/**
 * The enrolment (in the study scope), the published lesson in its course with its module, and the
 * enrolment's progress in it: one prepared statement.
 */
const lessonRow = perDb((db) =>
  db
    .select({
      enrolmentId: userCourses.id,
      courseId: userCourses.courseId,
      id: lessons.id,
      title: lessons.title,
      durationMinutes: lessons.durationMinutes,
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      status: lessonProgress.status,
      lastPage: lessonProgress.lastPage,
    })
    .from(userCourses)
    .innerJoin(courseModules, eq(courseModules.courseId, userCourses.courseId))
    .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.userCourseId, userCourses.id), eq(lessonProgress.lessonId, lessons.id)))
    .where(
      and(
        eq(userCourses.id, sql.placeholder('id')),
        preparedStudyScope,
        eq(lessons.id, sql.placeholder('lessonId')),
        eq(lessons.isPublished, true),
      ),
    )
    .prepare('learning_lesson_row'),
);

const STATUS_RANK: Record<ProgressStatus, number> = { not_started: 0, partially_completed: 1, completed: 2 };

/**
 * A lesson page for the learner of enrolment `id`. Opening it records progress in one upsert:
 * partially_completed once opened, completed when the last page is reached; a status never goes
 * back (the enum's order: greatest of old and new), and concurrent opens leave one row.
 * `record: false` (a HEAD request: a link checker, a prefetch) answers the same and writes nothing.
 */
export async function getLessonPage(
  db: Db,
  content: LearningContent,
  actor: SignedInActor,
  params: { id: number; lessonId: number; page: number },
  { record = true, onCompleted }: { record?: boolean; onCompleted?: (enrolmentId: number) => Promise<unknown> } = {},
): Promise<LessonPage> {
  const row = await findOne(
    lessonRow(db).execute({ id: params.id, lessonId: params.lessonId, ...studyScopeValues(actor) }),
    LESSON_NOT_FOUND,
  );
  const [outline, blocks, course] = await Promise.all([
    loadOutline(db, { id: row.enrolmentId, courseId: row.courseId }, { statuses: false, structure: content.structure }),
    content.blocks(row.id, params.page),
    content.structure(row.courseId),
  ]);
  const item = outline.items.find((i) => i.type === 'lesson' && i.id === row.id);
  const pageCount = item?.pageCount ?? 1;
  if (params.page > pageCount) throw ApiError.notFound(`В уроке ${pageCount} стр.: такой страницы нет.`);
  // Homework (decision 0087): a gate of an earlier lesson may keep this one closed, and a lesson
  // with homework is completed by the curator's acceptance of all of it, not by reading to the end.
  // A course without homework asks nothing more.
  const homework = homeworkOf(course);
  const own = homework.filter((h) => h.lessonId === row.id);
  const gated = homework.filter((h) => h.gate !== 'none');
  const accepted = own.length > 0 || gated.length > 0 ? await acceptedBlocks(db, row.enrolmentId) : new Set<number>();
  const closedBy = closedItems(outline, gated, accepted).get(`lesson:${row.id}`);
  if (closedBy) throw closedByHomework(closedBy, outline);
  const homeworkDone = own.every((h) => accepted.has(h.blockId));
  const reached: ProgressStatus = params.page >= pageCount && homeworkDone ? 'completed' : 'partially_completed';
  // A page opened again with nothing to record (the status already as far, the same last page)
  // writes nothing: a reload is a pure read.
  const unchanged = row.status !== null && STATUS_RANK[row.status] >= STATUS_RANK[reached] && row.lastPage === params.page;
  const status = unchanged || !record ? (row.status ?? 'not_started') : await recordProgress(db, row.enrolmentId, row.id, params.page, reached);
  // The lesson has just become completed: progress changed (a certificate may be due, decision 0085).
  if (onCompleted && status === 'completed' && row.status !== 'completed') await onCompleted(row.enrolmentId);
  return {
    id: row.id,
    title: row.title,
    module: { id: row.moduleId, title: row.moduleTitle },
    duration_minutes: row.durationMinutes,
    page: params.page,
    page_count: pageCount,
    blocks,
    status,
    ...neighbours(outline, row.id, params.page),
  };
}

/** The one upsert of a lesson opening: the status only moves forward, concurrent opens leave one row. */
async function recordProgress(db: Db, enrolmentId: number, lessonId: number, page: number, reached: ProgressStatus): Promise<ProgressStatus> {
  const [progress] = await db
    .insert(lessonProgress)
    .values({
      userCourseId: enrolmentId,
      lessonId,
      status: reached,
      lastPage: page,
      completedAt: reached === 'completed' ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userCourseId, lessonProgress.lessonId],
      set: {
        status: sql`greatest(${lessonProgress.status}, excluded.status)`,
        lastPage: sql`excluded.last_page`,
        completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ status: lessonProgress.status });
  return progress!.status;
}
