// Groups (decision 0031): the courses studied in a group, a group's programme opened by
// its timetable, my groups and one group's timetable; members (and parents of member children) only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_TOKEN_COOKIE } from '@crema/contract';
import { groupSchedules, lessonProgress } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildStudent,
  buildTeacher,
  buildTest,
  buildUser,
  signInAs,
  type TestSession,
} from '../../test/factories.ts';
import { GROUP_NOT_FOUND } from './scopes.ts';

let t: TestContext;
const db = () => t.database.db;
const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);
const get = (url: string, session: Pick<TestSession, 'headers'>) => t.app.inject({ method: 'GET', url, headers: session.headers });

/**
 * A course of two modules — M1: lesson 1 (two pages), lesson 2, test 1; M2: lesson 3 — and a final
 * test; its group's timetable: a past session with lesson 1, a session in two days with lesson 2,
 * one in four days with test 1 (online), lesson 3 and the final test tied to none.
 */
async function buildGroupCourse() {
  const course = await buildCourse(db(), { title: 'Бариста с нуля' });
  const m1 = await buildModule(db(), { courseId: course.id, sort: 1, title: 'Эспрессо' });
  const m2 = await buildModule(db(), { courseId: course.id, sort: 2, title: 'Молоко' });
  const l1 = await buildLesson(db(), { moduleId: m1.id, sort: 1, title: 'Урок 1' });
  const l2 = await buildLesson(db(), { moduleId: m1.id, sort: 2, title: 'Урок 2' });
  const t1 = await buildTest(db(), { courseId: course.id, moduleId: m1.id, sort: 3, name: 'Тест 1' });
  const l3 = await buildLesson(db(), { moduleId: m2.id, sort: 1, title: 'Урок 3' });
  const final = await buildTest(db(), { courseId: course.id, name: 'Итоговый тест' });
  await buildLessonBlock(db(), { lessonId: l1.id, page: 1, type: 'text', data: { html: '<p>Эспрессо</p>' } });
  await buildLessonBlock(db(), { lessonId: l1.id, page: 2, type: 'text', data: { html: '<p>Ещё</p>' } });
  await buildLessonBlock(db(), { lessonId: l2.id, page: 1, type: 'text', data: { html: '<p>Урок 2</p>' } });
  await buildLessonBlock(db(), { lessonId: l3.id, page: 1, type: 'text', data: { html: '<p>Урок 3</p>' } });
  const teacher = await buildTeacher(db(), { courseIds: [course.id] });
  return { course, m1, m2, l1, l2, l3, t1, final, teacher };
}

let c: Awaited<ReturnType<typeof buildGroupCourse>>;
let group: Awaited<ReturnType<typeof buildGroup>>;
/** A member studying for themself, a parent whose child is a member, someone of the same course outside the group. */
let member: { id: number; enrolmentId: number; session: TestSession };
let parent: { id: number; enrolmentId: number; childId: number; session: TestSession };
let outsider: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  c = await buildGroupCourse();
  const memberUser = await buildUser(db());
  const memberEnrolment = await buildEnrolment(db(), { userId: memberUser.id, courseId: c.course.id });
  const parentUser = await buildUser(db());
  const child = await buildStudent(db(), { userId: parentUser.id, studentType: 'child', firstName: 'Полина', lastName: 'Смирнова' });
  const childEnrolment = await buildEnrolment(db(), { userId: parentUser.id, courseId: c.course.id, studentId: child.id });
  const outsiderUser = await buildUser(db());
  await buildEnrolment(db(), { userId: outsiderUser.id, courseId: c.course.id });
  // A classmate of another account, whose course is hidden: counted in the group, sees nothing.
  const hiddenUser = await buildUser(db());
  const hidden = await buildEnrolment(db(), { userId: hiddenUser.id, courseId: c.course.id, isActive: false });
  group = await buildGroup(db(), {
    courseId: c.course.id,
    title: 'Группа с 1 декабря',
    teacherId: c.teacher.id,
    location: 'Москва, ул. Покровка, д. 27',
    startsOn: '2026-01-10',
    sessions: [
      { title: 'Занятие 1', startsAt: hoursFromNow(-26), endsAt: hoursFromNow(-23), lessonId: c.l1.id },
      { title: 'Занятие 2', startsAt: hoursFromNow(48), endsAt: hoursFromNow(51), lessonId: c.l2.id },
      { title: 'Занятие 3', startsAt: hoursFromNow(96), endsAt: hoursFromNow(98), testId: c.t1.id, onlineUrl: 'https://meet.example.ru/crema' },
    ],
    memberIds: [memberEnrolment.id, childEnrolment.id, hidden.id],
  });
  member = { id: memberUser.id, enrolmentId: memberEnrolment.id, session: await signInAs(t.app, memberUser) };
  parent = { id: parentUser.id, enrolmentId: childEnrolment.id, childId: child.id, session: await signInAs(t.app, parentUser) };
  outsider = await signInAs(t.app, outsiderUser);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/group_schedule/courses/available/', () => {
  it('lists the enrolments studied in a group: the learner’s own, a parent’s child’s; nothing for others', async () => {
    const own = await get('/api/group_schedule/courses/available/', member.session);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      {
        user_course_id: member.enrolmentId,
        course: { id: c.course.id, slug: c.course.slug, title: 'Бариста с нуля', kids: false },
        group: { id: group.id, title: 'Группа с 1 декабря', starts_on: '2026-01-10', ends_on: null },
        teacher: { id: c.teacher.id, first_name: c.teacher.firstName, last_name: c.teacher.lastName },
        student: null,
      },
    ]);
    const child = (await get('/api/group_schedule/courses/available/', parent.session)).json();
    expect(child).toEqual([
      expect.objectContaining({ user_course_id: parent.enrolmentId, student: { id: parent.childId, first_name: 'Полина', last_name: 'Смирнова' } }),
    ]);
    expect((await get('/api/group_schedule/courses/available/', outsider)).json()).toEqual([]);
  });
});

describe('GET /api/group_schedule/{id}/modules/ and /lesson/', () => {
  it('answers the course outline with the timetable: a lesson of a future session is closed until it starts', async () => {
    const res = await get(`/api/group_schedule/${group.id}/modules/`, member.session);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [s1, s2, s3] = group.sessions;
    expect(body).toEqual({
      group: { id: group.id, title: 'Группа с 1 декабря' },
      user_course_id: member.enrolmentId,
      modules: [
        {
          id: c.m1.id,
          title: 'Эспрессо',
          content: [
            { id: c.l1.id, title: 'Урок 1', type: 'lesson', status: 'not_started', is_open: true, opens_at: s1!.startsAt.toISOString(), session: { id: s1!.id, title: 'Занятие 1', starts_at: s1!.startsAt.toISOString() } },
            { id: c.l2.id, title: 'Урок 2', type: 'lesson', status: 'not_started', is_open: false, opens_at: s2!.startsAt.toISOString(), session: { id: s2!.id, title: 'Занятие 2', starts_at: s2!.startsAt.toISOString() } },
            { id: c.t1.id, title: 'Тест 1', type: 'test', status: 'not_started', is_open: false, opens_at: s3!.startsAt.toISOString(), session: { id: s3!.id, title: 'Занятие 3', starts_at: s3!.startsAt.toISOString() } },
          ],
        },
        {
          id: c.m2.id,
          title: 'Молоко',
          content: [{ id: c.l3.id, title: 'Урок 3', type: 'lesson', status: 'not_started', is_open: true, opens_at: null, session: null }],
        },
      ],
      final_tests: [{ id: c.final.id, title: 'Итоговый тест', status: 'not_started', is_open: true, opens_at: null, session: null }],
    });
  });

  it('lists the group’s lessons in course order with their sessions', async () => {
    const res = await get(`/api/group_schedule/${group.id}/lesson/`, member.session);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { id: number; page_count: number; is_open: boolean; module: { title: string } }) => [l.id, l.page_count, l.is_open, l.module.title])).toEqual([
      [c.l1.id, 2, true, 'Эспрессо'],
      [c.l2.id, 1, false, 'Эспрессо'],
      [c.l3.id, 1, true, 'Молоко'],
    ]);
  });

  it('opens a lesson page of a started session and records the enrolment’s progress, as the course call does', async () => {
    const res = await get(`/api/group_schedule/${group.id}/lesson/${c.l1.id}/?page=2`, member.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.l1.id, page: 2, page_count: 2, status: 'completed', blocks: [{ type: 'text', html: '<p>Ещё</p>' }] });
    const [progress] = await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, member.enrolmentId));
    expect(progress).toMatchObject({ lessonId: c.l1.id, status: 'completed' });
    // The same progress as the course calls read.
    const course = (await get(`/api/user/course/${member.enrolmentId}/modules/`, member.session)).json();
    expect(course.modules[0].content[0]).toMatchObject({ id: c.l1.id, status: 'completed' });
    // A lesson tied to no session follows the course rules: open.
    expect((await get(`/api/group_schedule/${group.id}/lesson/${c.l3.id}/`, member.session)).statusCode).toBe(200);
    // A HEAD (a link checker, a prefetch) answers the same and records nothing.
    const head = await t.app.inject({ method: 'HEAD', url: `/api/group_schedule/${group.id}/lesson/${c.l3.id}/`, headers: parent.session.headers });
    expect(head.statusCode).toBe(200);
    expect(await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, parent.enrolmentId))).toEqual([]);
  });

  it('answers 403 with the session’s Moscow date and time for a lesson whose session has not started, then opens it', async () => {
    const res = await get(`/api/group_schedule/${group.id}/lesson/${c.l2.id}/`, member.session);
    expect(res.statusCode).toBe(403);
    const starts = group.sessions[1]!.startsAt;
    const moscow = new Date(starts.getTime() + 3 * HOUR).toISOString();
    const date = `${moscow.slice(8, 10)}.${moscow.slice(5, 7)}.${moscow.slice(0, 4)}`;
    expect(res.json()).toEqual({
      detail: `Урок откроется ${date} в ${moscow.slice(11, 16)} (по московскому времени), когда начнётся занятие «Занятие 2».`,
    });
    const before = await db().select().from(lessonProgress).where(eq(lessonProgress.lessonId, c.l2.id));
    expect(before).toEqual([]);

    // The session starts: the lesson opens.
    await db().update(groupSchedules).set({ startsAt: hoursFromNow(-1) }).where(eq(groupSchedules.id, group.sessions[1]!.id));
    try {
      expect((await get(`/api/group_schedule/${group.id}/lesson/${c.l2.id}/`, member.session)).statusCode).toBe(200);
      const outline = (await get(`/api/group_schedule/${group.id}/modules/`, member.session)).json();
      expect(outline.modules[0].content[1]).toMatchObject({ id: c.l2.id, is_open: true, status: 'completed' });
    } finally {
      await db().update(groupSchedules).set({ startsAt: group.sessions[1]!.startsAt }).where(eq(groupSchedules.id, group.sessions[1]!.id));
    }
  });

  it('works for a parent through the child’s enrolment', async () => {
    const res = await get(`/api/group_schedule/${group.id}/modules/`, parent.session);
    expect(res.statusCode).toBe(200);
    expect(res.json().user_course_id).toBe(parent.enrolmentId);
    expect((await get(`/api/group_schedule/${group.id}/lesson/${c.l1.id}/`, parent.session)).json()).toMatchObject({ status: 'partially_completed' });
    const [progress] = await db().select().from(lessonProgress).where(eq(lessonProgress.userCourseId, parent.enrolmentId));
    expect(progress).toMatchObject({ lessonId: c.l1.id });
  });

  it('takes the course-token cookie of the group’s enrolment, and of no other', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: member.session.headers, payload: { account_course_id: member.enrolmentId } });
    const cookie = started.cookies.find((k) => k.name === COURSE_TOKEN_COOKIE)!;
    const withCookie = { headers: { cookie: `${COURSE_TOKEN_COOKIE}=${cookie.value}` } };
    expect((await get(`/api/group_schedule/${group.id}/modules/`, withCookie)).statusCode).toBe(200);
    expect((await get(`/api/group_schedule/${group.id}/lesson/${c.l1.id}/`, withCookie)).statusCode).toBe(200);
    // Not a sign-in: my groups and my schedule need the access token.
    expect((await get('/api/user/groups/', withCookie)).statusCode).toBe(401);
    // The cookie of another enrolment of the same account does not open this group.
    const other = await buildEnrolment(db(), { userId: member.id, courseId: (await buildCourse(db())).id });
    const otherStarted = await t.app.inject({ method: 'POST', url: '/api/user/courses/session/', headers: member.session.headers, payload: { account_course_id: other.id } });
    const otherCookie = otherStarted.cookies.find((k) => k.name === COURSE_TOKEN_COOKIE)!;
    expect((await get(`/api/group_schedule/${group.id}/modules/`, { headers: { cookie: `${COURSE_TOKEN_COOKIE}=${otherCookie.value}` } })).statusCode).toBe(404);
  });

  it('answers 404 to everyone else, to a hidden enrolment, for another course’s lesson and for a group that does not exist', async () => {
    const hiddenUser = await buildUser(db());
    const hidden = await signInAs(t.app, hiddenUser);
    const other = await buildGroupCourse();
    for (const url of [
      `/api/group_schedule/${group.id}/modules/`,
      `/api/group_schedule/${group.id}/lesson/`,
      `/api/group_schedule/${group.id}/lesson/${c.l1.id}/`,
      `/api/group_schedule/${group.id}/lesson/${c.l2.id}/`,
      `/api/user/groups/${group.id}/`,
    ]) {
      for (const session of [outsider, hidden]) {
        const res = await get(url, session);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: GROUP_NOT_FOUND });
      }
    }
    expect((await get(`/api/group_schedule/${group.id}/lesson/${other.l1.id}/`, member.session)).statusCode).toBe(404);
    expect((await get(`/api/group_schedule/${group.id}/lesson/${c.l1.id}/?page=3`, member.session)).statusCode).toBe(404);
    expect((await get(`/api/group_schedule/999999/modules/`, member.session)).json()).toEqual({ detail: GROUP_NOT_FOUND });
    expect((await get(`/api/group_schedule/abc/modules/`, member.session)).statusCode).toBe(400);
  });

  it('closes the group when the enrolment is hidden or its access ended', async () => {
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: c.course.id, accessUntil: hoursFromNow(-1) });
    const g = await buildGroup(db(), { courseId: c.course.id, memberIds: [enrolment.id] });
    const session = await signInAs(t.app, user);
    expect((await get(`/api/group_schedule/${g.id}/modules/`, session)).statusCode).toBe(404);
    expect((await get('/api/user/groups/', session)).json()).toEqual([]);
  });
});

describe('GET /api/user/groups/ and /api/user/groups/{id}/', () => {
  it('lists my groups with the course, teacher, learners, classmates count and the next session', async () => {
    const res = await get('/api/user/groups/', member.session);
    expect(res.statusCode).toBe(200);
    const [s1, s2] = group.sessions;
    expect(s1).toBeDefined();
    expect(res.json()).toEqual([
      {
        id: group.id,
        title: 'Группа с 1 декабря',
        course: { id: c.course.id, slug: c.course.slug, title: 'Бариста с нуля', kids: false },
        starts_on: '2026-01-10',
        ends_on: null,
        format: 'offline',
        location: 'Москва, ул. Покровка, д. 27',
        teacher: { id: c.teacher.id, first_name: c.teacher.firstName, last_name: c.teacher.lastName },
        learners: [{ user_course_id: member.enrolmentId, student: null }],
        members_count: 3,
        sessions_count: 3,
        next_session: {
          id: s2!.id,
          title: 'Занятие 2',
          starts_at: s2!.startsAt.toISOString(),
          ends_at: s2!.endsAt.toISOString(),
          location: 'Москва, ул. Покровка, д. 27',
          online_url: null,
          lesson: { id: c.l2.id, title: 'Урок 2' },
          test: null,
        },
      },
    ]);
    const child = (await get('/api/user/groups/', parent.session)).json();
    expect(child).toEqual([expect.objectContaining({ id: group.id, learners: [{ user_course_id: parent.enrolmentId, student: { id: parent.childId, first_name: 'Полина', last_name: 'Смирнова' } }] })]);
    expect((await get('/api/user/groups/', outsider)).json()).toEqual([]);
  });

  it('shows one group’s whole timetable: times, the place or the online link, the lesson or test, past or not', async () => {
    const res = await get(`/api/user/groups/${group.id}/`, member.session);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions.map((s: { title: string; is_past: boolean; location: string | null; online_url: string | null; lesson: unknown; test: unknown }) => [s.title, s.is_past, s.location, s.online_url, s.lesson, s.test])).toEqual([
      ['Занятие 1', true, 'Москва, ул. Покровка, д. 27', null, { id: c.l1.id, title: 'Урок 1' }, null],
      ['Занятие 2', false, 'Москва, ул. Покровка, д. 27', null, { id: c.l2.id, title: 'Урок 2' }, null],
      ['Занятие 3', false, null, 'https://meet.example.ru/crema', null, { id: c.t1.id, title: 'Тест 1' }],
    ]);
    expect(body).toMatchObject({ id: group.id, members_count: 3, next_session: { title: 'Занятие 2' } });
  });

  it('shows one session of my group; another group’s session and other people get 404', async () => {
    const s3 = group.sessions[2]!;
    const res = await get(`/api/user/groups/${group.id}/schedule/${s3.id}/`, member.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: s3.id,
      title: 'Занятие 3',
      starts_at: s3.startsAt.toISOString(),
      ends_at: s3.endsAt.toISOString(),
      location: null,
      online_url: 'https://meet.example.ru/crema',
      lesson: null,
      test: { id: c.t1.id, title: 'Тест 1' },
      is_past: false,
      group: { id: group.id, title: 'Группа с 1 декабря' },
      course: { id: c.course.id, slug: c.course.slug, title: 'Бариста с нуля', kids: false },
      learners: [{ user_course_id: member.enrolmentId, student: null }],
      attendance: [],
    });
    const elsewhere = await buildGroup(db(), { courseId: c.course.id, sessions: [{ startsAt: hoursFromNow(5), endsAt: hoursFromNow(6) }] });
    const foreign = await get(`/api/user/groups/${group.id}/schedule/${elsewhere.sessions[0]!.id}/`, member.session);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Занятие не найдено.' });
    expect((await get(`/api/user/groups/${elsewhere.id}/schedule/${elsewhere.sessions[0]!.id}/`, member.session)).json()).toEqual({ detail: GROUP_NOT_FOUND });
    expect((await get(`/api/user/groups/${group.id}/schedule/${s3.id}/`, outsider)).statusCode).toBe(404);
  });

  it('gives one entry per group with every learner of the account when a parent and a child study in it', async () => {
    const user = await buildUser(db());
    const kid = await buildStudent(db(), { userId: user.id, studentType: 'child', firstName: 'Миша' });
    const own = await buildEnrolment(db(), { userId: user.id, courseId: c.course.id });
    const kids = await buildEnrolment(db(), { userId: user.id, courseId: c.course.id, studentId: kid.id });
    const g = await buildGroup(db(), { courseId: c.course.id, memberIds: [kids.id, own.id] });
    const session = await signInAs(t.app, user);
    const [entry] = (await get('/api/user/groups/', session)).json();
    expect(entry).toMatchObject({ id: g.id, members_count: 2, next_session: null, sessions_count: 0 });
    expect(entry.learners.map((l: { user_course_id: number }) => l.user_course_id)).toEqual([own.id, kids.id]);
    // The group's programme goes through the holder's own enrolment.
    expect((await get(`/api/group_schedule/${g.id}/modules/`, session)).json().user_course_id).toBe(own.id);
    expect((await get('/api/group_schedule/courses/available/', session)).json()).toHaveLength(2);
  });
});
