import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import {
  buildAttribute,
  buildBanner,
  buildCourse,
  buildGroup,
  buildLesson,
  buildMenu,
  buildModule,
  buildOwner,
  buildPage,
  buildPost,
  buildReview,
  buildSubsection,
  buildTeacher,
  buildTest,
  buildUser,
  setConfig,
  setCourseAttribute,
  signInAs,
} from './factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('factories', () => {
  it('build distinct users and a course owned by one of them', async () => {
    const [a, b] = await Promise.all([buildUser(t.database.db), buildUser(t.database.db)]);
    expect(a.email).not.toBe(b.email);
    const owner = await buildOwner(t.database.db);
    const course = await buildCourse(t.database.db, { ownerId: owner.id, published: false });
    expect(course).toMatchObject({ ownerId: owner.id, isPublished: false });
  });

  it('signInAs opens a session the API accepts by header and by cookie', async () => {
    const user = await buildUser(t.database.db, { firstName: 'Анна' });
    const session = await signInAs(t.app, user);
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: session.headers });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json()).toMatchObject({ id: user.id, first_name: 'Анна' });
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: session.cookieHeaders });
    expect(byCookie.json()).toMatchObject({ id: user.id });
    const guest = await t.app.inject({ method: 'GET', url: '/api/user/personal/' });
    expect(guest.statusCode).toBe(401);
  });
});

describe('catalogue factories', () => {
  it('build what the public catalogue shows: attributes, teachers, reviews, subsections, groups, pages', async () => {
    const db = t.database.db;
    const course = await buildCourse(db);
    const format = await buildAttribute(db, { isFilter: true, values: ['Онлайн', 'Очно'] });
    expect(format.values.map((v) => v.value)).toEqual(['Онлайн', 'Очно']);
    await setCourseAttribute(db, course.id, format, { value: format.values[1]! });
    const teacher = await buildTeacher(db, { courseIds: [course.id] });
    await buildReview(db, { courseId: course.id, rating: 4 });
    const subsection = await buildSubsection(db, { courseIds: [course.id] });
    const module = await buildModule(db, { courseId: course.id });
    await buildLesson(db, { moduleId: module.id });
    await buildTest(db, { courseId: course.id });

    const detail = (await t.app.inject({ method: 'GET', url: `/api/courses/${course.slug}/` })).json();
    expect(detail.rating).toEqual({ average: 4, count: 1 });
    expect(detail.program.modules).toHaveLength(1);
    expect(detail.program.final_tests).toHaveLength(1);
    const counts = (await t.app.inject({ method: 'GET', url: '/api/subsections/' })).json();
    expect(counts.find((s: { slug: string }) => s.slug === subsection.slug).count).toBe(1);
    const taught = (await t.app.inject({ method: 'GET', url: '/api/teachers/' })).json();
    expect(taught.map((x: { id: number }) => x.id)).toContain(teacher.id);

    const group = await buildGroup(db, { courseId: course.id, sessions: [{ startsAt: new Date('2030-01-01T10:00:00Z'), endsAt: new Date('2030-01-01T12:00:00Z') }] });
    expect(group.sessions).toHaveLength(1);
    const page = await buildPage(db, { blocks: [{ type: 'text', data: { html: '<p>Привет</p>' } }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/${page.slug}/extended/` })).statusCode).toBe(200);
    const post = await buildPost(db);
    expect(post.kind).toBe('post');
    const menu = await buildMenu(db, { items: [{ title: 'Курсы', url: '/courses/' }] });
    expect(menu.items).toHaveLength(1);
    expect((await buildBanner(db)).isActive).toBe(true);
    await setConfig(db, { SITE_NAME: 'Тест' });
    await setConfig(db, { SITE_NAME: 'Тест 2' });
  });
});
