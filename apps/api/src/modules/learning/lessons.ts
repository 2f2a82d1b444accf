// GET /api/user/course/{id}/lesson/{lessonId}/?page=n: one page of a lesson, where it sits in the
// course, and the progress its opening records (decision 0028).
import { and, eq, sql } from 'drizzle-orm';
import type { LessonBlockView, LessonPage, ProgressStatus } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import {
  courseModules,
  lessonProgress,
  lessons,
  userCourses,
  type FileBlockData,
  type ImageBlockData,
  type LessonBlock,
  type QuoteBlockData,
  type RecipeBlockData,
  type TextBlockData,
  type VideoBlockData,
} from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { originalUrl, type MediaService } from '../media/images.ts';
import type { LearningContent } from './content.ts';
import { loadOutline, neighbours } from './outline.ts';
import { LESSON_NOT_FOUND, studyScope } from './scopes.ts';

const IMAGE_OPTS = { width: 1200, crop: 'center' as const };
const STATUS_RANK: Record<ProgressStatus, number> = { not_started: 0, partially_completed: 1, completed: 2 };

/** The API shape of a stored lesson block: storage keys become media URLs, keys snake_case. */
export async function toLessonBlock(media: MediaService, row: Pick<LessonBlock, 'id' | 'type' | 'data'>): Promise<LessonBlockView> {
  const { id } = row;
  switch (row.type) {
    case 'text':
      return { id, type: 'text', html: (row.data as TextBlockData).html ?? '' };
    case 'video': {
      const data = row.data as VideoBlockData;
      return {
        id,
        type: 'video',
        // An embeddable player link stays as it is; an uploaded file becomes its media URL (served with Range).
        url: data.url ? originalUrl(data.url) : '',
        title: data.title ?? null,
        poster: await media.image(data.poster, IMAGE_OPTS),
        duration_seconds: data.durationSeconds ?? null,
      };
    }
    case 'image': {
      const data = row.data as ImageBlockData;
      return { id, type: 'image', image: await media.image(data.image, IMAGE_OPTS), alt: data.alt ?? '', caption: data.caption ?? null };
    }
    case 'file': {
      const data = row.data as FileBlockData;
      return { id, type: 'file', url: data.file ? originalUrl(data.file) : '', title: data.title ?? '', size_bytes: data.sizeBytes ?? null };
    }
    case 'quote': {
      const data = row.data as QuoteBlockData;
      return { id, type: 'quote', text: data.text ?? '', author: data.author ?? null, author_role: data.authorRole ?? null };
    }
    case 'recipe': {
      const data = row.data as RecipeBlockData;
      return { id, type: 'recipe', title: data.title ?? '', parameters: data.parameters ?? [], steps: data.steps ?? [] };
    }
  }
}

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
  { record = true }: { record?: boolean } = {},
): Promise<LessonPage> {
  const row = await findOne(
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
      .where(and(eq(userCourses.id, params.id), studyScope(actor), eq(lessons.id, params.lessonId), eq(lessons.isPublished, true))),
    LESSON_NOT_FOUND,
  );
  const [outline, blocks] = await Promise.all([
    loadOutline(db, { id: row.enrolmentId, courseId: row.courseId }, { statuses: false, structure: content.structure }),
    content.blocks(row.id, params.page),
  ]);
  const item = outline.items.find((i) => i.type === 'lesson' && i.id === row.id);
  const pageCount = item?.pageCount ?? 1;
  if (params.page > pageCount) throw ApiError.notFound(`В уроке ${pageCount} стр.: такой страницы нет.`);
  const reached: ProgressStatus = params.page >= pageCount ? 'completed' : 'partially_completed';
  // A page opened again with nothing to record (the status already as far, the same last page)
  // writes nothing: a reload is a pure read.
  const unchanged = row.status !== null && STATUS_RANK[row.status] >= STATUS_RANK[reached] && row.lastPage === params.page;
  const status = unchanged || !record ? (row.status ?? 'not_started') : await recordProgress(db, row.enrolmentId, row.id, params.page, reached);
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
