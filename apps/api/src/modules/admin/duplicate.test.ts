// Duplicating a lesson, a test or a course (decision 0040): deep and complete copies in
// the original's order, the original untouched, match pairs kept, nothing of people copied, one
// transaction each, and the owner-only access of the whole builder.
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  courseAttributes,
  courseLinks,
  courseModules,
  courseTeachers,
  courses,
  lessonBlocks,
  lessons,
  questions,
  tests,
  userCourses,
} from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildAttribute,
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildOwner,
  buildQuestion,
  buildTeacher,
  buildTest,
  buildUser,
  setCourseAttribute,
  signInAs,
  unique,
  type TestSession,
} from '../../test/factories.ts';
import { COPY_SUFFIX, copyTitle } from './duplicate.ts';
import { slugFromTitle } from './courses.ts';

let t: TestContext;
const db = () => t.database.db;
let owner: { id: number; session: TestSession };
let other: { id: number; session: TestSession };
let student: TestSession;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(db());
  owner = { id: o.id, session: await signInAs(t.app, o) };
  const o2 = await buildOwner(db());
  other = { id: o2.id, session: await signInAs(t.app, o2) };
  student = await signInAs(t.app, await buildUser(db()));
});
afterAll(async () => {
  await t?.close();
});

/** A course of `ownerId`: two modules, lessons with blocks on two pages, a module test with a match question, a final test. */
async function buildProgramme(ownerId: number) {
  const course = await buildCourse(db(), { ownerId, title: `Эспрессо ${unique('к')}`, published: true, image: 'courses/cover.jpg' });
  const m1 = await buildModule(db(), { courseId: course.id, title: 'Основы', sort: 1 });
  const m2 = await buildModule(db(), { courseId: course.id, title: 'Практика', sort: 2 });
  const l1 = await buildLesson(db(), { moduleId: m1.id, title: 'Зерно', sort: 1, durationMinutes: 15 });
  await buildLessonBlock(db(), { lessonId: l1.id, page: 1, sort: 1, data: { html: '<p>Первая</p>' } });
  await buildLessonBlock(db(), { lessonId: l1.id, page: 1, sort: 2, type: 'image', data: { image: 'uploads/grain.png', alt: 'Зерно' } });
  await buildLessonBlock(db(), { lessonId: l1.id, page: 2, sort: 1, type: 'file', data: { file: 'uploads/map.pdf', title: 'Карта' } });
  const test1 = await buildTest(db(), { courseId: course.id, moduleId: m1.id, name: 'Проверка', sort: 2, passScore: 80, attemptsLimit: 3, review: 'score' });
  const l2 = await buildLesson(db(), { moduleId: m1.id, title: 'Помол', sort: 3 });
  await buildLessonBlock(db(), { lessonId: l2.id, data: { html: '<p>Помол</p>' } });
  const l3 = await buildLesson(db(), { moduleId: m2.id, title: 'Пролив', sort: 1, isPublished: false });
  await buildQuestion(db(), {
    testId: test1.id,
    type: 'single',
    sort: 1,
    answers: [{ text: 'Да', isCorrect: true }, { text: 'Нет' }],
  });
  await buildQuestion(db(), {
    testId: test1.id,
    type: 'match',
    sort: 2,
    image: 'uploads/q.png',
    answers: [
      { text: 'Эспрессо', connectId: 'a7' },
      { text: 'Капучино', connectId: 'zz' },
      { text: '30 мл', connectId: 'a7' },
      { text: '180 мл', connectId: 'zz' },
    ],
  });
  const final = await buildTest(db(), { courseId: course.id, name: 'Итоговый', sort: 1 });
  await buildQuestion(db(), { testId: final.id, type: 'text', answers: [{ text: 'арабика', isCorrect: true }] });
  return { course, m1, m2, l1, l2, l3, test1, final };
}

/** A module's sequence as the outline shows it: "lesson:title" / "test:title". */
async function sequenceOf(moduleId: number) {
  const ls = await db().select({ title: lessons.title, sort: lessons.sort }).from(lessons).where(eq(lessons.moduleId, moduleId));
  const ts = await db().select({ title: tests.name, sort: tests.sort }).from(tests).where(eq(tests.moduleId, moduleId));
  return [...ls.map((l) => ({ ...l, k: 'lesson' })), ...ts.map((x) => ({ ...x, k: 'test' }))]
    .sort((a, b) => a.sort - b.sort || (a.k === 'lesson' ? -1 : 1))
    .map((x) => `${x.k}:${x.title}`);
}

async function blocksOf(lessonId: number) {
  return db()
    .select({ type: lessonBlocks.type, page: lessonBlocks.page, sort: lessonBlocks.sort, data: lessonBlocks.data })
    .from(lessonBlocks)
    .where(eq(lessonBlocks.lessonId, lessonId))
    .orderBy(asc(lessonBlocks.page), asc(lessonBlocks.sort));
}

async function questionsOf(testId: number) {
  const qs = await db().select().from(questions).where(eq(questions.testId, testId)).orderBy(asc(questions.sort), asc(questions.id));
  const as = qs.length
    ? await db()
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
  return qs.map((q) => ({
    type: q.type,
    text: q.text,
    image: q.image,
    probability: q.probability,
    answers: as.filter((a) => a.questionId === q.id).map((a) => ({ text: a.text, connectId: a.connectId, isCorrect: a.isCorrect })),
  }));
}

/** Pairs of a match question: the sets of answer texts sharing a connect_id. */
const pairsOf = (list: { text: string; connectId: string | null }[]) => {
  const groups = new Map<string, string[]>();
  for (const a of list) if (a.connectId) groups.set(a.connectId, [...(groups.get(a.connectId) ?? []), a.text]);
  return [...groups.values()].map((g) => g.sort().join('+')).sort();
};

describe('copyTitle', () => {
  it('adds " (копия)" and keeps the title within the limit', () => {
    expect(copyTitle('Урок')).toBe('Урок (копия)');
    const long = copyTitle('я'.repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith(COPY_SUFFIX)).toBe(true);
  });
});

describe('duplicate a lesson', () => {
  it('copies the lesson with all its pages and blocks as a draft right after the original; the files are shared', async () => {
    const p = await buildProgramme(owner.id);
    const res = await call('POST', `/api/admin/lessons/${p.l1.id}/duplicate/`, owner.session, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: 'Зерно (копия)',
      is_published: false,
      duration_minutes: 15,
      module: { id: p.m1.id },
      course: { id: p.course.id },
      page_count: 2,
      blocks_count: 3,
    });
    expect(copy.id).not.toBe(p.l1.id);
    expect(await blocksOf(copy.id)).toEqual(await blocksOf(p.l1.id));
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'lesson:Зерно (копия)', 'test:Проверка', 'lesson:Помол']);
    // The answer is the lesson GET's.
    expect((await call('GET', `/api/admin/lessons/${copy.id}/`, owner.session)).json()).toEqual(copy);

    // Deep: editing the copy's content leaves the original as it was.
    const before = await blocksOf(p.l1.id);
    const blocks = (await call('GET', `/api/admin/lessons/${copy.id}/blocks/`, owner.session)).json();
    const put = await call('PUT', `/api/admin/lessons/${copy.id}/blocks/`, owner.session, {
      updated_at: blocks.updated_at,
      pages: [[{ id: blocks.pages[0][0].id, data: { type: 'text', html: '<p>Изменено</p>' } }]],
    });
    expect(put.statusCode).toBe(200);
    expect(await blocksOf(p.l1.id)).toEqual(before);
    const [original] = await db().select().from(lessons).where(eq(lessons.id, p.l1.id));
    expect(original).toMatchObject({ title: 'Зерно', isPublished: true });
  });

  it('a lesson written through the editor’s calls is copied with every page', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false });
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = (await call('POST', `/api/admin/modules/${module.id}/lessons/`, owner.session, { title: 'Новый' })).json();
    const blocks = (await call('GET', `/api/admin/lessons/${lesson.id}/blocks/`, owner.session)).json();
    const put = await call('PUT', `/api/admin/lessons/${lesson.id}/blocks/`, owner.session, {
      updated_at: blocks.updated_at,
      pages: [[{ data: { type: 'text', html: '<p>Один</p>' } }], [{ data: { type: 'text', html: '<p>Два</p>' } }]],
    });
    expect(put.statusCode).toBe(200);
    const copy = (await call('POST', `/api/admin/lessons/${lesson.id}/duplicate/`, owner.session, {})).json();
    expect(copy).toMatchObject({ page_count: 2, blocks_count: 2 });
    const [, second] = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json()[0].lessons;
    expect(second).toMatchObject({ title: 'Новый (копия)', blocks_count: 2, pages_count: 2 });
  });

  it('two copies of one lesson made at once both land right after it, in distinct places', async () => {
    const p = await buildProgramme(owner.id);
    const results = await Promise.all([1, 2, 3].map(() => call('POST', `/api/admin/lessons/${p.l1.id}/duplicate/`, owner.session, {})));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await sequenceOf(p.m1.id)).toEqual([
      'lesson:Зерно',
      'lesson:Зерно (копия)',
      'lesson:Зерно (копия)',
      'lesson:Зерно (копия)',
      'test:Проверка',
      'lesson:Помол',
    ]);
    const sorts = [
      ...(await db().select({ sort: lessons.sort }).from(lessons).where(eq(lessons.moduleId, p.m1.id))),
      ...(await db().select({ sort: tests.sort }).from(tests).where(eq(tests.moduleId, p.m1.id))),
    ].map((x) => x.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it('copies into another module (of another of the owner’s courses) at its end', async () => {
    const p = await buildProgramme(owner.id);
    const target = await buildProgramme(owner.id);
    const res = await call('POST', `/api/admin/lessons/${p.l1.id}/duplicate/`, owner.session, { module_id: target.m2.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ module: { id: target.m2.id, title: 'Практика' }, course: { id: target.course.id }, blocks_count: 3 });
    expect(await sequenceOf(target.m2.id)).toEqual(['lesson:Пролив', 'lesson:Зерно (копия)']);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'lesson:Помол']);
    // No body at all is the same as {}: next to the original.
    expect((await call('POST', `/api/admin/lessons/${p.l1.id}/duplicate/`, owner.session)).statusCode).toBe(201);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'lesson:Зерно (копия)', 'test:Проверка', 'lesson:Помол']);
  });
});

describe('duplicate a test', () => {
  it('copies settings, questions and answers right after the original; match pairs stay pairs under new connect_ids', async () => {
    const p = await buildProgramme(owner.id);
    const res = await call('POST', `/api/admin/tests/${p.test1.id}/duplicate/`, owner.session, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      name: 'Проверка (копия)',
      is_published: false,
      is_final: false,
      module: { id: p.m1.id },
      pass_score: 80,
      attempts_limit: 3,
      review: 'score',
      questions_count: 2,
      attempts_count: 0,
      publish_problems: [],
    });
    expect((await call('GET', `/api/admin/tests/${copy.id}/`, owner.session)).json()).toEqual(copy);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'test:Проверка (копия)', 'lesson:Помол']);

    const original = await questionsOf(p.test1.id);
    const copied = await questionsOf(copy.id);
    expect(copied.map(({ answers: _a, ...q }) => q)).toEqual(original.map(({ answers: _a, ...q }) => q));
    expect(copied[0]!.answers).toEqual(original[0]!.answers);
    const match = copied[1]!.answers;
    expect(match.map((a) => a.text)).toEqual(['Эспрессо', 'Капучино', '30 мл', '180 мл']);
    expect(match.map((a) => a.connectId)).toEqual(['1', '2', '1', '2']);
    expect(pairsOf(match)).toEqual(pairsOf(original[1]!.answers));

    // Deep: changing the copy's question leaves the original's.
    const [q] = (await call('GET', `/api/admin/tests/${copy.id}/questions/`, owner.session)).json();
    const patch = await call('PATCH', `/api/admin/tests/${copy.id}/questions/${q.id}/`, owner.session, {
      text: 'Другой',
      answers: [{ text: 'Один', is_correct: true }],
    });
    expect(patch.statusCode).toBe(200);
    expect(await questionsOf(p.test1.id)).toEqual(original);
  });

  it('a final test is copied among the course’s final tests; a module_id puts the copy at the end of that module', async () => {
    const p = await buildProgramme(owner.id);
    const second = await buildTest(db(), { courseId: p.course.id, name: 'Второй итоговый', sort: 2 });
    const res = await call('POST', `/api/admin/tests/${p.final.id}/duplicate/`, owner.session, {});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_final: true, module: null, name: 'Итоговый (копия)', questions_count: 1 });
    const finals = (await call('GET', `/api/admin/courses/${p.course.id}/tests/`, owner.session)).json();
    expect(finals.map((x: { name: string }) => x.name)).toEqual(['Итоговый', 'Итоговый (копия)', 'Второй итоговый']);
    expect(second.id).toBeGreaterThan(0);

    const moved = await call('POST', `/api/admin/tests/${p.test1.id}/duplicate/`, owner.session, { module_id: p.m2.id });
    expect(moved.json()).toMatchObject({ module: { id: p.m2.id }, questions_count: 2 });
    expect(await sequenceOf(p.m2.id)).toEqual(['lesson:Пролив', 'test:Проверка (копия)']);
  });
});

describe('duplicate a course', () => {
  it('makes a new draft with a new address and the whole programme in the same order; people’s things stay behind', async () => {
    const p = await buildProgramme(owner.id);
    const attribute = await buildAttribute(db(), { values: ['Онлайн'] });
    await setCourseAttribute(db(), p.course.id, attribute, { value: attribute.values[0]! });
    await buildTeacher(db(), { courseIds: [p.course.id] });
    await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: p.course.id });
    await db().insert(courseLinks).values({ courseId: p.course.id, token: unique('token').padEnd(20, 'x') });

    const res = await call('POST', `/api/admin/courses/${p.course.id}/duplicate/`, owner.session);
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: `${p.course.title} (копия)`,
      is_published: false,
      learners_count: 0,
      price: p.course.priceKopecks,
      image_key: 'courses/cover.jpg',
      category_id: p.course.categoryId,
    });
    expect(copy.slug).not.toBe(p.course.slug);
    expect(copy.slug).toMatch(/kopiya/);
    const [row] = await db().select().from(courses).where(eq(courses.id, copy.id));
    expect(row!.ownerId).toBe(owner.id);

    // Modules, lessons and tests in the same order, with the same content.
    const outline = async (courseId: number) =>
      (await call('GET', `/api/admin/courses/${courseId}/modules/`, owner.session)).json().map(
        (m: { title: string; lessons: { title: string; is_published: boolean; blocks_count: number; pages_count: number }[]; tests: { title: string; questions_count: number }[] }) => ({
          title: m.title,
          lessons: m.lessons.map((l) => [l.title, l.is_published, l.blocks_count, l.pages_count]),
          tests: m.tests.map((x) => [x.title, x.questions_count]),
        }),
      );
    expect(await outline(copy.id)).toEqual(await outline(p.course.id));
    const [cm1, cm2] = await db().select().from(courseModules).where(eq(courseModules.courseId, copy.id)).orderBy(asc(courseModules.sort));
    expect(await sequenceOf(cm1!.id)).toEqual(await sequenceOf(p.m1.id));
    expect(await sequenceOf(cm2!.id)).toEqual(await sequenceOf(p.m2.id));
    const [cl1] = await db().select().from(lessons).where(eq(lessons.moduleId, cm1!.id)).orderBy(asc(lessons.sort));
    expect(await blocksOf(cl1!.id)).toEqual(await blocksOf(p.l1.id));
    const copiedTests = await db().select().from(tests).where(eq(tests.courseId, copy.id)).orderBy(asc(tests.id));
    expect(copiedTests.map((x) => [x.name, x.moduleId === null, x.passScore, x.review])).toEqual([
      ['Итоговый', true, 70, 'answers_when_done'],
      ['Проверка', false, 80, 'score'],
    ]);
    const copiedModuleTest = copiedTests.find((x) => x.moduleId !== null)!;
    const copiedQuestions = await questionsOf(copiedModuleTest.id);
    expect(pairsOf(copiedQuestions[1]!.answers)).toEqual(pairsOf((await questionsOf(p.test1.id))[1]!.answers));

    // Attributes and teachers come along; learners and links do not.
    expect(await db().select().from(courseAttributes).where(eq(courseAttributes.courseId, copy.id))).toHaveLength(1);
    expect(await db().select().from(courseTeachers).where(eq(courseTeachers.courseId, copy.id))).toHaveLength(1);
    expect(await db().select().from(userCourses).where(eq(userCourses.courseId, copy.id))).toHaveLength(0);
    expect(await db().select().from(courseLinks).where(eq(courseLinks.courseId, copy.id))).toHaveLength(0);

    // Deep: renaming the copy's module and deleting its lesson leave the original whole.
    await call('PATCH', `/api/admin/modules/${cm1!.id}/`, owner.session, { title: 'Новое' });
    await call('DELETE', `/api/admin/lessons/${cl1!.id}/`, owner.session);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'lesson:Помол']);
    expect(await blocksOf(p.l1.id)).toHaveLength(3);
    const [m1] = await db().select().from(courseModules).where(eq(courseModules.id, p.m1.id));
    expect(m1!.title).toBe('Основы');
  });

  it('two copies of one course made at once are both complete, with different addresses', async () => {
    const p = await buildProgramme(owner.id);
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/courses/${p.course.id}/duplicate/`, owner.session),
      call('POST', `/api/admin/courses/${p.course.id}/duplicate/`, owner.session),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().slug).not.toBe(b.json().slug);
    for (const res of [a, b]) {
      const modules = (await call('GET', `/api/admin/courses/${res.json().id}/modules/`, owner.session)).json();
      expect(modules.map((m: { lessons: unknown[]; tests: unknown[] }) => [m.lessons.length, m.tests.length])).toEqual([
        [2, 1],
        [1, 0],
      ]);
      expect((await call('GET', `/api/admin/courses/${res.json().id}/tests/`, owner.session)).json()).toHaveLength(1);
    }
  });

  it('staff may copy a teacher’s course: the copy stays the teacher’s; an empty course copies too', async () => {
    const staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
    const empty = await buildCourse(db(), { ownerId: owner.id, published: false, title: 'Пустой' });
    const res = await call('POST', `/api/admin/courses/${empty.id}/duplicate/`, staff);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Пустой (копия)', slug: slugFromTitle('Пустой (копия)'), is_published: false });
    const [row] = await db().select().from(courses).where(eq(courses.id, res.json().id));
    expect(row!.ownerId).toBe(owner.id);
    // A second copy of the same title gets the next free address.
    expect((await call('POST', `/api/admin/courses/${empty.id}/duplicate/`, owner.session)).json().slug).toBe(`${slugFromTitle('Пустой (копия)')}-2`);
  });

  it('a failure half-way leaves nothing: no course, no module copied', async () => {
    const p = await buildProgramme(owner.id);
    await buildLessonBlock(db(), { lessonId: p.l3.id });
    // A block the copy cannot write (a trigger refusing it) makes the whole copy fail.
    await db().execute(`create or replace function dup_fail() returns trigger language plpgsql as $$
      begin if exists (select 1 from lessons l join course_modules m on m.id = l.module_id where l.id = new.lesson_id and m.title = 'Провал')
      then raise exception 'провал'; end if; return new; end $$`);
    await db().execute('create trigger dup_fail before insert on lesson_blocks for each row execute function dup_fail()');
    try {
      await db().update(courseModules).set({ title: 'Провал' }).where(eq(courseModules.id, p.m2.id));
      const before = (await db().select({ id: courses.id }).from(courses)).length;
      const modulesBefore = (await db().select({ id: courseModules.id }).from(courseModules)).length;
      const res = await call('POST', `/api/admin/courses/${p.course.id}/duplicate/`, owner.session);
      expect(res.statusCode).toBe(500);
      expect((await db().select({ id: courses.id }).from(courses)).length).toBe(before);
      expect((await db().select({ id: courseModules.id }).from(courseModules)).length).toBe(modulesBefore);
    } finally {
      await db().execute('drop trigger dup_fail on lesson_blocks');
      await db().execute('drop function dup_fail()');
    }
  });
});

describe('access and bad bodies', () => {
  it('guest 401, student 403, another owner 404 — also for a target module of someone else’s course; nothing is copied', async () => {
    const p = await buildProgramme(owner.id);
    const theirs = await buildProgramme(other.id);
    const urls = [
      `/api/admin/lessons/${p.l1.id}/duplicate/`,
      `/api/admin/tests/${p.test1.id}/duplicate/`,
      `/api/admin/courses/${p.course.id}/duplicate/`,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(401);
      expect((await call('POST', url, student, {})).statusCode, url).toBe(403);
      expect((await call('POST', url, other.session, {})).statusCode, url).toBe(404);
    }
    // Into a module of another owner's course: 404, from either side.
    for (const url of urls.slice(0, 2)) {
      const res = await call('POST', url, owner.session, { module_id: theirs.m1.id });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Модуль не найден.' });
    }
    expect(await sequenceOf(theirs.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'lesson:Помол']);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'lesson:Помол']);
    const mine = await db().select().from(courses).where(eq(courses.ownerId, other.id));
    expect(mine).toHaveLength(1);
  });

  it('refuses a bad body field by field, in Russian', async () => {
    const p = await buildProgramme(owner.id);
    const url = `/api/admin/lessons/${p.l1.id}/duplicate/`;
    const bad = await call('POST', url, owner.session, { module_id: 'абв' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ module_id: ['Ожидается целое число.'] });
    const negative = await call('POST', `/api/admin/tests/${p.test1.id}/duplicate/`, owner.session, { module_id: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({ module_id: ['Ожидается положительное число.'] });
    const extra = await call('POST', url, owner.session, { module_id: p.m1.id, title: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json())).toEqual(['title']);
    expect(await sequenceOf(p.m1.id)).toEqual(['lesson:Зерно', 'test:Проверка', 'lesson:Помол']);
    const badId = await call('POST', '/api/admin/courses/abc/duplicate/', owner.session);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ id: ['Ожидается целое число.'] });
  });
});
