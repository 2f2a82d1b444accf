// The structures of several courses at once (decision 0061): the cache's misses load together in
// three queries, the courses kept cost none, and the answer is each course's own structure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app.ts';
import { buildCourse, buildLesson, buildLessonBlock, buildModule, buildTest } from '../../test/factories.ts';
import type { MediaService } from '../media/images.ts';
import { LearningContent } from './content.ts';
import { loadStructure } from './outline.ts';
import { countQueries } from '../../test/queries.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let courseIds: number[];


beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  courseIds = [];
  for (let n = 1; n <= 3; n += 1) {
    const course = await buildCourse(db);
    for (let m = 1; m <= n; m += 1) {
      const module = await buildModule(db, { courseId: course.id, sort: m, title: `Модуль ${m}` });
      const lesson = await buildLesson(db, { moduleId: module.id, sort: 1 });
      await buildLessonBlock(db, { lessonId: lesson.id, page: 2 });
      await buildTest(db, { courseId: course.id, moduleId: module.id, sort: 2 });
    }
    await buildTest(db, { courseId: course.id, name: 'Итоговый' });
    // Drafts stay out of the structure.
    await buildTest(db, { courseId: course.id, isPublished: false });
    courseIds.push(course.id);
  }
});
afterAll(async () => {
  await database?.drop();
});

const media = {} as MediaService;

describe('LearningContent.structure.many', () => {
  it('loads the courses not kept in three queries and answers each as loadStructure does', async () => {
    const content = new LearningContent(database.db, media, 60_000);
    const [a, b, c] = courseIds as [number, number, number];
    let first: Map<number, unknown> | undefined;
    expect(await countQueries(async () => (first = await content.structure.many!([a, b])))).toBe(3);
    expect([...first!.keys()]).toEqual([a, b]);
    expect(first!.get(b)).toEqual(await loadStructure(database.db, b));
    // Only the course not kept yet is read; then none.
    let second: Map<number, unknown> | undefined;
    expect(await countQueries(async () => (second = await content.structure.many!([c, a, b, c])))).toBe(3);
    expect([...second!.keys()]).toEqual([c, a, b]);
    expect(second!.get(c)).toEqual(await loadStructure(database.db, c));
    expect(await countQueries(() => content.structure.many!([a, b, c]))).toBe(0);
    expect(await countQueries(() => content.structure(c))).toBe(0);
  });

  it('without the cache still reads every course in the same three queries', async () => {
    const content = new LearningContent(database.db, media, 0);
    let all: Map<number, unknown> | undefined;
    expect(await countQueries(async () => (all = await content.structure.many!(courseIds)))).toBe(3);
    for (const id of courseIds) expect(all!.get(id)).toEqual(await loadStructure(database.db, id));
    expect((all!.get(courseIds[2]!) as { modules: unknown[]; tests: unknown[] }).modules).toHaveLength(3);
    expect((all!.get(courseIds[2]!) as { modules: unknown[]; tests: unknown[] }).tests).toHaveLength(4);
  });
});
