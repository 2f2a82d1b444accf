// A learner's progress in their courses, computed from what learning stores (decision 0033): the
// published structure of each course (learning's short cache: none, or three queries for all the
// courses not kept, decision 0061), the enrolments' lesson progress and test attempts (two
// queries whatever the number of courses), and the period of Moscow days the numbers of "done in
// the period" count.
import { addDays, moscowInstant, moscowIsoDate, type StatisticPeriod } from '@crema/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonProgress, lessons, testAttempts, tests } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { gradeOf, type CourseStructure, type StructureSource } from '../learning/outline.ts';

const PERIOD_DAYS: Record<Exclude<StatisticPeriod, 'all'>, number> = { week: 7, month: 30, year: 365 };

/** A period of whole Moscow days: [from, to) as instants, and the dates the answer names. */
export interface Period {
  period: StatisticPeriod;
  fromDate: string | null;
  toDate: string | null;
  from: Date | null;
  /** Exclusive: Moscow midnight after the last day. */
  to: Date | null;
}

/** `from`/`to` (Moscow dates, both included) win over `period`; `week` is the last 7 days with today. */
export function resolvePeriod(q: { period: StatisticPeriod; from?: string | undefined; to?: string | undefined }, now = new Date()): Period {
  const today = moscowIsoDate(now);
  let fromDate: string | null = q.from ?? null;
  const toDate: string | null = q.to ?? null;
  if (fromDate === null && toDate === null && q.period !== 'all') fromDate = addDays(today, 1 - PERIOD_DAYS[q.period]);
  if (fromDate !== null && toDate !== null && fromDate > toDate) throw ApiError.fields({ to: ['Конец периода раньше его начала.'] });
  return {
    period: q.period,
    fromDate,
    toDate,
    from: fromDate === null ? null : moscowInstant(fromDate, '00:00'),
    to: toDate === null ? null : moscowInstant(addDays(toDate, 1), '00:00'),
  };
}

export const within = (p: Pick<Period, 'from' | 'to'>, d: Date | null): d is Date =>
  d !== null && (p.from === null || d >= p.from) && (p.to === null || d < p.to);
const byEnd = (p: Pick<Period, 'to'>, d: Date | null): d is Date => d !== null && (p.to === null || d < p.to);

export interface EnrolmentRef {
  id: number;
  courseId: number;
}

export interface AttemptRow {
  id: number;
  userCourseId: number;
  testId: number;
  testTitle: string;
  number: number;
  status: 'in_progress' | 'completed';
  score: number | null;
  isPassed: boolean | null;
  startedAt: Date;
  deadlineAt: Date | null;
  finishedAt: Date | null;
}

/** Seconds an attempt took: start to finish, never past its time limit. */
export function attemptSeconds(a: Pick<AttemptRow, 'startedAt' | 'deadlineAt' | 'finishedAt'>): number | null {
  if (!a.finishedAt) return null;
  const end = a.deadlineAt && a.deadlineAt < a.finishedAt ? a.deadlineAt : a.finishedAt;
  return Math.max(0, Math.round((end.getTime() - a.startedAt.getTime()) / 1000));
}

export interface LessonCalc {
  id: number;
  title: string;
  moduleId: number;
  pageCount: number;
  status: 'not_started' | 'partially_completed' | 'completed';
  /** Done as the sidebar's tick counts it: opened; when it was first opened. */
  doneAt: Date | null;
  completedAt: Date | null;
  durationMinutes: number | null;
}

export interface TestCalc {
  id: number;
  title: string;
  moduleId: number | null;
  passScore: number;
  grade: number | null;
  passed: boolean;
  /** When the grade first reached the pass score (the finish of that attempt); null — not passed. */
  passedAt: Date | null;
}

/** One enrolment's course as the learner has walked it. */
export interface CourseCalc {
  structure: CourseStructure;
  lessons: LessonCalc[];
  tests: TestCalc[];
  /** Finished attempts, in the order they were finished. */
  attempts: AttemptRow[];
  progress: number;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
export const average = (scores: number[]) => (scores.length === 0 ? null : Math.round(scores.reduce((s, x) => s + x, 0) / scores.length));

/** Progress of some enrolments: the structures (cached, or three queries), lesson progress and attempts in two queries. */
export async function loadProgress(db: Executor, structure: StructureSource, enrolments: EnrolmentRef[]): Promise<Map<number, CourseCalc>> {
  const result = new Map<number, CourseCalc>();
  if (enrolments.length === 0) return result;
  const ids = enrolments.map((e) => e.id);
  const courseIds = [...new Set(enrolments.map((e) => e.courseId))];
  const [structures, progressRows, attemptRows] = await Promise.all([
    structure.many ? structure.many(courseIds) : Promise.all(courseIds.map(async (id) => [id, await structure(id)] as const)),
    db
      .select({
        userCourseId: lessonProgress.userCourseId,
        lessonId: lessonProgress.lessonId,
        status: lessonProgress.status,
        createdAt: lessonProgress.createdAt,
        completedAt: lessonProgress.completedAt,
        durationMinutes: lessons.durationMinutes,
      })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(inArray(lessonProgress.userCourseId, ids)),
    db
      .select({
        id: testAttempts.id,
        userCourseId: testAttempts.userCourseId,
        testId: testAttempts.testId,
        testTitle: tests.name,
        number: testAttempts.number,
        status: testAttempts.status,
        score: testAttempts.score,
        isPassed: testAttempts.isPassed,
        startedAt: testAttempts.startedAt,
        deadlineAt: testAttempts.deadlineAt,
        finishedAt: testAttempts.finishedAt,
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(inArray(testAttempts.userCourseId, ids))
      .orderBy(asc(testAttempts.finishedAt), asc(testAttempts.id)),
  ]);
  const structureOf = new Map(structures);
  for (const e of enrolments) {
    const s = structureOf.get(e.courseId)!;
    const progress = new Map(progressRows.filter((p) => p.userCourseId === e.id).map((p) => [p.lessonId, p]));
    const all = attemptRows.filter((a) => a.userCourseId === e.id);
    const finished = all.filter((a) => a.status === 'completed' && a.finishedAt !== null && a.score !== null);
    const lessonCalcs: LessonCalc[] = s.lessons.map((l) => {
      const p = progress.get(l.id);
      const status = p?.status ?? 'not_started';
      return {
        id: l.id,
        title: l.title,
        moduleId: l.moduleId,
        pageCount: l.pageCount,
        status,
        doneAt: p && status !== 'not_started' ? p.createdAt : null,
        completedAt: p?.completedAt ?? null,
        durationMinutes: p?.durationMinutes ?? null,
      };
    });
    const testCalcs: TestCalc[] = s.tests.map((t) => {
      const mine = finished.filter((a) => a.testId === t.id).sort((a, b) => a.number - b.number);
      const grade = gradeOf(t.grading, mine);
      const passed = grade !== null && grade >= t.passScore;
      let passedAt: Date | null = null;
      if (passed) {
        for (let k = 1; k <= mine.length; k += 1) {
          const g = gradeOf(t.grading, mine.slice(0, k));
          if (g !== null && g >= t.passScore) {
            passedAt = mine[k - 1]!.finishedAt;
            break;
          }
        }
      }
      return { id: t.id, title: t.title, moduleId: t.moduleId, passScore: t.passScore, grade, passed, passedAt };
    });
    const done = lessonCalcs.filter((l) => l.doneAt).length + testCalcs.filter((t) => t.passed).length;
    const total = lessonCalcs.length + testCalcs.length;
    const starts = [...progressRows.filter((p) => p.userCourseId === e.id).map((p) => p.createdAt), ...all.map((a) => a.startedAt)];
    const ends = [...lessonCalcs.map((l) => l.doneAt), ...testCalcs.map((t) => t.passedAt)].filter((d): d is Date => d !== null);
    result.set(e.id, {
      structure: s,
      lessons: lessonCalcs,
      tests: testCalcs,
      attempts: finished,
      progress: percent(done, total),
      startedAt: starts.length ? new Date(Math.min(...starts.map((d) => d.getTime()))) : null,
      finishedAt: total > 0 && done === total && ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null,
    });
  }
  return result;
}

/** The numbers of one course over a period: done in the period, totals of the course. */
export function courseNumbers(c: CourseCalc, p: Period) {
  const attempts = c.attempts.filter((a) => within(p, a.finishedAt));
  return {
    lessonsDone: c.lessons.filter((l) => within(p, l.doneAt)).length,
    lessonsTotal: c.lessons.length,
    testsPassed: c.tests.filter((t) => within(p, t.passedAt)).length,
    testsTotal: c.tests.length,
    attempts,
    testSeconds: attempts.reduce((sum, a) => sum + (attemptSeconds(a) ?? 0), 0),
    lessonMinutes: c.lessons.filter((l) => l.status === 'completed' && within(p, l.completedAt)).reduce((sum, l) => sum + (l.durationMinutes ?? 0), 0),
    started: byEnd(p, c.startedAt),
    finished: byEnd(p, c.finishedAt),
  };
}

/** Lessons done and tests passed of the whole course (now): the progress bar's numbers. */
export function courseTotals(c: CourseCalc) {
  return {
    lessons_done: c.lessons.filter((l) => l.doneAt).length,
    lessons_total: c.lessons.length,
    tests_passed: c.tests.filter((t) => t.passed).length,
    tests_total: c.tests.length,
  };
}

export { percent };
