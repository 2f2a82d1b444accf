// The statistics calls (decision 0033): overall with per-course progress and scores over
// time, per group, per module, per test and per lesson — for the holder or one of their students,
// every query kept to that learner's enrolments inside the query.
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type {
  GroupStatistic,
  LessonStatistic,
  ModulesStatistic,
  ProgressCourses,
  ProgressTest,
  SelectedAnswersInput,
  Statistic,
  StatisticQuery,
  TestStatistic,
} from '@crema/contract';
import { moscowIsoDate } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import {
  courseModules,
  courses,
  groupMembers,
  groupSchedules,
  lessonBlocks,
  lessonProgress,
  lessons,
  students,
  testAttempts,
  tests,
  userCourses,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { countsByMembership, emptyCounts, marksWithSessions, rateOf } from '../attendance/marks.ts';
import { memberships } from '../groups/service.ts';
import { correctAnswers } from '../learning/grading.ts';
import type { StructureSource } from '../learning/outline.ts';
import { gradeOf, keyShown, testStatus } from '../learning/outline.ts';
import type { AnswerIds } from '../learning/answer-ids.ts';
import { loadQuestions } from '../learning/questions.ts';
import { heldBy, LESSON_NOT_FOUND, TEST_NOT_FOUND } from '../learning/scopes.ts';
import {
  attemptSeconds,
  average,
  courseNumbers,
  courseTotals,
  loadProgress,
  percent,
  resolvePeriod,
  within,
  type CourseCalc,
  type Period,
} from './progress.ts';
import { learnerOf, STATISTIC_NOT_FOUND, type Learner } from './scopes.ts';

const enrolmentColumns = {
  id: userCourses.id,
  courseId: userCourses.courseId,
  isActive: userCourses.isActive,
  accessUntil: userCourses.accessUntil,
  course: { id: courses.id, slug: courses.slug, title: courses.title },
};

/** The learner's enrolments, narrowed to a course and/or a group; a course or group that matches none is a 404. */
async function enrolmentsOf(db: Executor, learner: Learner, q: { course?: number | undefined; group?: number | undefined }) {
  const rows = await db
    .select(enrolmentColumns)
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(
      and(
        learner.scope,
        q.course === undefined ? undefined : eq(userCourses.courseId, q.course),
        q.group === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(groupMembers)
                .where(and(eq(groupMembers.groupId, q.group), eq(groupMembers.userCourseId, userCourses.id))),
            ),
      ),
    )
    .orderBy(asc(userCourses.createdAt), asc(userCourses.id));
  if (rows.length === 0 && (q.course !== undefined || q.group !== undefined)) throw ApiError.notFound(STATISTIC_NOT_FOUND);
  return rows;
}
type EnrolmentRow = Awaited<ReturnType<typeof enrolmentsOf>>[number];

/** The holder (always) and each of their students with at least one course. */
async function learnersOf(db: Executor, actor: SignedInActor): Promise<Statistic['learners']> {
  const rows = await db
    .select({
      studentId: userCourses.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(userCourses)
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(heldBy(actor))
    .groupBy(userCourses.studentId, students.firstName, students.lastName)
    .orderBy(sql`${userCourses.studentId} nulls first`);
  const own = rows.find((r) => r.studentId === null);
  return [
    { student: null, courses_count: own?.count ?? 0 },
    ...rows
      .filter((r) => r.studentId !== null)
      .map((r) => ({ student: { id: r.studentId!, first_name: r.firstName ?? '', last_name: r.lastName ?? '' }, courses_count: r.count })),
  ];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isOpen = (e: EnrolmentRow, now: Date) => e.isActive && (e.accessUntil === null || e.accessUntil > now);

/** What the overall call and the export both read. */
export interface ProgressReport {
  learner: Learner;
  period: Period;
  enrolments: EnrolmentRow[];
  calcs: Map<number, CourseCalc>;
  /** Attendance marks in the learner's groups (decision 0088); only the export loads them. */
  attendance?: Awaited<ReturnType<typeof marksWithSessions>>;
}

export async function progressReport(db: Executor, structure: StructureSource, actor: SignedInActor, q: StatisticQuery): Promise<ProgressReport> {
  const period = resolvePeriod(q);
  const learner = await learnerOf(db, actor, q.student);
  const enrolments = await enrolmentsOf(db, learner, q);
  const calcs = await loadProgress(db, structure, enrolments);
  return { learner, period, enrolments, calcs };
}

/** The report of the export: the progress report and the attendance marks of the period's sessions. */
export async function exportReport(db: Executor, structure: StructureSource, actor: SignedInActor, q: StatisticQuery): Promise<ProgressReport> {
  const report = await progressReport(db, structure, actor, q);
  const { from, to } = report.period;
  const marks = await marksWithSessions(db, report.enrolments.map((e) => e.id));
  return { ...report, attendance: marks.filter((m) => (from === null || m.startsAt >= from) && (to === null || m.startsAt < to)) };
}

/** GET /api/user/course/statistic/ */
export async function overallStatistic(db: Executor, structure: StructureSource, actor: SignedInActor, q: StatisticQuery): Promise<Statistic> {
  const [report, learners] = await Promise.all([progressReport(db, structure, actor, q), learnersOf(db, actor)]);
  const { period, enrolments, calcs } = report;
  const now = new Date();
  const numbers = enrolments.map((e) => ({ e, c: calcs.get(e.id)!, n: courseNumbers(calcs.get(e.id)!, period) }));
  const sum = (f: (x: (typeof numbers)[number]) => number) => numbers.reduce((s, x) => s + f(x), 0);
  const attempts = numbers.flatMap((x) => x.n.attempts.map((a) => ({ a, courseId: x.e.courseId })));
  attempts.sort((x, y) => x.a.finishedAt!.getTime() - y.a.finishedAt!.getTime() || x.a.id - y.a.id);
  const testSeconds = sum((x) => x.n.testSeconds);
  const lessonMinutes = sum((x) => x.n.lessonMinutes);
  return {
    student: report.learner.student,
    learners,
    period: { period: period.period, from: period.fromDate, to: period.toDate },
    overall: {
      courses_total: enrolments.length,
      courses_started: numbers.filter((x) => x.n.started).length,
      courses_finished: numbers.filter((x) => x.n.finished).length,
      lessons_done: sum((x) => x.n.lessonsDone),
      lessons_total: sum((x) => x.n.lessonsTotal),
      tests_passed: sum((x) => x.n.testsPassed),
      tests_total: sum((x) => x.n.testsTotal),
      attempts: attempts.length,
      average_score: average(attempts.map((x) => x.a.score!)),
      time_spent: { total_minutes: Math.round(testSeconds / 60) + lessonMinutes, tests_seconds: testSeconds, lessons_minutes: lessonMinutes },
    },
    courses: numbers.map(({ e, c, n }) => ({
      user_course_id: e.id,
      course: e.course,
      progress: c.progress,
      ...courseTotals(c),
      average_score: average(n.attempts.map((a) => a.score!)),
      started_at: iso(c.startedAt),
      finished_at: iso(c.finishedAt),
      is_active: isOpen(e, now),
    })),
    scores: attempts.map(({ a, courseId }) => ({
      attempt_id: a.id,
      date: a.finishedAt!.toISOString(),
      day: moscowIsoDate(a.finishedAt!),
      course_id: courseId,
      test: { id: a.testId, title: a.testTitle },
      score: a.score!,
      passed: a.isPassed ?? false,
    })),
  };
}

/** GET /api/user/courses/groups/: each group the learner studies in (learning's open enrolments, groups' member scope). */
export async function groupsStatistic(db: Executor, structure: StructureSource, actor: SignedInActor, studentId: number | undefined): Promise<GroupStatistic[]> {
  const learner = await learnerOf(db, actor, studentId);
  const rows = (await memberships(db, actor)).filter((m) => m.studentId === (learner.student?.id ?? null));
  if (rows.length === 0) return [];
  const groupIds = [...new Set(rows.map((m) => m.group.id))];
  const now = new Date();
  const [calcs, sessions, attendance] = await Promise.all([
    loadProgress(
      db,
      structure,
      rows.map((m) => ({ id: m.userCourseId, courseId: m.course.id })),
    ),
    db
      .select({
        groupId: groupSchedules.groupId,
        past: sql<number>`count(*) filter (where ${groupSchedules.endsAt} <= ${now})`.mapWith(Number),
        left: sql<number>`count(*) filter (where ${groupSchedules.endsAt} > ${now})`.mapWith(Number),
        next: sql<Date | null>`min(${groupSchedules.startsAt}) filter (where ${groupSchedules.endsAt} > ${now})`.mapWith((v) =>
          v === null ? null : new Date(v as string),
        ),
      })
      .from(groupSchedules)
      .where(inArray(groupSchedules.groupId, groupIds))
      .groupBy(groupSchedules.groupId),
    countsByMembership(db, rows.map((m) => m.userCourseId)),
  ]);
  const sessionsOf = new Map(sessions.map((s) => [s.groupId, s]));
  return rows.map((m) => {
    const c = calcs.get(m.userCourseId)!;
    const s = sessionsOf.get(m.group.id);
    return {
      group: { id: m.group.id, title: m.group.title, starts_on: m.group.startsOn, ends_on: m.group.endsOn },
      course: { id: m.course.id, slug: m.course.slug, title: m.course.title },
      user_course_id: m.userCourseId,
      progress: c.progress,
      ...courseTotals(c),
      sessions_past: s?.past ?? 0,
      sessions_left: s?.left ?? 0,
      next_session_at: iso(s?.next ?? null),
      attendance: attendance.get(`${m.userCourseId}:${m.group.id}`) ?? emptyCounts(),
      attendance_rate: rateOf(attendance.get(`${m.userCourseId}:${m.group.id}`) ?? emptyCounts()),
    };
  });
}

/** Per module numbers of one enrolment. */
export function moduleRows(c: CourseCalc) {
  return c.structure.modules.map((m) => {
    const ls = c.lessons.filter((l) => l.moduleId === m.id);
    const ts = c.tests.filter((t) => t.moduleId === m.id);
    const done = ls.filter((l) => l.doneAt).length;
    const passed = ts.filter((t) => t.passed).length;
    const ids = new Set(ts.map((t) => t.id));
    return {
      id: m.id,
      title: m.title,
      lessons_done: done,
      lessons_total: ls.length,
      tests_passed: passed,
      tests_total: ts.length,
      average_score: average(c.attempts.filter((a) => ids.has(a.testId)).map((a) => a.score!)),
      progress: percent(done + passed, ls.length + ts.length),
    };
  });
}

/** GET /api/user/courses/modules/?course= | ?user_course= */
export async function modulesStatistic(
  db: Executor,
  structure: StructureSource,
  actor: SignedInActor,
  q: { student?: number | undefined; course?: number | undefined; user_course?: number | undefined },
): Promise<ModulesStatistic> {
  if (q.course === undefined && q.user_course === undefined) throw ApiError.fields({ course: ['Укажите курс (course) или курс пользователя (user_course).'] });
  let learner: Learner;
  let where;
  if (q.user_course !== undefined) {
    learner = { student: null, scope: heldBy(actor) };
    where = and(heldBy(actor), eq(userCourses.id, q.user_course));
  } else {
    learner = await learnerOf(db, actor, q.student);
    where = and(learner.scope, eq(userCourses.courseId, q.course!));
  }
  const e = await findOne(
    db
      .select({ ...enrolmentColumns, studentId: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(userCourses)
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .leftJoin(students, eq(students.id, userCourses.studentId))
      .where(where),
    STATISTIC_NOT_FOUND,
  );
  const c = (await loadProgress(db, structure, [e])).get(e.id)!;
  const student = e.studentId === null ? null : { id: e.studentId, first_name: e.firstName ?? '', last_name: e.lastName ?? '' };
  return modulesOf(e, student, c);
}

function modulesOf(e: Pick<EnrolmentRow, 'id' | 'course'>, student: ModulesStatistic['student'], c: CourseCalc): ModulesStatistic {
  const finals = c.tests.filter((t) => t.moduleId === null);
  const finalIds = new Set(finals.map((t) => t.id));
  return {
    user_course_id: e.id,
    course: e.course,
    student,
    modules: moduleRows(c),
    final_tests: {
      tests_passed: finals.filter((t) => t.passed).length,
      tests_total: finals.length,
      average_score: average(c.attempts.filter((a) => finalIds.has(a.testId)).map((a) => a.score!)),
    },
  };
}

/** The published tests of a course in its programme's order: by module, by place in the module, the final tests last. */
function programmeTests(c: CourseCalc): CourseCalc['tests'] {
  const moduleIndex = new Map(c.structure.modules.map((m, index) => [m.id, index]));
  const place = (moduleId: number | null) => (moduleId === null ? Number.MAX_SAFE_INTEGER : (moduleIndex.get(moduleId) ?? Number.MAX_SAFE_INTEGER));
  const sortOf = new Map(c.structure.tests.map((t) => [t.id, t.sort]));
  return [...c.tests].sort((a, b) => place(a.moduleId) - place(b.moduleId) || sortOf.get(a.id)! - sortOf.get(b.id)! || a.id - b.id);
}

/** The tests of a course taken in the period (an attempt finished in it), in the order they were first finished. */
function testsTakenIn(c: CourseCalc, period: Period): CourseCalc['tests'] {
  const firstFinished = new Map<number, number>();
  for (const a of c.attempts) if (within(period, a.finishedAt) && !firstFinished.has(a.testId)) firstFinished.set(a.testId, firstFinished.size);
  return c.tests.filter((t) => firstFinished.has(t.id)).sort((a, b) => firstFinished.get(a.id)! - firstFinished.get(b.id)!);
}

function progressTest(userCourseId: number, t: CourseCalc['tests'][number], c: CourseCalc): ProgressTest {
  // Finished attempts in the order they were finished (loadProgress): the last one is the last score.
  const mine = c.attempts.filter((a) => a.testId === t.id);
  return {
    test: { id: t.id, title: t.title, pass_score: t.passScore },
    user_course_id: userCourseId,
    grade: t.grade,
    best_score: mine.length ? Math.max(...mine.map((a) => a.score!)) : null,
    last_score: mine.at(-1)?.score ?? null,
    attempts: [...mine].sort((a, b) => a.number - b.number).map((a) => ({ id: a.id, number: a.number, score: a.score!, finished_at: a.finishedAt!.toISOString() })),
  };
}

/**
 * GET /api/user/course/statistic/courses/: per course of the overall call (the same filters), its
 * modules and its tests with their finished attempts — the progress page's course details in one
 * report (decision 0061): the queries of the overall call, whatever the number of courses and
 * tests. An open course lists its published tests in the programme's order; a hidden or ended one
 * (no programme to open) those taken in the period, as its scores on the chart.
 */
export async function progressCourses(db: Executor, structure: StructureSource, actor: SignedInActor, q: StatisticQuery): Promise<ProgressCourses> {
  const { learner, period, enrolments, calcs } = await progressReport(db, structure, actor, q);
  const now = new Date();
  return {
    modules: enrolments.map((e) => modulesOf(e, learner.student, calcs.get(e.id)!)),
    tests: enrolments.flatMap((e) => {
      const c = calcs.get(e.id)!;
      return (isOpen(e, now) ? programmeTests(c) : testsTakenIn(c, period)).map((t) => progressTest(e.id, t, c));
    }),
  };
}

/**
 * GET /api/user/course/statistic/testing/{id}/: one test of the learner's course, every attempt.
 * Answers show exactly as the attempt's own result shows them (decisions 0028, 0050): marks unless
 * the review is `score`, the right answers only when `keyShown`, answer ids as that attempt's own.
 */
export async function testStatistic(
  db: Executor,
  ids: AnswerIds,
  actor: SignedInActor,
  testId: number,
  studentId: number | undefined,
): Promise<TestStatistic> {
  const learner = await learnerOf(db, actor, studentId);
  const row = await findOne(
    db
      .select({ test: tests, moduleTitle: courseModules.title, enrolmentId: userCourses.id, course: enrolmentColumns.course })
      .from(tests)
      .innerJoin(userCourses, eq(userCourses.courseId, tests.courseId))
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .leftJoin(courseModules, eq(courseModules.id, tests.moduleId))
      .where(and(eq(tests.id, testId), eq(tests.isPublished, true), learner.scope)),
    TEST_NOT_FOUND,
  );
  const { test } = row;
  const attempts = await db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.userCourseId, row.enrolmentId), eq(testAttempts.testId, test.id)))
    .orderBy(asc(testAttempts.number));
  const finished = attempts.filter((a) => a.status === 'completed' && a.score !== null);
  const questions = test.review !== 'score' && finished.length > 0 ? await loadQuestions(db, test.id) : null;
  const limit = test.attemptsLimit;
  const showKey = keyShown(test, attempts);
  const byScore = finished.map((a) => a.score!);
  const lastFinished = [...finished].sort((a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0)).at(-1);
  return {
    test: {
      id: test.id,
      title: test.name,
      module: test.moduleId === null ? null : { id: test.moduleId, title: row.moduleTitle ?? '' },
      pass_score: test.passScore,
      attempts_limit: limit,
      review: test.review,
      grading: test.grading,
    },
    user_course_id: row.enrolmentId,
    course: row.course,
    student: learner.student,
    status: testStatus(test, attempts),
    grade: gradeOf(test.grading, attempts),
    attempts_used: attempts.length,
    attempts_left: limit === null ? null : Math.max(0, limit - attempts.length),
    best_score: byScore.length ? Math.max(...byScore) : null,
    last_score: lastFinished?.score ?? null,
    attempts: attempts.map((a) => {
      const done = a.status === 'completed';
      const own = ids.forAttempt(a.id);
      return {
        id: a.id,
        number: a.number,
        status: a.status,
        started_at: a.startedAt.toISOString(),
        finished_at: iso(a.finishedAt),
        duration_seconds: done ? attemptSeconds(a) : null,
        score: done ? a.score : null,
        passed: done ? a.isPassed : null,
        // As the test's review allows, the same rule as the attempt's own result (decisions 0028, 0050).
        answers:
          done && questions
            ? {
                selected_answers: own.allOut(a.selectedAnswers) as SelectedAnswersInput,
                questions: a.questionIds
                  .map((qid) => questions.get(qid))
                  .filter((q) => q !== undefined)
                  .map((q) => {
                    const mark = a.marks?.[String(q.id)] ?? 0;
                    return { id: q.id, text: q.text, mark, is_correct: mark === 1, correct_answers: showKey ? own.selectedOut(correctAnswers(q)) : null };
                  }),
              }
            : null,
      };
    }),
  };
}

/** GET /api/user/course/statistic/lesson/{id}/: one lesson of the learner's course. */
export async function lessonStatistic(db: Executor, actor: SignedInActor, lessonId: number, studentId: number | undefined): Promise<LessonStatistic> {
  const learner = await learnerOf(db, actor, studentId);
  const row = await findOne(
    db
      .select({
        id: lessons.id,
        title: lessons.title,
        durationMinutes: lessons.durationMinutes,
        module: { id: courseModules.id, title: courseModules.title },
        enrolmentId: userCourses.id,
        course: enrolmentColumns.course,
        pageCount: sql<number>`coalesce((select max(${lessonBlocks.page}) from ${lessonBlocks} where ${lessonBlocks.lessonId} = ${lessons.id}), 1)`.mapWith(Number),
        status: lessonProgress.status,
        lastPage: lessonProgress.lastPage,
        createdAt: lessonProgress.createdAt,
        updatedAt: lessonProgress.updatedAt,
        completedAt: lessonProgress.completedAt,
      })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .innerJoin(userCourses, eq(userCourses.courseId, courseModules.courseId))
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .leftJoin(lessonProgress, and(eq(lessonProgress.userCourseId, userCourses.id), eq(lessonProgress.lessonId, lessons.id)))
      .where(and(eq(lessons.id, lessonId), eq(lessons.isPublished, true), learner.scope)),
    LESSON_NOT_FOUND,
  );
  const status = row.status ?? 'not_started';
  return {
    lesson: { id: row.id, title: row.title, module: row.module, duration_minutes: row.durationMinutes },
    user_course_id: row.enrolmentId,
    course: row.course,
    student: learner.student,
    status,
    done: status !== 'not_started',
    pages_seen: status === 'completed' ? row.pageCount : status === 'not_started' ? 0 : Math.min(row.lastPage ?? 0, row.pageCount),
    pages_total: row.pageCount,
    first_visit_at: iso(row.createdAt),
    last_visit_at: iso(row.updatedAt),
    completed_at: iso(row.completedAt),
  };
}

