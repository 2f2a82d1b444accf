// Tests in the course builder (decision 0035): a
// test's settings, its questions and their answers, the course's final tests, and a publish check
// that says, question by question, what keeps a test from working for learners.
import { and, asc, count, eq, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { AdminAnswerBody, AdminQuestion, AdminQuestionCreate, AdminQuestionPatch, AdminTest, AdminTestPatch } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { answers, courseModules, courses, questions, testAttempts, tests, type Answer, type Question } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { MediaService } from '../media/images.ts';
import { recordAudit } from '../audit/record.ts';
import { assertCourseKeys } from './uploads.ts';
import { ownedCourse } from './courses.ts';
import { ownedBy } from './scopes.ts';
import { assertSameSet, writeSorts } from './structure.ts';

export const TEST_TEXTS = {
  notFound: 'Тест не найден.',
  questionNotFound: 'Вопрос не найден.',
  answerNotFound: 'Ответ не найден.',
  unknownAnswer: 'Ответ не найден в этом вопросе: обновите страницу.',
  conflict: 'Тест изменили в другом окне или это сделал другой человек. Обновите страницу — ваши изменения не сохранены.',
  noQuestions: 'Добавьте хотя бы один вопрос.',
  noneDrawn: 'Хотя бы у одного вопроса вероятность попасть в попытку должна быть больше 0.',
  twoOptions: 'Добавьте хотя бы два варианта ответа.',
  oneCorrect: 'Отметьте ровно один правильный ответ.',
  someCorrect: 'Отметьте хотя бы один правильный ответ.',
  textAnswer: 'Добавьте хотя бы один правильный ответ — так, как его должен ввести ученик.',
  twoPairs: 'Добавьте хотя бы две пары: у ответов пары одинаковый connect_id.',
  lonely: (connectId: string) => `У ответа с connect_id «${connectId}» нет пары.`,
  noPair: 'У каждого ответа вопроса на соответствие должен быть connect_id.',
  empty: 'У ответа нет ни текста, ни картинки.',
  question: (n: number, problem: string) => `Вопрос ${n}: ${problem}`,
} as const;

/** A test of the actor's courses (module or final) with its course and module; 404 otherwise. */
export function ownedTest(db: Executor, actor: SignedInActor, testId: number, lock = false) {
  const query = db
    .select({
      test: tests,
      course: { id: courses.id, title: courses.title, slug: courses.slug },
      moduleTitle: courseModules.title,
    })
    .from(tests)
    .innerJoin(courses, eq(courses.id, tests.courseId))
    .leftJoin(courseModules, eq(courseModules.id, tests.moduleId))
    .where(and(eq(tests.id, testId), ownedBy(actor)));
  return findOne(lock ? query.for('update', { of: tests }) : query, TEST_TEXTS.notFound);
}
type OwnedTest = Awaited<ReturnType<typeof ownedTest>>;

const nextVersion = sql`greatest(now(), ${tests.updatedAt} + interval '1 millisecond')`;

/** What keeps one question from working: by type, from its answers. */
export function questionProblems(question: Pick<Question, 'type'>, list: Pick<Answer, 'text' | 'image' | 'isCorrect' | 'connectId'>[]): string[] {
  const problems: string[] = [];
  if (list.some((a) => !a.text.trim() && !a.image)) problems.push(TEST_TEXTS.empty);
  const correct = list.filter((a) => a.isCorrect).length;
  switch (question.type) {
    case 'single':
      if (list.length < 2) problems.push(TEST_TEXTS.twoOptions);
      if (correct !== 1) problems.push(TEST_TEXTS.oneCorrect);
      break;
    case 'multiple':
      if (list.length < 2) problems.push(TEST_TEXTS.twoOptions);
      if (correct < 1) problems.push(TEST_TEXTS.someCorrect);
      break;
    case 'text':
      if (correct < 1) problems.push(TEST_TEXTS.textAnswer);
      break;
    case 'match': {
      if (list.some((a) => !a.connectId)) problems.push(TEST_TEXTS.noPair);
      const groups = new Map<string, number>();
      for (const a of list) if (a.connectId) groups.set(a.connectId, (groups.get(a.connectId) ?? 0) + 1);
      for (const [connectId, n] of groups) if (n < 2) problems.push(TEST_TEXTS.lonely(connectId));
      if ([...groups.values()].filter((n) => n >= 2).length < 2) problems.push(TEST_TEXTS.twoPairs);
      break;
    }
  }
  return problems;
}

async function loadQuestions(db: Executor, testId: number) {
  const qs = await db.select().from(questions).where(eq(questions.testId, testId)).orderBy(asc(questions.sort), asc(questions.id));
  const as = qs.length
    ? await db
        .select()
        .from(answers)
        .where(
          inArray(
            answers.questionId,
            qs.map((q) => q.id),
          ),
        )
        .orderBy(asc(answers.sort), asc(answers.id))
    : [];
  return qs.map((q) => ({ question: q, answers: as.filter((a) => a.questionId === q.id) }));
}

/** What keeps a test from being published. */
async function testProblems(db: Executor, testId: number): Promise<string[]> {
  const list = await loadQuestions(db, testId);
  if (!list.length) return [TEST_TEXTS.noQuestions];
  const problems: string[] = [];
  if (list.every((q) => q.question.probability === 0)) problems.push(TEST_TEXTS.noneDrawn);
  list.forEach((q, i) => {
    for (const problem of questionProblems(q.question, q.answers)) problems.push(TEST_TEXTS.question(i + 1, problem));
  });
  return problems;
}

/** One query after another: `db` may be a transaction, whose one connection takes one query at a time. */
export async function toAdminTest(db: Executor, found: OwnedTest): Promise<AdminTest> {
  const t = found.test;
  const [questionsCount] = await db.select({ n: count() }).from(questions).where(eq(questions.testId, t.id));
  const [attemptsCount] = await db.select({ n: count() }).from(testAttempts).where(eq(testAttempts.testId, t.id));
  const problems = await testProblems(db, t.id);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    is_final: t.moduleId === null,
    module: t.moduleId === null ? null : { id: t.moduleId, title: found.moduleTitle ?? '' },
    course: found.course,
    pass_score: t.passScore,
    time_limit_minutes: t.timeLimitMinutes,
    attempts_limit: t.attemptsLimit,
    review: t.review,
    grading: t.grading,
    is_published: t.isPublished,
    questions_count: questionsCount?.n ?? 0,
    attempts_count: attemptsCount?.n ?? 0,
    publish_problems: problems,
    updated_at: t.updatedAt.toISOString(),
  };
}

/** GET /api/admin/tests/{id}/ */
export async function getAdminTest(db: Executor, actor: SignedInActor, testId: number): Promise<AdminTest> {
  return toAdminTest(db, await ownedTest(db, actor, testId));
}

/** PATCH /api/admin/tests/{id}/: settings; publishing checks every question. */
export async function patchAdminTest(db: Executor, actor: SignedInActor, testId: number, body: AdminTestPatch): Promise<AdminTest> {
  return db.transaction(async (tx) => {
    const found = await ownedTest(tx, actor, testId, true);
    if (body.updated_at !== undefined && new Date(body.updated_at).getTime() !== found.test.updatedAt.getTime()) {
      throw new ApiError('conflict', TEST_TEXTS.conflict);
    }
    if (body.is_published === true) {
      const problems = await testProblems(tx, found.test.id);
      if (problems.length) throw ApiError.fields({ is_published: problems });
    }
    await tx
      .update(tests)
      .set({
        name: body.name,
        description: body.description,
        passScore: body.pass_score,
        timeLimitMinutes: body.time_limit_minutes,
        attemptsLimit: body.attempts_limit,
        review: body.review,
        grading: body.grading,
        isPublished: body.is_published,
        updatedAt: nextVersion,
      })
      .where(eq(tests.id, found.test.id));
    const after = await ownedTest(tx, actor, testId);
    await recordAudit(tx, actor, { action: 'test.update', entity: 'test', entityId: found.test.id, courseId: found.course.id, summary: after.test.name, before: found.test, after: after.test });
    return toAdminTest(tx, after);
  });
}

/** DELETE /api/admin/tests/{id}/ (with learners' attempts: the builder says how many first). */
export async function deleteAdminTest(db: Executor, actor: SignedInActor, testId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownedTest(tx, actor, testId, true);
    await tx.delete(tests).where(eq(tests.id, found.test.id));
    await recordAudit(tx, actor, { action: 'test.delete', entity: 'test', entityId: found.test.id, courseId: found.course.id, summary: found.test.name, before: found.test });
  });
}

/** GET /api/admin/courses/{id}/tests/: the course's final tests. */
export async function listFinalTests(db: Executor, actor: SignedInActor, courseId: number): Promise<AdminTest[]> {
  const course = await ownedCourse(db, actor, courseId);
  const rows = await db
    .select({ id: tests.id })
    .from(tests)
    .where(and(eq(tests.courseId, course.id), isNull(tests.moduleId)))
    .orderBy(asc(tests.sort), asc(tests.id));
  return Promise.all(rows.map(async (r) => toAdminTest(db, await ownedTest(db, actor, r.id))));
}

/** POST /api/admin/courses/{id}/tests/: a new draft final test at the end of the course's final tests. */
export async function createFinalTest(db: Executor, actor: SignedInActor, courseId: number, name: string): Promise<AdminTest> {
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const [last] = await tx.select({ sort: max(tests.sort) }).from(tests).where(and(eq(tests.courseId, course.id), isNull(tests.moduleId)));
    const [row] = await tx
      .insert(tests)
      .values({ courseId: course.id, moduleId: null, name, sort: (last?.sort ?? 0) + 1, isPublished: false })
      .returning();
    await recordAudit(tx, actor, { action: 'test.create', entity: 'test', entityId: row!.id, courseId: course.id, summary: row!.name, after: row });
    return toAdminTest(tx, await ownedTest(tx, actor, row!.id));
  });
}

async function toAdminQuestion(media: MediaService, q: { question: Question; answers: Answer[] }): Promise<AdminQuestion> {
  return {
    id: q.question.id,
    type: q.question.type,
    text: q.question.text,
    probability: q.question.probability,
    sort: q.question.sort,
    image: await media.image(q.question.image),
    image_key: q.question.image,
    answers: await Promise.all(
      q.answers.map(async (a) => ({
        id: a.id,
        connect_id: a.connectId,
        text: a.text,
        image: await media.image(a.image),
        image_key: a.image,
        is_correct: a.isCorrect,
        sort: a.sort,
      })),
    ),
    problems: questionProblems(q.question, q.answers),
  };
}

/** GET /api/admin/tests/{id}/questions/ */
export async function listQuestions(db: Executor, media: MediaService, actor: SignedInActor, testId: number): Promise<AdminQuestion[]> {
  const found = await ownedTest(db, actor, testId);
  return Promise.all((await loadQuestions(db, found.test.id)).map((q) => toAdminQuestion(media, q)));
}

async function readQuestion(db: Executor, media: MediaService, testId: number, questionId: number): Promise<AdminQuestion> {
  const q = (await loadQuestions(db, testId)).find((x) => x.question.id === questionId);
  if (!q) throw ApiError.notFound(TEST_TEXTS.questionNotFound);
  return toAdminQuestion(media, q);
}

const answerValues = (a: AdminAnswerBody) => ({ connectId: a.connect_id, text: a.text, image: a.image, isCorrect: a.is_correct });

/** The answers' picture keys with their error fields (`answers.<n>.image`). */
const answerKeys = (list: readonly { image?: string | null }[]): [string, string | null | undefined][] =>
  list.map((a, i) => [`answers.${i}.image`, a.image]);

/** Every change to a test's questions moves the test's version. */
const touchTest = (db: Executor, testId: number) => db.update(tests).set({ updatedAt: nextVersion }).where(eq(tests.id, testId));

/** POST /api/admin/tests/{id}/questions/ */
export async function createQuestion(db: Executor, media: MediaService, actor: SignedInActor, testId: number, body: AdminQuestionCreate): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const found = await ownedTest(tx, actor, testId, true);
    await assertCourseKeys(tx, actor, found.course.id, [['image', body.image], ...answerKeys(body.answers)]);
    const [q] = await tx
      .insert(questions)
      .values({ testId: found.test.id, type: body.type, text: body.text, probability: body.probability, sort: body.sort, image: body.image })
      .returning();
    if (body.answers.length) {
      await tx.insert(answers).values(body.answers.map((a, i) => ({ questionId: q!.id, ...answerValues(a), sort: i + 1 })));
    }
    await touchTest(tx, found.test.id);
    await recordAudit(tx, actor, {
      action: 'question.create',
      entity: 'question',
      entityId: q!.id,
      courseId: found.course.id,
      summary: `${found.test.name}: ${q!.text}`,
      after: { ...q!, answers: body.answers.length },
    });
    return readQuestion(tx, media, found.test.id, q!.id);
  });
}

/**
 * POST /api/admin/tests/{id}/questions/set-order/: the test's questions in one new order (sort
 * 1…n), the whole list or nothing (a missing, repeated or foreign id is a 400 under `order`).
 */
export async function setQuestionOrder(db: Executor, media: MediaService, actor: SignedInActor, testId: number, order: number[]): Promise<AdminQuestion[]> {
  return db.transaction(async (tx) => {
    const found = await ownedTest(tx, actor, testId, true);
    const current = await tx.select({ id: questions.id }).from(questions).where(eq(questions.testId, found.test.id));
    assertSameSet(
      current.map((q) => q.id),
      order,
    );
    await writeSorts(
      tx,
      questions,
      order.map((id, i) => [id, i + 1]),
    );
    await touchTest(tx, found.test.id);
    await recordAudit(tx, actor, { action: 'question.reorder', entity: 'test', entityId: found.test.id, courseId: found.course.id, summary: found.test.name, after: { order } });
    return Promise.all((await loadQuestions(tx, found.test.id)).map((q) => toAdminQuestion(media, q)));
  });
}

/** One question of the actor's test, the test locked; 404 for another test's question. */
async function ownedQuestion(db: Executor, actor: SignedInActor, testId: number, questionId: number) {
  const found = await ownedTest(db, actor, testId, true);
  await findOne(
    db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.testId, found.test.id))),
    TEST_TEXTS.questionNotFound,
  );
  return found;
}

/** PATCH /api/admin/tests/{id}/questions/{qid}/ */
export async function patchQuestion(
  db: Executor,
  media: MediaService,
  actor: SignedInActor,
  testId: number,
  questionId: number,
  body: AdminQuestionPatch,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const found = await ownedQuestion(tx, actor, testId, questionId);
    await assertCourseKeys(tx, actor, found.course.id, [['image', body.image], ...answerKeys(body.answers ?? [])]);
    const before = await questionForJournal(tx, questionId);
    const { answers: list, ...fields } = body;
    if (Object.keys(fields).length) await tx.update(questions).set(fields).where(eq(questions.id, questionId));
    if (list !== undefined) {
      const existing = new Set((await tx.select({ id: answers.id }).from(answers).where(eq(answers.questionId, questionId))).map((a) => a.id));
      const keep = list.flatMap((a) => (a.id === undefined ? [] : [a.id]));
      if (keep.some((id) => !existing.has(id)) || new Set(keep).size !== keep.length) throw ApiError.fields({ answers: [TEST_TEXTS.unknownAnswer] });
      await tx.delete(answers).where(and(eq(answers.questionId, questionId), keep.length ? notInArray(answers.id, keep) : undefined));
      for (const [i, a] of list.entries()) {
        const values = { ...answerValues(a), sort: i + 1 };
        if (a.id === undefined) await tx.insert(answers).values({ questionId, ...values });
        else await tx.update(answers).set(values).where(eq(answers.id, a.id));
      }
    }
    await touchTest(tx, found.test.id);
    const after = await questionForJournal(tx, questionId);
    await recordAudit(tx, actor, { action: 'question.update', entity: 'question', entityId: questionId, courseId: found.course.id, summary: `${found.test.name}: ${after.text}`, before, after });
    return readQuestion(tx, media, found.test.id, questionId);
  });
}

/** A question as the journal keeps it: its fields and its answers' texts and marks. */
async function questionForJournal(db: Executor, questionId: number) {
  // One after the other: the executor may be a transaction, which runs one query at a time.
  const [question] = await db.select().from(questions).where(eq(questions.id, questionId));
  const list = await db.select({ text: answers.text, isCorrect: answers.isCorrect }).from(answers).where(eq(answers.questionId, questionId)).orderBy(asc(answers.sort));
  return { ...question!, answers: list.map((a) => `${a.isCorrect ? '✓ ' : ''}${a.text ?? ''}`) };
}

/** DELETE /api/admin/tests/{id}/questions/{qid}/ */
export async function deleteQuestion(db: Executor, actor: SignedInActor, testId: number, questionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownedQuestion(tx, actor, testId, questionId);
    const before = await questionForJournal(tx, questionId);
    await tx.delete(questions).where(eq(questions.id, questionId));
    await touchTest(tx, found.test.id);
    await recordAudit(tx, actor, { action: 'question.delete', entity: 'question', entityId: questionId, courseId: found.course.id, summary: `${found.test.name}: ${before.text}`, before });
  });
}

/** POST /api/admin/tests/{id}/questions/{qid}/answers/: an answer at the end of the question's list. */
export async function createAnswer(
  db: Executor,
  media: MediaService,
  actor: SignedInActor,
  testId: number,
  questionId: number,
  body: AdminAnswerBody,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const found = await ownedQuestion(tx, actor, testId, questionId);
    await assertCourseKeys(tx, actor, found.course.id, [['image', body.image]]);
    const [last] = await tx.select({ sort: max(answers.sort) }).from(answers).where(eq(answers.questionId, questionId));
    const [added] = await tx.insert(answers).values({ questionId, ...answerValues(body), sort: (last?.sort ?? 0) + 1 }).returning();
    await touchTest(tx, found.test.id);
    await recordAudit(tx, actor, { action: 'answer.create', entity: 'answer', entityId: added!.id, courseId: found.course.id, summary: `${found.test.name}: ${added!.text ?? ''}`, after: added });
    return readQuestion(tx, media, found.test.id, questionId);
  });
}

/** DELETE /api/admin/tests/{id}/questions/{qid}/answers/{aid}/ */
export async function deleteAnswer(db: Executor, actor: SignedInActor, testId: number, questionId: number, answerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownedQuestion(tx, actor, testId, questionId);
    const removed = await tx
      .delete(answers)
      .where(and(eq(answers.id, answerId), eq(answers.questionId, questionId)))
      .returning();
    if (!removed.length) throw ApiError.notFound(TEST_TEXTS.answerNotFound);
    await touchTest(tx, found.test.id);
    await recordAudit(tx, actor, { action: 'answer.delete', entity: 'answer', entityId: answerId, courseId: found.course.id, summary: `${found.test.name}: ${removed[0]!.text ?? ''}`, before: removed[0] });
  });
}
