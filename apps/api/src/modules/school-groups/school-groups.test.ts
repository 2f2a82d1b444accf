// Groups for staff (decision 0064): the list with seats, waiting orders and fill; the form with its
// version (a stale edit is 409); publishing onto the public schedule and closing; sessions in Moscow
// time that the members' schedule and iCal feed read, with a letter on a move or a cancel; members
// added by e-mail, moved and removed, never past capacity — even when two staff take the last seat.
import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, moscowInstant, moscowIsoDate } from '@crema/contract';
import { courseGrants, groupMembers, groups, mailOutbox, userCourses } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildModule,
  buildOrder,
  buildTeacher,
  buildUser,
  signInAs,
  unique,
  type TestSession,
} from '../../test/factories.ts';
import { applyCourseGrants } from '../learning/grants.ts';
import { GROUP_TEXTS } from './groups.ts';
import { MEMBER_TEXTS } from './members.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: TestSession;
let otherStaff: TestSession;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'> | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const inDays = (n: number) => addDays(moscowIsoDate(new Date()), n);

beforeAll(async () => {
  t = await createTestApp();
  staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
  otherStaff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
});
afterAll(async () => {
  await t?.close();
});

describe('the list', () => {
  it('shows seats taken, left, waiting orders and fill; filters by course and status, searches, sorts and pages', async () => {
    const course = await buildCourse(db(), { title: `Латте-арт ${unique('c')}` });
    const full = await buildGroup(db(), { courseId: course.id, capacity: 4, title: `Утро ${unique('g')}` });
    const draft = await buildGroup(db(), { courseId: course.id, capacity: null, isPublished: false, title: `Вечер ${unique('g')}` });
    // Two seats held by a waiting order, one by a learner added by hand.
    await buildOrder(db(), { courseId: course.id, groupId: full.id, seatsHeld: 2, status: 'awaiting_payment' });
    await db().update(groups).set({ seatsHeld: 2 }).where(eq(groups.id, full.id));
    const learner = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: learner.id, courseId: course.id });
    await db().insert(groupMembers).values({ groupId: full.id, userCourseId: enrolment.id });

    const list = (await call('GET', `/api/admin/school/groups/?course=${course.id}&sort=-fill`, staff)).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({
      id: full.id,
      status: 'published',
      capacity: 4,
      seats_taken: 3,
      seats_left: 1,
      waiting_orders: 1,
      fill_rate: 75,
      members_count: 1,
      course: { id: course.id, title: course.title },
    });
    expect(list.results[1]).toMatchObject({ id: draft.id, status: 'draft', seats_left: null, fill_rate: null });
    const drafts = (await call('GET', `/api/admin/school/groups/?course=${course.id}&status=draft`, staff)).json();
    expect(drafts.results.map((g: { id: number }) => g.id)).toEqual([draft.id]);
    const found = (await call('GET', `/api/admin/school/groups/?search=${encodeURIComponent(draft.title)}`, staff)).json();
    expect(found.results.map((g: { id: number }) => g.id)).toEqual([draft.id]);
    const paged = (await call('GET', `/api/admin/school/groups/?course=${course.id}&page_size=1`, staff)).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('page=2');
    const bad = await call('GET', '/api/admin/school/groups/?status=open&page_size=1000', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: ['Допустимые значения: draft, published, closed.'], page_size: ['Не больше 100.'] });
  });

  it('lets staff only: 401 to a guest, 403 to a learner and a course owner', async () => {
    expect((await call('GET', '/api/admin/school/groups/', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/school/groups/', await signInAs(t.app, await buildUser(db())))).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/school/groups/', await signInAs(t.app, await buildUser(db(), { isCourseOwner: true })))).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/school/groups/', staff)).statusCode).toBe(200);
  });
});

describe('the group form', () => {
  it('creates a draft, checks the fields in Russian, saves with the version and answers 409 to a stale edit', async () => {
    const course = await buildCourse(db());
    const teacher = await buildTeacher(db());
    const missing = await call('POST', '/api/admin/school/groups/', staff, { course_id: course.id, title: ' ', starts_on: inDays(10), format: 'offline' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ title: ['Укажите название.'] });
    const noAddress = await call('POST', '/api/admin/school/groups/', staff, { course_id: course.id, title: 'Группа', starts_on: inDays(10), ends_on: inDays(5), format: 'offline' });
    expect(noAddress.json()).toEqual({ ends_on: [GROUP_TEXTS.endsBefore], location: [GROUP_TEXTS.locationNeeded] });

    const created = await call('POST', '/api/admin/school/groups/', staff, {
      course_id: course.id,
      title: 'Декабрьская группа',
      starts_on: inDays(10),
      ends_on: inDays(40),
      format: 'online',
      online_url: 'https://meet.example.ru/room-1',
      capacity: 8,
      teacher_id: teacher.id,
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ status: 'draft', version: 1, format: 'online', location: null, online_url: 'https://meet.example.ru/room-1', capacity: 8, seats_left: 8 });
    expect(group.teacher).toMatchObject({ id: teacher.id });

    const body = { version: 1, title: 'Декабрьская группа, вечер', starts_on: inDays(10), format: 'online', online_url: 'https://meet.example.ru/room-1', capacity: 8 };
    const first = await call('PATCH', `/api/admin/school/groups/${group.id}/`, staff, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Декабрьская группа, вечер', version: 2, teacher: null });
    // Another staff member saves the form they opened at version 1: refused, nothing overwritten.
    const stale = await call('PATCH', `/api/admin/school/groups/${group.id}/`, otherStaff, { ...body, title: 'Чужая правка' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: GROUP_TEXTS.conflict });
    expect((await call('GET', `/api/admin/school/groups/${group.id}/`, staff)).json().title).toBe('Декабрьская группа, вечер');
    expect((await call('GET', '/api/admin/school/groups/999999/', staff)).statusCode).toBe(404);
  });

  it('publishes onto the public schedule only with a published course and a session, and closing takes it off', async () => {
    const course = await buildCourse(db());
    const group = (await call('POST', '/api/admin/school/groups/', staff, { course_id: course.id, title: 'Группа расписания', starts_on: inDays(12), format: 'offline', location: 'Москва, Покровка, 27', capacity: 6 })).json();
    const early = await call('POST', `/api/admin/school/groups/${group.id}/publish/`, staff);
    expect(early.json()).toEqual({ non_field_errors: [GROUP_TEXTS.noSessions] });
    const added = await call('POST', `/api/admin/school/groups/${group.id}/sessions/`, staff, { title: 'Занятие 1', date: inDays(12), starts: '18:30', ends: '20:00' });
    expect(added.statusCode).toBe(200);
    expect(added.json().sessions).toEqual([expect.objectContaining({ title: 'Занятие 1', date: inDays(12), starts: '18:30', ends: '20:00', starts_at: moscowInstant(inDays(12), '18:30').toISOString() })]);
    const published = await call('POST', `/api/admin/school/groups/${group.id}/publish/`, staff);
    expect(published.json()).toMatchObject({ status: 'published', version: 2 });
    const schedule = (await call('GET', `/api/schedule/?course=${course.slug}`, null)).json();
    expect(schedule.map((g: { id: number }) => g.id)).toEqual([group.id]);
    // Guests never get the meeting link or anything but the address.
    expect(JSON.stringify(schedule)).not.toContain('online_url');
    const closed = await call('POST', `/api/admin/school/groups/${group.id}/close/`, staff);
    expect(closed.json()).toMatchObject({ status: 'closed' });
    expect((await call('GET', `/api/schedule/?course=${course.slug}`, null)).json()).toEqual([]);
    expect((await call('POST', `/api/admin/school/groups/${group.id}/close/`, staff)).json()).toEqual({ non_field_errors: [GROUP_TEXTS.alreadyClosed] });
  });
});

describe('sessions', () => {
  it('a moved session: the members get a letter, their schedule and iCal feed show the new time; a cancelled one goes with a letter', async () => {
    const course = await buildCourse(db(), { title: `Эспрессо ${unique('c')}` });
    const module = await buildModule(db(), { courseId: course.id });
    const lesson = await buildLesson(db(), { moduleId: module.id, title: 'Помол и доза', isPublished: true });
    const learner = await buildUser(db());
    const learnerSession = await signInAs(t.app, learner);
    const enrolment = await buildEnrolment(db(), { userId: learner.id, courseId: course.id });
    const day = inDays(3);
    const group = await buildGroup(db(), {
      courseId: course.id,
      format: 'online',
      location: null,
      onlineUrl: 'https://meet.example.ru/secret-room',
      memberIds: [enrolment.id],
      sessions: [{ title: 'Первое', startsAt: moscowInstant(day, '18:00'), endsAt: moscowInstant(day, '20:00') }],
    });
    const sessionId = group.sessions[0]!.id;
    const wrongLesson = await call('PATCH', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff, { title: 'Первое', date: day, starts: '19:00', ends: '18:00', lesson_id: 999_999 });
    expect(wrongLesson.json()).toEqual({ ends: ['Занятие должно закончиться позже, чем начнётся.'] });
    const moved = await call('PATCH', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff, { title: 'Первое', date: day, starts: '19:00', ends: '21:00', lesson_id: lesson.id });
    expect(moved.statusCode).toBe(200);
    const [letter] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, learner.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(letter).toMatchObject({ subject: 'Занятие перенесено: Первое' });
    const [y, m, d] = day.split('-');
    expect(letter!.text).toContain(`было ${d}.${m}.${y}, 18:00–20:00 (МСК), теперь ${d}.${m}.${y}, 19:00–21:00 (МСК)`);

    // The member's group page and schedule read the same row: the new time, the lesson, the group's link.
    const page = (await call('GET', `/api/user/groups/${group.id}/`, learnerSession)).json();
    expect(page.sessions[0]).toMatchObject({ starts_at: moscowInstant(day, '19:00').toISOString(), lesson: { id: lesson.id }, online_url: 'https://meet.example.ru/secret-room' });
    const feed = (await call('POST', '/api/user/schedule/feed/', learnerSession)).json();
    const ics = await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    const events = new ICAL.Component(ICAL.parse(ics.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([moscowInstant(day, '19:00').toISOString()]);
    // Someone outside the group sees neither the group nor its link.
    expect((await call('GET', `/api/user/groups/${group.id}/`, await signInAs(t.app, await buildUser(db())))).statusCode).toBe(404);

    const cancelled = await call('DELETE', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff);
    expect(cancelled.json().sessions).toEqual([]);
    const [second] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, learner.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(second).toMatchObject({ subject: 'Занятие отменено: Первое' });
    const after = await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    expect(new ICAL.Component(ICAL.parse(after.body)).getAllSubcomponents('vevent')).toHaveLength(0);
    expect((await call('DELETE', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff)).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('adds an account by e-mail (course opened by hand, a letter), invites an address without one, refuses a full group', async () => {
    const course = await buildCourse(db());
    const group = await buildGroup(db(), { courseId: course.id, capacity: 2 });
    const person = await buildUser(db());
    const added = await call('POST', `/api/admin/school/groups/${group.id}/members/`, staff, { email: person.email.toUpperCase() });
    expect(added.json()).toEqual({ status: 'enrolled', detail: MEMBER_TEXTS.enrolled(person.email) });
    const [enrolment] = await db().select().from(userCourses).where(and(eq(userCourses.userId, person.id), eq(userCourses.courseId, course.id)));
    expect(enrolment).toMatchObject({ source: 'manual', isActive: true });
    expect((await call('POST', `/api/admin/school/groups/${group.id}/members/`, staff, { email: person.email })).json()).toEqual({ email: [MEMBER_TEXTS.already] });

    const invited = `new-${unique('m')}@example.ru`;
    expect((await call('POST', `/api/admin/school/groups/${group.id}/members/`, staff, { email: invited })).json()).toMatchObject({ status: 'invited' });
    const members = (await call('GET', `/api/admin/school/groups/${group.id}/members/`, staff)).json();
    expect(members.members.map((m: { user: { id: number } }) => m.user.id)).toEqual([person.id]);
    expect(members.invited).toEqual([expect.objectContaining({ email: invited })]);
    // The invitation taken up: the new account joins the group (a seat is free).
    const newcomer = await buildUser(db(), { email: invited });
    await db().transaction((tx) => applyCourseGrants(tx, newcomer));
    expect((await call('GET', `/api/admin/school/groups/${group.id}/members/`, staff)).json().members).toHaveLength(2);
    expect(await db().select().from(courseGrants).where(eq(courseGrants.groupId, group.id))).toEqual([]);

    const third = await buildUser(db());
    // Someone who bought the course without a group takes a seat counted with the orders' seats.
    const buyer = await buildUser(db());
    const order = await buildOrder(db(), { courseId: course.id, userId: buyer.id, status: 'paid' });
    await buildEnrolment(db(), { userId: buyer.id, courseId: course.id, orderId: order.id, source: 'order' });
    const roomy = await buildGroup(db(), { courseId: course.id, capacity: 1 });
    expect((await call('POST', `/api/admin/school/groups/${roomy.id}/members/`, staff, { email: buyer.email })).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/school/groups/${roomy.id}/`, staff)).json()).toMatchObject({ seats_taken: 1, seats_left: 0 });
    const full = await call('POST', `/api/admin/school/groups/${group.id}/members/`, staff, { email: third.email });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ non_field_errors: [MEMBER_TEXTS.full] });
  });

  it('two staff adding two people into the last seat at once: one wins, the other is told the group is full', async () => {
    const course = await buildCourse(db());
    const group = await buildGroup(db(), { courseId: course.id, capacity: 1 });
    const [a, b] = [await buildUser(db()), await buildUser(db())];
    // Both calls are held at their enrolment's insert (its key check waits on the course row locked
    // here), so both are past reading the group before either can commit: only the group's lock
    // keeps the second from counting the seat as free.
    const holder = await t.database.pool.connect();
    await holder.query('begin');
    await holder.query('select id from courses where id = $1 for update', [course.id]);
    const pending = Promise.all([
      call('POST', `/api/admin/school/groups/${group.id}/members/`, staff, { email: a.email }),
      call('POST', `/api/admin/school/groups/${group.id}/members/`, otherStaff, { email: b.email }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await holder.query('commit');
    holder.release();
    const results = await pending;
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ non_field_errors: [MEMBER_TEXTS.full] });
    expect(await db().select().from(groupMembers).where(eq(groupMembers.groupId, group.id))).toHaveLength(1);
  });

  it('moves a member into another group of the course with a seat (an order\'s seat moves along) and removes one, keeping the course', async () => {
    const course = await buildCourse(db());
    const from = await buildGroup(db(), { courseId: course.id, capacity: 3 });
    const to = await buildGroup(db(), { courseId: course.id, capacity: 1 });
    const elsewhere = await buildGroup(db(), { courseId: (await buildCourse(db())).id });
    const payer = await buildUser(db());
    const order = await buildOrder(db(), { courseId: course.id, userId: payer.id, groupId: from.id, seatsHeld: 1, status: 'paid' });
    await db().update(groups).set({ seatsHeld: 1 }).where(eq(groups.id, from.id));
    const paid = await buildEnrolment(db(), { userId: payer.id, courseId: course.id, orderId: order.id, source: 'order' });
    const byHand = await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: course.id });
    await db().insert(groupMembers).values([{ groupId: from.id, userCourseId: paid.id }, { groupId: from.id, userCourseId: byHand.id }]);

    const wrong = await call('POST', `/api/admin/school/groups/${from.id}/members/${paid.id}/move/`, staff, { group_id: elsewhere.id });
    expect(wrong.json()).toEqual({ group_id: [MEMBER_TEXTS.otherCourse] });
    const moved = await call('POST', `/api/admin/school/groups/${from.id}/members/${paid.id}/move/`, staff, { group_id: to.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().members.map((m: { user_course_id: number }) => m.user_course_id)).toEqual([byHand.id]);
    const list = (await call('GET', `/api/admin/school/groups/?course=${course.id}`, staff)).json();
    const seats = new Map(list.results.map((g: { id: number; seats_taken: number }) => [g.id, g.seats_taken]));
    expect(seats.get(from.id)).toBe(1);
    expect(seats.get(to.id)).toBe(1);
    // The target is now full.
    const over = await call('POST', `/api/admin/school/groups/${from.id}/members/${byHand.id}/move/`, staff, { group_id: to.id });
    expect(over.json()).toEqual({ non_field_errors: [MEMBER_TEXTS.full] });

    const removed = await call('DELETE', `/api/admin/school/groups/${from.id}/members/${byHand.id}/`, staff);
    expect(removed.json().members).toEqual([]);
    const [still] = await db().select().from(userCourses).where(eq(userCourses.id, byHand.id));
    expect(still).toMatchObject({ isActive: true });
    expect((await call('DELETE', `/api/admin/school/groups/${from.id}/members/${byHand.id}/`, staff)).statusCode).toBe(404);
  });
});
