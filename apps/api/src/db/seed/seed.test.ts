// The demo school itself: every other API test builds its own rows on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signInAs } from '../../test/factories.ts';
import { seedDatabase } from './index.ts';

let t: TestContext;
/** What seeding the test's empty database answered. */
let firstRun: { seeded: boolean };
beforeAll(async () => {
  t = await createTestApp();
  firstRun = await seedDatabase(t.database.db, t.app.deps.config.secretKey);
});
afterAll(async () => {
  await t?.close();
});

async function courseCount(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('select count(*)::int as n from courses');
  return rows[0]!.n;
}

describe('seedDatabase', () => {
  it('seeds an empty database', async () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(await courseCount()).toBe(17);
  });

  it('leaves a database with content alone: a second run touches nothing', async () => {
    const before = await courseCount();
    expect(await seedDatabase(t.database.db, t.app.deps.config.secretKey)).toEqual({ seeded: false });
    expect(await courseCount()).toBe(before);
  });

  it('seeds a text for every legal document and an earlier version of the privacy policy (decision 0043)', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/documents/' })).json() as { slug: string; version: number }[];
    expect(list).toHaveLength(6);
    for (const doc of list) {
      const page = (await t.app.inject({ method: 'GET', url: `/api/documents/${doc.slug}/` })).json();
      expect(page.body, doc.slug).toContain('демонстрационный текст');
    }
    expect(list.find((d) => d.slug === 'privacy-policy')?.version).toBe(2);
    const old = (await t.app.inject({ method: 'GET', url: '/api/documents/privacy-policy/v/1/' })).json();
    expect(old).toMatchObject({ version: 1, is_current: false, published_at: '2025-08-31T21:00:00.000Z' });
  });

  it('the seeded school answers the catalogue call with its published courses, in school order', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.count).toBe(15);
    expect(body.content.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual(['barista-s-nulya', 'espresso-nastroyka', 'barista-pro']);
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('kofe-i-deserty');
    expect(body.filters.map((f: { slug: string }) => f.slug)).toEqual(['format', 'level', 'age']);
  });

  it('gives the demo student a complete profile, documents that open with the app key, two students and consents', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(`select id from users where email = 'student@crema.local'`);
    const session = await signInAs(t.app, { id: rows[0]!.id });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: session.headers });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    expect(await get('/api/user/personal/')).toMatchObject({ is_complete: true, missing_fields: [], gender: 'male' });
    expect(await get('/api/user/documents/')).toMatchObject({ passport_number: '734519', snils: '11223344595', is_complete: true });
    const { rows: raw } = await t.database.pool.query<{ passport_number: string }>('select passport_number from user_documents');
    expect(raw[0]!.passport_number).not.toContain('734519');
    const students = await get('/api/user/students/');
    expect(students.map((s: { student_type: string }) => s.student_type).sort()).toEqual(['adult', 'child']);
    const { consents } = await get('/api/user/consents/');
    expect(consents.filter((c: { student_id: number | null }) => c.student_id === null).map((c: { kind: string }) => c.kind).sort()).toEqual([
      'personal_data',
      'privacy_policy',
    ]);
    expect(consents.filter((c: { student_id: number | null }) => c.student_id !== null)).toHaveLength(2);
  });

  it('gives the second owner one draft course of their own, outside the catalogue', async () => {
    const { rows } = await t.database.pool.query<{ slug: string; is_published: boolean }>(
      `select c.slug, c.is_published from courses c join users u on u.id = c.owner_id where u.email = 'owner2@crema.local'`,
    );
    expect(rows).toEqual([{ slug: 'avtorskii-latte-art-chernovik', is_published: false }]);
    const body = (await t.app.inject({ method: 'GET', url: '/api/courses/?page_size=48' })).json();
    expect(body.content.map((c: { slug: string }) => c.slug)).not.toContain('avtorskii-latte-art-chernovik');
  });

  it('has a homework waiting in the latte-art course: the owner sees the classmate’s answer in the queue, oldest first', async () => {
    const { rows } = await t.database.pool.query<{ id: number }>(`select id from users where email = 'owner@crema.local'`);
    const session = await signInAs(t.app, { id: rows[0]!.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/curator/homework/', headers: session.headers });
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json() as { count: number; results: { status: string; title: string; learner: { name: string }; course: { title: string }; lesson: { title: string }; overdue: boolean }[] };
    expect(queue.count).toBe(1);
    expect(queue.results[0]).toMatchObject({
      status: 'sent',
      title: 'Ваше сердце',
      learner: { name: 'Мария Кузнецова' },
      course: { title: 'Латте-арт: базовые фигуры' },
      lesson: { title: 'Сердце' },
      overdue: false,
    });
  });

  describe("the demo student's learning", () => {
    interface Outline {
      modules: { id: number; title: string; content: { id: number; type: 'lesson' | 'test'; status: string }[] }[];
      final_tests: { id: number; status: string }[];
    }
    let headers: Record<string, string>;
    /** The student's enrolments by course slug: id, and the child's student id when it is the child's. */
    let enrolments: Map<string, { id: number; student_id: number | null }>;
    const get = async (url: string, status = 200) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      return res.json();
    };
    const outline = async (slug: string): Promise<Outline> => get(`/api/user/course/${enrolments.get(slug)!.id}/modules/`);
    const statuses = (o: Outline) => o.modules.flatMap((m) => m.content.map((c) => c.status));

    beforeAll(async () => {
      const { rows } = await t.database.pool.query<{ id: number }>(`select id from users where email = 'student@crema.local'`);
      headers = (await signInAs(t.app, { id: rows[0]!.id })).headers;
      const { rows: held } = await t.database.pool.query<{ id: number; slug: string; student_id: number | null }>(
        `select uc.id, c.slug, uc.student_id from user_courses uc join courses c on c.id = uc.course_id where uc.user_id = $1`,
        [rows[0]!.id],
      );
      enrolments = new Map(held.map((r) => [r.slug, { id: r.id, student_id: r.student_id }]));
    });

    it('is enrolled in three courses of their own and, as a parent, in a kids course for the child', () => {
      expect([...enrolments.keys()].sort()).toEqual(['barista-s-nulya', 'domashnii-barista', 'espresso-nastroyka', 'yunyi-barista']);
      expect(enrolments.get('yunyi-barista')!.student_id).not.toBeNull();
      expect(enrolments.get('barista-s-nulya')!.student_id).toBeNull();
    });

    it('a fresh course: nothing opened, nothing tried', async () => {
      const o = await outline('espresso-nastroyka');
      expect(o.modules.length).toBeGreaterThan(1);
      expect(new Set([...statuses(o), ...o.final_tests.map((f) => f.status)])).toEqual(new Set(['not_started']));
    });

    it('a half-done course: the first module done, its test failed then passed, the next lesson opened, the final test closed', async () => {
      const id = enrolments.get('barista-s-nulya')!.id;
      const o = await outline('barista-s-nulya');
      const [first, second, third] = o.modules;
      expect(first!.content.map((c) => [c.type, c.status])).toEqual([
        ['lesson', 'completed'],
        ['lesson', 'completed'],
        ['lesson', 'completed'],
        ['test', 'completed'],
      ]);
      expect(second!.content.map((c) => c.status)).toEqual(['partially_completed', 'not_started', 'not_started', 'not_started']);
      expect(new Set(third!.content.map((c) => c.status))).toEqual(new Set(['not_started']));
      expect(o.final_tests).toEqual([expect.objectContaining({ status: 'not_started' })]);

      const testId = first!.content.at(-1)!.id;
      const progress = await get(`/api/user/course/${id}/testing/${testId}/progress/`);
      expect(progress).toMatchObject({ status: 'completed', passed: true, grade: 100, attempts_used: 2 });
      expect(progress.attempts.map((a: { number: number; passed: boolean; status: string }) => [a.number, a.passed, a.status])).toEqual([
        [1, false, 'completed'],
        [2, true, 'completed'],
      ]);
      expect(progress.attempts[0].score).toBeLessThan(70);
      // The quiz screen shows the last attempt's result, marked by the engine; a new attempt can start.
      const quiz = await get(`/api/user/course/${id}/module/${first!.id}/testing/${testId}/`);
      expect(quiz.attempt).toMatchObject({ number: 2, status: 'completed', result: { score: 100, passed: true } });
      expect(quiz.attempt.result.questions.every((q: { is_correct: boolean }) => q.is_correct)).toBe(true);
      await get(`/api/user/course/${id}/testing/${o.final_tests[0]!.id}/`, 403);

      // «Continue» leads to page 1 of 2 of the second module's first lesson; reading it is the lesson call's.
      const lesson = await get(`/api/user/course/${id}/lesson/${second!.content[0]!.id}/`);
      expect(lesson).toMatchObject({ page: 1, page_count: 2, status: 'partially_completed' });
    });

    it('a finished course: every lesson and the final test completed, the final test passed', async () => {
      const id = enrolments.get('domashnii-barista')!.id;
      const o = await outline('domashnii-barista');
      expect(new Set(statuses(o))).toEqual(new Set(['completed']));
      expect(o.final_tests).toEqual([expect.objectContaining({ status: 'completed' })]);
      const progress = await get(`/api/user/course/${id}/testing/${o.final_tests[0]!.id}/progress/`);
      expect(progress).toMatchObject({ status: 'completed', passed: true, attempts_used: 1, attempts_left: 2 });
      const final = await get(`/api/user/course/${id}/testing/${o.final_tests[0]!.id}/`);
      expect(final.attempt).toMatchObject({ status: 'completed', result: { passed: true } });
      // Finished within its time limit.
      expect(Date.parse(final.attempt.finished_at)).toBeLessThanOrEqual(Date.parse(final.attempt.deadline_at));
    });

    it("the child's course, studied as the child: the first lesson read, the second opened, the module test failed then passed", async () => {
      const o = await outline('yunyi-barista');
      expect(statuses(o).slice(0, 3)).toEqual(['completed', 'partially_completed', 'completed']);
      expect(new Set(statuses(o).slice(3))).toEqual(new Set(['not_started']));
    });

    it('has statistics for the progress charts: scores spread over weeks for the student, two for the child (decision 0033)', async () => {
      const own = await get('/api/user/course/statistic/');
      expect(own.courses).toHaveLength(3);
      expect(own.courses.map((c: { progress: number }) => c.progress)).toEqual(expect.arrayContaining([0, 100]));
      const days = new Set(own.scores.map((s: { day: string }) => s.day));
      expect(days.size).toBeGreaterThanOrEqual(3);
      const span = Date.parse(own.scores.at(-1).date) - Date.parse(own.scores[0].date);
      expect(span).toBeGreaterThan(21 * 86_400_000);
      const childId = enrolments.get('yunyi-barista')!.student_id!;
      const child = await get(`/api/user/course/statistic/?student=${childId}`);
      expect(child.scores.map((s: { passed: boolean }) => s.passed)).toEqual([false, true]);
      expect(child.courses[0].progress).toBeGreaterThan(0);
      // This week: the half-done course's two attempts, not the finished course's month-old one.
      const week = await get('/api/user/course/statistic/?period=week');
      expect(week.overall.attempts).toBe(2);
    });

    it('studies in a running group and, as the parent, the child’s: past and upcoming sessions, the programme opened by the timetable', async () => {
      interface Group {
        id: number;
        course: { slug: string };
        learners: { student: { first_name: string } | null }[];
        next_session: { starts_at: string } | null;
        members_count: number;
      }
      const groups: Group[] = await get('/api/user/groups/');
      expect(groups.map((g) => [g.course.slug, g.learners.map((l) => l.student?.first_name ?? null)]).sort()).toEqual([
        ['barista-s-nulya', [null]],
        ['yunyi-barista', ['Полина']],
      ]);
      // Classmates: three in the student's group, two children in the child's.
      expect(groups.map((g) => [g.course.slug, g.members_count]).sort()).toEqual([
        ['barista-s-nulya', 4],
        ['yunyi-barista', 3],
      ]);
      for (const group of groups) {
        expect(Date.parse(group.next_session!.starts_at)).toBeGreaterThan(Date.now() - 4 * 3_600_000);
        const { sessions } = await get(`/api/user/groups/${group.id}/`);
        expect(sessions.some((s: { is_past: boolean }) => s.is_past), group.course.slug).toBe(true);
        expect(sessions.filter((s: { is_past: boolean }) => !s.is_past).length, group.course.slug).toBeGreaterThanOrEqual(1);
      }
      expect(await get('/api/group_schedule/courses/available/')).toHaveLength(2);

      // The lessons of the sessions behind are open (the one the student continues among them), later ones wait for theirs.
      const barista = groups.find((g) => g.course.slug === 'barista-s-nulya')!;
      const programme = await get(`/api/group_schedule/${barista.id}/lesson/`);
      const open = programme.map((l: { is_open: boolean }) => l.is_open);
      expect(open.slice(0, 4)).toEqual([true, true, true, true]);
      expect(open).toContain(false);
      expect(programme[3]).toMatchObject({ status: 'partially_completed' });

      // My schedule holds the sessions ahead of both groups: the student's own and the child's.
      const { days } = await get('/api/user/schedule/');
      const whose = new Set(days.flatMap((d: { sessions: { learners: { student: { first_name: string } | null }[] }[] }) => d.sessions.flatMap((s) => s.learners.map((l) => l.student?.first_name ?? 'я'))));
      expect([...whose].sort()).toEqual(['я', 'Полина'].sort());
    });

    it('the courses carry every lesson block type across paged lessons, every question type, a question pool and final tests', async () => {
      const slugs = ['barista-s-nulya', 'domashnii-barista', 'espresso-nastroyka'];
      const { rows: blocks } = await t.database.pool.query<{ type: string }>(
        `select distinct b.type from lesson_blocks b join lessons l on l.id = b.lesson_id join course_modules m on m.id = l.module_id
           join courses c on c.id = m.course_id where c.slug = any($1)`,
        [slugs],
      );
      expect(blocks.map((b) => b.type).sort()).toEqual(['file', 'image', 'quote', 'recipe', 'text', 'video']);
      const { rows: questions } = await t.database.pool.query<{ type: string; probability: number; is_final: boolean }>(
        `select q.type, q.probability, t.is_final from questions q join tests t on t.id = q.test_id join courses c on c.id = t.course_id
          where c.slug = any($1)`,
        [slugs],
      );
      expect([...new Set(questions.map((q) => q.type))].sort()).toEqual(['match', 'multiple', 'single', 'text']);
      expect(questions.some((q) => q.probability < 100)).toBe(true);
      expect(questions.some((q) => q.is_final)).toBe(true);
      // A lesson of several pages, and its video served as a media URL.
      const o = await outline('barista-s-nulya');
      const id = enrolments.get('barista-s-nulya')!.id;
      const page = await get(`/api/user/course/${id}/lesson/${o.modules[1]!.content[0]!.id}/?page=1`);
      expect(page.blocks.find((b: { type: string }) => b.type === 'video')).toMatchObject({ url: expect.stringMatching(/^\/media\/demo\/video\/.+\.mp4$/) });
    });
  });
});
