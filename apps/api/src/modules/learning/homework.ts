// Homework in the learner's course (decision 0087): a lesson with homework blocks is completed only
// once a curator has accepted all of them, and a homework block's gate keeps the next outline item
// (`next_item`) or every later module and the final tests (`next_module`) closed until it is
// accepted. The homework blocks come with the course's cached structure; which of them are accepted
// is one query per enrolment, asked only of courses that have homework.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ClosedBy } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { homeworkSubmissions, lessonBlocks, lessonProgress } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';

/** What of an outline the gates read (outline.ts's Outline; declared here so outline.ts may import this file). */
interface OutlineItem {
  type: 'lesson' | 'test';
  id: number;
  title: string;
  moduleId: number | null;
}
interface Outline {
  modules: { id: number }[];
  items: OutlineItem[];
}
/** What of a course's structure the gates read: each lesson's homework blocks. */
interface CourseStructure {
  lessons: { id: number; homework: Omit<HomeworkRef, 'lessonId'>[] }[];
}

/** A homework block of a published lesson, as the structure keeps it. */
export interface HomeworkRef {
  blockId: number;
  lessonId: number;
  title: string;
  gate: 'none' | 'next_item' | 'next_module';
}

/** The homework blocks of a course's published lessons, in lesson order as the structure lists them. */
export function homeworkOf(structure: Pick<CourseStructure, 'lessons'>): HomeworkRef[] {
  return structure.lessons.flatMap((l) => l.homework.map((h) => ({ ...h, lessonId: l.id })));
}

/** The homework blocks of the enrolment that a curator has accepted. */
export async function acceptedBlocks(db: Executor, enrolmentId: number, blockIds?: readonly number[]): Promise<Set<number>> {
  if (blockIds && blockIds.length === 0) return new Set();
  const rows = await db
    .select({ blockId: homeworkSubmissions.blockId })
    .from(homeworkSubmissions)
    .where(
      and(
        eq(homeworkSubmissions.userCourseId, enrolmentId),
        eq(homeworkSubmissions.status, 'accepted'),
        blockIds ? inArray(homeworkSubmissions.blockId, [...blockIds]) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.blockId));
}

const keyOf = (item: Pick<OutlineItem, 'type' | 'id'>) => `${item.type}:${item.id}`;

/**
 * Which outline items are closed, and by which homework: `type:id` → the first homework not yet
 * accepted whose gate covers the item. `next_item` closes the item right after the homework's lesson
 * (across modules too); `next_module` every item of the later modules and the final tests.
 */
export function closedItems(outline: Outline, homework: readonly HomeworkRef[], accepted: ReadonlySet<number>): Map<string, NonNullable<ClosedBy>> {
  const closed = new Map<string, NonNullable<ClosedBy>>();
  if (homework.length === 0) return closed;
  const moduleIndex = new Map(outline.modules.map((m, i) => [m.id, i]));
  const close = (item: OutlineItem | undefined, by: HomeworkRef) => {
    if (item && !closed.has(keyOf(item))) closed.set(keyOf(item), { lesson_id: by.lessonId, block_id: by.blockId, title: by.title });
  };
  for (const h of homework) {
    if (h.gate === 'none' || accepted.has(h.blockId)) continue;
    const index = outline.items.findIndex((i) => i.type === 'lesson' && i.id === h.lessonId);
    if (index < 0) continue;
    if (h.gate === 'next_item') {
      close(outline.items[index + 1], h);
      continue;
    }
    const own = moduleIndex.get(outline.items[index]!.moduleId ?? -1) ?? Infinity;
    for (const item of outline.items.slice(index + 1)) {
      const at = item.moduleId === null ? Infinity : (moduleIndex.get(item.moduleId) ?? Infinity);
      if (item.moduleId === null || at > own) close(item, h);
    }
  }
  return closed;
}

/** The closures of an enrolment's outline: none (and no query) for a course without gated homework. */
export async function outlineClosures(db: Executor, enrolmentId: number, outline: Outline, structure: Pick<CourseStructure, 'lessons'>) {
  const homework = homeworkOf(structure).filter((h) => h.gate !== 'none');
  if (homework.length === 0) return new Map<string, NonNullable<ClosedBy>>();
  return closedItems(outline, homework, await acceptedBlocks(db, enrolmentId));
}

/** The 403 of an item a homework keeps closed: it names the homework and its lesson. */
export function closedByHomework(by: NonNullable<ClosedBy>, outline: Outline): ApiError {
  const lesson = outline.items.find((i) => i.type === 'lesson' && i.id === by.lesson_id);
  const where = lesson ? ` в уроке «${lesson.title}»` : '';
  return new ApiError('forbidden', `Откроется, когда куратор примет задание «${by.title}»${where}.`);
}

/** Throws the 403 when a homework keeps the item closed for the enrolment. */
export async function assertOpen(
  db: Executor,
  enrolmentId: number,
  outline: Outline,
  structure: Pick<CourseStructure, 'lessons'>,
  item: Pick<OutlineItem, 'type' | 'id'>,
): Promise<void> {
  const by = (await outlineClosures(db, enrolmentId, outline, structure)).get(keyOf(item));
  if (by) throw closedByHomework(by, outline);
}

/**
 * Completes the lesson of an accepted homework when every homework block of the lesson is accepted
 * for the enrolment (in the accepting transaction). The status only moves forward, as a lesson
 * opening records it. True when the lesson has just become completed.
 */
export async function completeLessonIfAccepted(db: Executor, enrolmentId: number, lessonId: number): Promise<boolean> {
  const [waiting] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(lessonBlocks)
    .where(
      and(
        eq(lessonBlocks.lessonId, lessonId),
        eq(lessonBlocks.type, 'homework'),
        sql`not exists (select 1 from ${homeworkSubmissions} where ${homeworkSubmissions.blockId} = ${lessonBlocks.id}
          and ${homeworkSubmissions.userCourseId} = ${enrolmentId} and ${homeworkSubmissions.status} = 'accepted')`,
      ),
    );
  if ((waiting?.count ?? 0) > 0) return false;
  const [before] = await db
    .select({ status: lessonProgress.status })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userCourseId, enrolmentId), eq(lessonProgress.lessonId, lessonId)))
    .for('update');
  if (before?.status === 'completed') return false;
  await db
    .insert(lessonProgress)
    .values({ userCourseId: enrolmentId, lessonId, status: 'completed', lastPage: 1, completedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [lessonProgress.userCourseId, lessonProgress.lessonId],
      set: { status: 'completed', completedAt: sql`coalesce(${lessonProgress.completedAt}, now())`, updatedAt: sql`now()` },
    });
  return true;
}
