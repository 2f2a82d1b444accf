// GET /api/user/courses/ ('Мое обучение'): the holder's own enrolments and their
// students', active and within access, newest first, with lesson progress; nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, userCourses } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildLesson, buildModule, buildStudent, buildUser, signInAs } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function myCourses(user: { id: number }, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/courses/${query}`, headers: (await signInAs(t.app, user)).headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; course: { slug: string; title: string; image: string | null }; student: { id: number; name: string } | null; progress: { completed: number; total: number }; access_until: string | null; access_ended: boolean; is_active: boolean }[];
}

describe('GET /api/user/courses/', () => {
  it('lists the own course and the child\'s (with the child\'s name), newest first, with lesson progress', async () => {
    const { db } = t.database;
    const parent = await buildUser(db);
    const own = await buildCourse(db, { image: 'demo/courses/latte.jpg' });
    const kids = await buildCourse(db, { isKids: true });
    const module = await buildModule(db, { courseId: own.id });
    const [first, second] = [await buildLesson(db, { moduleId: module.id }), await buildLesson(db, { moduleId: module.id })];
    // A draft lesson counts neither way.
    const draft = await buildLesson(db, { moduleId: module.id, isPublished: false });
    const child = await buildStudent(db, { userId: parent.id, firstName: 'Маша', lastName: 'Иванова' });
    const mine = await buildEnrolment(db, { userId: parent.id, courseId: own.id, createdAt: new Date(Date.now() - 60_000) });
    const theirs = await buildEnrolment(db, { userId: parent.id, courseId: kids.id, studentId: child.id });
    await db.insert(lessonProgress).values([
      { userCourseId: mine.id, lessonId: first.id, status: 'completed' },
      { userCourseId: mine.id, lessonId: second.id, status: 'partially_completed' },
      { userCourseId: mine.id, lessonId: draft.id, status: 'completed' },
    ]);

    const list = await myCourses(parent);
    expect(list.map((item) => item.id)).toEqual([theirs.id, mine.id]);
    expect(list[0]).toMatchObject({ course: { slug: kids.slug, title: kids.title }, student: { id: child.id, name: 'Маша Иванова' }, progress: { completed: 0, total: 0 } });
    expect(list[1]).toMatchObject({ course: { slug: own.slug }, student: null, progress: { completed: 1, total: 2 }, access_until: null, is_active: true });
    expect(list[1]!.course.image).toMatch(/^\/media\//);
  });

  it('hides another account\'s courses and hidden enrolments; lists ended access last, marked; a guest gets 401', async () => {
    const { db } = t.database;
    const holder = await buildUser(db);
    const other = await buildUser(db);
    const course = await buildCourse(db);
    await buildEnrolment(db, { userId: other.id, courseId: course.id });
    const ended = await buildEnrolment(db, { userId: holder.id, courseId: (await buildCourse(db)).id, accessUntil: new Date(Date.now() - 1000) });
    const inactive = await buildEnrolment(db, { userId: holder.id, courseId: (await buildCourse(db)).id, isActive: false });
    const lasting = await buildEnrolment(db, {
      userId: holder.id,
      courseId: (await buildCourse(db)).id,
      accessUntil: new Date(Date.now() + 86_400_000),
      createdAt: new Date(Date.now() - 86_400_000),
    });

    const list = await myCourses(holder);
    // The ended course is newer, yet listed after the open one.
    expect(list.map((item) => [item.id, item.access_ended])).toEqual([
      [lasting.id, false],
      [ended.id, true],
    ]);
    expect(list[0]!.access_until).toBe(lasting.accessUntil!.toISOString());
    expect(list.map((item) => item.id)).not.toContain(inactive.id);
    // Its lessons are closed meanwhile.
    const session = await signInAs(t.app, holder);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/course/${ended.id}/modules/`, headers: session.headers })).statusCode).toBe(404);
    // Access given back later opens it again, in its place among the open ones.
    await db.update(userCourses).set({ accessUntil: null }).where(eq(userCourses.id, ended.id));
    expect((await myCourses(holder)).map((item) => [item.id, item.access_ended])).toEqual([
      [ended.id, false],
      [lasting.id, false],
    ]);
    expect((await myCourses(other)).map((item) => item.course.slug)).toEqual([course.slug]);

    const guest = await t.app.inject({ method: 'GET', url: '/api/user/courses/' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: expect.any(String) });
  });

  it('is_active=false lists the hidden courses only, the holder\'s own; shown again, a course moves back', async () => {
    const { db } = t.database;
    const holder = await buildUser(db);
    const other = await buildUser(db);
    const shown = await buildEnrolment(db, { userId: holder.id, courseId: (await buildCourse(db)).id });
    const hidden = await buildEnrolment(db, { userId: holder.id, courseId: (await buildCourse(db)).id, isActive: false });
    // Hidden with its access over: listed among the hidden ones, last, marked.
    const hiddenEnded = await buildEnrolment(db, {
      userId: holder.id,
      courseId: (await buildCourse(db)).id,
      isActive: false,
      accessUntil: new Date(Date.now() - 1000),
    });
    const othersHidden = await buildEnrolment(db, { userId: other.id, courseId: (await buildCourse(db)).id, isActive: false });

    const list = await myCourses(holder, '?is_active=false');
    expect(list.map((item) => [item.id, item.is_active, item.access_ended])).toEqual([
      [hidden.id, false, false],
      [hiddenEnded.id, false, true],
    ]);
    expect((await myCourses(holder, '?is_active=true')).map((item) => item.id)).toEqual([shown.id]);
    expect((await myCourses(other, '?is_active=false')).map((item) => item.id)).toEqual([othersHidden.id]);

    const session = await signInAs(t.app, holder);
    const back = await t.app.inject({ method: 'PATCH', url: `/api/user/courses/${hidden.id}/`, headers: session.headers, payload: { is_active: true } });
    expect(back.statusCode).toBe(200);
    expect((await myCourses(holder, '?is_active=false')).map((item) => item.id)).toEqual([hiddenEnded.id]);
    expect((await myCourses(holder)).map((item) => item.id).sort()).toEqual([shown.id, hidden.id].sort());

    const wrong = await t.app.inject({ method: 'GET', url: '/api/user/courses/?is_active=maybe', headers: session.headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ is_active: ['Ожидается true или false.'] });
  });
});
