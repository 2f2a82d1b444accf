// Enrolments, the course-token cookie, the course outline and paged lessons (decision 0028).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_TOKEN_COOKIE } from '@crema/contract';
import { courseSessions, lessonProgress, testAttempts, userCourses } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildQuestion,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { revokeFamily } from '../auth/tokens.ts';
import { COURSE_NOT_FOUND } from './scopes.ts';
import { countQueries } from '../../test/queries.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** A course of `modules` modules, each with two lessons (the first of two pages) and a test; plus a final test. */
async function buildCourseContent(modules = 2) {
  const course = await buildCourse(db());
  const made: { id: number; lessons: number[]; test: number }[] = [];
  for (let m = 0; m < modules; m++) {
    const module = await buildModule(db(), { courseId: course.id, sort: m, title: `Модуль ${m + 1}` });
    const first = await buildLesson(db(), { moduleId: module.id, sort: 1, title: `Урок ${m + 1}.1` });
    const second = await buildLesson(db(), { moduleId: module.id, sort: 2, title: `Урок ${m + 1}.2` });
    await buildLessonBlock(db(), { lessonId: first.id, page: 1, sort: 1, type: 'text', data: { html: '<p>Эспрессо</p>' } });
    await buildLessonBlock(db(), { lessonId: first.id, page: 1, sort: 2, type: 'file', data: { file: 'lessons/чек-лист.pdf', title: 'Чек-лист', sizeBytes: 1024 } });
    await buildLessonBlock(db(), { lessonId: first.id, page: 2, sort: 1, type: 'quote', data: { text: 'Кофе — это время', author: 'Бариста' } });
    await buildLessonBlock(db(), { lessonId: second.id, page: 1, type: 'recipe', data: { title: 'V60', parameters: [{ name: 'Доза', value: '15 г' }], steps: ['Налить'] } });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, sort: 3, name: `Тест ${m + 1}` });
    await buildQuestion(db(), { testId: test.id, type: 'single', answers: [{ isCorrect: true }, {}] });
    made.push({ id: module.id, lessons: [first.id, second.id], test: test.id });
  }
  const finalTest = await buildTest(db(), { courseId: course.id, name: 'Итоговый тест' });
  return { course, modules: made, finalTest };
}

async function learner(courseId: number, extra: Partial<typeof userCourses.$inferInsert> = {}) {
  const user = await buildUser(db());
  const enrolment = await buildEnrolment(db(), { userId: user.id, courseId, ...extra });
  return { user, enrolment, session: await signInAs(t.app, user) };
}

const get = (url: string, session: Pick<TestSession, 'headers'> | { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url, headers: session.headers });


describe('enrolments: hide, remove, course session', () => {
  it('hides and shows a course; a hidden one cannot be studied; another account gets 404', async () => {
    const { course } = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id);
    const hide = await t.app.inject({ method: 'PATCH', url: `/api/user/courses/${enrolment.id}/`, headers: session.headers, payload: { is_active: false } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ id: enrolment.id, is_active: false });
    const hidden = await get(`/api/user/course/${enrolment.id}/modules/`, session);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: COURSE_NOT_FOUND });
    const show = await t.app.inject({ method: 'PATCH', url: `/api/user/courses/${enrolment.id}`, headers: session.headers, payload: { is_active: true } });
    expect(show.json()).toEqual({ id: enrolment.id, is_active: true });
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, session)).statusCode).toBe(200);

    const bad = await t.app.inject({ method: 'PATCH', url: `/api/user/courses/${enrolment.id}/`, headers: session.headers, payload: { is_active: 'да' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('is_active');

    const other = await signInAs(t.app, await buildUser(db()));
    const foreign = await t.app.inject({ method: 'PATCH', url: `/api/user/courses/${enrolment.id}/`, headers: other.headers, payload: { is_active: false } });
    expect(foreign.statusCode).toBe(404);
    const [row] = await db().select().from(userCourses).where(eq(userCourses.id, enrolment.id));
    expect(row!.isActive).toBe(true);
  });

  it('removes the learner’s access with its progress and attempts (both path forms); another account cannot', async () => {
    const { course, modules } = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id);
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[0]}/`, session)).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/user/course/${enrolment.id}/testing/${modules[0]!.test}/?clear=true`, headers: session.headers });

    const other = await signInAs(t.app, await buildUser(db()));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/courses/${enrolment.id}`, headers: other.headers })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/user/courses/${enrolment.id}`, headers: session.headers });
    expect(removed.statusCode).toBe(204);
    expect(await db().select().from(userCourses).where(eq(userCourses.id, enrolment.id))).toEqual([]);
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, enrolment.id))).toEqual([]);
    expect(await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, enrolment.id))).toEqual([]);
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, session)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/courses/${enrolment.id}/`, headers: session.headers })).statusCode).toBe(404);
  });

  it('opens a course session: an httpOnly cookie that carries this course’s calls alone, ends with the sign-in', async () => {
    const { course, modules } = await buildCourseContent(1);
    const { user, enrolment, session } = await learner(course.id);
    const otherCourse = await buildCourseContent(1);
    const otherEnrolment = await buildEnrolment(db(), { userId: user.id, courseId: otherCourse.course.id });

    const started = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: session.headers, payload: { account_course_id: enrolment.id } });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === COURSE_TOKEN_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    const [stored] = await db().select().from(courseSessions).where(eq(courseSessions.id, started.json<{ id: number }>().id));
    expect(stored!.userCourseId).toBe(enrolment.id);
    expect(stored!.tokenHash).not.toContain(cookie.value);
    expect(stored!.authSessionId).toBe(session.sessionId);

    const withCookie = { headers: { cookie: `${COURSE_TOKEN_COOKIE}=${cookie.value}` } };
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, withCookie)).statusCode).toBe(200);
    expect((await get(`/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[0]}/`, withCookie)).statusCode).toBe(200);
    // Only that enrolment: the learner's other course answers 404, and the cookie is no sign-in elsewhere.
    expect((await get(`/api/user/course/${otherEnrolment.id}/modules/`, withCookie)).statusCode).toBe(404);
    expect((await get('/api/user/personal/', withCookie)).statusCode).toBe(401);
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, { headers: { cookie: `${COURSE_TOKEN_COOKIE}=forged` } })).statusCode).toBe(401);
    // Starting an attempt (a GET with clear=true) and a quiz save through the cookie need the CSRF
    // header like any cookie call that changes state; reading the quiz does not.
    const quiz = `/api/user/course/${enrolment.id}/testing/${modules[0]!.test}/`;
    const csrf = session.cookieHeaders['x-csrf-token']!;
    expect((await get(quiz, withCookie)).statusCode).toBe(200);
    expect((await get(`${quiz}?clear=true`, withCookie)).statusCode).toBe(403);
    const started2 = await get(`${quiz}?clear=true`, {
      headers: { cookie: `${COURSE_TOKEN_COOKIE}=${cookie.value}; crema_csrf=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(started2.statusCode).toBe(200);
    const noCsrf = await t.app.inject({ method: 'POST', url: quiz, headers: withCookie.headers, payload: {} });
    expect(noCsrf.statusCode).toBe(403);
    const withCsrf = await t.app.inject({
      method: 'POST',
      url: quiz,
      headers: { cookie: `${COURSE_TOKEN_COOKIE}=${cookie.value}; crema_csrf=${csrf}`, 'x-csrf-token': csrf },
      payload: {},
    });
    expect(withCsrf.statusCode).toBe(200);

    // Another account's enrolment: 404, no cookie.
    const other = await signInAs(t.app, await buildUser(db()));
    const foreign = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: other.headers, payload: { account_course_id: enrolment.id } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.cookies.find((c) => c.name === COURSE_TOKEN_COOKIE)).toBeUndefined();

    // A new course session of the same sign-in ends the earlier token.
    const again = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: session.headers, payload: { account_course_id: enrolment.id } });
    const newer = { headers: { cookie: `${COURSE_TOKEN_COOKIE}=${again.cookies.find((c) => c.name === COURSE_TOKEN_COOKIE)!.value}` } };
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, withCookie)).statusCode).toBe(401);
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, newer)).statusCode).toBe(200);

    // Signing out ends the course token too.
    await revokeFamily(db(), session.sessionId);
    expect((await get(`/api/user/course/${enrolment.id}/modules/`, newer)).statusCode).toBe(401);
  });

  it('refuses a course session for an enrolment past its access', async () => {
    const { course } = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id, { accessUntil: new Date(Date.now() - 60_000) });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: session.headers, payload: { account_course_id: enrolment.id } });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: session.headers, payload: { account_course_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('account_course_id');
  });
});

describe('GET /api/user/course/{id}/modules/', () => {
  it('answers exactly modules with their items in order and the final tests, published only, with statuses', async () => {
    const { course, modules, finalTest } = await buildCourseContent(2);
    await buildLesson(db(), { moduleId: modules[0]!.id, title: 'Черновик', isPublished: false });
    await buildTest(db(), { courseId: course.id, moduleId: modules[0]!.id, name: 'Черновой тест', isPublished: false });
    const { enrolment, session } = await learner(course.id);
    // Open the first lesson's first page (partially), the second lesson's only page (completed).
    await get(`/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[0]}/`, session);
    await get(`/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[1]}/`, session);

    const res = await get(`/api/user/course/${enrolment.id}/modules/`, session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      modules: [
        {
          id: modules[0]!.id,
          title: 'Модуль 1',
          content: [
            { id: modules[0]!.lessons[0], title: 'Урок 1.1', type: 'lesson', status: 'partially_completed' },
            { id: modules[0]!.lessons[1], title: 'Урок 1.2', type: 'lesson', status: 'completed' },
            { id: modules[0]!.test, title: 'Тест 1', type: 'test', status: 'not_started' },
          ],
        },
        {
          id: modules[1]!.id,
          title: 'Модуль 2',
          content: [
            { id: modules[1]!.lessons[0], title: 'Урок 2.1', type: 'lesson', status: 'not_started' },
            { id: modules[1]!.lessons[1], title: 'Урок 2.2', type: 'lesson', status: 'not_started' },
            { id: modules[1]!.test, title: 'Тест 2', type: 'test', status: 'not_started' },
          ],
        },
      ],
      final_tests: [{ id: finalTest.id, title: 'Итоговый тест', status: 'not_started' }],
    });
  });

  it('makes the same number of queries for 1 module as for 6 (modules and lesson calls)', async () => {
    const small = await buildCourseContent(1);
    const large = await buildCourseContent(6);
    const a = await learner(small.course.id);
    const b = await learner(large.course.id);
    const modulesSmall = await countQueries(() => get(`/api/user/course/${a.enrolment.id}/modules/`, a.session));
    const modulesLarge = await countQueries(() => get(`/api/user/course/${b.enrolment.id}/modules/`, b.session));
    expect(modulesSmall).toBeGreaterThan(0);
    expect(modulesLarge).toBe(modulesSmall);
    const lessonSmall = await countQueries(() => get(`/api/user/course/${a.enrolment.id}/lesson/${small.modules[0]!.lessons[0]}/`, a.session));
    const lessonLarge = await countQueries(() => get(`/api/user/course/${b.enrolment.id}/lesson/${large.modules[5]!.lessons[0]}/`, b.session));
    expect(lessonSmall).toBeGreaterThan(0);
    expect(lessonLarge).toBe(lessonSmall);
  });
});

describe('GET /api/user/course/{id}/lesson/{lessonId}/?page=n', () => {
  it('answers a page’s blocks, the page count and positions across pages, lessons, tests and modules', async () => {
    const { course, modules, finalTest } = await buildCourseContent(2);
    const { enrolment, session } = await learner(course.id);
    const base = `/api/user/course/${enrolment.id}/lesson`;
    const [m1, m2] = modules;

    const first = await get(`${base}/${m1!.lessons[0]}/`, session);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: m1!.lessons[0],
      title: 'Урок 1.1',
      module: { id: m1!.id, title: 'Модуль 1' },
      page: 1,
      page_count: 2,
      status: 'partially_completed',
      previous: null,
      next: { type: 'lesson', id: m1!.lessons[0], module_id: m1!.id, page: 2 },
    });
    expect(first.json().blocks).toEqual([
      { id: expect.any(Number), type: 'text', html: '<p>Эспрессо</p>' },
      { id: expect.any(Number), type: 'file', url: `/media/lessons/${encodeURIComponent('чек-лист.pdf')}`, title: 'Чек-лист', size_bytes: 1024 },
    ]);

    const second = await get(`${base}/${m1!.lessons[0]}/?page=2`, session);
    expect(second.json()).toMatchObject({
      page: 2,
      status: 'completed',
      blocks: [{ type: 'quote', text: 'Кофе — это время', author: 'Бариста', author_role: null }],
      previous: { type: 'lesson', id: m1!.lessons[0], page: 1 },
      next: { type: 'lesson', id: m1!.lessons[1], module_id: m1!.id, page: 1 },
    });
    // The last lesson of a module leads to its test, and the next module's first lesson back to the
    // previous module's test; the course's last lesson to the final test.
    const beforeTest = await get(`${base}/${m1!.lessons[1]}/`, session);
    expect(beforeTest.json()).toMatchObject({
      previous: { type: 'lesson', id: m1!.lessons[0], page: 2 },
      next: { type: 'test', id: m1!.test, module_id: m1!.id, page: null, title: 'Тест 1' },
    });
    const nextModule = await get(`${base}/${m2!.lessons[0]}/`, session);
    expect(nextModule.json()).toMatchObject({ previous: { type: 'test', id: m1!.test, module_id: m1!.id } });
    const last = await get(`${base}/${m2!.lessons[1]}/`, session);
    expect(last.json()).toMatchObject({ next: { type: 'test', id: m2!.test } });
    expect(last.json().blocks[0]).toEqual({
      id: expect.any(Number),
      type: 'recipe',
      title: 'V60',
      parameters: [{ name: 'Доза', value: '15 г' }],
      steps: ['Налить'],
    });
    expect(finalTest.id).toBeGreaterThan(0);
  });

  it('never moves a status back, and concurrent opens of a page leave one progress row', async () => {
    const { course, modules } = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id);
    const url = `/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[0]}/`;
    const opens = await Promise.all(Array.from({ length: 8 }, () => get(url, session)));
    expect(opens.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const rows = () => db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, enrolment.id));
    expect(await rows()).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'partially_completed', lastPage: 1, completedAt: null });

    expect((await get(`${url}?page=2`, session)).json()).toMatchObject({ status: 'completed' });
    const back = await get(`${url}?page=1`, session);
    expect(back.json()).toMatchObject({ status: 'completed', page: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'completed', lastPage: 1 });
    expect(row!.completedAt).toBeInstanceOf(Date);
    // Opening the same page again records nothing new and writes nothing.
    expect((await get(`${url}?page=1`, session)).json()).toMatchObject({ status: 'completed', page: 1 });
    const [again] = await rows();
    expect(again!.updatedAt.getTime()).toBe(row!.updatedAt.getTime());
  });

  it('records no progress for a HEAD request (a link checker, a prefetch), and a GET after it does', async () => {
    const { course, modules } = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id);
    const url = `/api/user/course/${enrolment.id}/lesson/${modules[0]!.lessons[0]}/?page=2`;
    const head = await t.app.inject({ method: 'HEAD', url, headers: session.headers });
    expect(head.statusCode).toBe(200);
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, enrolment.id))).toEqual([]);
    expect((await get(url, session)).json()).toMatchObject({ status: 'completed' });
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, enrolment.id))).toHaveLength(1);
  });

  it('answers 404 past the last page, 400 to a bad page, 404 to a draft lesson or one of another course', async () => {
    const { course, modules } = await buildCourseContent(1);
    const other = await buildCourseContent(1);
    const { enrolment, session } = await learner(course.id);
    const base = `/api/user/course/${enrolment.id}/lesson`;
    const past = await get(`${base}/${modules[0]!.lessons[0]}/?page=3`, session);
    expect(past.statusCode).toBe(404);
    expect(past.json().detail).toMatch(/страниц/);
    for (const page of ['0', 'abc', '-1']) {
      const res = await get(`${base}/${modules[0]!.lessons[0]}/?page=${page}`, session);
      expect(res.statusCode, page).toBe(400);
      expect(res.json(), page).toHaveProperty('page');
    }
    const draft = await buildLesson(db(), { moduleId: modules[0]!.id, isPublished: false });
    expect((await get(`${base}/${draft.id}/`, session)).statusCode).toBe(404);
    expect((await get(`${base}/${other.modules[0]!.lessons[0]}/`, session)).statusCode).toBe(404);
    expect(await db().select().from(lessonProgress).where(and(eq(lessonProgress.userCourseId, enrolment.id), eq(lessonProgress.lessonId, draft.id)))).toEqual([]);
  });
});

describe('who may study', () => {
  it('answers 404 to a learner whose access ended, to another user, and 401 to a guest', async () => {
    const { course, modules } = await buildCourseContent(1);
    const ended = await learner(course.id, { accessUntil: new Date(Date.now() - 1000) });
    const urls = (id: number) => [
      `/api/user/course/${id}/modules/`,
      `/api/user/course/${id}/lesson/${modules[0]!.lessons[0]}/`,
      `/api/user/course/${id}/testing/${modules[0]!.test}/`,
      `/api/user/course/${id}/module/${modules[0]!.id}/testing/${modules[0]!.test}/`,
      `/api/user/course/${id}/testing/${modules[0]!.test}/progress/`,
    ];
    for (const url of urls(ended.enrolment.id)) {
      expect((await get(url, ended.session)).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const open = await learner(course.id, { accessUntil: new Date(Date.now() + 86_400_000) });
    const stranger = await signInAs(t.app, await buildUser(db()));
    for (const url of urls(open.enrolment.id)) {
      expect((await get(url, open.session)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
    }
  });

  it('lets a parent study a child’s course as the child, apart from the parent’s own progress', async () => {
    const { course, modules } = await buildCourseContent(1);
    const parent = await buildUser(db());
    const child = await buildStudent(db(), { userId: parent.id, studentType: 'child' });
    const own = await buildEnrolment(db(), { userId: parent.id, courseId: course.id });
    const childs = await buildEnrolment(db(), { userId: parent.id, courseId: course.id, studentId: child.id });
    const session = await signInAs(t.app, parent);
    const lesson = modules[0]!.lessons[0]!;

    await get(`/api/user/course/${childs.id}/lesson/${lesson}/?page=2`, session);
    const start = await get(`/api/user/course/${childs.id}/testing/${modules[0]!.test}/?clear=true`, session);
    expect(start.statusCode).toBe(200);

    const statusOf = async (enrolmentId: number) =>
      (await get(`/api/user/course/${enrolmentId}/modules/`, session)).json<{ modules: { content: { status: string }[] }[] }>().modules[0]!.content;
    expect((await statusOf(childs.id)).map((i) => i.status)).toEqual(['completed', 'not_started', 'partially_completed']);
    expect((await statusOf(own.id)).map((i) => i.status)).toEqual(['not_started', 'not_started', 'not_started']);
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, own.id))).toEqual([]);
    expect(await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, own.id))).toEqual([]);
    expect(await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, childs.id))).toHaveLength(1);
  });
});

describe('with the content cache on', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestApp({ CONTENT_CACHE_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('keeps the course structure and blocks, but reads access and progress every time', async () => {
    const cdb = cached.database.db;
    const course = await buildCourse(cdb);
    const module = await buildModule(cdb, { courseId: course.id });
    const lesson = await buildLesson(cdb, { moduleId: module.id });
    await buildLessonBlock(cdb, { lessonId: lesson.id, data: { html: '<p>Первая версия</p>' } });
    const user = await buildUser(cdb);
    const enrolment = await buildEnrolment(cdb, { userId: user.id, courseId: course.id });
    const session = await signInAs(cached.app, user);
    const url = `/api/user/course/${enrolment.id}/lesson/${lesson.id}/`;
    const open = () => cached.app.inject({ method: 'GET', url, headers: session.headers });

    const first = await countQueries(open);
    const second = await countQueries(open);
    expect(second).toBeLessThan(first);
    expect((await open()).json()).toMatchObject({ blocks: [{ html: '<p>Первая версия</p>' }], status: 'completed' });
    // Access is never cached: a hidden course closes at once.
    await cdb.update(userCourses).set({ isActive: false }).where(eq(userCourses.id, enrolment.id));
    expect((await open()).statusCode).toBe(404);
  });
});
