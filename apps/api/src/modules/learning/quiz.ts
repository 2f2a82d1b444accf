// The quiz engine (decision 0028). An attempt is a server record: its questions
// are drawn and frozen when it starts, answers autosave into it, the server's clock enforces the
// time limit (with a short grace for a slow network), and the key is never sent before it is over.
// Everything that starts or finishes attempts of an enrolment runs under a lock on its user course
// row, so concurrent calls neither exceed the attempt limit nor grade twice.
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { AttemptReport, QuizProgress, QuizState, SelectedAnswersInput } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { courses, testAttempts, tests, userCourses, users, type Test, type TestAttempt } from '../../db/schema/index.ts';
import { mailPublicUrl } from '../mail/context.ts';
import { sendTemplate } from '../mail/service.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import { hitRateLimitLightly } from '../../lib/rate-limit.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { AnswerIds } from './answer-ids.ts';
import { answerProblem, correctAnswers, drawQuestions, markQuestion, matchColumns, scoreOf, type GradedQuestion, type SelectedValue } from './grading.ts';
import { gradeOf, keyShown, loadOutline, modulesDone, testStatus, type StructureSource } from './outline.ts';
import { perDb } from '../../db/named.ts';
import { loadQuestions } from './questions.ts';
import { assertOpen } from './homework.ts';
import { ATTEMPT_NOT_FOUND, TEST_NOT_FOUND, heldBy, preparedStudyScope, studyScopeValues } from './scopes.ts';
import type { LearningContent } from './content.ts';

/** Seconds after the deadline an answer still counts (a save sent just in time over a slow network). */
export const ATTEMPT_GRACE_S = 10;

export const FINAL_LOCKED = 'Итоговый тест откроется, когда будут пройдены все уроки и тесты модулей.';
export const NO_ATTEMPTS_LEFT = 'Попытки закончились: новую начать нельзя.';
export const NO_QUESTIONS = 'В тесте пока нет вопросов.';
export const NO_OPEN_ATTEMPT = 'Попытка не начата или уже завершена: откройте тест заново.';
export const TIME_IS_UP = 'Время вышло: ответы после окончания времени не засчитаны, попытка завершена.';
export const TOO_MANY_SAVES = 'Ответы сохраняются слишком часто. Подождите немного — сохранённые ответы не потеряются.';

interface QuizContext {
  enrolmentId: number;
  courseId: number;
  test: Test;
}

export interface TestParams {
  id: number;
  testId: number;
  moduleId?: number;
}

/**
 * The test of enrolment `id` the actor may take (404 otherwise): published, of the enrolment's
 * course, of the module when one is named. A final test is closed (403) until the modules are done.
 */
async function findTest(db: Db, actor: SignedInActor, params: TestParams, structure?: StructureSource): Promise<QuizContext> {
  const row = await findOne(
    testRow(db).execute({ id: params.id, testId: params.testId, moduleId: params.moduleId ?? null, ...studyScopeValues(actor) }),
    TEST_NOT_FOUND,
  );
  if (structure && row.test.moduleId === null) {
    const outline = await loadOutline(db, { id: row.enrolmentId, courseId: row.courseId }, { structure });
    if (!modulesDone(outline)) throw new ApiError('forbidden', FINAL_LOCKED);
  }
  return row;
}

/** findTest's query: the published test of the enrolment's course (of the module when named), one prepared statement. */
const testRow = perDb((db) =>
  db
    .select({ test: tests, enrolmentId: userCourses.id, courseId: userCourses.courseId })
    .from(userCourses)
    .innerJoin(tests, eq(tests.courseId, userCourses.courseId))
    .where(
      and(
        eq(userCourses.id, sql.placeholder('id')),
        preparedStudyScope,
        eq(tests.id, sql.placeholder('testId')),
        eq(tests.isPublished, true),
        sql`(${sql.placeholder('moduleId')}::int is null or ${tests.moduleId} = ${sql.placeholder('moduleId')}::int)`,
      ),
    )
    .prepare('learning_test_row'),
);

const attemptList = perDb((db) =>
  db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.userCourseId, sql.placeholder('enrolmentId')), eq(testAttempts.testId, sql.placeholder('testId'))))
    .orderBy(asc(testAttempts.number))
    .prepare('learning_attempt_list'),
);

/** The enrolment's attempts at the test, in order (in a transaction). */
function listAttempts(db: Executor, ctx: QuizContext): Promise<TestAttempt[]> {
  return db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.userCourseId, ctx.enrolmentId), eq(testAttempts.testId, ctx.test.id)))
    .orderBy(asc(testAttempts.number));
}

/** listAttempts outside a transaction: one prepared statement. */
function attemptsOf(db: Db, ctx: QuizContext): Promise<TestAttempt[]> {
  return attemptList(db).execute({ enrolmentId: ctx.enrolmentId, testId: ctx.test.id });
}

/** True once the attempt's time and its grace are over. */
function isOverdue(attempt: Pick<TestAttempt, 'status' | 'deadlineAt'>, now = Date.now()): boolean {
  return attempt.status === 'in_progress' && attempt.deadlineAt !== null && now > attempt.deadlineAt.getTime() + ATTEMPT_GRACE_S * 1000;
}

/** Locks the enrolment's row for the transaction: attempt starts and finishes of a learner queue up. */
async function lockEnrolment(tx: Executor, enrolmentId: number): Promise<void> {
  await tx.select({ id: userCourses.id }).from(userCourses).where(eq(userCourses.id, enrolmentId)).for('update');
}

/**
 * Grades and closes an open attempt (under the enrolment lock). An overdue one finishes at its
 * deadline; only the answers saved in time are in it (saves after the grace are refused). False
 * when it was not open any more (finished meanwhile by another call).
 */
async function finishAttempt(tx: Executor, ctx: QuizContext, attemptId: number, overdue?: boolean): Promise<boolean> {
  const [attempt] = await tx.select().from(testAttempts).where(eq(testAttempts.id, attemptId)).for('update');
  if (!attempt || attempt.status !== 'in_progress') return false;
  const questionMap = await loadQuestions(tx, ctx.test.id);
  const marks: Record<string, number> = {};
  for (const id of attempt.questionIds) {
    const question = questionMap.get(id);
    if (question) marks[String(id)] = markQuestion(question, attempt.selectedAnswers[String(id)]);
  }
  const score = scoreOf(Object.values(marks));
  const finishedAt = (overdue ?? isOverdue(attempt)) && attempt.deadlineAt ? attempt.deadlineAt : new Date();
  await tx
    .update(testAttempts)
    .set({ status: 'completed', score, isPassed: score >= ctx.test.passScore, marks, finishedAt })
    .where(eq(testAttempts.id, attempt.id));
  await tellResult(tx, ctx, attempt.id, score);
  return true;
}

/** The learner's letter with the result, queued with the finish (once per attempt). */
async function tellResult(tx: Executor, ctx: QuizContext, attemptId: number, score: number): Promise<void> {
  const publicUrl = mailPublicUrl();
  if (!publicUrl) return;
  const [row] = await tx
    .select({ email: users.email, courseTitle: courses.title })
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(eq(userCourses.id, ctx.enrolmentId));
  if (!row) return;
  await sendTemplate(
    tx,
    {
      to: row.email,
      template: 'test_result',
      data: {
        courseTitle: row.courseTitle,
        testTitle: ctx.test.name,
        passed: score >= ctx.test.passScore,
        score,
        passScore: ctx.test.passScore,
        url: `${publicUrl}/user/courses/${ctx.enrolmentId}/`,
      },
    },
    { dedupeKey: `test_result:attempt:${attemptId}` },
  );
}

/**
 * The sweep's part (sweep.ts): finishes every attempt whose time and grace ran out while nobody
 * called, at its deadline, exactly as the learner's next call would (the same lock and grading,
 * so a call at the same moment grades it once). Batches of `batch`; returns how many it finished.
 */
export async function finishOverdueAttempts(db: Db, batch = 200): Promise<number> {
  let finished = 0;
  for (;;) {
    const rows = await db
      .select({ attemptId: testAttempts.id, enrolmentId: testAttempts.userCourseId, courseId: userCourses.courseId, test: tests })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .innerJoin(userCourses, eq(userCourses.id, testAttempts.userCourseId))
      .where(
        and(
          eq(testAttempts.status, 'in_progress'),
          lt(testAttempts.deadlineAt, sql`now() - make_interval(secs => ${ATTEMPT_GRACE_S})`),
        ),
      )
      .orderBy(asc(testAttempts.deadlineAt), asc(testAttempts.id))
      .limit(batch);
    for (const row of rows) {
      const closed = await db.transaction(async (tx) => {
        await lockEnrolment(tx, row.enrolmentId);
        return finishAttempt(tx, { enrolmentId: row.enrolmentId, courseId: row.courseId, test: row.test }, row.attemptId, true);
      });
      if (closed) finished += 1;
    }
    if (rows.length < batch) return finished;
  }
}

/** Closes the attempt of this test that ran out of time, if any (the next call after the deadline does it). */
async function closeOverdue(db: Db, ctx: QuizContext, attempts: TestAttempt[]): Promise<boolean> {
  const overdue = attempts.find((a) => isOverdue(a));
  if (!overdue) return false;
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, ctx.enrolmentId);
    await finishAttempt(tx, ctx, overdue.id);
  });
  return true;
}

/** Starts a new attempt (clear=true): closes an open one first, then draws the questions. */
async function startAttempt(db: Db, ctx: QuizContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, ctx.enrolmentId);
    const list = await listAttempts(tx, ctx);
    const open = list.find((a) => a.status === 'in_progress');
    const limit = ctx.test.attemptsLimit;
    if (limit !== null && list.length >= limit) throw new ApiError('conflict', NO_ATTEMPTS_LEFT);
    const drawn = drawQuestions([...(await loadQuestions(tx, ctx.test.id)).values()]);
    if (drawn.length === 0) throw new ApiError('conflict', NO_QUESTIONS);
    if (open) await finishAttempt(tx, ctx, open.id);
    const startedAt = new Date();
    const minutes = ctx.test.timeLimitMinutes;
    await tx.insert(testAttempts).values({
      userCourseId: ctx.enrolmentId,
      testId: ctx.test.id,
      number: (list.at(-1)?.number ?? 0) + 1,
      questionIds: drawn.map((q) => q.id),
      startedAt,
      deadlineAt: minutes ? new Date(startedAt.getTime() + minutes * 60_000) : null,
    });
  });
}

/** The learner's view of the test, its grade and the current (else the last) attempt. */
async function stateOf(
  db: Db,
  ids: AnswerIds,
  ctx: QuizContext,
  attempts: TestAttempt[],
  loaded?: Map<number, GradedQuestion>,
  shown: TestAttempt | null = attempts.at(-1) ?? null,
): Promise<QuizState> {
  const { test } = ctx;
  const current = shown;
  const questionMap = loaded ?? (current ? await loadQuestions(db, test.id) : new Map<number, GradedQuestion>());
  const limit = test.attemptsLimit;
  return {
    test: {
      id: test.id,
      title: test.name,
      description: test.description,
      module_id: test.moduleId,
      is_final: test.moduleId === null,
      pass_score: test.passScore,
      time_limit_minutes: test.timeLimitMinutes,
      attempts_limit: limit,
      attempts_used: attempts.length,
      attempts_left: limit === null ? null : Math.max(0, limit - attempts.length),
      review: test.review,
      grading: test.grading,
    },
    status: testStatus(test, attempts),
    grade: gradeOf(test.grading, attempts),
    attempt: current ? attemptView(ids, test, current, questionMap, keyShown(test, attempts)) : null,
  };
}

/**
 * An attempt as the learner sees it. The answers carry no `is_correct` and a match question's
 * columns no `connect_id`; every answer id is the attempt's own (answer-ids.ts), and the right
 * column is in the order of those ids, which tells nothing about the pairs. The result (and, as
 * the test's review allows, what was right) only once the attempt is finished.
 */
function attemptView(
  ids: AnswerIds,
  test: Test,
  attempt: TestAttempt,
  questionMap: Map<number, GradedQuestion>,
  showKey: boolean,
): NonNullable<QuizState['attempt']> {
  const shown = attempt.questionIds.map((id) => questionMap.get(id)).filter((q): q is GradedQuestion => q !== undefined);
  const own = ids.forAttempt(attempt.id);
  const plain = (a: GradedQuestion['answers'][number]) => ({ id: own.out(a.id), text: a.text, image: a.image });
  const finished = attempt.status === 'completed';
  return {
    id: attempt.id,
    number: attempt.number,
    status: attempt.status,
    started_at: attempt.startedAt.toISOString(),
    deadline_at: attempt.deadlineAt?.toISOString() ?? null,
    finished_at: attempt.finishedAt?.toISOString() ?? null,
    seconds_left:
      !finished && attempt.deadlineAt ? Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - Date.now()) / 1000)) : null,
    questions: shown.map((q) => {
      if (q.type === 'match') {
        const { left, right } = matchColumns(q.answers);
        const options = right.map(plain).sort((a, b) => a.id - b.id);
        return { id: q.id, type: q.type, text: q.text, image: q.image, answers: left.map(plain), options };
      }
      return { id: q.id, type: q.type, text: q.text, image: q.image, answers: q.type === 'text' ? [] : q.answers.map(plain), options: [] };
    }),
    selected_answers: own.allOut(attempt.selectedAnswers) as SelectedAnswersInput,
    result: finished
      ? {
          score: attempt.score ?? 0,
          passed: attempt.isPassed ?? false,
          questions:
            test.review === 'score'
              ? null
              : shown.map((q) => {
                  const mark = attempt.marks?.[String(q.id)] ?? 0;
                  const key = showKey ? own.selectedOut(correctAnswers(q)) : null;
                  return { id: q.id, mark, is_correct: mark === 1, correct_answers: key };
                }),
        }
      : null,
  };
}

/**
 * GET …/testing/{testId}/: the current attempt, else the last one with its result, else none yet
 * (`attempt: null`). `clear=true` starts a new attempt where attempts remain (409 otherwise); an
 * attempt past its time is finished first, at its deadline.
 */
export async function getQuiz(
  db: Db,
  ids: AnswerIds,
  structure: StructureSource,
  actor: SignedInActor,
  params: TestParams,
  clear: boolean,
): Promise<QuizState> {
  const ctx = await findTest(db, actor, params, structure);
  let attempts = await attemptsOf(db, ctx);
  const changed = await closeOverdue(db, ctx, attempts);
  if (clear) {
    // A homework not yet accepted may keep the test closed (decision 0087): no new attempt then.
    const course = await structure(ctx.courseId);
    if (course.lessons.some((l) => l.homework.some((h) => h.gate !== 'none'))) {
      const outline = await loadOutline(db, { id: ctx.enrolmentId, courseId: ctx.courseId }, { statuses: false, structure });
      await assertOpen(db, ctx.enrolmentId, outline, course, { type: 'test', id: ctx.test.id });
    }
    await startAttempt(db, ctx);
  }
  if (changed || clear) attempts = await attemptsOf(db, ctx);
  return stateOf(db, ids, ctx, attempts);
}

/**
 * POST …/testing/{testId}/: saves `selected_answers` into the open attempt (merged per question:
 * saves of different questions never overwrite each other) and, with `finish: true`, grades it.
 * After the time and its grace nothing is saved: the attempt is finished at its deadline and the
 * answer is 409. An enrolment may save `savesPerMinute` times a minute (every test together;
 * counted once the caller is known to hold the enrolment, so nobody can spend another's), then 429.
 */
export async function saveQuiz(
  db: Db,
  ids: AnswerIds,
  content: Pick<LearningContent, 'structure' | 'questions'>,
  actor: SignedInActor,
  params: TestParams,
  body: { selected_answers: SelectedAnswersInput; finish: boolean; seq?: number },
  limits: { savesPerMinute: number },
): Promise<QuizState> {
  const ctx = await findTest(db, actor, params, content.structure);
  // A count that need not survive a database crash: the hot row is held only while PostgreSQL runs the upsert.
  const rate = await hitRateLimitLightly(db, `quiz_save:${ctx.enrolmentId}`, { limit: limits.savesPerMinute, windowS: 60 });
  if (!rate.allowed) throw new ApiError('too_many_requests', TOO_MANY_SAVES, { retryAfterS: rate.retryAfterS });
  // Every attempt at the test, read once: the open one is saved into, and the answer shows them all.
  const attempts = await attemptsOf(db, ctx);
  const open = attempts.find((a) => a.status === 'in_progress');
  if (!open) throw new ApiError('conflict', NO_OPEN_ATTEMPT);

  const entries = Object.entries(body.selected_answers);
  // The questions and their answers from the learning content (kept a few seconds, dropped when edited).
  const questionMap = await content.questions(ctx.test.id);
  // The learner's ids (this attempt's own) become the database's; an id the attempt never showed
  // (a database id among them) is no answer of the question.
  const stored: Record<string, SelectedValue> = {};
  if (entries.length > 0) {
    const inAttempt = new Set(open.questionIds);
    const own = ids.forAttempt(open.id);
    const problems: string[] = [];
    for (const [key, value] of entries) {
      const question = inAttempt.has(Number(key)) ? questionMap.get(Number(key)) : undefined;
      const answer = question ? own.selectedIn(question, value) : value;
      const problem = question ? answerProblem(question, answer) : `Вопрос ${key} не входит в эту попытку.`;
      if (problem) problems.push(problem);
      stored[key] = answer;
    }
    if (problems.length > 0) throw ApiError.fields({ selected_answers: problems });
  }
  if (isOverdue(open)) {
    await closeOverdue(db, ctx, [open]);
    throw new ApiError('conflict', TIME_IS_UP);
  }
  // The attempt as the answer shows it: the row the UPDATE returns, else read again.
  let latest: TestAttempt | undefined = open;
  // The same answers sent again (autosave repeats what it has), as the attempt read above holds
  // them: nothing to write, and no second round trip to find that out.
  if (entries.length > 0 && !nothingNew(open, stored, body.seq)) {
    const cutoff = new Date(Date.now() - ATTEMPT_GRACE_S * 1000);
    // With a save's number (decision 0078), a question keeps the answer of the highest-numbered
    // save: a retried older save that lands late does not roll back a newer one (an equal number —
    // the same save again, or a device past the numbers' range — writes, as without one).
    // One UPDATE merges into the row (jsonb ||) as it is when the UPDATE runs: concurrent saves of
    // other questions are kept, and no lock is held between round trips.
    const sent = sql`${JSON.stringify(stored)}::jsonb`;
    const fresh =
      body.seq === undefined
        ? sent
        : sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${sent}) e
               where coalesce((${testAttempts.answerSeqs} ->> e.key)::numeric, 0) <= ${body.seq})`;
    const merged = sql`${testAttempts.selectedAnswers} || ${fresh}`;
    const seqs =
      body.seq === undefined
        ? sql`${testAttempts.answerSeqs}`
        : sql`${testAttempts.answerSeqs} || (select coalesce(jsonb_object_agg(e.key, to_jsonb(${body.seq}::bigint)), '{}'::jsonb)
               from jsonb_each(${sent}) e where coalesce((${testAttempts.answerSeqs} ->> e.key)::numeric, 0) <= ${body.seq})`;
    const [saved] = await db
      .update(testAttempts)
      .set({ selectedAnswers: merged, answerSeqs: seqs })
      .where(
        and(
          eq(testAttempts.id, open.id),
          eq(testAttempts.status, 'in_progress'),
          or(isNull(testAttempts.deadlineAt), gte(testAttempts.deadlineAt, cutoff)),
          // The same answers sent again write nothing.
          sql`(${merged} <> ${testAttempts.selectedAnswers} or ${seqs} <> ${testAttempts.answerSeqs})`,
        ),
      )
      .returning();
    latest = saved;
    if (!saved) {
      // Nothing new, finished meanwhile (another tab, a concurrent finish) or out of time this very
      // moment. An attempt still open and in time only means nothing was new when the UPDATE ran
      // (a status never goes back to in_progress): its answers may already be a later save's, which
      // is what a save racing another tab's should leave, so that is a 200 too.
      const [now] = await db.select().from(testAttempts).where(eq(testAttempts.id, open.id));
      const unchanged = now?.status === 'in_progress' && (now.deadlineAt === null || now.deadlineAt >= cutoff);
      if (!unchanged) {
        if (now && isOverdue(now)) {
          await closeOverdue(db, ctx, [now]);
          throw new ApiError('conflict', TIME_IS_UP);
        }
        throw new ApiError('conflict', NO_OPEN_ATTEMPT);
      }
      latest = now;
    }
  }
  if (body.finish) {
    await db.transaction(async (tx) => {
      await lockEnrolment(tx, ctx.enrolmentId);
      await finishAttempt(tx, ctx, open.id);
    });
    return stateOf(db, ids, ctx, await attemptsOf(db, ctx), questionMap);
  }
  const shown = attempts.map((a) => (a.id === open.id && latest ? latest : a));
  return stateOf(db, ids, ctx, shown, questionMap);
}

/**
 * True when writing `stored` (with save number `seq`) would change nothing in the attempt as read:
 * each question already holds exactly that answer and its number needs no raising (or a higher
 * number already keeps it). Any doubt is false: the UPDATE then decides, as it always may.
 */
function nothingNew(attempt: Pick<TestAttempt, 'selectedAnswers' | 'answerSeqs'>, stored: Record<string, SelectedValue>, seq: number | undefined): boolean {
  return Object.entries(stored).every(([key, value]) => {
    const held = attempt.selectedAnswers[key];
    if (seq === undefined) return held !== undefined && sameJson(held, value);
    const heldSeq = attempt.answerSeqs[key];
    if (heldSeq !== undefined && heldSeq > seq) return true;
    return heldSeq === seq && held !== undefined && sameJson(held, value);
  });
}

/** Structural equality of JSON values (arrays in order); equal here means equal as jsonb. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** GET …/testing/{testId}/progress/: the learner's attempts at the test and the grade. */
export async function quizProgress(db: Db, actor: SignedInActor, params: TestParams): Promise<QuizProgress> {
  const ctx = await findTest(db, actor, params);
  let attempts = await attemptsOf(db, ctx);
  if (await closeOverdue(db, ctx, attempts)) attempts = await attemptsOf(db, ctx);
  const grade = gradeOf(ctx.test.grading, attempts);
  const limit = ctx.test.attemptsLimit;
  return {
    test_id: ctx.test.id,
    status: testStatus(ctx.test, attempts),
    grade,
    passed: grade !== null && grade >= ctx.test.passScore,
    attempts_used: attempts.length,
    attempts_limit: limit,
    attempts_left: limit === null ? null : Math.max(0, limit - attempts.length),
    attempts: attempts.map((a) => ({
      id: a.id,
      number: a.number,
      status: a.status,
      score: a.score,
      passed: a.isPassed,
      started_at: a.startedAt.toISOString(),
      finished_at: a.finishedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * GET /api/user/attempts/{attemptId}/: one finished attempt of the actor's own (the result page
 * /user/progress/test-results/{attemptId}/), with its test, the enrolment and the course's title.
 * Scoped in the query to the caller's enrolments, hidden or ended ones included (a learner's past
 * results stay theirs to read); an attempt still in progress, or another account's, is a 404. What
 * was right shows as the test's `review` allows, exactly as on the test's own result.
 */
export async function attemptReport(db: Db, ids: AnswerIds, actor: SignedInActor, attemptId: number): Promise<AttemptReport> {
  const row = await findOne(
    db
      .select({ attempt: testAttempts, test: tests, enrolmentId: userCourses.id, courseId: userCourses.courseId, courseTitle: courses.title })
      .from(testAttempts)
      .innerJoin(userCourses, eq(userCourses.id, testAttempts.userCourseId))
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .where(and(eq(testAttempts.id, attemptId), heldBy(actor), eq(testAttempts.status, 'completed'))),
    ATTEMPT_NOT_FOUND,
  );
  const ctx: QuizContext = { enrolmentId: row.enrolmentId, courseId: row.courseId, test: row.test };
  const state = await stateOf(db, ids, ctx, await attemptsOf(db, ctx), undefined, row.attempt);
  return {
    user_course_id: row.enrolmentId,
    course: { title: row.courseTitle },
    test: state.test,
    attempt: state.attempt!,
  };
}
