// The course builder's course and structure calls (decision 0035): an owner's own
// courses only, drafts and publishing, conflicts, deletion that keeps what people paid for, and
// set-order calls that apply a whole new order or nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_FORMS, formatCount } from '@crema/contract';
import { answers, courseModules, courses, lessonBlocks, lessons, questions, tests } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCategory,
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildOrder,
  buildOwner,
  buildQuestion,
  buildTest,
  buildUser,
  signInAs,
  unique,
  type TestSession,
} from '../../test/factories.ts';
import { ADMIN_TEXTS } from './scopes.ts';
import { slugFromTitle } from './courses.ts';
import { LESSON_TEXTS } from './lessons.ts';
import { TEST_TEXTS } from './tests.ts';

let t: TestContext;
const db = () => t.database.db;
let owner: { id: number; session: TestSession };
let other: TestSession;
let student: TestSession;
let categoryId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(db());
  owner = { id: o.id, session: await signInAs(t.app, o) };
  other = await signInAs(t.app, await buildOwner(db()));
  student = await signInAs(t.app, await buildUser(db()));
  categoryId = (await buildCategory(db())).id;
});
afterAll(async () => {
  await t?.close();
});

describe('slugFromTitle', () => {
  it('transliterates Russian titles into an address', () => {
    expect(slugFromTitle('Бариста с нуля')).toBe('barista-s-nulya');
    expect(slugFromTitle('  Латте-арт: сердце и тюльпан!  ')).toBe('latte-art-serdce-i-tyulpan');
    expect(slugFromTitle('2026')).toBe('course-2026');
    expect(slugFromTitle('???')).toBe('course-new');
  });
});

describe('courses', () => {
  it('creates a draft owned by the caller, with an address made from the title and numbered when taken', async () => {
    const title = `Обжарка ${unique('x')}`;
    const first = await call('POST', '/api/admin/courses/', owner.session, { title, category_id: categoryId });
    expect(first.statusCode).toBe(201);
    const course = first.json();
    expect(course).toMatchObject({ title, slug: slugFromTitle(title), is_published: false, category_id: categoryId, learners_count: 0 });
    expect(course.publish_problems).toEqual([ADMIN_TEXTS.publish.price, ADMIN_TEXTS.publish.lesson]);
    const [row] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect(row!.ownerId).toBe(owner.id);

    const second = await call('POST', '/api/admin/courses/', owner.session, { title, category_id: categoryId });
    expect(second.json().slug).toBe(`${slugFromTitle(title)}-2`);
    const taken = await call('POST', '/api/admin/courses/', owner.session, { title, category_id: categoryId, slug: course.slug });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: [ADMIN_TEXTS.slugTaken] });
  });

  it('refuses a course without a title or with a category that does not exist, field by field, in Russian', async () => {
    const empty = await call('POST', '/api/admin/courses/', owner.session, { title: '  ', category_id: categoryId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ title: ['Введите название курса.'] });
    const noCategory = await call('POST', '/api/admin/courses/', owner.session, { title: 'Курс', category_id: 2_000_000_000 });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toEqual({ category_id: [ADMIN_TEXTS.categoryMissing] });
    const unknown = await call('POST', '/api/admin/courses/', owner.session, { title: 'Курс', category_id: categoryId, owner_id: 1 });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists only the caller’s courses, with search, status and pages', async () => {
    const mark = unique('поиск');
    const mine = await buildCourse(db(), { ownerId: owner.id, title: `Мой ${mark}`, published: false });
    await buildCourse(db(), { ownerId: owner.id, title: `Опубликованный ${mark}`, published: true });
    const theirs = await buildCourse(db(), { title: `Чужой ${mark}` });
    await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: mine.id });

    const found = (await call('GET', `/api/admin/courses/?search=${encodeURIComponent(mark)}`, owner.session)).json();
    expect(found.count).toBe(2);
    expect(found.results.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
    const drafts = (await call('GET', `/api/admin/courses/?search=${encodeURIComponent(mark)}&status=draft`, owner.session)).json();
    expect(drafts.results).toHaveLength(1);
    expect(drafts.results[0]).toMatchObject({ id: mine.id, is_published: false, learners_count: 1, modules_count: 0, lessons_count: 0 });

    const paged = (await call('GET', `/api/admin/courses/?search=${encodeURIComponent(mark)}&page_size=1`, owner.session)).json();
    expect(paged).toMatchObject({ count: 2, previous: null });
    expect(paged.next).toContain('page=2');
    const bad = await call('GET', '/api/admin/courses/?status=old', owner.session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('status');
  });

  it('is for course owners: a student 403, a guest 401, another owner 404 on the course and everything in it', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id });
    const module = await buildModule(db(), { courseId: course.id });
    expect((await call('GET', '/api/admin/courses/', student)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/courses/' })).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['GET', `/api/admin/courses/${course.id}/`],
      ['PATCH', `/api/admin/courses/${course.id}/`, { title: 'Взлом' }],
      ['DELETE', `/api/admin/courses/${course.id}/`],
      ['GET', `/api/admin/courses/${course.id}/modules/`],
      ['POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Чужой' }],
      ['POST', `/api/admin/courses/${course.id}/modules/set-order/`, { order: [module.id] }],
      ['PATCH', `/api/admin/modules/${module.id}/`, { title: 'Чужой' }],
      ['DELETE', `/api/admin/modules/${module.id}/`],
      ['POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Чужой' }],
      ['POST', `/api/admin/modules/${module.id}/tests/`, { name: 'Чужой' }],
      ['POST', `/api/admin/courses/${course.id}/duplicate/`],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of it changed.
    const [row] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect(row!.title).toBe(course.title);
    expect(await db().select().from(courseModules).where(eq(courseModules.courseId, course.id))).toHaveLength(1);
  });

  it('staff administer every course', async () => {
    const staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
    const course = await buildCourse(db(), { ownerId: owner.id });
    expect((await call('GET', `/api/admin/courses/${course.id}/`, staff)).statusCode).toBe(200);
  });

  it('saves the fields given, cleans the description’s HTML and refuses a stale version with 409', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false });
    const opened = (await call('GET', `/api/admin/courses/${course.id}/`, owner.session)).json();
    const saved = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, {
      title: 'Латте-арт',
      price: 1_250_000,
      description: '<p onclick="steal()">Рисуем <strong>сердце</strong><script>alert(1)</script></p><a href="javascript:x()" target="_blank">ссылка</a>',
      short_description: '',
      updated_at: opened.updated_at,
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    expect(body).toMatchObject({ title: 'Латте-арт', price: 1_250_000, short_description: null });
    expect(body.description).toBe('<p>Рисуем <strong>сердце</strong></p><a target="_blank" rel="noopener noreferrer">ссылка</a>');
    expect(body.updated_at).not.toBe(opened.updated_at);

    // A second tab still holding the first version.
    const stale = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { title: 'Старое', updated_at: opened.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: ADMIN_TEXTS.conflict });
    const [row] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect(row!.title).toBe('Латте-арт');

    const badSlug = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { slug: 'Кириллица', price: -1 });
    expect(badSlug.statusCode).toBe(400);
    expect(Object.keys(badSlug.json()).sort()).toEqual(['price', 'slug']);
  });

  it("edits the learners' age range: either end alone, cleared to no limit, 'от' not above 'до', within 1–99, in Russian; the course page shows it", async () => {
    const course = await buildCourse(db(), { ownerId: owner.id, isKids: true });
    const url = `/api/admin/courses/${course.id}/`;
    expect((await call('GET', url, owner.session)).json()).toMatchObject({ age_min: null, age_max: null });
    const saved = await call('PATCH', url, owner.session, { age_min: 10, age_max: 14 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ age_min: 10, age_max: 14 });
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.slug}/` })).json().age).toEqual({ min: 10, max: 14 });

    // One end against the stored other.
    const above = await call('PATCH', url, owner.session, { age_min: 15 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ age_min: ['Возраст «от» не может быть больше возраста «до».'] });
    const outOf = await call('PATCH', url, owner.session, { age_min: 0, age_max: 120 });
    expect(outOf.statusCode).toBe(400);
    expect(outOf.json()).toEqual({ age_min: ['Возраст — от 1 до 99 лет.'], age_max: ['Возраст — от 1 до 99 лет.'] });
    const notWhole = await call('PATCH', url, owner.session, { age_max: 'четырнадцать' });
    expect(notWhole.statusCode).toBe(400);
    expect(notWhole.json()).toEqual({ age_max: ['Введите возраст числом.'] });
    const [kept] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect([kept!.ageMin, kept!.ageMax]).toEqual([10, 14]);

    const cleared = await call('PATCH', url, owner.session, { age_max: null, age_min: 7 });
    expect(cleared.json()).toMatchObject({ age_min: 7, age_max: null });
    expect((await call('PATCH', url, owner.session, { age_min: null })).json()).toMatchObject({ age_min: null, age_max: null });

    // The OpenAPI document shows the fields from the contract's schemas.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.schemas.AdminCoursePatch.properties.age_min).toMatchObject({ type: 'integer', nullable: true, minimum: 1, maximum: 99 });
    expect(doc.components.schemas.AdminCoursePatch.properties.age_max).toMatchObject({ type: 'integer', nullable: true, minimum: 1, maximum: 99 });
    expect(doc.components.schemas.CourseDetail.required).toContain('age');
    expect(doc.components.schemas.CourseDetail.properties.age).toMatchObject({ type: 'object', required: ['min', 'max'] });
  });

  it('publishes only a complete course and says what is missing', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false, priceKopecks: null });
    const refused = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { is_published: true, title: 'Новое название' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ is_published: [ADMIN_TEXTS.publish.price, ADMIN_TEXTS.publish.lesson] });
    // Nothing of the refused change was kept.
    const [kept] = await db().select().from(courses).where(eq(courses.id, course.id));
    expect(kept).toMatchObject({ isPublished: false, title: course.title });

    const module = await buildModule(db(), { courseId: course.id });
    await buildLesson(db(), { moduleId: module.id, isPublished: false });
    expect((await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { is_published: true, price: 0 })).json()).toEqual({
      is_published: [ADMIN_TEXTS.publish.lesson],
    });
    await buildLesson(db(), { moduleId: module.id, isPublished: true });
    const published = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { is_published: true, price: 0 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ is_published: true, price: 0, publish_problems: [] });
    // The public catalogue sees it now.
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.slug}/` })).statusCode).toBe(200);
  });

  it('deletes a course nobody studies or ordered; keeps one with learners or orders', async () => {
    const empty = await buildCourse(db(), { ownerId: owner.id });
    expect((await call('DELETE', `/api/admin/courses/${empty.id}/`, owner.session)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/courses/${empty.id}/`, owner.session)).statusCode).toBe(404);

    const studied = await buildCourse(db(), { ownerId: owner.id });
    await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: studied.id, isActive: false });
    const refused = await call('DELETE', `/api/admin/courses/${studied.id}/`, owner.session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [ADMIN_TEXTS.hasLearners(formatCount(1, STUDENT_FORMS))] });

    const ordered = await buildCourse(db(), { ownerId: owner.id });
    await buildOrder(db(), { courseId: ordered.id });
    expect((await call('DELETE', `/api/admin/courses/${ordered.id}/`, owner.session)).json()).toEqual({ non_field_errors: [ADMIN_TEXTS.hasOrders] });
    expect(await db().select().from(courses).where(eq(courses.id, ordered.id))).toHaveLength(1);
  });
});

describe('modules, lessons, tests and their order', () => {
  async function courseWithStructure() {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false });
    const m1 = await buildModule(db(), { courseId: course.id, sort: 1, title: 'Первый' });
    const m2 = await buildModule(db(), { courseId: course.id, sort: 2, title: 'Второй' });
    const l1 = await buildLesson(db(), { moduleId: m1.id, sort: 1, title: 'Л1' });
    const l2 = await buildLesson(db(), { moduleId: m1.id, sort: 2, title: 'Л2' });
    const t1 = await buildTest(db(), { courseId: course.id, moduleId: m1.id, sort: 3, name: 'Т1' });
    const l3 = await buildLesson(db(), { moduleId: m1.id, sort: 4, title: 'Л3' });
    return { course, m1, m2, l1, l2, l3, t1 };
  }
  const sequence = (module: { lessons: { id: number; sort: number }[]; tests: { id: number; sort: number }[] }) =>
    [...module.lessons.map((l) => ({ key: `lesson:${l.id}`, sort: l.sort })), ...module.tests.map((x) => ({ key: `test:${x.id}`, sort: x.sort }))]
      .sort((a, b) => a.sort - b.sort)
      .map((x) => x.key);

  it('lists modules with lessons and tests in order, adds new ones at the end', async () => {
    const { course, m1, l1, l2, l3, t1 } = await courseWithStructure();
    const modules = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json();
    expect(modules.map((m: { title: string }) => m.title)).toEqual(['Первый', 'Второй']);
    expect(sequence(modules[0])).toEqual([`lesson:${l1.id}`, `lesson:${l2.id}`, `test:${t1.id}`, `lesson:${l3.id}`]);

    const added = await call('POST', `/api/admin/courses/${course.id}/modules/`, owner.session, { title: '  Третий ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ title: 'Третий', sort: 3, lessons: [], tests: [] });

    const lesson = await call('POST', `/api/admin/modules/${m1.id}/lessons/`, owner.session, { title: 'Л4' });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json()).toMatchObject({ module_id: m1.id, title: 'Л4', sort: 5, is_published: false });
    const test = await call('POST', `/api/admin/modules/${m1.id}/tests/`, owner.session, { name: 'Т2' });
    expect(test.json()).toMatchObject({ module_id: m1.id, title: 'Т2', sort: 6, is_published: false });
    const [row] = await db().select().from(tests).where(eq(tests.id, test.json().id));
    expect(row!.courseId).toBe(course.id);

    const renamed = await call('PATCH', `/api/admin/modules/${m1.id}/`, owner.session, { title: 'Эспрессо' });
    expect(renamed.json()).toMatchObject({ id: m1.id, title: 'Эспрессо' });
    expect((await call('PATCH', `/api/admin/modules/${m1.id}/`, owner.session, { title: '' })).json()).toEqual({
      title: ['Введите название модуля.'],
    });
  });

  it('counts each lesson’s blocks and pages and each test’s questions on its own (the programme shows them)', async () => {
    const { course, l1, l2, t1 } = await courseWithStructure();
    await buildLessonBlock(db(), { lessonId: l1.id, page: 1 });
    await buildLessonBlock(db(), { lessonId: l1.id, page: 1 });
    await buildLessonBlock(db(), { lessonId: l1.id, page: 2 });
    await buildQuestion(db(), { testId: t1.id });
    await buildQuestion(db(), { testId: t1.id });
    const [module] = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json();
    const lesson = (id: number) => module.lessons.find((l: { id: number }) => l.id === id);
    expect(lesson(l1.id)).toMatchObject({ blocks_count: 3, pages_count: 2 });
    expect(lesson(l2.id)).toMatchObject({ blocks_count: 0, pages_count: 0 });
    expect(module.tests).toMatchObject([{ id: t1.id, questions_count: 2 }]);
  });

  it('reorders modules with the whole list, and refuses a missing, repeated or foreign id without changing anything', async () => {
    const { course, m1, m2 } = await courseWithStructure();
    const foreign = await buildModule(db(), { courseId: (await buildCourse(db(), { ownerId: owner.id })).id });
    for (const order of [[m1.id], [m1.id, m2.id, foreign.id], [m2.id, foreign.id], [m1.id, m1.id, m2.id]]) {
      const res = await call('POST', `/api/admin/courses/${course.id}/modules/set-order/`, owner.session, { order });
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['order']);
    }
    const unchanged = await db().select().from(courseModules).where(eq(courseModules.courseId, course.id));
    expect(Object.fromEntries(unchanged.map((m) => [m.id, m.sort]))).toEqual({ [m1.id]: 1, [m2.id]: 2 });

    const res = await call('POST', `/api/admin/courses/${course.id}/modules/set-order/`, owner.session, { order: [m2.id, m1.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { id: number }) => m.id)).toEqual([m2.id, m1.id]);
  });

  it('two owners’ tabs reordering at once: each order is applied whole, the last one wins, never a mix', async () => {
    const { course } = await courseWithStructure();
    await Promise.all([3, 4, 5].map((sort) => buildModule(db(), { courseId: course.id, sort })));
    const ids = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json().map((m: { id: number }) => m.id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(2), ...ids.slice(0, 2)];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', `/api/admin/courses/${course.id}/modules/set-order/`, owner.session, { order: i % 2 ? reversed : rotated }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const final = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json().map((m: { id: number }) => m.id);
    expect(final).toHaveLength(5);
    expect([JSON.stringify(reversed), JSON.stringify(rotated)]).toContain(JSON.stringify(final));
  });

  it('lessons/set-order moves lessons among their own places; tests stay; content/set-order places a test between lessons', async () => {
    const { m1, l1, l2, l3, t1 } = await courseWithStructure();
    const res = await call('POST', `/api/admin/modules/${m1.id}/lessons/set-order/`, owner.session, { order: [l3.id, l1.id, l2.id] });
    expect(res.statusCode).toBe(200);
    expect(sequence(res.json())).toEqual([`lesson:${l3.id}`, `lesson:${l1.id}`, `test:${t1.id}`, `lesson:${l2.id}`]);
    // A test id in the lessons' list is foreign to it.
    expect((await call('POST', `/api/admin/modules/${m1.id}/lessons/set-order/`, owner.session, { order: [l3.id, l1.id, t1.id] })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/modules/${m1.id}/tests/set-order/`, owner.session, { order: [t1.id] })).statusCode).toBe(200);

    const content = await call('POST', `/api/admin/modules/${m1.id}/content/set-order/`, owner.session, {
      order: [
        { type: 'test', id: t1.id },
        { type: 'lesson', id: l1.id },
        { type: 'lesson', id: l2.id },
        { type: 'lesson', id: l3.id },
      ],
    });
    expect(content.statusCode).toBe(200);
    expect(sequence(content.json())).toEqual([`test:${t1.id}`, `lesson:${l1.id}`, `lesson:${l2.id}`, `lesson:${l3.id}`]);
    const missing = await call('POST', `/api/admin/modules/${m1.id}/content/set-order/`, owner.session, {
      order: [{ type: 'lesson', id: l1.id }],
    });
    expect(missing.statusCode).toBe(400);
    const sorts = await db().select({ id: lessons.id, sort: lessons.sort }).from(lessons).where(eq(lessons.moduleId, m1.id));
    expect(Object.fromEntries(sorts.map((s) => [s.id, s.sort]))).toEqual({ [l1.id]: 2, [l2.id]: 3, [l3.id]: 4 });
  });

  it('deletes a module with its lessons and tests', async () => {
    const { course, m1, l1, t1 } = await courseWithStructure();
    expect((await call('DELETE', `/api/admin/modules/${m1.id}/`, owner.session)).statusCode).toBe(204);
    expect(await db().select().from(lessons).where(eq(lessons.id, l1.id))).toHaveLength(0);
    expect(await db().select().from(tests).where(eq(tests.id, t1.id))).toHaveLength(0);
    expect((await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json()).toHaveLength(1);
  });
});

describe('lessons and their blocks', () => {
  async function lessonOf() {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false });
    const m1 = await buildModule(db(), { courseId: course.id, sort: 1 });
    const m2 = await buildModule(db(), { courseId: course.id, sort: 2 });
    const lesson = await buildLesson(db(), { moduleId: m1.id, sort: 1, title: 'Эспрессо' });
    const a = await buildLessonBlock(db(), { lessonId: lesson.id, page: 1, sort: 1, type: 'text', data: { html: '<p>Первый</p>' } });
    const b = await buildLessonBlock(db(), { lessonId: lesson.id, page: 1, sort: 2, type: 'quote', data: { text: 'Цитата', author: 'Бариста' } });
    const c = await buildLessonBlock(db(), { lessonId: lesson.id, page: 2, sort: 1, type: 'image', data: { image: 'lessons/cup.jpg', alt: 'Чашка' } });
    return { course, m1, m2, lesson, a, b, c };
  }
  const blocksUrl = (id: number) => `/api/admin/lessons/${id}/blocks/`;

  it('reads a lesson and its blocks by page, in the editor’s shape and as the learner sees them', async () => {
    const { course, m1, lesson, a, b, c } = await lessonOf();
    const info = (await call('GET', `/api/admin/lessons/${lesson.id}/`, owner.session)).json();
    expect(info).toMatchObject({ id: lesson.id, title: 'Эспрессо', module: { id: m1.id }, course: { id: course.id }, page_count: 2, blocks_count: 3 });
    const blocks = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    expect(blocks.updated_at).toBe(info.updated_at);
    expect(blocks.pages.map((p: { id: number }[]) => p.map((x) => x.id))).toEqual([[a.id, b.id], [c.id]]);
    expect(blocks.pages[0][1].data).toEqual({ type: 'quote', text: 'Цитата', author: 'Бариста', author_role: null });
    expect(blocks.pages[1][0].data).toEqual({ type: 'image', image: 'lessons/cup.jpg', alt: 'Чашка', caption: null });
    expect(blocks.pages[1][0].view).toMatchObject({ type: 'image', alt: 'Чашка', image: { original: expect.stringContaining('lessons/cup.jpg') } });
  });

  it('writes the whole content at once: edit, add, move between pages, reorder and delete; HTML cleaned', async () => {
    const { lesson, a, b, c } = await lessonOf();
    const opened = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    const res = await call('PUT', blocksUrl(lesson.id), owner.session, {
      updated_at: opened.updated_at,
      pages: [
        [
          { id: c.id, data: { type: 'image', image: 'lessons/cup.jpg', alt: 'Чашка капучино', caption: 'Сверху' } },
          { id: a.id, data: { type: 'text', html: '<p>Новый текст<img src=x onerror="alert(1)"></p>' } },
        ],
        [],
        [{ data: { type: 'recipe', title: 'Эспрессо', parameters: [{ name: 'Доза', value: '18 г' }], steps: ['Смелите', 'Пролейте'] } }],
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.pages).toHaveLength(2);
    expect(saved.pages[0].map((x: { id: number }) => x.id)).toEqual([c.id, a.id]);
    expect(saved.pages[0][1].data.html).toBe('<p>Новый текст<img src="x" /></p>');
    expect(saved.pages[1][0]).toMatchObject({ data: { type: 'recipe', title: 'Эспрессо', steps: ['Смелите', 'Пролейте'] } });
    expect(saved.updated_at).not.toBe(opened.updated_at);
    const rows = await db().select().from(lessonBlocks).where(eq(lessonBlocks.lessonId, lesson.id));
    expect(rows.map((r) => r.id)).not.toContain(b.id);
    expect(rows).toHaveLength(3);
  });

  it('a second tab saving from the old version gets 409 and changes nothing; a foreign block id is refused', async () => {
    const { lesson, a } = await lessonOf();
    const opened = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    const first = await call('PUT', blocksUrl(lesson.id), owner.session, { updated_at: opened.updated_at, pages: [[{ id: a.id, data: { type: 'text', html: '<p>Вкладка 1</p>' } }]] });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', blocksUrl(lesson.id), owner.session, { updated_at: opened.updated_at, pages: [[{ data: { type: 'text', html: '<p>Вкладка 2</p>' } }]] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: LESSON_TEXTS.conflict });
    const after = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    expect(after.pages.flat().map((x: { data: { html?: string } }) => x.data.html)).toEqual(['<p>Вкладка 1</p>']);

    const other = await lessonOf();
    const foreign = await call('PUT', blocksUrl(lesson.id), owner.session, { updated_at: after.updated_at, pages: [[{ id: other.a.id, data: { type: 'text', html: 'x' } }]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ pages: [LESSON_TEXTS.unknownBlock] });
  });

  it('concurrent saves from the same version: exactly one is written, the others answer 409', async () => {
    const { lesson } = await lessonOf();
    const opened = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => call('PUT', blocksUrl(lesson.id), owner.session, { updated_at: opened.updated_at, pages: [[{ data: { type: 'text', html: `<p>${n}</p>` } }]] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await db().select().from(lessonBlocks).where(eq(lessonBlocks.lessonId, lesson.id))).toHaveLength(1);
  });

  it('refuses bad blocks field by field and names them', async () => {
    const { lesson } = await lessonOf();
    const opened = (await call('GET', blocksUrl(lesson.id), owner.session)).json();
    const res = await call('PUT', blocksUrl(lesson.id), owner.session, {
      updated_at: opened.updated_at,
      pages: [[{ data: { type: 'image', image: '../../etc/passwd', alt: '' } }, { data: { type: 'video', url: 'javascript:alert(1)' } }, { data: { type: 'poll' } }]],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['pages.0.0.data.alt', 'pages.0.0.data.image', 'pages.0.1.data.url', 'pages.0.2.data.type'].sort());
    expect(body['pages.0.1.data.url']).toEqual(['Вставьте ссылку на видео (https://…) или загрузите файл.']);
  });

  it('edits settings, moves a lesson to the end of another module of the course, publishes and deletes it', async () => {
    const { lesson, m2, course } = await lessonOf();
    await buildLesson(db(), { moduleId: m2.id, sort: 4 });
    const moved = await call('PATCH', `/api/admin/lessons/${lesson.id}/`, owner.session, { module_id: m2.id, is_published: true, duration_minutes: 15 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ module: { id: m2.id }, is_published: true, duration_minutes: 15 });
    const [row] = await db().select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row!.sort).toBe(5);
    const elsewhere = await buildModule(db(), { courseId: (await buildCourse(db(), { ownerId: owner.id })).id });
    expect((await call('PATCH', `/api/admin/lessons/${lesson.id}/`, owner.session, { module_id: elsewhere.id })).json()).toEqual({
      module_id: [LESSON_TEXTS.moduleMissing],
    });
    const structure = (await call('GET', `/api/admin/courses/${course.id}/modules/`, owner.session)).json();
    expect(structure[1].lessons.map((l: { id: number }) => l.id)).toContain(lesson.id);
    expect((await call('DELETE', `/api/admin/lessons/${lesson.id}/`, owner.session)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/lessons/${lesson.id}/`, owner.session)).statusCode).toBe(404);
  });
});

describe('tests, questions and answers', () => {
  async function testOf() {
    const course = await buildCourse(db(), { ownerId: owner.id, published: false });
    const module = await buildModule(db(), { courseId: course.id });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, name: 'Эспрессо', isPublished: false });
    return { course, module, test };
  }
  const questionsUrl = (id: number) => `/api/admin/tests/${id}/questions/`;

  it('creates questions with the defaults (probability 100, sort 0, is_correct false) and lists them with answers', async () => {
    const { test } = await testOf();
    const res = await call('POST', questionsUrl(test.id), owner.session, { text: 'Сколько граммов в двойном эспрессо?', answers: [{ text: '18' }, { text: '7' }] });
    expect(res.statusCode).toBe(201);
    const question = res.json();
    expect(question).toMatchObject({ type: 'single', probability: 100, sort: 0, image: null });
    expect(question.answers.map((a: { is_correct: boolean; connect_id: null }) => [a.is_correct, a.connect_id])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(question.problems).toEqual([TEST_TEXTS.oneCorrect]);
    const [row] = await db().select().from(questions).where(eq(questions.id, question.id));
    expect(row).toMatchObject({ probability: 100, sort: 0, type: 'single' });

    const added = await call('POST', `${questionsUrl(test.id)}${question.id}/answers/`, owner.session, { text: '30', is_correct: true });
    expect(added.statusCode).toBe(201);
    expect(added.json().answers.map((a: { text: string }) => a.text)).toEqual(['18', '7', '30']);
    expect(added.json().problems).toEqual([]);
    const list = (await call('GET', questionsUrl(test.id), owner.session)).json();
    expect(list).toHaveLength(1);
  });

  it('edits a question and its whole answer list, deletes answers and questions; another test’s ids answer 404', async () => {
    const { test } = await testOf();
    const q = await buildQuestion(db(), { testId: test.id, type: 'single', answers: [{ text: 'А', isCorrect: true }, { text: 'Б' }, { text: 'В' }] });
    const [a, b, c] = q.answers;
    const patched = await call('PATCH', `${questionsUrl(test.id)}${q.id}/`, owner.session, {
      type: 'multiple',
      probability: 50,
      answers: [
        { id: c!.id, text: 'В', is_correct: true },
        { id: a!.id, text: 'А!', is_correct: true },
        { text: 'Г' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ type: 'multiple', probability: 50, problems: [] });
    expect(patched.json().answers.map((x: { id: number; text: string }) => x.text)).toEqual(['В', 'А!', 'Г']);
    expect(patched.json().answers.map((x: { id: number }) => x.id)).not.toContain(b!.id);

    const other = await testOf();
    const foreignQ = await buildQuestion(db(), { testId: other.test.id, answers: [{ text: 'x' }] });
    expect((await call('PATCH', `${questionsUrl(test.id)}${foreignQ.id}/`, owner.session, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `${questionsUrl(test.id)}${q.id}/answers/${foreignQ.answers[0]!.id}/`, owner.session)).statusCode).toBe(404);
    const foreignAnswer = await call('PATCH', `${questionsUrl(test.id)}${q.id}/`, owner.session, { answers: [{ id: foreignQ.answers[0]!.id, text: 'x' }] });
    expect(foreignAnswer.statusCode).toBe(400);
    expect(foreignAnswer.json()).toEqual({ answers: [TEST_TEXTS.unknownAnswer] });

    expect((await call('DELETE', `${questionsUrl(test.id)}${q.id}/answers/${c!.id}/`, owner.session)).statusCode).toBe(204);
    expect((await call('DELETE', `${questionsUrl(test.id)}${q.id}/`, owner.session)).statusCode).toBe(204);
    expect(await db().select().from(answers).where(eq(answers.questionId, q.id))).toHaveLength(0);
  });

  it('sets the questions’ order whole or not at all; concurrent orders end in one whole order', async () => {
    const { test } = await testOf();
    const [q1, q2, q3] = [await buildQuestion(db(), { testId: test.id }), await buildQuestion(db(), { testId: test.id }), await buildQuestion(db(), { testId: test.id })];
    const opened = (await call('GET', `/api/admin/tests/${test.id}/`, owner.session)).json();
    const res = await call('POST', `${questionsUrl(test.id)}set-order/`, owner.session, { order: [q3!.id, q1!.id, q2!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((q: { id: number; sort: number }) => [q.id, q.sort])).toEqual([
      [q3!.id, 1],
      [q1!.id, 2],
      [q2!.id, 3],
    ]);
    // The test's version moved on: a settings form opened before sees the change as a conflict.
    expect((await call('GET', `/api/admin/tests/${test.id}/`, owner.session)).json().updated_at).not.toBe(opened.updated_at);

    const other = await testOf();
    const foreign = await buildQuestion(db(), { testId: other.test.id });
    for (const order of [[q1!.id, q2!.id], [q1!.id, q2!.id, q3!.id, q3!.id], [q1!.id, q2!.id, foreign.id]]) {
      const refused = await call('POST', `${questionsUrl(test.id)}set-order/`, owner.session, { order });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('order');
    }
    const kept = (await call('GET', questionsUrl(test.id), owner.session)).json();
    expect(kept.map((q: { id: number }) => q.id)).toEqual([q3!.id, q1!.id, q2!.id]);

    const orders = [
      [q1!.id, q2!.id, q3!.id],
      [q2!.id, q3!.id, q1!.id],
      [q3!.id, q2!.id, q1!.id],
    ];
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => call('POST', `${questionsUrl(test.id)}set-order/`, owner.session, { order: orders[i % 3] })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const final = (await call('GET', questionsUrl(test.id), owner.session)).json();
    expect(final.map((q: { sort: number }) => q.sort)).toEqual([1, 2, 3]);
    expect(orders.map((o) => o.join())).toContain(final.map((q: { id: number }) => q.id).join());
  });

  it('publishes a test only when every question works, naming each problem', async () => {
    const { test } = await testOf();
    const empty = await call('PATCH', `/api/admin/tests/${test.id}/`, owner.session, { is_published: true });
    expect(empty.json()).toEqual({ is_published: [TEST_TEXTS.noQuestions] });
    await buildQuestion(db(), { testId: test.id, type: 'single', sort: 1, answers: [{ text: 'Да', isCorrect: true }, { text: 'Нет' }] });
    await buildQuestion(db(), { testId: test.id, type: 'text', sort: 2, answers: [] });
    await buildQuestion(db(), {
      testId: test.id,
      type: 'match',
      sort: 3,
      answers: [
        { text: 'Эспрессо', connectId: 'a' },
        { text: '30 мл', connectId: 'a' },
        { text: 'Ристретто', connectId: 'b' },
      ],
    });
    const refused = await call('PATCH', `/api/admin/tests/${test.id}/`, owner.session, { is_published: true, pass_score: 80 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      is_published: [
        TEST_TEXTS.question(2, TEST_TEXTS.textAnswer),
        TEST_TEXTS.question(3, TEST_TEXTS.lonely('b')),
        TEST_TEXTS.question(3, TEST_TEXTS.twoPairs),
      ],
    });
    const [kept] = await db().select().from(tests).where(eq(tests.id, test.id));
    expect(kept).toMatchObject({ isPublished: false, passScore: test.passScore });

    const info = (await call('GET', `/api/admin/tests/${test.id}/`, owner.session)).json();
    expect(info.publish_problems).toHaveLength(3);
    expect(info).toMatchObject({ is_final: false, questions_count: 3, attempts_count: 0 });
  });

  it('edits settings with a version check and refuses bad values in Russian', async () => {
    const { test } = await testOf();
    const opened = (await call('GET', `/api/admin/tests/${test.id}/`, owner.session)).json();
    const saved = await call('PATCH', `/api/admin/tests/${test.id}/`, owner.session, {
      pass_score: 80,
      attempts_limit: 3,
      time_limit_minutes: 20,
      review: 'correctness',
      updated_at: opened.updated_at,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ pass_score: 80, attempts_limit: 3, time_limit_minutes: 20, review: 'correctness' });
    const stale = await call('PATCH', `/api/admin/tests/${test.id}/`, owner.session, { pass_score: 50, updated_at: opened.updated_at });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PATCH', `/api/admin/tests/${test.id}/`, owner.session, { pass_score: 101, attempts_limit: 0 });
    expect(bad.json()).toEqual({ pass_score: ['От 0 до 100.'], attempts_limit: ['Не меньше 1.'] });
  });

  it('creates and lists a course’s final tests', async () => {
    const { course } = await testOf();
    const created = await call('POST', `/api/admin/courses/${course.id}/tests/`, owner.session, { name: 'Итоговый тест' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Итоговый тест', is_final: true, module: null, is_published: false });
    const finals = (await call('GET', `/api/admin/courses/${course.id}/tests/`, owner.session)).json();
    expect(finals.map((x: { id: number }) => x.id)).toEqual([created.json().id]);
  });
});
