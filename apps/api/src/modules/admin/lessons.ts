// Lessons in the course builder (decision 0035): a lesson's
// settings and its content. The editor writes the whole content at once (PUT …/blocks/: pages of
// blocks in order), so adding, editing, moving between pages, reordering and deleting are one
// atomic write; the lesson's `updated_at` is its version, and a write made from an older version
// answers 409 instead of overwriting what another tab or person saved meanwhile.
import { and, asc, count, eq, max, notInArray, sql } from 'drizzle-orm';
import type { AdminBlockData, AdminBlocks, AdminBlocksPut, AdminLesson, AdminLessonPatch } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import type { HomeworkBlockData, LessonBlockData } from '../../db/schema/blocks.ts';
import { findOne } from '../../db/find.ts';
import { courseModules, courses, lessonBlocks, lessons, tests, type LessonBlock } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { toLessonBlock } from '../learning/blocks.ts';
import type { MediaService } from '../media/images.ts';
import { recordAudit } from '../audit/record.ts';
import { sanitizeRichText } from './html.ts';
import { assertCourseKeys } from './uploads.ts';
import { ownedBy } from './scopes.ts';
import { answersIn, blocksWithSubmissions } from '../homework/learner.ts';

export const LESSON_TEXTS = {
  notFound: 'Урок не найден.',
  conflict:
    'Урок изменили в другом окне или это сделал другой человек. Ваши изменения не записаны: скопируйте их, обновите страницу и внесите снова.',
  moduleMissing: 'Нет такого модуля в этом курсе.',
  unknownBlock: 'Блок не найден в этом уроке: обновите страницу.',
  homeworkKept: (title: string, answers: number) =>
    `Задание «${title}» нельзя удалить: ученики уже прислали ответы (${answers}). Измените его текст или срок, а удалять не нужно.`,
  homeworkType: 'Это задание нельзя заменить блоком другого типа: ученики уже прислали ответы.',
  lessonHasAnswers: (answers: string) => `Урок нельзя удалить: в его заданиях ответы учеников (${answers}). Снимите урок с публикации — ответы сохранятся.`,
  moduleHasAnswers: (answers: string) => `Модуль нельзя удалить: в заданиях его уроков ответы учеников (${answers}). Снимите уроки с публикации — ответы сохранятся.`,
} as const;

/** A lesson of the actor's courses with its module and course (locked for the transaction when asked); 404 otherwise. */
export function ownedLesson(db: Executor, actor: SignedInActor, lessonId: number, lock = false) {
  const query = db
    .select({
      lesson: lessons,
      module: { id: courseModules.id, title: courseModules.title },
      course: { id: courses.id, title: courses.title, slug: courses.slug },
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(and(eq(lessons.id, lessonId), ownedBy(actor)));
  return findOne(lock ? query.for('update', { of: lessons }) : query, LESSON_TEXTS.notFound);
}
type OwnedLesson = Awaited<ReturnType<typeof ownedLesson>>;

/** A new version: strictly later than the last, so two saves within a millisecond still differ. */
const nextVersion = sql`greatest(now(), ${lessons.updatedAt} + interval '1 millisecond')`;

function assertVersion(found: OwnedLesson, given: string | undefined): void {
  if (given !== undefined && new Date(given).getTime() !== found.lesson.updatedAt.getTime()) {
    throw new ApiError('conflict', LESSON_TEXTS.conflict);
  }
}

export async function toAdminLesson(db: Executor, found: OwnedLesson): Promise<AdminLesson> {
  const [stats] = await db
    .select({ blocks: count(), pages: max(lessonBlocks.page) })
    .from(lessonBlocks)
    .where(eq(lessonBlocks.lessonId, found.lesson.id));
  return {
    id: found.lesson.id,
    title: found.lesson.title,
    duration_minutes: found.lesson.durationMinutes,
    is_published: found.lesson.isPublished,
    module: found.module,
    course: found.course,
    page_count: stats?.pages ?? 0,
    blocks_count: stats?.blocks ?? 0,
    updated_at: found.lesson.updatedAt.toISOString(),
  };
}

/** GET /api/admin/lessons/{id}/ */
export async function getAdminLesson(db: Executor, actor: SignedInActor, lessonId: number): Promise<AdminLesson> {
  return toAdminLesson(db, await ownedLesson(db, actor, lessonId));
}

/** PATCH /api/admin/lessons/{id}/: settings; moving to another module of the course puts it last there. */
export async function patchAdminLesson(db: Executor, actor: SignedInActor, lessonId: number, body: AdminLessonPatch): Promise<AdminLesson> {
  return db.transaction(async (tx) => {
    const found = await ownedLesson(tx, actor, lessonId, true);
    assertVersion(found, body.updated_at);
    let move: { moduleId: number; sort: number } | undefined;
    if (body.module_id !== undefined && body.module_id !== found.module.id) {
      const [target] = await tx
        .select({ id: courseModules.id })
        .from(courseModules)
        .where(and(eq(courseModules.id, body.module_id), eq(courseModules.courseId, found.course.id)));
      if (!target) throw ApiError.fields({ module_id: [LESSON_TEXTS.moduleMissing] });
      const [l] = await tx.select({ sort: max(lessons.sort) }).from(lessons).where(eq(lessons.moduleId, target.id));
      const [t] = await tx.select({ sort: max(tests.sort) }).from(tests).where(eq(tests.moduleId, target.id));
      move = { moduleId: target.id, sort: Math.max(l?.sort ?? 0, t?.sort ?? 0) + 1 };
    }
    await tx
      .update(lessons)
      .set({
        title: body.title,
        durationMinutes: body.duration_minutes,
        isPublished: body.is_published,
        ...(move ?? {}),
        updatedAt: nextVersion,
      })
      .where(eq(lessons.id, found.lesson.id));
    const after = await ownedLesson(tx, actor, lessonId);
    await recordAudit(tx, actor, {
      action: 'lesson.update',
      entity: 'lesson',
      entityId: found.lesson.id,
      courseId: found.course.id,
      summary: after.lesson.title,
      before: { ...found.lesson, module_id: found.module.id },
      after: { ...after.lesson, module_id: after.module.id },
    });
    return toAdminLesson(tx, after);
  });
}

/** DELETE /api/admin/lessons/{id}/ (learners' progress in it goes with it; the builder says so first); refused while its homework holds answers. */
export async function deleteAdminLesson(db: Executor, actor: SignedInActor, lessonId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownedLesson(tx, actor, lessonId, true);
    const answers = await answersIn(tx, { lessonId: found.lesson.id });
    if (answers > 0) throw ApiError.fields({ non_field_errors: [LESSON_TEXTS.lessonHasAnswers(String(answers))] });
    await tx.delete(lessons).where(eq(lessons.id, found.lesson.id));
    await recordAudit(tx, actor, { action: 'lesson.delete', entity: 'lesson', entityId: found.lesson.id, courseId: found.course.id, summary: found.lesson.title, before: found.lesson });
  });
}

/** A block's stored data from what the editor sent: camelCase, clean HTML, no empty optionals. */
export function toStoredBlock(data: AdminBlockData): { type: LessonBlock['type']; data: LessonBlockData } {
  const opt = <T>(value: T | null | undefined) => (value === null || value === undefined || value === '' ? undefined : value);
  switch (data.type) {
    case 'text':
      return { type: 'text', data: { html: sanitizeRichText(data.html) } };
    case 'video':
      return {
        type: 'video',
        data: { url: data.url, title: opt(data.title), poster: opt(data.poster), durationSeconds: opt(data.duration_seconds) },
      };
    case 'image':
      return { type: 'image', data: { image: data.image, alt: data.alt, caption: opt(data.caption) } };
    case 'file':
      return { type: 'file', data: { file: data.file, title: data.title, sizeBytes: opt(data.size_bytes) } };
    case 'quote':
      return { type: 'quote', data: { text: data.text, author: opt(data.author), authorRole: opt(data.author_role) } };
    case 'recipe':
      return { type: 'recipe', data: { title: data.title, parameters: data.parameters, steps: data.steps } };
    case 'homework':
      return {
        type: 'homework',
        data: {
          title: data.title,
          html: sanitizeRichText(data.html),
          images: data.images.length ? data.images : undefined,
          video: opt(data.video),
          accepts: data.accepts,
          maxFileMb: data.max_file_mb,
          gate: data.gate,
          deadline: data.deadline,
        },
      };
  }
}

/** The editor's shape of a stored block (snake_case, storage keys). */
function toEditorData(row: Pick<LessonBlock, 'type' | 'data'>): AdminBlockData {
  const d = row.data as unknown as Record<string, unknown>;
  const s = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : '');
  const n = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : null);
  const num = (key: string) => (typeof d[key] === 'number' ? (d[key] as number) : null);
  switch (row.type) {
    case 'text':
      return { type: 'text', html: s('html') };
    case 'video':
      return { type: 'video', url: s('url'), title: n('title'), poster: n('poster'), duration_seconds: num('durationSeconds') };
    case 'image':
      return { type: 'image', image: s('image'), alt: s('alt'), caption: n('caption') };
    case 'file':
      return { type: 'file', file: s('file'), title: s('title'), size_bytes: num('sizeBytes') };
    case 'quote':
      return { type: 'quote', text: s('text'), author: n('author'), author_role: n('authorRole') };
    case 'recipe':
      return {
        type: 'recipe',
        title: s('title'),
        parameters: Array.isArray(d.parameters) ? (d.parameters as { name: string; value: string }[]) : [],
        steps: Array.isArray(d.steps) ? (d.steps as string[]) : [],
      };
    case 'homework': {
      const homework = row.data as HomeworkBlockData;
      return {
        type: 'homework',
        title: homework.title,
        html: homework.html,
        images: homework.images ?? [],
        video: homework.video ?? null,
        accepts: homework.accepts,
        max_file_mb: homework.maxFileMb,
        gate: homework.gate,
        deadline: homework.deadline,
      };
    }
  }
}

async function readBlocks(db: Executor, media: MediaService, found: OwnedLesson): Promise<AdminBlocks> {
  const rows = await db
    .select()
    .from(lessonBlocks)
    .where(eq(lessonBlocks.lessonId, found.lesson.id))
    .orderBy(asc(lessonBlocks.page), asc(lessonBlocks.sort), asc(lessonBlocks.id));
  const pages: AdminBlocks['pages'] = [];
  let lastPage = 0;
  for (const row of rows) {
    // Pages are numbered without gaps for the editor, whatever was stored.
    if (row.page !== lastPage) {
      pages.push([]);
      lastPage = row.page;
    }
    pages[pages.length - 1]!.push({ id: row.id, data: toEditorData(row), view: await toLessonBlock(media, row) });
  }
  return { lesson_id: found.lesson.id, updated_at: found.lesson.updatedAt.toISOString(), pages };
}

/** The storage keys of a content write, each with its error field (`pages.<page>.<place>.data.<field>`). */
function blockKeys(body: AdminBlocksPut): [string, string | null | undefined][] {
  return body.pages.flatMap((page, p) =>
    page.flatMap((block, i): [string, string | null | undefined][] => {
      const at = (field: string) => `pages.${p}.${i}.data.${field}`;
      const data = block.data;
      if (data.type === 'image') return [[at('image'), data.image]];
      if (data.type === 'file') return [[at('file'), data.file]];
      if (data.type === 'video') return [[at('url'), data.url], [at('poster'), data.poster]];
      if (data.type === 'homework') return [...data.images.map((picture, n): [string, string] => [at(`images.${n}.image`), picture.image]), [at('video'), data.video]];
      return [];
    }),
  );
}

/** GET /api/admin/lessons/{id}/blocks/ */
export async function getAdminBlocks(db: Executor, media: MediaService, actor: SignedInActor, lessonId: number): Promise<AdminBlocks> {
  return readBlocks(db, media, await ownedLesson(db, actor, lessonId));
}

/**
 * A homework block learners have answered stays a homework block: deleting it would delete their
 * answers, files and the curators' comments with it (and their progress would change). Refused as
 * a field error — at the block when its type was changed, at `pages` when it was left out.
 */
async function assertHomeworkKept(tx: Executor, lessonId: number, pages: AdminBlocksPut['pages']): Promise<void> {
  const homework = await tx
    .select({ id: lessonBlocks.id, title: sql<string>`${lessonBlocks.data}->>'title'` })
    .from(lessonBlocks)
    .where(and(eq(lessonBlocks.lessonId, lessonId), eq(lessonBlocks.type, 'homework')));
  const answered = await blocksWithSubmissions(
    tx,
    homework.map((block) => block.id),
  );
  if (answered.size === 0) return;
  const errors: Record<string, string[]> = {};
  for (const block of homework) {
    const answers = answered.get(block.id);
    if (!answers) continue;
    const at = pages.flatMap((page, p) => page.flatMap((item, i) => (item.id === block.id ? [[p, i, item.data.type] as const] : [])))[0];
    if (!at) (errors.pages ??= []).push(LESSON_TEXTS.homeworkKept(block.title ?? '', answers));
    else if (at[2] !== 'homework') errors[`pages.${at[0]}.${at[1]}.data.type`] = [LESSON_TEXTS.homeworkType];
  }
  if (Object.keys(errors).length) throw ApiError.fields(errors);
}

/**
 * PUT /api/admin/lessons/{id}/blocks/: the whole content. Blocks with an id are kept (their data,
 * page and place rewritten), blocks without one are added, the lesson's other blocks are deleted;
 * empty pages are dropped. All or nothing, and only from the current version.
 */
export async function putAdminBlocks(
  db: Executor,
  media: MediaService,
  actor: SignedInActor,
  lessonId: number,
  body: AdminBlocksPut,
): Promise<AdminBlocks> {
  return db.transaction(async (tx) => {
    const found = await ownedLesson(tx, actor, lessonId, true);
    assertVersion(found, body.updated_at);
    await assertCourseKeys(tx, actor, found.course.id, blockKeys(body));
    const existing = new Set(
      (await tx.select({ id: lessonBlocks.id }).from(lessonBlocks).where(eq(lessonBlocks.lessonId, found.lesson.id))).map((r) => r.id),
    );
    const pages = body.pages.filter((page) => page.length > 0);
    const keep: number[] = [];
    for (const block of pages.flat()) {
      if (block.id === undefined) continue;
      if (!existing.has(block.id) || keep.includes(block.id)) throw ApiError.fields({ pages: [LESSON_TEXTS.unknownBlock] });
      keep.push(block.id);
    }
    await assertHomeworkKept(tx, found.lesson.id, body.pages);
    await tx
      .delete(lessonBlocks)
      .where(and(eq(lessonBlocks.lessonId, found.lesson.id), keep.length ? notInArray(lessonBlocks.id, keep) : undefined));
    for (const [p, page] of pages.entries()) {
      for (const [i, block] of page.entries()) {
        const stored = toStoredBlock(block.data);
        const place = { page: p + 1, sort: i + 1 };
        if (block.id === undefined) await tx.insert(lessonBlocks).values({ lessonId: found.lesson.id, ...stored, ...place });
        else await tx.update(lessonBlocks).set({ ...stored, ...place }).where(eq(lessonBlocks.id, block.id));
      }
    }
    await tx.update(lessons).set({ updatedAt: nextVersion }).where(eq(lessons.id, found.lesson.id));
    await recordAudit(tx, actor, {
      action: 'lesson.blocks',
      entity: 'lesson',
      entityId: found.lesson.id,
      courseId: found.course.id,
      summary: found.lesson.title,
      after: { pages: pages.length, blocks: pages.flat().length, removed: existing.size - keep.length },
    });
    return readBlocks(tx, media, await ownedLesson(tx, actor, lessonId));
  });
}
