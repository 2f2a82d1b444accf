// The course as a learner walks it: modules with their published lessons and tests in order,
// then the final tests; statuses from the enrolment's progress and attempts. A fixed number of
// queries whatever the number of modules (decision 0028).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClosedBy, CourseModules, LearningPosition, ProgressStatus } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import {
  courseModules,
  lessonBlocks,
  lessonProgress,
  lessons,
  testAttempts,
  tests,
  userCourses,
  type Test,
} from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';
import { COURSE_NOT_FOUND, studyScope } from './scopes.ts';
import { outlineClosures, type HomeworkRef } from './homework.ts';

/** An item of the course in walking order. */
export interface OutlineItem {
  type: 'lesson' | 'test';
  id: number;
  title: string;
  moduleId: number | null;
  /** Lessons: how many pages (at least 1); tests: 1. */
  pageCount: number;
  status: ProgressStatus;
}

export interface Outline {
  modules: { id: number; title: string }[];
  /** Module items in order, then final tests. */
  items: OutlineItem[];
}

/** What grading needs of an attempt. */
export interface AttemptSummary {
  testId: number;
  number: number;
  status: 'in_progress' | 'completed';
  score: number | null;
}

/** The learner's grade of a test from its finished attempts, by the test's grading method; null without any. */
export function gradeOf(grading: Test['grading'], attempts: AttemptSummary[]): number | null {
  const scores = attempts
    .filter((a) => a.status === 'completed' && a.score !== null)
    .sort((a, b) => a.number - b.number)
    .map((a) => a.score!);
  if (scores.length === 0) return null;
  switch (grading) {
    case 'first':
      return scores[0]!;
    case 'last':
      return scores.at(-1)!;
    case 'average':
      return Math.round(scores.reduce((sum, s) => sum + s, 0) / scores.length);
    case 'highest':
      return Math.max(...scores);
  }
}

/** A test's status: completed once the grade reaches the pass score, partially_completed once tried. */
export function testStatus(test: Pick<Test, 'grading' | 'passScore'>, attempts: AttemptSummary[]): ProgressStatus {
  const grade = gradeOf(test.grading, attempts);
  if (grade !== null && grade >= test.passScore) return 'completed';
  return attempts.length > 0 ? 'partially_completed' : 'not_started';
}

/**
 * Whether a learner may see the right answers of their finished attempts at a test now (decisions
 * 0028, 0050): with `answers` always; with `answers_when_done` once the test is passed (its grade
 * reaches the pass score) or its attempts are used up, and never while an attempt is open (it
 * would be answered from them); with `score` and `correctness` never. The quiz's result, the
 * attempt's result page and the statistics all ask this.
 */
export function keyShown(test: Pick<Test, 'review' | 'grading' | 'passScore' | 'attemptsLimit'>, attempts: AttemptSummary[]): boolean {
  if (test.review === 'answers') return true;
  if (test.review !== 'answers_when_done') return false;
  if (attempts.some((a) => a.status === 'in_progress')) return false;
  const usedUp = test.attemptsLimit !== null && attempts.length >= test.attemptsLimit;
  return usedUp || testStatus(test, attempts) === 'completed';
}

/** A course's published structure: the same for every learner, so it may be kept a few seconds. */
export interface CourseStructure {
  modules: { id: number; title: string }[];
  lessons: { id: number; title: string; moduleId: number; sort: number; pageCount: number; homework: Omit<HomeworkRef, 'lessonId'>[] }[];
  tests: { id: number; title: string; moduleId: number | null; sort: number; grading: Test['grading']; passScore: number }[];
}

/** The published structure of a course: 3 queries side by side. */
export async function loadStructure(db: Executor, courseId: number): Promise<CourseStructure> {
  return (await loadStructures(db, [courseId])).get(courseId)!;
}

/** The published structures of some courses: the same 3 queries side by side for any number of courses. */
export async function loadStructures(db: Executor, courseIds: readonly number[]): Promise<Map<number, CourseStructure>> {
  const result = new Map<number, CourseStructure>(courseIds.map((id) => [id, { modules: [], lessons: [], tests: [] }]));
  if (courseIds.length === 0) return result;
  const ids = [...result.keys()];
  const [modules, lessonRows, testRows] = await Promise.all([
    db
      .select({ courseId: courseModules.courseId, id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(inArray(courseModules.courseId, ids))
      .orderBy(asc(courseModules.sort), asc(courseModules.id)),
    db
      .select({
        courseId: courseModules.courseId,
        id: lessons.id,
        title: lessons.title,
        moduleId: lessons.moduleId,
        sort: lessons.sort,
        pageCount: sql<number>`coalesce((select max(${lessonBlocks.page}) from ${lessonBlocks} where ${lessonBlocks.lessonId} = ${lessons.id}), 1)`.mapWith(Number),
        // The lesson's homework blocks in page order (decision 0087): what completes it and what its gates close.
        homework: sql<Omit<HomeworkRef, 'lessonId'>[]>`coalesce((select json_agg(json_build_object('blockId', hb.id, 'title', hb.data->>'title', 'gate', coalesce(hb.data->>'gate', 'none'))
          order by hb.page, hb.sort, hb.id) from ${lessonBlocks} as hb where hb.lesson_id = ${lessons.id} and hb.type = 'homework'), '[]'::json)`,
      })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(and(inArray(courseModules.courseId, ids), eq(lessons.isPublished, true))),
    db
      .select({
        courseId: tests.courseId,
        id: tests.id,
        title: tests.name,
        moduleId: tests.moduleId,
        sort: tests.sort,
        grading: tests.grading,
        passScore: tests.passScore,
      })
      .from(tests)
      .where(and(inArray(tests.courseId, ids), eq(tests.isPublished, true))),
  ]);
  for (const { courseId, ...m } of modules) result.get(courseId)!.modules.push(m);
  for (const { courseId, ...l } of lessonRows) result.get(courseId)!.lessons.push(l);
  for (const { courseId, ...t } of testRows) result.get(courseId)!.tests.push(t);
  return result;
}

/**
 * Where the structure comes from: the database, or the learning routes' short cache (decision
 * 0028). `many`, when the source has it, answers several courses at once (the cache's misses in
 * one load of 3 queries, decision 0061).
 */
export type StructureSource = ((courseId: number) => Promise<CourseStructure>) & {
  many?: (courseIds: readonly number[]) => Promise<Map<number, CourseStructure>>;
};

/**
 * The outline of a course for one enrolment: the structure (3 queries, or none from the cache)
 * and, with `statuses`, the enrolment's lesson progress and attempts (2 queries) — the same count
 * whatever the number of modules. Lessons and tests of a module interleave by their `sort` (a
 * lesson before a test of the same sort).
 */
export async function loadOutline(
  db: Executor,
  enrolment: { id: number; courseId: number },
  { statuses = true, structure = (courseId) => loadStructure(db, courseId) }: { statuses?: boolean; structure?: StructureSource } = {},
): Promise<Outline> {
  const [course, progressRows, attemptRows] = await Promise.all([
    structure(enrolment.courseId),
    statuses
      ? db
          .select({ lessonId: lessonProgress.lessonId, status: lessonProgress.status })
          .from(lessonProgress)
          .where(eq(lessonProgress.userCourseId, enrolment.id))
      : Promise.resolve([]),
    statuses
      ? db
          .select({ testId: testAttempts.testId, number: testAttempts.number, status: testAttempts.status, score: testAttempts.score })
          .from(testAttempts)
          .where(eq(testAttempts.userCourseId, enrolment.id))
      : Promise.resolve([] as AttemptSummary[]),
  ]);
  const progress = new Map(progressRows.map((p) => [p.lessonId, p.status]));

  const byModule = new Map<number, (OutlineItem & { sort: number })[]>();
  const push = (moduleId: number, item: OutlineItem & { sort: number }) => {
    const list = byModule.get(moduleId) ?? [];
    list.push(item);
    byModule.set(moduleId, list);
  };
  for (const l of course.lessons) {
    push(l.moduleId, { type: 'lesson', id: l.id, title: l.title, moduleId: l.moduleId, pageCount: l.pageCount, sort: l.sort, status: progress.get(l.id) ?? 'not_started' });
  }
  const finals: (OutlineItem & { sort: number })[] = [];
  for (const t of course.tests) {
    const item = {
      type: 'test' as const,
      id: t.id,
      title: t.title,
      moduleId: t.moduleId,
      pageCount: 1,
      sort: t.sort,
      status: testStatus(t, attemptRows.filter((a) => a.testId === t.id)),
    };
    if (t.moduleId === null) finals.push(item);
    else push(t.moduleId, item);
  }
  const order = (a: OutlineItem & { sort: number }, b: OutlineItem & { sort: number }) =>
    a.sort - b.sort || (a.type === b.type ? 0 : a.type === 'lesson' ? -1 : 1) || a.id - b.id;
  const items: OutlineItem[] = [];
  for (const m of course.modules) items.push(...(byModule.get(m.id) ?? []).sort(order).map(strip));
  items.push(...finals.sort(order).map(strip));
  return { modules: course.modules, items };
}

function strip({ sort: _sort, ...item }: OutlineItem & { sort: number }): OutlineItem {
  return item;
}

/** GET /api/user/course/{id}/modules/ from an outline; `closed`: the items homework keeps closed (homework.ts). */
export function toCourseModules(outline: Outline, closed: ReadonlyMap<string, NonNullable<ClosedBy>> = new Map()): CourseModules {
  // Only a closed item carries `closed_by` (an open one leaves it out).
  const by = (i: OutlineItem) => {
    const homework = closed.get(`${i.type}:${i.id}`);
    return homework ? { closed_by: homework } : {};
  };
  return {
    modules: outline.modules.map((m) => ({
      id: m.id,
      title: m.title,
      content: outline.items
        .filter((i) => i.moduleId === m.id)
        .map((i) => ({ id: i.id, title: i.title, type: i.type, status: i.status, ...by(i) })),
    })),
    final_tests: outline.items.filter((i) => i.moduleId === null).map((i) => ({ id: i.id, title: i.title, status: i.status, ...by(i) })),
  };
}

/**
 * A final test opens when every module item is done: each lesson opened (partially_completed or
 * completed) and each module test passed.
 */
export function modulesDone(outline: Outline): boolean {
  return outline.items
    .filter((i) => i.moduleId !== null)
    .every((i) => (i.type === 'lesson' ? i.status !== 'not_started' : i.status === 'completed'));
}

/** The positions before and after a lesson page: across pages, lessons, tests and modules. */
export function neighbours(outline: Outline, lessonId: number, page: number): { previous: LearningPosition | null; next: LearningPosition | null } {
  const index = outline.items.findIndex((i) => i.type === 'lesson' && i.id === lessonId);
  const item = outline.items[index];
  if (!item) return { previous: null, next: null };
  const at = (i: OutlineItem, p: number | null): LearningPosition => ({ type: i.type, id: i.id, module_id: i.moduleId, title: i.title, page: p });
  const before = outline.items[index - 1];
  const after = outline.items[index + 1];
  const previous = page > 1 ? at(item, page - 1) : before ? at(before, before.type === 'lesson' ? before.pageCount : null) : null;
  const next = page < item.pageCount ? at(item, page + 1) : after ? at(after, after.type === 'lesson' ? 1 : null) : null;
  return { previous, next };
}

/** GET /api/user/course/{id}/modules/: the outline of enrolment `id` with the learner's statuses; 404 outside the study scope. */
export async function getCourseModules(db: Executor, actor: Actor, id: number, structure: StructureSource): Promise<CourseModules> {
  const enrolment = await findOne(
    db
      .select({ id: userCourses.id, courseId: userCourses.courseId })
      .from(userCourses)
      .where(and(eq(userCourses.id, id), studyScope(actor))),
    COURSE_NOT_FOUND,
  );
  const [outline, course] = await Promise.all([loadOutline(db, enrolment, { structure }), structure(enrolment.courseId)]);
  return toCourseModules(outline, await outlineClosures(db, enrolment.id, outline, course));
}
