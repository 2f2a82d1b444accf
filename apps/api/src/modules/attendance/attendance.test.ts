// Attendance (decision 0088): who reaches a group's lists (staff, the course's owner, a curator of
// the course or of that group; anyone else a 404, a learner a 403 by level), a session's list saved
// whole at its version (two saves at once: one wins, one 409), the learner's own marks in their
// timetable, statistics and the exports, and the audit trail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_CONFLICT, moscowIsoDate } from '@crema/contract';
import { attendanceMarks, auditEvents, curators, users } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildModule,
  buildOwner,
  buildStudent,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { NOT_A_CURATOR } from '../auth/plugin.ts';
import { NOT_A_MEMBER, NOT_STARTED } from './service.ts';

let t: TestContext;
const db = () => t.database.db;
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const get = (url: string, s: Pick<TestSession, 'headers'>) => t.app.inject({ method: 'GET', url, headers: s.headers });
const put = (url: string, s: Pick<TestSession, 'headers'>, payload: object) => t.app.inject({ method: 'PUT', url, headers: s.headers, payload });

/** A user named a curator (of a course, or of one group when `groupId` is given). */
async function buildCurator(courseId: number, groupId: number | null = null) {
  const user = await buildUser(db(), { isCurator: true, firstName: 'Ольга', lastName: 'Кураторова' });
  await db().insert(curators).values({ userId: user.id, courseId, groupId });
  return user;
}

let owner: Awaited<ReturnType<typeof buildOwner>>;
let course: Awaited<ReturnType<typeof buildCourse>>;
let group: Awaited<ReturnType<typeof buildGroup>>;
let otherGroup: Awaited<ReturnType<typeof buildGroup>>;
let lessonId: number;
let anna: { enrolmentId: number; session: TestSession };
let parent: { enrolmentId: number; session: TestSession };
let stranger: { enrolmentId: number };
let courseCurator: TestSession;
let groupCurator: TestSession;
let otherGroupCurator: TestSession;
let base: string;
/** Sessions: [0] yesterday (with the lesson), [1] an hour ago, [2] tomorrow. */
const sessionUrl = (i: number) => `${base}sessions/${group.sessions[i]!.id}/`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildOwner(db());
  course = await buildCourse(db(), { ownerId: owner.id, title: 'Бариста с нуля' });
  const module = await buildModule(db(), { courseId: course.id });
  lessonId = (await buildLesson(db(), { moduleId: module.id, title: 'Эспрессо' })).id;
  const annaUser = await buildUser(db(), { firstName: 'Анна', lastName: 'Белова', phone: '79160000001' });
  const parentUser = await buildUser(db(), { firstName: 'Пётр', lastName: 'Родителев' });
  const child = await buildStudent(db(), { userId: parentUser.id, firstName: 'Вера', lastName: 'Агеева', studentType: 'child' });
  const strangerUser = await buildUser(db());
  const annaEnrolment = await buildEnrolment(db(), { userId: annaUser.id, courseId: course.id });
  const childEnrolment = await buildEnrolment(db(), { userId: parentUser.id, courseId: course.id, studentId: child.id });
  const strangerEnrolment = await buildEnrolment(db(), { userId: strangerUser.id, courseId: course.id });
  group = await buildGroup(db(), {
    courseId: course.id,
    title: 'Утренняя группа',
    memberIds: [annaEnrolment.id, childEnrolment.id],
    sessions: [
      { title: 'Эспрессо', startsAt: at(-26), endsAt: at(-24), lessonId },
      { title: 'Молоко', startsAt: at(-1), endsAt: at(1) },
      { title: 'Латте-арт', startsAt: at(24), endsAt: at(26) },
    ],
  });
  otherGroup = await buildGroup(db(), { courseId: course.id, title: 'Вечерняя группа', memberIds: [strangerEnrolment.id], sessions: [{ startsAt: at(-5), endsAt: at(-4) }] });
  anna = { enrolmentId: annaEnrolment.id, session: await signInAs(t.app, annaUser) };
  parent = { enrolmentId: childEnrolment.id, session: await signInAs(t.app, parentUser) };
  stranger = { enrolmentId: strangerEnrolment.id };
  courseCurator = await signInAs(t.app, await buildCurator(course.id));
  groupCurator = await signInAs(t.app, await buildCurator(course.id, group.id));
  otherGroupCurator = await signInAs(t.app, await buildCurator(course.id, otherGroup.id));
  base = `/api/curator/groups/${group.id}/`;
});
afterAll(async () => {
  await t?.close();
});

describe('who reaches a group', () => {
  it('lists the groups of the scope: the course curator both, a group curator theirs, the owner both', async () => {
    const titles = async (s: TestSession) => ((await get('/api/curator/groups/', s)).json() as Array<{ title: string }>).map((g) => g.title).sort();
    expect(await titles(courseCurator)).toEqual(['Вечерняя группа', 'Утренняя группа']);
    expect(await titles(groupCurator)).toEqual(['Утренняя группа']);
    expect(await titles(otherGroupCurator)).toEqual(['Вечерняя группа']);
    expect(await titles(await signInAs(t.app, owner))).toEqual(['Вечерняя группа', 'Утренняя группа']);
    expect(await titles(await signInAs(t.app, await buildUser(db(), { isStaff: true })))).toEqual(expect.arrayContaining(['Вечерняя группа', 'Утренняя группа']));
    // Another course's owner sees none of these.
    expect(await titles(await signInAs(t.app, await buildOwner(db())))).toEqual([]);
    // A group still to start comes after the ones under way.
    await buildGroup(db(), { courseId: course.id, title: 'Будущая группа', startsOn: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) });
    const ordered = ((await get('/api/curator/groups/', courseCurator)).json() as Array<{ title: string }>).map((g) => g.title);
    expect(ordered.at(-1)).toBe('Будущая группа');
    const [morning] = ((await get('/api/curator/groups/', groupCurator)).json() as Array<Record<string, unknown>>);
    expect(morning).toMatchObject({ members_count: 2, sessions_count: 3, sessions_past: 2, sessions_unmarked: 2, next_session: { title: 'Молоко' } });
  });

  it('answers 403 to a learner by level, 404 to a curator of another group, of the list and of the save alike', async () => {
    for (const res of [await get('/api/curator/groups/', anna.session), await get(sessionUrl(0), anna.session)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: NOT_A_CURATOR });
    }
    for (const res of [
      await get(base, otherGroupCurator),
      await get(sessionUrl(0), otherGroupCurator),
      await get(`${base}export/`, otherGroupCurator),
      await put(sessionUrl(0), otherGroupCurator, { version: 0, marks: [] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Группа не найдена.' });
    }
    // A session of another group under this group's id: 404 too.
    const res = await get(`${base}sessions/${otherGroup.sessions[0]!.id}/`, groupCurator);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Занятие не найдено.' });
  });

  it('shows curators names and progress only: no e-mail, no phone', async () => {
    const res = await get(base, groupCurator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.members.map((m: { name: string }) => m.name)).toEqual(['Агеева Вера', 'Белова Анна']);
    expect(body.members[0]).toEqual({ user_course_id: parent.enrolmentId, name: 'Агеева Вера', progress: 0, counts: { present: 0, late: 0, absent: 0, excused: 0 }, rate: null });
    expect(JSON.stringify(body)).not.toMatch(/@example\.ru|79160000001/);
    expect(body.sessions.map((s: { title: string; is_started: boolean }) => [s.title, s.is_started])).toEqual([
      ['Эспрессо', true],
      ['Молоко', true],
      ['Латте-арт', false],
    ]);
  });
});

describe('a session list', () => {
  it('is saved whole at its version, keeps who marked, and the next save needs the new version', async () => {
    const first = await get(sessionUrl(0), groupCurator);
    expect(first.json()).toMatchObject({ version: 0, updated_by: null, rows: [{ name: 'Агеева Вера', status: null }, { name: 'Белова Анна', status: null }] });
    const saved = await put(sessionUrl(0), groupCurator, {
      version: 0,
      marks: [
        { user_course_id: anna.enrolmentId, status: 'present', note: '' },
        { user_course_id: parent.enrolmentId, status: 'absent', note: 'заболела' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      version: 1,
      updated_by: 'Кураторова Ольга',
      session: { is_marked: true, counts: { present: 1, absent: 1, late: 0, excused: 0 } },
      rows: [
        { name: 'Агеева Вера', status: 'absent', note: 'заболела', marked_by: 'Кураторова Ольга' },
        { name: 'Белова Анна', status: 'present', note: '' },
      ],
    });
    // The same list opened before the save: 409, nothing written.
    const stale = await put(sessionUrl(0), courseCurator, { version: 0, marks: [{ user_course_id: anna.enrolmentId, status: 'late', note: '' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: ATTENDANCE_CONFLICT });
    const [mark] = await db().select().from(attendanceMarks).where(and(eq(attendanceMarks.scheduleId, group.sessions[0]!.id), eq(attendanceMarks.userCourseId, anna.enrolmentId)));
    expect(mark!.status).toBe('present');
    // At version 1: Anna late, Vera's mark taken away; who left Anna's mark is the new curator.
    const next = await put(sessionUrl(0), courseCurator, {
      version: 1,
      marks: [
        { user_course_id: anna.enrolmentId, status: 'late', note: 'на 10 минут' },
        { user_course_id: parent.enrolmentId, status: null },
      ],
    });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ version: 2, rows: [{ status: null, marked_by: null }, { status: 'late', note: 'на 10 минут' }] });
    // Put back for the tests below.
    const back = await put(sessionUrl(0), groupCurator, { version: 2, marks: [{ user_course_id: parent.enrolmentId, status: 'absent', note: 'заболела' }] });
    expect(back.json()).toMatchObject({ version: 3 });
  });

  it('lets one of two saves at the same version win, the other a 409', async () => {
    const url = sessionUrl(1);
    const results = await Promise.all([
      put(url, groupCurator, { version: 0, marks: [{ user_course_id: anna.enrolmentId, status: 'present' }] }),
      put(url, courseCurator, { version: 0, marks: [{ user_course_id: anna.enrolmentId, status: 'absent' }] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as { version: number; rows: Array<{ user_course_id: number; status: string | null }> };
    expect(winner.version).toBe(1);
    const marks = await db().select().from(attendanceMarks).where(eq(attendanceMarks.scheduleId, group.sessions[1]!.id));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.status).toBe(winner.rows.find((r) => r.user_course_id === anna.enrolmentId)!.status);
    // Two at a version already moved on: both 409.
    const again = await Promise.all([
      put(url, groupCurator, { version: 0, marks: [] }),
      put(url, courseCurator, { version: 0, marks: [] }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
  });

  it('refuses a session not yet started, someone outside the group, a bad mark and a long note — in Russian', async () => {
    const early = await put(sessionUrl(2), groupCurator, { version: 0, marks: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: NOT_STARTED });
    const outside = await put(sessionUrl(1), groupCurator, { version: 1, marks: [{ user_course_id: stranger.enrolmentId, status: 'present' }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ 'marks.0.user_course_id': [NOT_A_MEMBER] });
    const bad = await put(sessionUrl(1), groupCurator, { version: 1, marks: [{ user_course_id: anna.enrolmentId, status: 'maybe' }] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Выберите отметку');
    const long = await put(sessionUrl(1), groupCurator, { version: 1, marks: [{ user_course_id: anna.enrolmentId, status: 'late', note: 'я'.repeat(301) }] });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('не длиннее 300');
    const noVersion = await put(sessionUrl(1), groupCurator, { marks: [] });
    expect(noVersion.statusCode).toBe(400);
  });

  it('writes each save to the audit trail with the curator as who and the course', async () => {
    const events = await db().select().from(auditEvents).where(eq(auditEvents.action, 'attendance.save'));
    expect(events.length).toBeGreaterThanOrEqual(4);
    const [curatorUser] = await db().select().from(users).where(eq(users.lastName, 'Кураторова')).limit(1);
    expect(curatorUser).toBeDefined();
    const first = events.find((e) => e.entityId === String(group.sessions[0]!.id) && (e.after as Record<string, unknown>).version === 1)!;
    expect(first).toMatchObject({ entity: 'session', courseId: course.id, actorRole: 'curator' });
    expect(first.summary).toContain('Утренняя группа: Эспрессо');
    expect(first.after).toMatchObject({ [`user_course_${anna.enrolmentId}`]: 'present', [`user_course_${parent.enrolmentId}`]: 'absent: заболела' });
  });
});

describe('what others see of the marks', () => {
  it('counts the group and its members for the curator', async () => {
    const body = (await get(base, groupCurator)).json();
    const vera = body.members.find((m: { user_course_id: number }) => m.user_course_id === parent.enrolmentId);
    expect(vera).toMatchObject({ counts: { absent: 1 }, rate: 0 });
    expect(body.sessions[0]).toMatchObject({ is_marked: true, counts: { late: 1, absent: 1 } });
    expect(body.sessions_unmarked).toBe(0);
  });

  it("shows the learner their own marks (a parent their child's) in the group's timetable, never a classmate's", async () => {
    const annaView = (await get(`/api/user/groups/${group.id}/`, anna.session)).json();
    expect(annaView.sessions[0].attendance).toEqual([{ user_course_id: anna.enrolmentId, status: 'late', note: 'на 10 минут' }]);
    expect(annaView.sessions[2].attendance).toEqual([]);
    // 'Моё расписание' carries the same marks.
    const from = moscowIsoDate(group.sessions[0]!.startsAt);
    const schedule = (await get(`/api/user/schedule/?from=${from}`, anna.session)).json() as { days: Array<{ sessions: Array<{ id: number; attendance: unknown[] }> }> };
    const first = schedule.days.flatMap((d) => d.sessions).find((x) => x.id === group.sessions[0]!.id);
    expect(first?.attendance).toEqual([{ user_course_id: anna.enrolmentId, status: 'late', note: 'на 10 минут' }]);
    const parentView = (await get(`/api/user/groups/${group.id}/schedule/${group.sessions[0]!.id}/`, parent.session)).json();
    // A missed session carries its lesson, for the learner to catch up.
    expect(parentView).toMatchObject({ attendance: [{ user_course_id: parent.enrolmentId, status: 'absent', note: 'заболела' }], lesson: { id: lessonId, title: 'Эспрессо' } });
  });

  it("counts the learner's marks in group statistics and puts them in the progress export", async () => {
    const stats = (await get('/api/user/courses/groups/', anna.session)).json();
    // Late at the first session; the second's mark is whichever of the two saves at once won.
    const counts = stats[0].attendance as { present: number; late: number; absent: number; excused: number };
    expect(counts.late).toBe(1);
    expect(counts.present + counts.absent).toBe(1);
    expect(stats[0].attendance_rate).toBe(counts.present === 1 ? 100 : 50);
    const csv = await get('/api/user/course/statistic/export/?format=csv', anna.session);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Посещаемость');
    expect(csv.body).toContain('Опоздание;на 10 минут');
  });

  it("exports the group's table for its curator as CSV and XLSX", async () => {
    const csv = await get(`${base}export/?format=csv`, groupCurator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain('Агеева Вера;0;Пропуск (заболела)');
    expect(csv.body).not.toContain('Латте-арт'); // not started: not a column yet
    const xlsx = await get(`${base}export/`, groupCurator);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await get(`${base}export/?format=pdf`, groupCurator);
    expect(bad.statusCode).toBe(400);
  });
});
