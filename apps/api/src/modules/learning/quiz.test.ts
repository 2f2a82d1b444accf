// The quiz engine over HTTP (design/learning.md, decision 0028): the draw, no key before the end,
// autosave, the server's clock, the attempt limit, clear=true, review options and final tests.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptReportSchema, type AttemptReport, type QuizProgress, type QuizState } from '@crema/contract';
import type { tests } from '../../db/schema/index.ts';
import { testAttempts } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildModule,
  buildQuestion,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { ATTEMPT_GRACE_S, FINAL_LOCKED, NO_ATTEMPTS_LEFT, NO_OPEN_ATTEMPT, TIME_IS_UP, TOO_MANY_SAVES } from './quiz.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

/** A module test with one question of each type, and a learner enrolled in its course. */
async function setup(testValues: Partial<typeof tests.$inferInsert> = {}) {
  const course = await buildCourse(db());
  const module = await buildModule(db(), { courseId: course.id });
  const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, passScore: 70, ...testValues });
  const single = await buildQuestion(db(), { testId: test.id, type: 'single', sort: 1, answers: [{ isCorrect: true }, {}, {}] });
  const multiple = await buildQuestion(db(), { testId: test.id, type: 'multiple', sort: 2, answers: [{ isCorrect: true }, { isCorrect: true }, {}] });
  const text = await buildQuestion(db(), { testId: test.id, type: 'text', sort: 3, answers: [{ text: 'Пуровер', isCorrect: true }] });
  const match = await buildQuestion(db(), {
    testId: test.id,
    type: 'match',
    sort: 4,
    answers: [
      { text: 'Эспрессо', connectId: 'p1', isCorrect: true },
      { text: '25 с', connectId: 'p1', isCorrect: true },
      { text: 'Фильтр', connectId: 'p2', isCorrect: true },
      { text: '3 мин', connectId: 'p2', isCorrect: true },
    ],
  });
  const user = await buildUser(db());
  const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
  const session = await signInAs(t.app, user);
  const url = `/api/user/course/${enrolment.id}/module/${module.id}/testing/${test.id}/`;
  const rightAnswers = {
    [single.id]: [single.answers[0]!.id],
    [multiple.id]: [multiple.answers[0]!.id, multiple.answers[1]!.id],
    [text.id]: '  пуровер ',
    [match.id]: [
      [match.answers[0]!.id, match.answers[1]!.id],
      [match.answers[2]!.id, match.answers[3]!.id],
    ],
  };
  return { course, module, test, questions: { single, multiple, text, match }, user, enrolment, session, url, rightAnswers };
}

const open = (url: string, session: TestSession, clear = false) =>
  t.app.inject({ method: 'GET', url: clear ? `${url}?clear=true` : url, headers: session.headers });
const save = (url: string, session: TestSession, payload: object) => t.app.inject({ method: 'POST', url, headers: session.headers, payload });

/** No key in an answer given before the attempt is finished. */
function expectNoKey(body: string, name: string) {
  expect(body, name).not.toMatch(/is_correct|isCorrect|connect_id|connectId|correct_answers|"marks"/);
}

describe('attempts', () => {
  it('shows no attempt until one is started; clear=true draws the questions and a reload keeps them', async () => {
    const s = await setup();
    const before = await open(s.url, s.session);
    expect(before.statusCode).toBe(200);
    expect(before.json<QuizState>()).toMatchObject({ attempt: null, status: 'not_started', grade: null, test: { attempts_used: 0, attempts_left: null } });

    const started = await open(s.url, s.session, true);
    expect(started.statusCode).toBe(200);
    const attempt = started.json<QuizState>().attempt!;
    expect(attempt).toMatchObject({ number: 1, status: 'in_progress', result: null, deadline_at: null, seconds_left: null, selected_answers: {} });
    expect(attempt.questions.map((q) => q.id)).toEqual([s.questions.single.id, s.questions.multiple.id, s.questions.text.id, s.questions.match.id]);
    const matchView = attempt.questions[3]!;
    expect(matchView.answers.map((a) => a.text)).toEqual(['Эспрессо', 'Фильтр']);
    expect(matchView.options.map((a) => a.text).sort()).toEqual(['25 с', '3 мин']);
    expect(attempt.questions[2]!.answers).toEqual([]);

    const reloaded = await open(s.url, s.session);
    expect(reloaded.json<QuizState>().attempt).toEqual({ ...attempt, seconds_left: null });
    // The same test through the path without the module.
    const short = await open(`/api/user/course/${s.enrolment.id}/testing/${s.test.id}/`, s.session);
    expect(short.json<QuizState>().attempt!.id).toBe(attempt.id);
    // Another module's id in the path: 404.
    const otherModule = await buildModule(db(), { courseId: s.course.id });
    expect((await open(`/api/user/course/${s.enrolment.id}/module/${otherModule.id}/testing/${s.test.id}/`, s.session)).statusCode).toBe(404);
  });

  it('never starts an attempt on a HEAD request, even with clear=true', async () => {
    const s = await setup();
    const head = await t.app.inject({ method: 'HEAD', url: `${s.url}?clear=true`, headers: s.session.headers });
    expect(head.statusCode).toBe(200);
    expect(await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id))).toEqual([]);
    expect((await open(s.url, s.session, true)).json<QuizState>().attempt).toMatchObject({ number: 1 });
  });

  it('starts an attempt from the site only with the CSRF header: a cookie GET with clear=true from elsewhere is a 403', async () => {
    const s = await setup({ attemptsLimit: 1 });
    const { 'x-csrf-token': csrf, ...cookiesOnly } = s.session.cookieHeaders;
    // A link on another site: the cookies go with it, the header cannot.
    const forged = await t.app.inject({ method: 'GET', url: `${s.url}?clear=true`, headers: { ...cookiesOnly, referer: 'https://elsewhere.example/' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: expect.any(String) });
    expect(await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id))).toEqual([]);
    // Reading stays a plain cookie GET (the site's loaders read in-process without the header).
    expect((await t.app.inject({ method: 'GET', url: s.url, headers: cookiesOnly })).json<QuizState>().attempt).toBeNull();
    // The site's own call (the browser client sends the header on every call) starts it.
    const own = await t.app.inject({ method: 'GET', url: `${s.url}?clear=true`, headers: { ...cookiesOnly, 'x-csrf-token': csrf! } });
    expect(own.json<QuizState>().attempt).toMatchObject({ number: 1, status: 'in_progress' });
  });

  it('draws by probability: a 0 % question never, a 100 % one always, fixed for the attempt', async () => {
    const course = await buildCourse(db());
    const test = await buildTest(db(), { courseId: course.id, moduleId: (await buildModule(db(), { courseId: course.id })).id });
    const always = await buildQuestion(db(), { testId: test.id, probability: 100, sort: 1, answers: [{ isCorrect: true }] });
    const never = await buildQuestion(db(), { testId: test.id, probability: 0, sort: 2, answers: [{ isCorrect: true }] });
    const sometimes = await buildQuestion(db(), { testId: test.id, probability: 50, sort: 3, answers: [{ isCorrect: true }] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const url = `/api/user/course/${enrolment.id}/testing/${test.id}/`;
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const ids = (await open(url, session, true)).json<QuizState>().attempt!.questions.map((q) => q.id);
      expect(ids).toContain(always.id);
      expect(ids).not.toContain(never.id);
      expect(ids[0]).toBe(always.id);
      ids.forEach((id) => seen.add(id));
      for (let reload = 0; reload < 2; reload++) {
        expect((await open(url, session)).json<QuizState>().attempt!.questions.map((q) => q.id)).toEqual(ids);
      }
    }
    // Twelve draws at 50 %: the middle question came at least once (a miss every time is 1 in 4096).
    expect(seen.has(sometimes.id)).toBe(true);
  });

  it('never sends is_correct or connect_id before the attempt is finished, on any answer', async () => {
    const s = await setup({ timeLimitMinutes: 30 });
    const answers: [string, { body: string; statusCode: number }][] = [];
    answers.push(['GET before', await open(s.url, s.session)]);
    answers.push(['GET clear', await open(s.url, s.session, true)]);
    answers.push(['GET reload', await open(s.url, s.session)]);
    answers.push(['POST save', await save(s.url, s.session, { selected_answers: { [s.questions.single.id]: [s.questions.single.answers[0]!.id] } })]);
    answers.push(['POST empty', await save(s.url, s.session, {})]);
    answers.push(['progress', await open(`/api/user/course/${s.enrolment.id}/testing/${s.test.id}/progress/`, s.session)]);
    answers.push(['modules', await open(`/api/user/course/${s.enrolment.id}/modules/`, s.session)]);
    for (const [name, res] of answers) {
      expect(res.statusCode, name).toBe(200);
      expectNoKey(res.body, name);
    }
    const finished = await save(s.url, s.session, { finish: true });
    expect(finished.body).toContain('is_correct');
  });
});

describe('answers and results', () => {
  it('autosaves per question: later saves add to earlier ones, a reload finds them, finish grades every type', async () => {
    const s = await setup();
    await open(s.url, s.session, true);
    const { single, multiple, text, match } = s.questions;
    expect((await save(s.url, s.session, { selected_answers: { [single.id]: s.rightAnswers[single.id] } })).statusCode).toBe(200);
    const second = await save(s.url, s.session, { selected_answers: { [text.id]: s.rightAnswers[text.id] } });
    expect(second.json<QuizState>().attempt!.selected_answers).toEqual({ [single.id]: s.rightAnswers[single.id], [text.id]: '  пуровер ' });
    // The same answer sent again (autosave repeats itself) is fine and changes nothing.
    const repeated = await save(s.url, s.session, { selected_answers: { [text.id]: s.rightAnswers[text.id] } });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json<QuizState>().attempt!.selected_answers).toEqual(second.json<QuizState>().attempt!.selected_answers);
    // Changing one answer keeps the others.
    await save(s.url, s.session, { selected_answers: { [single.id]: [single.answers[1]!.id], [multiple.id]: [multiple.answers[0]!.id] } });
    const reloaded = (await open(s.url, s.session)).json<QuizState>().attempt!;
    expect(reloaded.status).toBe('in_progress');
    expect(reloaded.selected_answers).toEqual({
      [single.id]: [single.answers[1]!.id],
      [multiple.id]: [multiple.answers[0]!.id],
      [text.id]: '  пуровер ',
    });

    const done = await save(s.url, s.session, { selected_answers: { [match.id]: s.rightAnswers[match.id] }, finish: true });
    expect(done.statusCode).toBe(200);
    const state = done.json<QuizState>();
    // single wrong (0), multiple half (0.5), text right (1), match right (1): 62.5 → 63 %, below 70.
    expect(state.attempt!.result).toEqual({
      score: 63,
      passed: false,
      questions: [
        { id: single.id, mark: 0, is_correct: false, correct_answers: [single.answers[0]!.id] },
        { id: multiple.id, mark: 0.5, is_correct: false, correct_answers: [multiple.answers[0]!.id, multiple.answers[1]!.id] },
        { id: text.id, mark: 1, is_correct: true, correct_answers: ['Пуровер'] },
        { id: match.id, mark: 1, is_correct: true, correct_answers: s.rightAnswers[match.id] },
      ],
    });
    expect(state).toMatchObject({ status: 'partially_completed', grade: 63 });
    // A finished attempt takes no more answers.
    const late = await save(s.url, s.session, { selected_answers: { [single.id]: [single.answers[0]!.id] } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: NO_OPEN_ATTEMPT });
  });

  it('refuses answers that do not fit, in the §8 field shape, and saves nothing of them', async () => {
    const s = await setup();
    await open(s.url, s.session, true);
    const other = await buildQuestion(db(), { testId: s.test.id, probability: 0, answers: [{ isCorrect: true }] });
    for (const selected of [
      { [other.id]: [other.answers[0]!.id] },
      { [s.questions.single.id]: [s.questions.single.answers[0]!.id, s.questions.single.answers[1]!.id] },
      { [s.questions.single.id]: [s.questions.match.answers[0]!.id] },
      { [s.questions.text.id]: [1] },
      { abc: 'x' },
    ]) {
      const res = await save(s.url, s.session, { selected_answers: selected });
      expect(res.statusCode, JSON.stringify(selected)).toBe(400);
      const keys = Object.keys(res.json());
      expect(keys.length, JSON.stringify(selected)).toBeGreaterThan(0);
      for (const key of keys) expect(key, JSON.stringify(selected)).toMatch(/^selected_answers/);
    }
    const unknown = await save(s.url, s.session, { answers: {} });
    expect(unknown.statusCode).toBe(400);
    expect((await open(s.url, s.session)).json<QuizState>().attempt!.selected_answers).toEqual({});
  });

  it('loses nothing and grades once under concurrent saves and finishes of one attempt', async () => {
    const s = await setup();
    await open(s.url, s.session, true);
    const saves = Object.entries(s.rightAnswers).map(([id, value]) => save(s.url, s.session, { selected_answers: { [id]: value } }));
    expect((await Promise.all(saves)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id));
    expect(row!.selectedAnswers).toEqual(s.rightAnswers);

    const finishes = await Promise.all(Array.from({ length: 5 }, () => save(s.url, s.session, { finish: true })));
    const codes = finishes.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const rows = await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', score: 100, isPassed: true });
    expect((await open(s.url, s.session)).json<QuizState>()).toMatchObject({ status: 'completed', grade: 100 });
  });

  it('answers 200 to every save when two tabs change one answer back and forth at once (the last write stays)', async () => {
    const s = await setup();
    await open(s.url, s.session, true);
    const { single } = s.questions;
    const choices = Array.from({ length: 12 }, (_, i) => [single.answers[i % 3]!.id]);
    const saves = await Promise.all(choices.map((choice) => save(s.url, s.session, { selected_answers: { [single.id]: choice } })));
    expect(saves.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const [row] = await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id));
    expect(choices).toContainEqual(row!.selectedAnswers[String(single.id)]);
  });

  it('shows what the test’s review option allows', async () => {
    const scoreOnly = await setup({ review: 'score' });
    await open(scoreOnly.url, scoreOnly.session, true);
    const a = (await save(scoreOnly.url, scoreOnly.session, { selected_answers: scoreOnly.rightAnswers, finish: true })).json<QuizState>();
    expect(a.attempt!.result).toEqual({ score: 100, passed: true, questions: null });
    expect(JSON.stringify(a)).not.toContain('is_correct');

    const correctness = await setup({ review: 'correctness' });
    await open(correctness.url, correctness.session, true);
    const b = (await save(correctness.url, correctness.session, { finish: true })).json<QuizState>();
    expect(b.attempt!.result!.questions!.every((q) => q.correct_answers === null && q.is_correct === false)).toBe(true);
    expect(b.attempt!.result).toMatchObject({ score: 0, passed: false });
  });
});

describe('limits on the server', () => {
  it('does not count an answer after the time limit and its grace, and finishes the attempt at the deadline', async () => {
    const s = await setup({ timeLimitMinutes: 10 });
    const started = (await open(s.url, s.session, true)).json<QuizState>().attempt!;
    expect(started.seconds_left).toBeGreaterThan(590);
    expect(new Date(started.deadline_at!).getTime() - new Date(started.started_at).getTime()).toBe(600_000);
    const { single, text } = s.questions;
    await save(s.url, s.session, { selected_answers: { [single.id]: s.rightAnswers[single.id] } });

    // Within the grace an answer still counts.
    const justNow = new Date(Date.now() - (ATTEMPT_GRACE_S - 5) * 1000);
    await db().update(testAttempts).set({ deadlineAt: justNow }).where(eq(testAttempts.id, started.id));
    expect((await save(s.url, s.session, { selected_answers: { [text.id]: 'пуровер' } })).statusCode).toBe(200);

    const deadline = new Date(Date.now() - (ATTEMPT_GRACE_S + 5) * 1000);
    await db().update(testAttempts).set({ deadlineAt: deadline }).where(eq(testAttempts.id, started.id));
    const late = await save(s.url, s.session, { selected_answers: { [s.questions.multiple.id]: s.rightAnswers[s.questions.multiple.id] }, finish: true });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: TIME_IS_UP });
    const [row] = await db().select().from(testAttempts).where(eq(testAttempts.id, started.id));
    expect(row!.status).toBe('completed');
    expect(row!.finishedAt!.getTime()).toBe(deadline.getTime());
    expect(Object.keys(row!.selectedAnswers).sort()).toEqual([String(single.id), String(text.id)].sort());
    expect(row!.score).toBe(50);
  });

  it('finishes an attempt past its deadline on the next read, at the deadline', async () => {
    const s = await setup({ timeLimitMinutes: 5 });
    const started = (await open(s.url, s.session, true)).json<QuizState>().attempt!;
    await save(s.url, s.session, { selected_answers: s.rightAnswers });
    const deadline = new Date(Date.now() - 60_000);
    await db().update(testAttempts).set({ deadlineAt: deadline }).where(eq(testAttempts.id, started.id));
    const progress = (await open(`/api/user/course/${s.enrolment.id}/testing/${s.test.id}/progress/`, s.session)).json<QuizProgress>();
    expect(progress).toMatchObject({ status: 'completed', grade: 100, passed: true, attempts_used: 1 });
    expect(progress.attempts[0]).toMatchObject({ status: 'completed', score: 100, passed: true, finished_at: deadline.toISOString() });
    const state = (await open(s.url, s.session)).json<QuizState>();
    expect(state.attempt).toMatchObject({ status: 'completed', finished_at: deadline.toISOString(), seconds_left: null });
  });

  it('keeps to the attempt limit, also when new attempts are asked for at once', async () => {
    const s = await setup({ attemptsLimit: 2 });
    const starts = await Promise.all(Array.from({ length: 4 }, () => open(s.url, s.session, true)));
    const codes = starts.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409]);
    const refused = starts.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ detail: NO_ATTEMPTS_LEFT });
    const rows = await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id));
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2]);
    expect(rows.filter((r) => r.status === 'in_progress')).toHaveLength(1);
    // The first was closed (graded) when the second started; the second stays open after a refusal.
    const state = (await open(s.url, s.session, true)).json();
    expect(state).toEqual({ detail: NO_ATTEMPTS_LEFT });
    const current = (await open(s.url, s.session)).json<QuizState>();
    expect(current).toMatchObject({ attempt: { number: 2, status: 'in_progress' }, test: { attempts_used: 2, attempts_left: 0 } });
  });

  it('grades across attempts as the test says: a failed retake after a pass keeps it passed with highest, not with last', async () => {
    for (const [grading, status, grade] of [
      ['highest', 'completed', 100],
      ['last', 'partially_completed', 0],
      ['average', 'partially_completed', 50],
    ] as const) {
      const s = await setup({ grading });
      await open(s.url, s.session, true);
      await save(s.url, s.session, { selected_answers: s.rightAnswers, finish: true });
      await open(s.url, s.session, true);
      const res = (await save(s.url, s.session, { finish: true })).json<QuizState>();
      expect(res, grading).toMatchObject({ status, grade });
      const modules = (await open(`/api/user/course/${s.enrolment.id}/modules/`, s.session)).json();
      expect(modules.modules[0].content[0], grading).toMatchObject({ id: s.test.id, status });
    }
  });
});

describe('the autosave rate limit', () => {
  it('lets an enrolment save exactly QUIZ_SAVES_PER_MINUTE times a minute, even at once; another account’s calls spend none of it', async () => {
    const limited = await createTestApp({ QUIZ_SAVES_PER_MINUTE: '5' });
    try {
      const ldb = limited.database.db;
      const course = await buildCourse(ldb);
      const module = await buildModule(ldb, { courseId: course.id });
      const test = await buildTest(ldb, { courseId: course.id, moduleId: module.id });
      const question = await buildQuestion(ldb, { testId: test.id, type: 'single', answers: [{ isCorrect: true }, {}] });
      const learner = async () => {
        const user = await buildUser(ldb);
        const enrolment = await buildEnrolment(ldb, { userId: user.id, courseId: course.id });
        const session = await signInAs(limited.app, user);
        const url = `/api/user/course/${enrolment.id}/testing/${test.id}/`;
        expect((await limited.app.inject({ method: 'GET', url: `${url}?clear=true`, headers: session.headers })).statusCode).toBe(200);
        return { session, url };
      };
      const me = await learner();
      const other = await learner();
      const payload = (i: number) => ({ selected_answers: { [question.id]: [question.answers[i % 2]!.id] } });
      const send = (who: { session: TestSession }, url: string, i: number) =>
        limited.app.inject({ method: 'POST', url, headers: who.session.headers, payload: payload(i) });

      // Another account sending to my enrolment gets 404 and uses none of my saves.
      const foreign = await Promise.all(Array.from({ length: 3 }, (_, i) => send(other, me.url, i)));
      expect(foreign.map((r) => r.statusCode)).toEqual([404, 404, 404]);

      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => send(me, me.url, i)));
      expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toEqual({ detail: TOO_MANY_SAVES });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The limit is per enrolment: the other learner still saves.
      expect((await send(other, other.url, 0)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('final tests', () => {
  it('open when the modules are done (403 before), and passing one marks it completed', async () => {
    const course = await buildCourse(db());
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: module.id });
    const moduleTest = await buildTest(db(), { courseId: course.id, moduleId: module.id, sort: 5 });
    const mq = await buildQuestion(db(), { testId: moduleTest.id, answers: [{ isCorrect: true }, {}] });
    const finalTest = await buildTest(db(), { courseId: course.id, name: 'Итоговый' });
    const fq = await buildQuestion(db(), { testId: finalTest.id, answers: [{ isCorrect: true }, {}] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const finalUrl = `/api/user/course/${enrolment.id}/testing/${finalTest.id}/`;
    const moduleUrl = `/api/user/course/${enrolment.id}/testing/${moduleTest.id}/`;

    const locked = await open(finalUrl, session, true);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ detail: FINAL_LOCKED });
    expect((await save(finalUrl, session, {})).statusCode).toBe(403);

    await open(`/api/user/course/${enrolment.id}/lesson/${lesson.id}/`, session);
    expect((await open(finalUrl, session, true)).statusCode).toBe(403);
    await open(moduleUrl, session, true);
    await save(moduleUrl, session, { selected_answers: { [mq.id]: [mq.answers[0]!.id] }, finish: true });

    const opened = await open(finalUrl, session, true);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<QuizState>().test).toMatchObject({ is_final: true, module_id: null, title: 'Итоговый' });
    const passed = await save(finalUrl, session, { selected_answers: { [fq.id]: [fq.answers[0]!.id] }, finish: true });
    expect(passed.json<QuizState>()).toMatchObject({ status: 'completed', attempt: { result: { score: 100, passed: true } } });
    const modules = (await open(`/api/user/course/${enrolment.id}/modules/`, session)).json();
    expect(modules.final_tests).toEqual([{ id: finalTest.id, title: 'Итоговый', status: 'completed' }]);
    // A final test is not reachable under a module path.
    expect((await open(`/api/user/course/${enrolment.id}/module/${module.id}/testing/${finalTest.id}/`, session)).statusCode).toBe(404);
  });
});

describe('one attempt\'s result (GET /api/user/attempts/{attemptId}/)', () => {
  const report = (attemptId: number, session?: TestSession) =>
    t.app.inject({ method: 'GET', url: `/api/user/attempts/${attemptId}/`, ...(session ? { headers: session.headers } : {}) });

  it('answers a guest 401, another account and an attempt in progress 404, the owner the finished attempt', async () => {
    const s = await setup({ review: 'answers' });
    const started = (await open(s.url, s.session, true)).json<QuizState>().attempt!;
    // In progress: no result page yet.
    expect((await report(started.id, s.session)).statusCode).toBe(404);
    const finished = (await save(s.url, s.session, { selected_answers: s.rightAnswers, finish: true })).json<QuizState>().attempt!;
    expect(finished.id).toBe(started.id);

    expect((await report(started.id)).statusCode).toBe(401);
    const stranger = await signInAs(t.app, await buildUser(db()));
    const foreign = await report(started.id, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: expect.any(String) });
    expect((await report(2_000_000_000, s.session)).statusCode).toBe(404);
    expect((await report(0, s.session)).statusCode).toBe(400);

    const mine = await report(started.id, s.session);
    expect(mine.statusCode).toBe(200);
    const body = mine.json<AttemptReport>();
    expect(attemptReportSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      user_course_id: s.enrolment.id,
      course: { title: s.course.title },
      test: { id: s.test.id, module_id: s.module.id, attempts_used: 1 },
      attempt: { id: started.id, number: 1, status: 'completed', result: { score: 100, passed: true } },
    });
    expect(body.attempt.selected_answers).toEqual(finished.selected_answers);
    expect(body.attempt.result!.questions!.map((q) => q.correct_answers)).toEqual(finished.result!.questions!.map((q) => q.correct_answers));

    // An earlier attempt stays readable after a retake; the page shows that one, not the latest.
    await open(s.url, s.session, true);
    await save(s.url, s.session, { selected_answers: {}, finish: true });
    const first = (await report(started.id, s.session)).json<AttemptReport>();
    expect(first.attempt).toMatchObject({ id: started.id, number: 1, result: { score: 100 } });
    expect(first.test.attempts_used).toBe(2);
  });

  it('shows what was right only as the test\'s review allows', async () => {
    const s = await setup({ review: 'score' });
    const id = (await open(s.url, s.session, true)).json<QuizState>().attempt!.id;
    await save(s.url, s.session, { selected_answers: {}, finish: true });
    const body = (await report(id, s.session)).json<AttemptReport>();
    expect(body.attempt.result).toEqual({ score: 0, passed: false, questions: null });
    expectNoKey(JSON.stringify(body), 'review=score');
  });
});
