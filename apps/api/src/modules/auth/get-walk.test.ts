// Reads change nothing a link on another site could abuse (decision 0050). Every GET route of the
// app is called with a signed-in learner's cookies and no CSRF header — what a link or an <img> on
// another site sends (SameSite=Lax cookies go with a top-level GET) — with its parameters filled
// from the learner's own data and with the query flags the API knows; no table may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, courseGrants, testAttempts } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildOrder,
  buildQuestion,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
} from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Tables a read may change by design, each for its reason:
 * - lesson_progress: opening a lesson page records that it was read (decision 0028). A link to a
 *   lesson makes the learner open it, which is what reading is; progress never goes back, and
 *   nothing is spent or graded.
 * - schedule_visits: my schedule remembers when it was last seen, to mark the changes since
 *   (decision 0031) — the same kind of record of a read.
 * - rate_limits: the public certificate check counts lookups per network (decision 0085), so that
 *   numbers cannot be guessed; a count of reads, which spends nothing of the learner's.
 */
const CHANGED_BY_READS = new Set(['lesson_progress', 'schedule_visits', 'rate_limits']);

/** Per table: the row count and a checksum of all its rows (the migrations' own table aside). */
async function snapshot(): Promise<Map<string, string>> {
  const { pool } = t.database;
  const { rows: tables } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result = new Map<string, string>();
  for (const { name } of tables) {
    if (CHANGED_BY_READS.has(name)) continue;
    const { rows } = await pool.query<{ n: string; sum: string | null }>(
      `select count(*) as n, md5(string_agg(r::text, '|' order by r::text)) as sum from "${name}" r`,
    );
    result.set(name, `${rows[0]!.n}:${rows[0]!.sum ?? ''}`);
  }
  return result;
}

/** Query flags of the API's GETs, each sent set: whatever a flag does, a cookie GET must not act on it. */
const QUERIES = ['', '?clear=true', '?page=2', '?format=csv'];

describe('GET routes with a learner cookie and no CSRF header', () => {
  it('change no row of any table (every GET route, parameters from the learner own data)', async () => {
    const db = t.database.db;
    const user = await buildUser(db);
    const course = await buildCourse(db);
    const module = await buildModule(db, { courseId: course.id });
    const lesson = await buildLesson(db, { moduleId: module.id });
    await buildLessonBlock(db, { lessonId: lesson.id });
    await buildLessonBlock(db, { lessonId: lesson.id, page: 2 });
    const test = await buildTest(db, { courseId: course.id, moduleId: module.id, attemptsLimit: 3 });
    const question = await buildQuestion(db, { testId: test.id, answers: [{ isCorrect: true }, {}] });
    const finalTest = await buildTest(db, { courseId: course.id });
    await buildQuestion(db, { testId: finalTest.id, answers: [{ isCorrect: true }] });
    const enrolment = await buildEnrolment(db, { userId: user.id, courseId: course.id });
    const [attempt] = await db
      .insert(testAttempts)
      .values({
        userCourseId: enrolment.id,
        testId: test.id,
        number: 1,
        questionIds: [question.id],
        status: 'completed',
        score: 0,
        isPassed: false,
        startedAt: new Date(Date.now() - 60_000),
        finishedAt: new Date(),
      })
      .returning();
    const group = await buildGroup(db, {
      courseId: course.id,
      memberIds: [enrolment.id],
      sessions: [{ startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 90_000_000) }],
    });
    const student = await buildStudent(db, { userId: user.id });
    const order = await buildOrder(db, { userId: user.id, courseId: course.id });
    const [consent] = await db.insert(consents).values({ userId: user.id, kind: 'advertising', version: 1 }).returning();
    // Access an owner gave the learner's (verified) address to another course, not yet taken: a read
    // may count it ('Мое обучение'), only a POST may make it an enrolment.
    const granted = await buildCourse(db);
    await db.insert(courseGrants).values({ courseId: granted.id, email: user.email });

    // Each parameter name with the values of the learner's things it may name; `:id` names many.
    const values: Record<string, (string | number)[]> = {
      id: [enrolment.id, group.id, test.id, finalTest.id, lesson.id, student.id, course.id, module.id, consent!.id],
      testId: [test.id, finalTest.id],
      moduleId: [module.id],
      lessonId: [lesson.id],
      attemptId: [attempt!.id],
      scheduleId: [group.sessions[0]!.id],
      userCourseId: [enrolment.id],
      order_code: [order.code],
      code: [order.code],
      slug: [course.slug],
    };
    const fill = (url: string): string[] => {
      let urls = [url.replace(/\*$/, 'x')];
      for (const [, name] of url.matchAll(/:([A-Za-z_]+)/g)) {
        const options = values[name!] ?? ['1'];
        urls = urls.flatMap((u) => options.map((v) => u.replace(`:${name}`, String(v))));
      }
      return urls;
    };

    const session = await signInAs(t.app, user);
    // What a link on another site sends: the cookies (crema_csrf among them), no X-CSRF-Token.
    const { 'x-csrf-token': _csrf, ...crossSite } = session.cookieHeaders;
    const routes = t.app.routeAccess.filter((r) => r.method === 'GET');
    expect(routes.map((r) => r.url)).toContain('/api/user/course/:id/testing/:testId/');

    const before = await snapshot();
    const calls: string[] = [];
    for (const route of routes) {
      for (const url of fill(route.url)) {
        for (const query of QUERIES) {
          const res = await t.app.inject({ method: 'GET', url: `${url}${query}`, headers: { ...crossSite, referer: 'https://elsewhere.example/' } });
          calls.push(`${res.statusCode} ${url}${query}`);
        }
      }
    }
    const after = await snapshot();
    const changed = [...before.keys()].filter((name) => before.get(name) !== after.get(name));
    expect(changed, 'tables changed by cookie GETs without the CSRF header').toEqual([]);
    // The walk did reach the learner's things (not only 404s), the quiz among them.
    expect(calls).toContain(`200 /api/user/course/${enrolment.id}/testing/${test.id}/`);
    expect(calls).toContain(`403 /api/user/course/${enrolment.id}/testing/${test.id}/?clear=true`);
    expect(calls).toContain('200 /api/user/courses/');
    expect(calls).toContain('200 /api/user/courses/grants/');
  });
});
