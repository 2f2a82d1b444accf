// Learners' progress on an owner's courses (decision 0035): the rows, filters by course, group and
// name, another owner's course or group a 404, and the export read back by independent readers.
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { ADMIN_TEXTS } from './scopes.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildAttempt,
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonProgress,
  buildModule,
  buildOwner,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';

let t: TestContext;
const db = () => t.database.db;
let owner: TestSession;
let other: TestSession;
let c: Awaited<ReturnType<typeof setUp>>;

async function setUp(ownerId: number) {
  const course = await buildCourse(db(), { ownerId, title: 'Латте-арт' });
  const module = await buildModule(db(), { courseId: course.id });
  const l1 = await buildLesson(db(), { moduleId: module.id, sort: 1, isPublished: true });
  await buildLesson(db(), { moduleId: module.id, sort: 2, isPublished: true });
  const test = await buildTest(db(), { courseId: course.id, moduleId: module.id, sort: 3, isPublished: true, passScore: 70 });
  const anna = await buildUser(db(), { firstName: 'Анна', lastName: 'Соколова' });
  const annaCourse = await buildEnrolment(db(), { userId: anna.id, courseId: course.id });
  await buildLessonProgress(db(), { userCourseId: annaCourse.id, lessonId: l1.id });
  await buildAttempt(db(), { userCourseId: annaCourse.id, testId: test.id, score: 60, finishedAt: new Date(Date.now() - 86_400_000) });
  await buildAttempt(db(), { userCourseId: annaCourse.id, testId: test.id, score: 90, finishedAt: new Date() });
  const parent = await buildUser(db(), { firstName: 'Олег' });
  const child = await buildStudent(db(), { userId: parent.id, studentType: 'child', firstName: 'Вера', lastName: 'Иванова' });
  const veraCourse = await buildEnrolment(db(), { userId: parent.id, studentId: child.id, courseId: course.id });
  const group = await buildGroup(db(), { courseId: course.id, title: 'Группа выходного дня', memberIds: [veraCourse.id] });
  const elsewhere = await buildCourse(db(), { ownerId, title: 'Обжарка' });
  await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: elsewhere.id });
  const foreign = await buildCourse(db(), { title: 'Чужой курс' });
  const foreignGroup = await buildGroup(db(), { courseId: foreign.id });
  await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: foreign.id });
  return { course, annaCourse, veraCourse, group, elsewhere, foreign, foreignGroup };
}

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(db());
  owner = await signInAs(t.app, o);
  other = await signInAs(t.app, await buildOwner(db()));
  c = await setUp(o.id);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session: TestSession = owner) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('GET /api/admin/progress/', () => {
  it('lists every enrolment of my courses with its numbers; none of another owner’s', async () => {
    const res = await get('/api/admin/progress/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results.map((r: { course: { title: string } }) => r.course.title).sort()).toEqual(['Латте-арт', 'Латте-арт', 'Обжарка']);
    const anna = body.results.find((r: { user_course_id: number }) => r.user_course_id === c.annaCourse.id);
    expect(anna).toMatchObject({
      user: { first_name: 'Анна', last_name: 'Соколова' },
      student: null,
      group: null,
      lessons_done: 1,
      lessons_total: 2,
      tests_passed: 1,
      tests_total: 1,
      average_score: 75,
      has_access: true,
    });
    expect(anna.last_activity_at).not.toBeNull();
    expect((await get('/api/admin/progress/', other)).json().count).toBe(0);
  });

  it('filters by course, group and a child’s name; a course or group of another owner is a 404', async () => {
    expect((await get(`/api/admin/progress/?course=${c.elsewhere.id}`)).json().count).toBe(1);
    const grouped = (await get(`/api/admin/progress/?group=${c.group.id}`)).json();
    expect(grouped.results).toHaveLength(1);
    expect(grouped.results[0]).toMatchObject({ user_course_id: c.veraCourse.id, student: { first_name: 'Вера' }, group: { title: 'Группа выходного дня' } });
    expect((await get(`/api/admin/progress/?search=${encodeURIComponent('Вера')}`)).json().count).toBe(1);
    expect((await get(`/api/admin/progress/?course=${c.foreign.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/progress/?group=${c.foreignGroup.id}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/progress/export/?format=csv&course=${c.foreign.id}`)).statusCode).toBe(404);
  });

  it('exports XLSX that a real reader opens, and CSV with a BOM and semicolons', async () => {
    const xlsx = await get(`/api/admin/progress/export/?format=xlsx&course=${c.course.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain("filename*=UTF-8''");
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Ученики']);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets['Ученики']!);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r['Ученик'] === 'Соколова Анна')).toMatchObject({ Курс: 'Латте-арт', 'Уроков пройдено': 1, 'Средний балл': 75, Ребёнок: 'нет' });
    expect(rows.find((r) => r['Ученик'] === 'Иванова Вера')).toMatchObject({ Группа: 'Группа выходного дня', Ребёнок: 'да' });

    const csv = await get(`/api/admin/progress/export/?format=csv&course=${c.course.id}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = parseCsv(csv.rawPayload.subarray(3).toString('utf8'), { delimiter: ';', relax_column_count: true }) as string[][];
    const header = lines.find((l) => l[0] === 'Ученик')!;
    expect(header).toContain('Средний балл');
    expect(lines.some((l) => l[0] === 'Соколова Анна' && l[3] === 'Латте-арт')).toBe(true);
  });
});

describe('GET /api/admin/progress/groups/', () => {
  it('lists the groups of my courses only, by course when asked', async () => {
    const res = await get('/api/admin/progress/groups/');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((g: { id: number }) => g.id);
    expect(ids).toContain(c.group.id);
    expect(ids).not.toContain(c.foreignGroup.id);
    expect((await get(`/api/admin/progress/groups/?course=${c.elsewhere.id}`)).json()).toEqual([]);
    expect((await get(`/api/admin/progress/groups/?course=${c.course.id}`)).json()).toEqual([
      expect.objectContaining({ id: c.group.id, title: 'Группа выходного дня', course_id: c.course.id }),
    ]);
    expect((await get('/api/admin/progress/groups/', other)).json()).toEqual([]);
    // Another owner's course is not a filter of mine: 404, as on the progress list itself.
    const foreign = await get(`/api/admin/progress/groups/?course=${c.foreign.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: ADMIN_TEXTS.courseNotFound });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/progress/groups/' })).statusCode).toBe(401);
    const student = await signInAs(t.app, await buildUser(db()));
    expect((await get('/api/admin/progress/groups/', student)).statusCode).toBe(403);
  });
});
