// The quiz engine over HTTP (decision 0028): the draw, no key before the end,
// autosave, the server's clock, the attempt limit, clear=true, review options and final tests.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptReportSchema, type AttemptReport, type QuizProgress, type QuizState } from '@crema/contract';
import { testAttempts, tests } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildModule,
  buildOwner,
  buildQuestion,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { AnswerIds } from './answer-ids.ts';
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
/** A save exactly as given (answer ids as they are). */
const saveRaw = (url: string, session: TestSession, payload: object) => t.app.inject({ method: 'POST', url, headers: session.headers, payload });

/** Every number in a value (answer ids, match pairs) through `f`; text as it is. */
function mapIds<T>(value: T, f: (id: number) => number): T {
  if (typeof value === 'number') return f(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapIds(v, f)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapIds(v, f)])) as T;
  return value;
}
/**
 * Answers named by their database ids, as the learner's latest attempt at the quiz of `url` shows
 * them: each attempt has ids of its own (decision 0050). The test 'gives the learner answer ids
 * that tell nothing' checks those ids through the screen's texts instead.
 */
async function shown<T>(url: string, selected: T): Promise<T> {
  const [, enrolmentId, testId] = /course\/(\d+)\/.*testing\/(\d+)\//.exec(url)!;
  const [attempt] = await db()
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(eq(testAttempts.userCourseId, Number(enrolmentId)), eq(testAttempts.testId, Number(testId))))
    .orderBy(desc(testAttempts.number))
    .limit(1);
  const ids = new AnswerIds(t.app.deps.config.secretKey);
  return attempt ? mapIds(selected, (id) => ids.of(attempt.id, id)) : selected;
}
/** A save as the quiz screen sends it: answers named by database ids here go as the attempt shows them. */
const save = async (url: string, session: TestSession, payload: { selected_answers?: object; finish?: boolean } & Record<string, unknown>) =>
  saveRaw(url, session, payload.selected_answers ? { ...payload, selected_answers: await shown(url, payload.selected_answers) } : payload);

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

describe('answer ids', () => {
  it('gives the learner answer ids that tell nothing: not the database ids, no n + 1 partners, new in each attempt', async () => {
    const s = await setup();
    const { single, multiple, text, match } = s.questions;
    const databaseIds = new Set([single, multiple, match].flatMap((q) => q.answers.map((a) => a.id)));
    const first = (await open(s.url, s.session, true)).json<QuizState>().attempt!;
    const view = (attempt: typeof first, id: number) => attempt.questions.find((q) => q.id === id)!;
    const shownIds = (attempt: typeof first) => attempt.questions.flatMap((q) => [...q.answers, ...q.options].map((a) => a.id));
    expect(shownIds(first)).toHaveLength(3 + 3 + 4);
    for (const id of shownIds(first)) expect(databaseIds.has(id), `${id} is a database id`).toBe(false);
    expect(new Set(shownIds(first)).size).toBe(shownIds(first).length);
    // A match question's partners are not the next ids (the database numbers a pair one after the other).
    const matchView = view(first, match.id);
    const optionIds = new Set(matchView.options.map((o) => o.id));
    for (const left of matchView.answers) {
      expect(optionIds.has(left.id + 1), left.text).toBe(false);
      expect(optionIds.has(left.id - 1), left.text).toBe(false);
    }
    // The old trick (pair each left id with the next) and the database's own ids are no answers at all.
    const nextIds = await saveRaw(s.url, s.session, { selected_answers: { [match.id]: matchView.answers.map((l) => [l.id, l.id + 1]) } });
    expect(nextIds.statusCode).toBe(400);
    const databaseAnswers = await saveRaw(s.url, s.session, { selected_answers: s.rightAnswers });
    expect(databaseAnswers.statusCode).toBe(400);
    expect(Object.keys(databaseAnswers.json())).toEqual(['selected_answers']);
    const [row] = await db().select().from(testAttempts).where(eq(testAttempts.id, first.id));
    expect(row!.selectedAnswers).toEqual({});

    // Answering by what the screen shows (the texts) scores 100 %; the rows keep the database's ids.
    const byText = (id: number, wanted: string) => {
      const q = view(first, id);
      return [...q.answers, ...q.options].find((a) => a.text === wanted)!.id;
    };
    const right = {
      [single.id]: [byText(single.id, 'Ответ 1')],
      [multiple.id]: [byText(multiple.id, 'Ответ 1'), byText(multiple.id, 'Ответ 2')],
      [text.id]: 'Пуровер',
      [match.id]: [
        [byText(match.id, 'Эспрессо'), byText(match.id, '25 с')],
        [byText(match.id, 'Фильтр'), byText(match.id, '3 мин')],
      ],
    };
    const done = await saveRaw(s.url, s.session, { selected_answers: right, finish: true });
    expect(done.statusCode).toBe(200);
    expect(done.json<QuizState>().attempt).toMatchObject({ selected_answers: right, result: { score: 100, passed: true } });
    const [stored] = await db().select().from(testAttempts).where(eq(testAttempts.id, first.id));
    expect(stored!.selectedAnswers).toEqual({ ...s.rightAnswers, [text.id]: 'Пуровер' });

    // The next attempt shows the same answers under other ids; the first attempt's ids are refused in it.
    const second = (await open(s.url, s.session, true)).json<QuizState>().attempt!;
    expect(second.id).not.toBe(first.id);
    for (const id of shownIds(second)) expect(shownIds(first)).not.toContain(id);
    expect(view(second, match.id).answers.map((a) => a.text)).toEqual(matchView.answers.map((a) => a.text));
    expect((await saveRaw(s.url, s.session, { selected_answers: right })).statusCode).toBe(400);
  });
});

describe('the right answers of a new test', () => {
  it('are not shown after a failed attempt: a test made in the builder defaults to answers_when_done', async () => {
    const owner = await buildOwner(db());
    const course = await buildCourse(db(), { ownerId: owner.id });
    const module = await buildModule(db(), { courseId: course.id });
    const ownerSession = await signInAs(t.app, owner);
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/modules/${module.id}/tests/`, headers: ownerSession.headers, payload: { name: 'Новый тест' } });
    expect(made.statusCode).toBe(201);
    const testId = made.json<{ id: number }>().id;
    const settings = (await t.app.inject({ method: 'GET', url: `/api/admin/tests/${testId}/`, headers: ownerSession.headers })).json();
    expect(settings).toMatchObject({ review: 'answers_when_done', attempts_limit: null, grading: 'highest' });

    await buildQuestion(db(), { testId, type: 'single', answers: [{ text: 'Да', isCorrect: true }, { text: 'Нет' }] });
    await db().update(tests).set({ isPublished: true }).where(eq(tests.id, testId));
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const url = `/api/user/course/${enrolment.id}/testing/${testId}/`;
    const attemptId = (await open(url, session, true)).json<QuizState>().attempt!.id;
    const finished = (await save(url, session, { finish: true })).json<QuizState>();
    expect(finished.test.review).toBe('answers_when_done');
    expect(finished.attempt!.result!.questions).toEqual([expect.objectContaining({ is_correct: false, correct_answers: null })]);
    const page = (await t.app.inject({ method: 'GET', url: `/api/user/attempts/${attemptId}/`, headers: session.headers })).json<AttemptReport>();
    expect(page.attempt.result!.questions![0]!.correct_answers).toBeNull();
  });
});

describe('answers and results', () => {
  it('autosaves per question: later saves add to earlier ones, a reload finds them, finish grades every type', async () => {
    const s = await setup({ review: 'answers' });
    await open(s.url, s.session, true);
    const { single, multiple, text, match } = s.questions;
    expect((await save(s.url, s.session, { selected_answers: { [single.id]: s.rightAnswers[single.id] } })).statusCode).toBe(200);
    const second = await save(s.url, s.session, { selected_answers: { [text.id]: s.rightAnswers[text.id] } });
    expect(second.json<QuizState>().attempt!.selected_answers).toEqual(await shown(s.url, { [single.id]: s.rightAnswers[single.id], [text.id]: '  пуровер ' }));
    // The same answer sent again (autosave repeats itself) is fine and changes nothing.
    const repeated = await save(s.url, s.session, { selected_answers: { [text.id]: s.rightAnswers[text.id] } });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json<QuizState>().attempt!.selected_answers).toEqual(second.json<QuizState>().attempt!.selected_answers);
    // Changing one answer keeps the others.
    await save(s.url, s.session, { selected_answers: { [single.id]: [single.answers[1]!.id], [multiple.id]: [multiple.answers[0]!.id] } });
    const reloaded = (await open(s.url, s.session)).json<QuizState>().attempt!;
    expect(reloaded.status).toBe('in_progress');
    expect(reloaded.selected_answers).toEqual(
      await shown(s.url, {
        [single.id]: [single.answers[1]!.id],
        [multiple.id]: [multiple.answers[0]!.id],
        [text.id]: '  пуровер ',
      }),
    );

    const done = await save(s.url, s.session, { selected_answers: { [match.id]: s.rightAnswers[match.id] }, finish: true });
    expect(done.statusCode).toBe(200);
    const state = done.json<QuizState>();
    // single wrong (0), multiple half (0.5), text right (1), match right (1): 62.5 → 63 %, below 70.
    expect(state.attempt!.result).toEqual({
      score: 63,
      passed: false,
      questions: [
        { id: single.id, mark: 0, is_correct: false, correct_answers: await shown(s.url, [single.answers[0]!.id]) },
        { id: multiple.id, mark: 0.5, is_correct: false, correct_answers: await shown(s.url, [multiple.answers[0]!.id, multiple.answers[1]!.id]) },
        { id: text.id, mark: 1, is_correct: true, correct_answers: ['Пуровер'] },
        { id: match.id, mark: 1, is_correct: true, correct_answers: await shown(s.url, s.rightAnswers[match.id]) },
      ],
    });
    expect(state).toMatchObject({ status: 'partially_completed', grade: 63 });
    // A finished attempt takes no more answers.
    const late = await save(s.url, s.session, { selected_answers: { [single.id]: [single.answers[0]!.id] } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: NO_OPEN_ATTEMPT });
  });

  it('refuses answers that do not fit, in the field-keyed error shape, and saves nothing of them', async () => {
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

  it('keeps every question of numbered saves sent at once and, per question, the highest number in any order; a repeat writes nothing', async () => {
    const s = await setup();
    await open(s.url, s.session, true);
    const { single } = s.questions;
    // Different questions at once, each save with its own number: every one lands.
    const entries = Object.entries(s.rightAnswers);
    const first = await Promise.all(entries.map(([id, value], i) => save(s.url, s.session, { selected_answers: { [id]: value }, seq: i + 1 })));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const attempt = async () => (await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, s.enrolment.id)))[0]!;
    expect((await attempt()).selectedAnswers).toEqual(s.rightAnswers);

    // One question from twelve saves at once, the newest sent first: the highest number stays.
    const choices = Array.from({ length: 12 }, (_, i) => ({ seq: 10 + i, value: [single.answers[i % 3]!.id] }));
    const racing = await Promise.all(
      [...choices].reverse().map((c) => save(s.url, s.session, { selected_answers: { [single.id]: c.value }, seq: c.seq })),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const newest = choices.at(-1)!;
    const row = await attempt();
    expect(row.selectedAnswers).toEqual({ ...s.rightAnswers, [single.id]: newest.value });
    expect(row.answerSeqs[String(single.id)]).toBe(newest.seq);

    // An older save retried late and the newest one sent again: 200 with the newest answer, and the row is not written.
    const version = async () => (await db().execute<{ v: string }>(sql`select xmin::text as v from test_attempts where id = ${row.id}`)).rows[0]!.v;
    const before = await version();
    const older = await save(s.url, s.session, { selected_answers: { [single.id]: [single.answers[0]!.id === newest.value[0] ? single.answers[1]!.id : single.answers[0]!.id] }, seq: 5 });
    const repeat = await save(s.url, s.session, { selected_answers: { [single.id]: newest.value }, seq: newest.seq });
    for (const r of [older, repeat]) {
      expect(r.statusCode).toBe(200);
      expect(r.json<QuizState>().attempt!.selected_answers).toEqual(await shown(s.url, { ...s.rightAnswers, [single.id]: newest.value }));
    }
    expect(await version()).toBe(before);
    expect((await attempt()).selectedAnswers).toEqual({ ...s.rightAnswers, [single.id]: newest.value });
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
        const started = await limited.app.inject({ method: 'GET', url: `${url}?clear=true`, headers: session.headers });
        expect(started.statusCode).toBe(200);
        // The two answers under this attempt's own ids (decision 0050).
        return { session, url, answerIds: started.json<QuizState>().attempt!.questions[0]!.answers.map((a) => a.id) };
      };
      const me = await learner();
      const other = await learner();
      const payload = (i: number) => ({ selected_answers: { [question.id]: [me.answerIds[i % 2]!] } });
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
      const otherSave = { selected_answers: { [question.id]: [other.answerIds[0]!] } };
      expect((await limited.app.inject({ method: 'POST', url: other.url, headers: other.session.headers, payload: otherSave })).statusCode).toBe(200);
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
