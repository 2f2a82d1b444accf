// Progress statistics and exports (decision 0033): the numbers on factory data, period
// boundaries at Moscow midnight, a parent reading a child, and everyone else's things as 404s; the
// exports read back by independent readers (SheetJS for XLSX, csv-parse for CSV).
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { AttemptReport, QuizState, TestStatistic } from '@crema/contract';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildAttempt,
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildLessonProgress,
  buildModule,
  buildQuestion,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { resolvePeriod } from './progress.ts';
import { countQueries } from '../../test/queries.ts';

let t: TestContext;
const db = () => t.database.db;
const get = (url: string, session?: Pick<TestSession, 'headers'>) => t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
const at = (iso: string) => new Date(iso);

/**
 * Course A: M1 — lesson 1 (2 pages, 15 min), lesson 2, test 1 (review answers, one question);
 * M2 — lesson 3 (2 pages); a final test (review score). Course B: M — lesson 4, test 2.
 */
async function buildCourses() {
  const a = await buildCourse(db(), { title: 'Бариста с нуля' });
  const m1 = await buildModule(db(), { courseId: a.id, sort: 1, title: 'Эспрессо' });
  const m2 = await buildModule(db(), { courseId: a.id, sort: 2, title: 'Молоко' });
  const l1 = await buildLesson(db(), { moduleId: m1.id, sort: 1, title: 'Урок 1', durationMinutes: 15 });
  const l2 = await buildLesson(db(), { moduleId: m1.id, sort: 2, title: 'Урок 2' });
  const t1 = await buildTest(db(), { courseId: a.id, moduleId: m1.id, sort: 3, name: 'Тест по эспрессо', passScore: 70, review: 'answers', attemptsLimit: 3 });
  const l3 = await buildLesson(db(), { moduleId: m2.id, sort: 1, title: 'Урок 3' });
  const final = await buildTest(db(), { courseId: a.id, name: 'Итоговый тест', review: 'score' });
  for (const [lessonId, page] of [[l1.id, 1], [l1.id, 2], [l2.id, 1], [l3.id, 1], [l3.id, 2]] as const) await buildLessonBlock(db(), { lessonId, page });
  const q = await buildQuestion(db(), { testId: t1.id, text: 'Сколько граммов кофе?', answers: [{ text: '18', isCorrect: true }, { text: '7' }] });
  const b = await buildCourse(db(), { title: 'Латте-арт' });
  const mb = await buildModule(db(), { courseId: b.id, title: 'Сердце' });
  const l4 = await buildLesson(db(), { moduleId: mb.id, title: 'Урок 4' });
  const t2 = await buildTest(db(), { courseId: b.id, moduleId: mb.id, name: 'Тест по латте-арту' });
  return { a, b, m1, m2, l1, l2, l3, l4, t1, t2, final, q };
}

let c: Awaited<ReturnType<typeof buildCourses>>;
let holder: { session: TestSession; enrolmentA: number; childId: number; childEnrolment: number };
let other: { session: TestSession; enrolmentA: number; childId: number; groupId: number };

beforeAll(async () => {
  t = await createTestApp();
  c = await buildCourses();
  const user = await buildUser(db());
  const child = await buildStudent(db(), { userId: user.id, studentType: 'child', firstName: 'Полина', lastName: 'Смирнова' });
  const enrolmentA = await buildEnrolment(db(), { userId: user.id, courseId: c.a.id });
  await buildEnrolment(db(), { userId: user.id, courseId: c.b.id });
  const childEnrolment = await buildEnrolment(db(), { userId: user.id, courseId: c.a.id, studentId: child.id });
  // The holder: lesson 1 read through on 10.11, lesson 3 opened (page 1 of 2) on 21.11.
  await buildLessonProgress(db(), { userCourseId: enrolmentA.id, lessonId: c.l1.id, status: 'completed', lastPage: 2, createdAt: at('2026-11-10T07:00:00Z'), completedAt: at('2026-11-10T07:20:00Z') });
  await buildLessonProgress(db(), { userCourseId: enrolmentA.id, lessonId: c.l3.id, status: 'partially_completed', lastPage: 1, createdAt: at('2026-11-21T08:00:00Z'), updatedAt: at('2026-11-21T08:05:00Z') });
  // Test 1 failed one second before Moscow midnight of 19→20.11, passed at the midnight itself; the final test failed on 21.11.
  await buildAttempt(db(), { userCourseId: enrolmentA.id, testId: c.t1.id, score: 40, questionIds: [c.q.id], selectedAnswers: { [c.q.id]: [c.q.answers[1]!.id] }, marks: { [c.q.id]: 0 }, startedAt: at('2026-11-19T20:49:59Z'), finishedAt: at('2026-11-19T20:59:59Z') });
  await buildAttempt(db(), { userCourseId: enrolmentA.id, testId: c.t1.id, score: 80, questionIds: [c.q.id], selectedAnswers: { [c.q.id]: [c.q.answers[0]!.id] }, marks: { [c.q.id]: 1 }, startedAt: at('2026-11-19T20:55:00Z'), finishedAt: at('2026-11-19T21:00:00Z') });
  await buildAttempt(db(), { userCourseId: enrolmentA.id, testId: c.final.id, score: 50, startedAt: at('2026-11-21T10:00:00Z'), finishedAt: at('2026-11-21T10:30:00Z') });
  // The child: lesson 1 read through, test 1 passed.
  await buildLessonProgress(db(), { userCourseId: childEnrolment.id, lessonId: c.l1.id, status: 'completed', lastPage: 2, createdAt: at('2026-11-12T07:00:00Z'), completedAt: at('2026-11-12T07:10:00Z') });
  await buildAttempt(db(), { userCourseId: childEnrolment.id, testId: c.t1.id, score: 100, finishedAt: at('2026-11-13T09:00:00Z') });
  await buildGroup(db(), {
    courseId: c.a.id,
    title: 'Утренняя группа',
    startsOn: '2026-11-01',
    memberIds: [enrolmentA.id],
    sessions: [
      { startsAt: new Date(Date.now() - 5 * 3_600_000), endsAt: new Date(Date.now() - 3 * 3_600_000) },
      { startsAt: new Date(Date.now() + 48 * 3_600_000), endsAt: new Date(Date.now() + 50 * 3_600_000) },
    ],
  });

  // Another account studying course A with a child of their own, in a group of their own.
  const otherUser = await buildUser(db());
  const otherChild = await buildStudent(db(), { userId: otherUser.id, studentType: 'child' });
  const otherEnrolment = await buildEnrolment(db(), { userId: otherUser.id, courseId: c.a.id });
  await buildEnrolment(db(), { userId: otherUser.id, courseId: c.a.id, studentId: otherChild.id });
  const otherGroup = await buildGroup(db(), { courseId: c.a.id, memberIds: [otherEnrolment.id], sessions: [] });
  holder = { session: await signInAs(t.app, user), enrolmentA: enrolmentA.id, childId: child.id, childEnrolment: childEnrolment.id };
  other = { session: await signInAs(t.app, otherUser), enrolmentA: otherEnrolment.id, childId: otherChild.id, groupId: otherGroup.id };
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/user/course/statistic/', () => {
  it('answers the holder’s overall numbers, per course progress and scores over time', async () => {
    const res = await get('/api/user/course/statistic/', holder.session);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.student).toBeNull();
    expect(body.learners).toEqual([
      { student: null, courses_count: 2 },
      { student: { id: holder.childId, first_name: 'Полина', last_name: 'Смирнова' }, courses_count: 1 },
    ]);
    expect(body.period).toEqual({ period: 'all', from: null, to: null });
    expect(body.overall).toEqual({
      courses_total: 2,
      courses_started: 1,
      courses_finished: 0,
      lessons_done: 2, // lesson 1 and the opened lesson 3 (an opened lesson is done)
      lessons_total: 4,
      tests_passed: 1,
      tests_total: 3,
      attempts: 3,
      average_score: 57, // (40 + 80 + 50) / 3
      // Attempts 10 + 5 + 30 minutes measured; lesson 1's 15 minutes (read through) estimated.
      time_spent: { total_minutes: 60, tests_seconds: 2700, lessons_minutes: 15 },
    });
    const [a, b] = body.courses;
    expect(a).toEqual({
      user_course_id: holder.enrolmentA,
      course: { id: c.a.id, slug: c.a.slug, title: 'Бариста с нуля' },
      progress: 60, // lessons 1, 3 and test 1 of 3 lessons and 2 tests
      lessons_done: 2,
      lessons_total: 3,
      tests_passed: 1,
      tests_total: 2,
      average_score: 57,
      started_at: '2026-11-10T07:00:00.000Z',
      finished_at: null,
      is_active: true,
    });
    expect(b).toMatchObject({ course: { title: 'Латте-арт' }, progress: 0, started_at: null, average_score: null });
    expect(body.scores).toEqual([
      { attempt_id: expect.any(Number), date: '2026-11-19T20:59:59.000Z', day: '2026-11-19', course_id: c.a.id, test: { id: c.t1.id, title: 'Тест по эспрессо' }, score: 40, passed: false },
      { attempt_id: expect.any(Number), date: '2026-11-19T21:00:00.000Z', day: '2026-11-20', course_id: c.a.id, test: { id: c.t1.id, title: 'Тест по эспрессо' }, score: 80, passed: true },
      { attempt_id: expect.any(Number), date: '2026-11-21T10:30:00.000Z', day: '2026-11-21', course_id: c.a.id, test: { id: c.final.id, title: 'Итоговый тест' }, score: 50, passed: false },
    ]);
  });

  it('counts a period by whole Moscow days: an attempt at 23:59:59 is the day before, one at 00:00 the day', async () => {
    const day19 = (await get('/api/user/course/statistic/?from=2026-11-19&to=2026-11-19', holder.session)).json();
    expect(day19.period).toEqual({ period: 'all', from: '2026-11-19', to: '2026-11-19' });
    expect(day19.scores.map((s: { score: number }) => s.score)).toEqual([40]);
    expect(day19.overall).toMatchObject({ attempts: 1, average_score: 40, tests_passed: 0, lessons_done: 0 });
    const day20 = (await get('/api/user/course/statistic/?from=2026-11-20&to=2026-11-20', holder.session)).json();
    expect(day20.scores.map((s: { score: number }) => s.score)).toEqual([80]);
    // Test 1 was passed by the attempt finished at Moscow midnight: counted on the 20th.
    expect(day20.overall).toMatchObject({ attempts: 1, average_score: 80, tests_passed: 1, lessons_done: 0, time_spent: { total_minutes: 5, tests_seconds: 300, lessons_minutes: 0 } });
    const from20 = (await get('/api/user/course/statistic/?from=2026-11-20', holder.session)).json();
    expect(from20.overall).toMatchObject({ attempts: 2, lessons_done: 1, courses_started: 1 });
    // Started and finished count up to the end of the period: nothing was started by the 9th.
    const upTo9 = (await get('/api/user/course/statistic/?to=2026-11-09', holder.session)).json();
    expect(upTo9.overall).toMatchObject({ courses_started: 0, attempts: 0, average_score: null, lessons_done: 0 });
  });

  it('resolves week, month and year to the last 7, 30 and 365 Moscow days with today', () => {
    // 21:30 UTC on the 25th is already the 26th in Moscow.
    const now = at('2026-11-25T21:30:00Z');
    expect(resolvePeriod({ period: 'week' }, now)).toEqual({
      period: 'week',
      fromDate: '2026-11-20',
      toDate: null,
      from: at('2026-11-19T21:00:00Z'),
      to: null,
    });
    expect(resolvePeriod({ period: 'month' }, now).fromDate).toBe('2026-10-28');
    expect(resolvePeriod({ period: 'year' }, now).fromDate).toBe('2025-11-27');
    expect(resolvePeriod({ period: 'all' }, now)).toMatchObject({ fromDate: null, from: null, to: null });
    expect(resolvePeriod({ period: 'week', from: '2026-01-01', to: '2026-01-31' }, now)).toMatchObject({
      fromDate: '2026-01-01',
      toDate: '2026-01-31',
      to: at('2026-01-31T21:00:00Z'),
    });
  });

  it('narrows to a course or a group, and refuses a bad period with field errors', async () => {
    const onlyB = (await get(`/api/user/course/statistic/?course=${c.b.id}`, holder.session)).json();
    expect(onlyB.courses.map((x: { course: { id: number } }) => x.course.id)).toEqual([c.b.id]);
    expect(onlyB.overall).toMatchObject({ courses_total: 1, lessons_total: 1, attempts: 0 });
    const groups = (await get('/api/user/courses/groups/', holder.session)).json();
    const inGroup = (await get(`/api/user/course/statistic/?group=${groups[0].group.id}`, holder.session)).json();
    expect(inGroup.courses.map((x: { course: { id: number } }) => x.course.id)).toEqual([c.a.id]);
    const bad = await get('/api/user/course/statistic/?from=2026-11-20&to=2026-11-19&period=day', holder.session);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toContain('period');
    const reversed = await get('/api/user/course/statistic/?from=2026-11-20&to=2026-11-19', holder.session);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ to: ['Конец периода раньше его начала.'] });
  });

  it('lets a parent read a child’s statistics; another account’s child, course or group is a 404; a guest a 401', async () => {
    const child = await get(`/api/user/course/statistic/?student=${holder.childId}`, holder.session);
    expect(child.statusCode).toBe(200);
    expect(child.json()).toMatchObject({
      student: { id: holder.childId, first_name: 'Полина' },
      overall: { courses_total: 1, lessons_done: 1, tests_passed: 1, attempts: 1, average_score: 100 },
      courses: [{ user_course_id: holder.childEnrolment, progress: 40 }],
    });
    for (const url of [
      `/api/user/course/statistic/?student=${other.childId}`,
      `/api/user/course/statistic/?group=${other.groupId}`,
      `/api/user/course/statistic/?course=${c.a.id}&student=${other.childId}`,
      `/api/user/course/statistic/export/?format=csv&student=${other.childId}`,
    ]) {
      const res = await get(url, holder.session);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
    // The other account sees only its own: course A untouched, no attempts.
    expect((await get('/api/user/course/statistic/', other.session)).json().overall).toMatchObject({ courses_total: 1, attempts: 0, lessons_done: 0 });
    expect((await get('/api/user/course/statistic/')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('documents every statistics call with its parameters and error statuses', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<string, { get?: { summary?: string; parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    const calls = {
      '/api/user/course/statistic/': ['student', 'course', 'group', 'period', 'from', 'to'],
      '/api/user/course/statistic/export/': ['format', 'student', 'period'],
      '/api/user/course/statistic/courses/': ['student', 'course', 'group', 'period', 'from', 'to'],
      '/api/user/courses/groups/': ['student'],
      '/api/user/courses/modules/': ['student', 'course', 'user_course'],
      '/api/user/course/statistic/testing/{id}/': ['id', 'student'],
      '/api/user/course/statistic/lesson/{id}/': ['id', 'student'],
    };
    for (const [path, params] of Object.entries(calls)) {
      const op = doc.paths[path]?.get;
      expect(op?.summary, path).toEqual(expect.any(String));
      expect(op!.parameters!.map((p) => p.name), path).toEqual(expect.arrayContaining(params));
      expect(Object.keys(op!.responses).sort(), path).toEqual(['200', '400', '401', '404']);
    }
  });
});

describe('finished and hidden courses', () => {
  it('counts a course finished when every lesson is done and every test passed, at the last of those; a hidden one stays, marked', async () => {
    const course = await buildCourse(db(), { title: 'Фильтр-кофе' });
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: module.id });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, review: 'correctness' });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id, isActive: false });
    await buildLessonProgress(db(), { userCourseId: enrolment.id, lessonId: lesson.id, createdAt: at('2026-10-01T09:00:00Z'), completedAt: at('2026-10-01T09:00:00Z') });
    const q = await buildQuestion(db(), { testId: test.id, text: 'Температура воды?', answers: [{ text: '93 °C', isCorrect: true }, { text: '100 °C' }] });
    await buildAttempt(db(), {
      userCourseId: enrolment.id,
      testId: test.id,
      score: 90,
      questionIds: [q.id],
      selectedAnswers: { [q.id]: [q.answers[0]!.id] },
      marks: { [q.id]: 1 },
      finishedAt: at('2026-10-02T09:00:00Z'),
    });
    const session = await signInAs(t.app, user);
    const body = (await get('/api/user/course/statistic/', session)).json();
    expect(body.overall).toMatchObject({ courses_total: 1, courses_started: 1, courses_finished: 1 });
    expect(body.courses[0]).toMatchObject({ progress: 100, finished_at: '2026-10-02T09:00:00.000Z', is_active: false });
    // Finished by the end of 02.10 (Moscow), not yet by the end of 01.10.
    expect((await get('/api/user/course/statistic/?to=2026-10-01', session)).json().overall).toMatchObject({ courses_started: 1, courses_finished: 0 });
    // The hidden course's test results stay readable; correctness shows, the right answers do not.
    const stat = await get(`/api/user/course/statistic/testing/${test.id}/`, session);
    expect(stat.statusCode).toBe(200);
    expect(stat.json()).toMatchObject({ status: 'completed', best_score: 90, attempts: [{ score: 90, passed: true }] });
    expect(stat.json().attempts[0].answers.questions).toEqual([{ id: q.id, text: 'Температура воды?', mark: 1, is_correct: true, correct_answers: null }]);
    // The progress page's details: a hidden course lists the tests taken in the period, not its programme.
    const details = (await get('/api/user/course/statistic/courses/', session)).json();
    expect(details.tests).toEqual([
      expect.objectContaining({ test: { id: test.id, title: test.name, pass_score: 70 }, grade: 90, attempts: [expect.objectContaining({ score: 90 })] }),
    ]);
    expect((await get('/api/user/course/statistic/courses/?to=2026-10-01', session)).json().tests).toEqual([]);
  });
});

describe('the cost of the overall call', () => {

  it('does not grow with the courses: their structures, progress and attempts are a fixed number of reads for any number', async () => {
    const learnerOf = async (courseIds: number[]) => {
      const user = await buildUser(db());
      for (const courseId of courseIds) await buildEnrolment(db(), { userId: user.id, courseId });
      return signInAs(t.app, user);
    };
    const extra = await Promise.all([1, 2].map(async () => (await buildCourse(db())).id));
    const one = await learnerOf([c.a.id]);
    const four = await learnerOf([c.a.id, c.b.id, ...extra]);
    const small = await countQueries(() => get('/api/user/course/statistic/', one));
    const large = await countQueries(() => get('/api/user/course/statistic/', four));
    expect(small).toBeGreaterThan(0);
    // Tests run without the content cache: the structures of all the courses are three queries
    // (learning's loadStructures); with the cache (CONTENT_CACHE_TTL_MS, 5 s by default) none.
    expect(large).toBe(small);
  });

  it('the progress page’s course details, too: no query per course, module, test or attempt', async () => {
    const learnerOf = async (courseIds: number[]) => {
      const user = await buildUser(db());
      for (const courseId of courseIds) {
        const enrolment = await buildEnrolment(db(), { userId: user.id, courseId });
        // An attempt at every test of the course: each test was a call of its own before.
        const testIds = courseId === c.a.id ? [c.t1.id, c.final.id] : courseId === c.b.id ? [c.t2.id] : [];
        for (const testId of testIds) await buildAttempt(db(), { userCourseId: enrolment.id, testId, score: 75, finishedAt: at('2026-11-20T09:00:00Z') });
      }
      return signInAs(t.app, user);
    };
    const extra = await Promise.all([1, 2].map(async () => (await buildCourse(db())).id));
    const one = await learnerOf([c.a.id]);
    const four = await learnerOf([c.a.id, c.b.id, ...extra]);
    const small = await countQueries(() => get('/api/user/course/statistic/courses/', one));
    const large = await countQueries(() => get('/api/user/course/statistic/courses/', four));
    expect(small).toBeGreaterThan(0);
    expect((await get('/api/user/course/statistic/courses/', four)).json().tests).toHaveLength(3);
    expect(large).toBe(small);
  });
});

describe('GET /api/user/course/statistic/courses/ (the progress page’s course details)', () => {
  it('answers per course the modules as /modules/ does and every test in programme order with its finished attempts', async () => {
    const res = await get('/api/user/course/statistic/courses/', holder.session);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The same modules as the per course call answers, for each course of the overall call.
    const overall = (await get('/api/user/course/statistic/', holder.session)).json();
    expect(body.modules.map((m: { user_course_id: number }) => m.user_course_id)).toEqual(overall.courses.map((x: { user_course_id: number }) => x.user_course_id));
    for (const modules of body.modules) {
      expect(modules).toEqual((await get(`/api/user/courses/modules/?user_course=${modules.user_course_id}`, holder.session)).json());
    }
    // Course A: its module test, then its final test; course B: its test, not yet taken.
    expect(body.tests.map((x: { test: { id: number } }) => x.test.id)).toEqual([c.t1.id, c.final.id, c.t2.id]);
    expect(body.tests[0]).toEqual({
      test: { id: c.t1.id, title: 'Тест по эспрессо', pass_score: 70 },
      user_course_id: holder.enrolmentA,
      grade: 80,
      best_score: 80,
      last_score: 80,
      attempts: [
        { id: expect.any(Number), number: 1, score: 40, finished_at: '2026-11-19T20:59:59.000Z' },
        { id: expect.any(Number), number: 2, score: 80, finished_at: '2026-11-19T21:00:00.000Z' },
      ],
    });
    expect(body.tests[2]).toMatchObject({ test: { id: c.t2.id }, grade: null, best_score: null, last_score: null, attempts: [] });
    // Best, last and grade as each test's own call says them; the attempts are its finished ones.
    for (const item of body.tests) {
      const own = (await get(`/api/user/course/statistic/testing/${item.test.id}/`, holder.session)).json<TestStatistic>();
      expect(item).toMatchObject({ grade: own.grade, best_score: own.best_score, last_score: own.last_score });
      expect(item.attempts.map((a: { id: number }) => a.id)).toEqual(own.attempts.filter((a) => a.status === 'completed').map((a) => a.id));
    }
  });

  it('narrows like the overall call, reads a child through the parent, and is a 404 for another account’s child', async () => {
    const onlyB = (await get(`/api/user/course/statistic/courses/?course=${c.b.id}`, holder.session)).json();
    expect(onlyB.modules.map((m: { course: { id: number } }) => m.course.id)).toEqual([c.b.id]);
    expect(onlyB.tests.map((x: { test: { id: number } }) => x.test.id)).toEqual([c.t2.id]);
    const child = (await get(`/api/user/course/statistic/courses/?student=${holder.childId}`, holder.session)).json();
    expect(child.modules).toEqual([expect.objectContaining({ user_course_id: holder.childEnrolment, student: expect.objectContaining({ id: holder.childId }) })]);
    expect(child.tests[0]).toMatchObject({ test: { id: c.t1.id }, user_course_id: holder.childEnrolment, best_score: 100 });
    expect((await get(`/api/user/course/statistic/courses/?student=${other.childId}`, holder.session)).statusCode).toBe(404);
    expect((await get('/api/user/course/statistic/courses/?period=decade', holder.session)).statusCode).toBe(400);
    expect((await get('/api/user/course/statistic/courses/')).statusCode).toBe(401);
  });
});

describe('GET /api/user/courses/groups/ and /modules/', () => {
  it('answers per group progress and sessions past and left', async () => {
    const res = await get('/api/user/courses/groups/', holder.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        group: { id: expect.any(Number), title: 'Утренняя группа', starts_on: '2026-11-01', ends_on: null },
        course: { id: c.a.id, slug: c.a.slug, title: 'Бариста с нуля' },
        user_course_id: holder.enrolmentA,
        progress: 60,
        lessons_done: 2,
        lessons_total: 3,
        tests_passed: 1,
        tests_total: 2,
        sessions_past: 1,
        sessions_left: 1,
        next_session_at: expect.any(String),
        // No attendance marked yet (decision 0088).
        attendance: { present: 0, late: 0, absent: 0, excused: 0 },
        attendance_rate: null,
      },
    ]);
    // The child studies in no group; another account's child is a 404.
    expect((await get(`/api/user/courses/groups/?student=${holder.childId}`, holder.session)).json()).toEqual([]);
    expect((await get(`/api/user/courses/groups/?student=${other.childId}`, holder.session)).statusCode).toBe(404);
  });

  it('answers per module numbers by course or by user course; someone else’s is a 404', async () => {
    const res = await get(`/api/user/courses/modules/?course=${c.a.id}`, holder.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user_course_id: holder.enrolmentA,
      course: { id: c.a.id, slug: c.a.slug, title: 'Бариста с нуля' },
      student: null,
      modules: [
        { id: c.m1.id, title: 'Эспрессо', lessons_done: 1, lessons_total: 2, tests_passed: 1, tests_total: 1, average_score: 60, progress: 67 },
        { id: c.m2.id, title: 'Молоко', lessons_done: 1, lessons_total: 1, tests_passed: 0, tests_total: 0, average_score: null, progress: 100 },
      ],
      final_tests: { tests_passed: 0, tests_total: 1, average_score: 50 },
    });
    const child = (await get(`/api/user/courses/modules/?user_course=${holder.childEnrolment}`, holder.session)).json();
    expect(child.student).toMatchObject({ id: holder.childId });
    expect(child.modules[0]).toMatchObject({ lessons_done: 1, tests_passed: 1, average_score: 100 });
    expect((await get('/api/user/courses/modules/', holder.session)).statusCode).toBe(400);
    expect((await get(`/api/user/courses/modules/?user_course=${other.enrolmentA}`, holder.session)).statusCode).toBe(404);
    expect((await get(`/api/user/courses/modules/?course=${c.a.id}&student=${other.childId}`, holder.session)).statusCode).toBe(404);
  });
});

describe('GET /api/user/course/statistic/testing/{id}/ and /lesson/{id}/', () => {
  it('answers a test’s attempts with best and last score and the answers its review allows', async () => {
    const res = await get(`/api/user/course/statistic/testing/${c.t1.id}/`, holder.session);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      test: { id: c.t1.id, title: 'Тест по эспрессо', module: { id: c.m1.id, title: 'Эспрессо' }, pass_score: 70, attempts_limit: 3, review: 'answers' },
      user_course_id: holder.enrolmentA,
      status: 'completed',
      grade: 80,
      attempts_used: 2,
      attempts_left: 1,
      best_score: 80,
      last_score: 80,
    });
    // Answer ids as the attempt's own result page shows them (each attempt has its own, decision 0050).
    const shown = (await get(`/api/user/attempts/${body.attempts[0].id}/`, holder.session)).json<AttemptReport>().attempt;
    const [chosen] = shown.questions[0]!.answers.filter((a) => a.text === '7');
    const [right] = shown.questions[0]!.answers.filter((a) => a.text === '18');
    expect(shown.selected_answers).toEqual({ [c.q.id]: [chosen!.id] });
    expect(chosen!.id).not.toBe(c.q.answers[1]!.id);
    expect(body.attempts[0]).toEqual({
      id: expect.any(Number),
      number: 1,
      status: 'completed',
      started_at: '2026-11-19T20:49:59.000Z',
      finished_at: '2026-11-19T20:59:59.000Z',
      duration_seconds: 600,
      score: 40,
      passed: false,
      answers: {
        selected_answers: { [c.q.id]: [chosen!.id] },
        questions: [{ id: c.q.id, text: 'Сколько граммов кофе?', mark: 0, is_correct: false, correct_answers: [right!.id] }],
      },
    });
    // The final test shows only the score (review = score): no answers.
    const final = (await get(`/api/user/course/statistic/testing/${c.final.id}/`, holder.session)).json();
    expect(final).toMatchObject({ test: { module: null, review: 'score' }, status: 'partially_completed', best_score: 50, last_score: 50 });
    expect(final.attempts[0].answers).toBeNull();
    // The child's own attempt at the same test, through the parent.
    const child = (await get(`/api/user/course/statistic/testing/${c.t1.id}/?student=${holder.childId}`, holder.session)).json();
    expect(child).toMatchObject({ user_course_id: holder.childEnrolment, best_score: 100, attempts_used: 1, student: { id: holder.childId } });
    // Another account: its enrolment has the test but the attempts stay apart; a test of a course it lacks is a 404.
    expect((await get(`/api/user/course/statistic/testing/${c.t1.id}/`, other.session)).json()).toMatchObject({ attempts_used: 0, attempts: [], best_score: null });
    expect((await get(`/api/user/course/statistic/testing/${c.t2.id}/`, other.session)).statusCode).toBe(404);
    expect((await get(`/api/user/course/statistic/testing/${c.t1.id}/?student=${other.childId}`, holder.session)).statusCode).toBe(404);
  });

  it('answers a lesson’s pages seen, done and visits', async () => {
    const res = await get(`/api/user/course/statistic/lesson/${c.l3.id}/`, holder.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lesson: { id: c.l3.id, title: 'Урок 3', module: { id: c.m2.id, title: 'Молоко' }, duration_minutes: null },
      user_course_id: holder.enrolmentA,
      course: { id: c.a.id, slug: c.a.slug, title: 'Бариста с нуля' },
      student: null,
      status: 'partially_completed',
      done: true,
      pages_seen: 1,
      pages_total: 2,
      first_visit_at: '2026-11-21T08:00:00.000Z',
      last_visit_at: '2026-11-21T08:05:00.000Z',
      completed_at: null,
    });
    expect((await get(`/api/user/course/statistic/lesson/${c.l2.id}/`, holder.session)).json()).toMatchObject({ status: 'not_started', done: false, pages_seen: 0, pages_total: 1, first_visit_at: null });
    expect((await get(`/api/user/course/statistic/lesson/${c.l1.id}/?student=${holder.childId}`, holder.session)).json()).toMatchObject({
      status: 'completed',
      pages_seen: 2,
      completed_at: '2026-11-12T07:10:00.000Z',
    });
    expect((await get(`/api/user/course/statistic/lesson/${c.l4.id}/`, other.session)).statusCode).toBe(404);
    expect((await get(`/api/user/course/statistic/lesson/${c.l1.id}/?student=${other.childId}`, holder.session)).statusCode).toBe(404);
  });
});

describe('GET /api/user/course/statistic/export/', () => {
  const dispositionName = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)![1]!);

  it('writes an XLSX that a real reader opens with the Cyrillic sheets, headers and values', async () => {
    const res = await get('/api/user/course/statistic/export/?format=xlsx', holder.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?crema-progress-\d{4}-\d{2}-\d{2}\.xlsx"?; filename\*=UTF-8''/);
    expect(dispositionName(String(res.headers['content-disposition']))).toMatch(/^Прогресс обучения \d{2}\.\d{2}\.\d{4}\.xlsx$/);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Курсы', 'Модули', 'Попытки тестов']);
    const rows = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, defval: null });
    const courses = rows('Курсы');
    expect(courses[0]).toEqual(['Курс', 'Прогресс, %', 'Уроков пройдено', 'Уроков всего', 'Тестов сдано', 'Тестов всего', 'Средний балл', 'Начат', 'Пройден']);
    expect(courses[1]).toEqual(['Бариста с нуля', 60, 2, 3, 1, 2, 57, '10.11.2026', '']);
    expect(courses[2]).toEqual(['Латте-арт', 0, 0, 1, 0, 1, null, '', '']);
    expect(rows('Модули').slice(1)).toEqual([
      ['Бариста с нуля', 'Эспрессо', 1, 2, 1, 1, 60, 67],
      ['Бариста с нуля', 'Молоко', 1, 1, 0, 0, null, 100],
      ['Латте-арт', 'Сердце', 0, 1, 0, 1, null, 0],
    ]);
    const attempts = rows('Попытки тестов');
    expect(attempts[0]).toEqual(['Дата', 'Окончание', 'Курс', 'Тест', 'Попытка', 'Балл, %', 'Результат', 'Длительность, мин']);
    // Moscow dates: the attempt at 20:59:59 UTC is the 19th, the one at 21:00 UTC the 20th.
    expect(attempts.slice(1)).toEqual([
      ['19.11.2026', '19.11.2026 23:59', 'Бариста с нуля', 'Тест по эспрессо', 1, 40, 'Не сдан', 10],
      ['20.11.2026', '20.11.2026 00:00', 'Бариста с нуля', 'Тест по эспрессо', 2, 80, 'Сдан', 5],
      ['21.11.2026', '21.11.2026 13:30', 'Бариста с нуля', 'Итоговый тест', 1, 50, 'Не сдан', 30],
    ]);
  });

  it('writes a CSV in UTF-8 with a BOM and ";" that parses back; a child’s file is named after the child', async () => {
    const res = await get(`/api/user/course/statistic/export/?format=csv&student=${holder.childId}&from=2026-11-01&to=2026-11-30`, holder.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(dispositionName(String(res.headers['content-disposition']))).toMatch(/^Прогресс обучения — Смирнова Полина \d{2}\.\d{2}\.\d{4}\.csv$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const records = parseCsv(bytes, { bom: true, delimiter: ';', relax_column_count: true }) as string[][];
    expect(records[0]).toEqual(['Прогресс обучения: Смирнова Полина, с 01.11.2026 по 30.11.2026']);
    const section = (title: string) => records.findIndex((r) => r[0] === title && r.length === 1);
    const courses = section('Курсы');
    expect(records[courses + 1]![0]).toBe('Курс');
    expect(records[courses + 2]).toEqual(['Бариста с нуля', '40', '1', '3', '1', '2', '100', '12.11.2026', '']);
    const attempts = section('Попытки тестов');
    expect(records[attempts + 2]).toEqual(['13.11.2026', '13.11.2026 12:00', 'Бариста с нуля', 'Тест по эспрессо', '1', '100', 'Сдан', '10']);
  });

  it('keeps a title that Excel would take for a formula as text in the CSV', async () => {
    const user = await buildUser(db());
    const course = await buildCourse(db(), { title: '=HYPERLINK("http://example.ru";"Курс")' });
    await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const res = await get('/api/user/course/statistic/export/?format=csv', await signInAs(t.app, user));
    const records = parseCsv(res.rawPayload, { bom: true, delimiter: ';', relax_column_count: true }) as string[][];
    const courses = records.findIndex((r) => r[0] === 'Курсы');
    expect(records[courses + 2]![0]).toBe('\'=HYPERLINK("http://example.ru";"Курс")');
  });
});

describe('the right answers in the statistics (decision 0050)', () => {
  /** A learner of a fresh one-question test with the given settings; `take(right)` makes one whole attempt through the quiz API. */
  async function learnerOfTest(values: Partial<Parameters<typeof buildTest>[1]> = {}) {
    const course = await buildCourse(db());
    const module = await buildModule(db(), { courseId: course.id });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, passScore: 70, ...values });
    const q = await buildQuestion(db(), { testId: test.id, type: 'single', answers: [{ text: '93 °C', isCorrect: true }, { text: '100 °C' }] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const url = `/api/user/course/${enrolment.id}/testing/${test.id}/`;
    const start = async () => (await t.app.inject({ method: 'GET', url: `${url}?clear=true`, headers: session.headers })).json<QuizState>().attempt!;
    const take = async (right: boolean) => {
      const attempt = await start();
      const answer = attempt.questions[0]!.answers.find((a) => a.text === (right ? '93 °C' : '100 °C'))!.id;
      const selected = right ? { [q.id]: [answer] } : {};
      return (await t.app.inject({ method: 'POST', url, headers: session.headers, payload: { selected_answers: selected, finish: true } })).json<QuizState>();
    };
    const stats = async () => (await get(`/api/user/course/statistic/testing/${test.id}/`, session)).json<TestStatistic>();
    const keys = async () => (await stats()).attempts.map((a) => a.answers?.questions[0]?.correct_answers ?? null);
    return { test, q, session, start, take, stats, keys };
  }

  it('a new test shows the right answers only once it is passed: never after an empty attempt, nor while an attempt is open', async () => {
    const l = await learnerOfTest();
    expect(l.test.review).toBe('answers_when_done');
    // One empty attempt: the score and which question was wrong, no key — in the quiz and in the statistics.
    const empty = await l.take(false);
    expect(empty.attempt!.result).toMatchObject({ score: 0, questions: [{ is_correct: false, correct_answers: null }] });
    const before = await l.stats();
    expect(before.test.review).toBe('answers_when_done');
    expect(before.attempts[0]!.answers!.questions[0]).toMatchObject({ is_correct: false, correct_answers: null });
    expect(await l.keys()).toEqual([null]);
    // Passed: now the key shows for every finished attempt, each in that attempt's own ids.
    const passed = await l.take(true);
    expect(passed).toMatchObject({ status: 'completed', attempt: { result: { score: 100 } } });
    const rightId = passed.attempt!.questions[0]!.answers.find((a) => a.text === '93 °C')!.id;
    expect(passed.attempt!.result!.questions![0]!.correct_answers).toEqual([rightId]);
    const after = await l.keys();
    expect(after[1]).toEqual([rightId]);
    expect(after[0]).toHaveLength(1);
    expect(after[0]).not.toEqual([rightId]);
    // A new attempt open: the key is hidden again until it is finished (it would be answered from it).
    await l.start();
    expect(await l.keys()).toEqual([null, null, null]);
  });

  it('shows the key once the attempts are used up, and always with review = answers (the owner’s explicit choice)', async () => {
    const limited = await learnerOfTest({ attemptsLimit: 2 });
    await limited.take(false);
    expect(await limited.keys()).toEqual([null]);
    const last = await limited.take(false);
    expect(last.test.attempts_left).toBe(0);
    expect(last.attempt!.result!.questions![0]!.correct_answers).toHaveLength(1);
    expect((await limited.keys()).map((k) => k?.length)).toEqual([1, 1]);

    const always = await learnerOfTest({ review: 'answers' });
    const first = await always.take(false);
    expect(first.attempt!.result!.questions![0]!.correct_answers).toHaveLength(1);
    expect((await always.keys()).map((k) => k?.length)).toEqual([1]);

    // correctness and score never show it, passed or not.
    for (const review of ['correctness', 'score'] as const) {
      const never = await learnerOfTest({ review, attemptsLimit: 1 });
      await never.take(true);
      expect(await never.keys(), review).toEqual([null]);
      expect(JSON.stringify(await never.stats()), review).not.toContain('"correct_answers":[');
    }
  });
});

