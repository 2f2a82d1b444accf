// The course structure the builder and the owner's preview read (decisions 0035, 0041): each
// lesson's blocks and pages are its own, counted per lesson.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCategory, buildCourse, buildLesson, buildLessonBlock, buildModule, buildOwner, buildQuestion, buildTest, signInAs, type TestSession } from '../../test/factories.ts';

let t: TestContext;
let owner: { id: number; session: TestSession };

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(t.database.db);
  owner = { id: o.id, session: await signInAs(t.app, o) };
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/courses/{id}/modules/', () => {
  it('counts each lesson’s own blocks and pages, and each test’s own questions', async () => {
    const db = t.database.db;
    const category = await buildCategory(db);
    const course = await buildCourse(db, { categoryId: category.id, ownerId: owner.id });
    const module = await buildModule(db, { courseId: course.id });
    const two = await buildLesson(db, { moduleId: module.id, sort: 1 });
    const empty = await buildLesson(db, { moduleId: module.id, sort: 2, isPublished: false });
    await buildLessonBlock(db, { lessonId: two.id, page: 1, sort: 1 });
    await buildLessonBlock(db, { lessonId: two.id, page: 2, sort: 1 });
    await buildLessonBlock(db, { lessonId: two.id, page: 2, sort: 2 });
    const asked = await buildTest(db, { courseId: course.id, moduleId: module.id, sort: 3 });
    const bare = await buildTest(db, { courseId: course.id, moduleId: module.id, sort: 4, isPublished: false });
    await buildQuestion(db, { testId: asked.id });
    await buildQuestion(db, { testId: asked.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/courses/${course.id}/modules/`, headers: owner.session.headers });
    expect(res.statusCode, res.body).toBe(200);
    const [shown] = res.json() as {
      lessons: { id: number; blocks_count: number; pages_count: number; is_published: boolean }[];
      tests: { id: number; questions_count: number; is_published: boolean }[];
    }[];
    expect(shown!.lessons).toEqual([
      expect.objectContaining({ id: two.id, blocks_count: 3, pages_count: 2, is_published: true }),
      expect.objectContaining({ id: empty.id, blocks_count: 0, pages_count: 0, is_published: false }),
    ]);
    expect(shown!.tests).toEqual([
      expect.objectContaining({ id: asked.id, questions_count: 2, is_published: true }),
      expect.objectContaining({ id: bare.id, questions_count: 0, is_published: false }),
    ]);
  });
});
