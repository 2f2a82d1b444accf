// My schedule and the personal iCal feed (decision 0031): sessions by Moscow day around
// midnight whatever the client's zone, whose session it is, what changed since the previous visit;
// the feed's secret URL made, shown, remade and revoked, and its calendar parsed back by ical.js.
import ICAL from 'ical.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, moscowInstant, moscowIsoDate } from '@crema/contract';
import { calendarFeeds, groupSchedules, scheduleVisits } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildGroup, buildLesson, buildModule, buildStudent, buildUser, signInAs, type TestSession } from '../../test/factories.ts';

let t: TestContext;
const db = () => t.database.db;
const get = (url: string, session: Pick<TestSession, 'headers'>) => t.app.inject({ method: 'GET', url, headers: session.headers });

/** A day a week ahead in Moscow, and the next one. */
const day = addDays(moscowIsoDate(new Date()), 7);
const nextDay = addDays(day, 1);

let parent: { id: number; session: TestSession };
let stranger: TestSession;
let ownGroup: Awaited<ReturnType<typeof buildGroup>>;
let childGroup: Awaited<ReturnType<typeof buildGroup>>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(db());
  const child = await buildStudent(db(), { userId: user.id, studentType: 'child', firstName: 'Полина', lastName: 'Смирнова' });
  const adultCourse = await buildCourse(db(), { title: 'Бариста с нуля' });
  const module = await buildModule(db(), { courseId: adultCourse.id });
  const lesson = await buildLesson(db(), { moduleId: module.id, title: 'Эспрессо; помол, доза' });
  const kidsCourse = await buildCourse(db(), { title: 'Юный бариста', isKids: true });
  const own = await buildEnrolment(db(), { userId: user.id, courseId: adultCourse.id });
  const kids = await buildEnrolment(db(), { userId: user.id, courseId: kidsCourse.id, studentId: child.id });
  ownGroup = await buildGroup(db(), {
    courseId: adultCourse.id,
    title: 'Группа с 1 декабря',
    location: 'Москва, ул. Покровка, д. 27',
    sessions: [
      // 23:30 in Moscow is 20:30 UTC: the same date in both.
      { title: 'Вечер; латте, капучино', startsAt: moscowInstant(day, '23:30'), endsAt: moscowInstant(nextDay, '00:30'), lessonId: lesson.id },
      // 00:30 in Moscow is 21:30 UTC of the day before: its Moscow day is the next one.
      { title: 'Ночное занятие', startsAt: moscowInstant(nextDay, '00:30'), endsAt: moscowInstant(nextDay, '02:00'), onlineUrl: 'https://meet.example.ru/crema?room=1&x=2' },
      { title: 'Прошедшее', startsAt: moscowInstant(addDays(day, -30), '19:00'), endsAt: moscowInstant(addDays(day, -30), '21:00') },
    ],
    memberIds: [own.id],
  });
  childGroup = await buildGroup(db(), {
    courseId: kidsCourse.id,
    title: 'Детская группа',
    location: 'Москва, ул. Покровка, д. 27',
    sessions: [{ title: 'Какао и молоко', startsAt: moscowInstant(day, '12:00'), endsAt: moscowInstant(day, '13:30') }],
    memberIds: [kids.id],
  });
  // Someone else's group on the same day: never in my schedule or feed.
  const other = await buildUser(db());
  const otherEnrolment = await buildEnrolment(db(), { userId: other.id, courseId: adultCourse.id });
  await buildGroup(db(), {
    courseId: adultCourse.id,
    sessions: [{ title: 'Чужое занятие', startsAt: moscowInstant(day, '15:00'), endsAt: moscowInstant(day, '16:00') }],
    memberIds: [otherEnrolment.id],
  });
  parent = { id: user.id, session: await signInAs(t.app, user) };
  stranger = await signInAs(t.app, other);
});
afterAll(async () => {
  await t?.close();
});

interface Day {
  date: string;
  sessions: { id: number; title: string; starts_at: string; learners: { student: { first_name: string } | null }[]; changed_since_last_visit: boolean; is_past: boolean; group: { id: number } }[];
}
const schedule = async (query: string, session = parent.session) => {
  const res = await get(`/api/user/schedule/${query}`, session);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { from: string; to: string; previous_visit_at: string | null; days: Day[] };
};

describe('GET /api/user/schedule/', () => {
  it('groups sessions by Moscow day: 23:30 and 00:30 in Moscow fall on two days though both are one UTC date', async () => {
    expect(moscowInstant(nextDay, '00:30').toISOString().slice(0, 10)).toBe(day);
    const one = await schedule(`?from=${day}&to=${day}`);
    expect(one.days.map((d) => [d.date, d.sessions.map((s) => s.title)])).toEqual([[day, ['Какао и молоко', 'Вечер; латте, капучино']]]);
    const next = await schedule(`?from=${nextDay}&to=${nextDay}`);
    expect(next.days.map((d) => [d.date, d.sessions.map((s) => s.title)])).toEqual([[nextDay, ['Ночное занятие']]]);
    const both = await schedule(`?from=${day}&to=${nextDay}`);
    expect(both.days.map((d) => d.date)).toEqual([day, nextDay]);
    // The default range starts today and holds both days; the past session is not in it.
    const upcoming = await schedule('');
    expect(upcoming.from).toBe(moscowIsoDate(new Date()));
    expect(upcoming.to).toBe(addDays(upcoming.from, 30));
    expect(upcoming.days.flatMap((d) => d.sessions.map((s) => s.title))).toEqual(['Какао и молоко', 'Вечер; латте, капучино', 'Ночное занятие']);
  });

  it('says whose session it is: the account holder’s own or the child’s, and shows nobody else’s', async () => {
    const { days } = await schedule(`?from=${day}&to=${day}`);
    const [kids, own] = days[0]!.sessions;
    expect(kids!.learners).toEqual([{ user_course_id: expect.any(Number), student: { id: expect.any(Number), first_name: 'Полина', last_name: 'Смирнова' } }]);
    expect(own!.learners).toEqual([{ user_course_id: expect.any(Number), student: null }]);
    expect(own).toMatchObject({ group: { id: ownGroup.id, title: 'Группа с 1 декабря' }, course: { title: 'Бариста с нуля' }, location: 'Москва, ул. Покровка, д. 27', lesson: { title: 'Эспрессо; помол, доза' } });
    expect(own!.is_past).toBe(false);
    const past = await schedule(`?from=${addDays(day, -30)}&to=${addDays(day, -30)}`);
    expect(past.days[0]!.sessions.map((s) => [s.title, s.is_past])).toEqual([['Прошедшее', true]]);
    const theirs = await schedule(`?from=${day}&to=${day}`, stranger);
    expect(theirs.days.flatMap((d) => d.sessions.map((s) => s.title))).toEqual(['Чужое занятие']);
  });

  it('marks sessions added or changed since the previous visit; reads within 30 minutes are one visit', async () => {
    const user = await buildUser(db());
    const course = await buildCourse(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const g = await buildGroup(db(), {
      courseId: course.id,
      sessions: [
        { title: 'Первое', startsAt: moscowInstant(day, '10:00'), endsAt: moscowInstant(day, '11:00') },
        { title: 'Второе', startsAt: moscowInstant(day, '12:00'), endsAt: moscowInstant(day, '13:00') },
      ],
      memberIds: [enrolment.id],
    });
    const session = await signInAs(t.app, user);
    const query = `?from=${day}&to=${day}`;
    const first = await schedule(query, session);
    expect(first.previous_visit_at).toBeNull();
    expect(first.days[0]!.sessions.map((s) => s.changed_since_last_visit)).toEqual([false, false]);

    // The sessions were made three hours ago, the visit ended two hours ago; then the school moved the second session.
    await db().execute(sql`update group_schedules set updated_at = now() - interval '3 hours' where group_id = ${g.id}`);
    await db().update(scheduleVisits).set({ seenAt: sql`now() - interval '2 hours'` }).where(eq(scheduleVisits.userId, user.id));
    await db().update(groupSchedules).set({ location: 'Зал 2' }).where(eq(groupSchedules.id, g.sessions[1]!.id));
    const second = await schedule(query, session);
    expect(second.previous_visit_at).not.toBeNull();
    expect(second.days[0]!.sessions.map((s) => [s.title, s.changed_since_last_visit])).toEqual([['Первое', false], ['Второе', true]]);
    // A reload within the same visit keeps the mark; a HEAD records no visit.
    expect((await t.app.inject({ method: 'HEAD', url: `/api/user/schedule/${query}`, headers: session.headers })).statusCode).toBe(200);
    const reload = await schedule(query, session);
    expect(reload.previous_visit_at).toBe(second.previous_visit_at);
    expect(reload.days[0]!.sessions.map((s) => s.changed_since_last_visit)).toEqual([false, true]);
  });

  it('checks the range: dates as YYYY-MM-DD, to not before from, at most 92 days', async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`/api/user/schedule/${query}`, parent.session);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toHaveProperty(field);
    };
    await bad('?from=01.12.2026', 'from');
    await bad('?from=2026-02-30', 'from');
    await bad(`?from=${nextDay}&to=${day}`, 'to');
    await bad(`?from=${day}&to=${addDays(day, 92)}`, 'to');
    expect((await get(`/api/user/schedule/?from=${day}&to=${addDays(day, 91)}`, parent.session)).statusCode).toBe(200);
  });
});

describe('the personal iCal feed', () => {
  const feedOf = async (session = parent.session) => (await get('/api/user/schedule/feed/', session)).json();
  const fetchIcs = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('makes a secret URL, shows it again, remakes it (the old one ends) and revokes it; only its hash is kept', async () => {
    expect(await feedOf()).toEqual({ url: null, webcal_url: null, created_at: null });
    const made = await t.app.inject({ method: 'POST', url: '/api/user/schedule/feed/', headers: parent.session.headers });
    expect(made.statusCode).toBe(200);
    const { url, webcal_url } = made.json();
    expect(url).toMatch(/^http:\/\/[^/]+\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcal_url).toBe(url.replace(/^http:/, 'webcal:'));
    expect((await feedOf()).url).toBe(url);
    const secret = new URL(url).pathname.slice('/ical/'.length, -'.ics'.length);
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, parent.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await fetchIcs(url)).statusCode).toBe(200);

    const remade = (await t.app.inject({ method: 'POST', url: '/api/user/schedule/feed/', headers: parent.session.headers })).json();
    expect(remade.url).not.toBe(url);
    expect((await fetchIcs(url)).statusCode).toBe(404);
    expect((await fetchIcs(remade.url)).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/user/schedule/feed/', headers: parent.session.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await fetchIcs(remade.url)).statusCode).toBe(404);
    expect((await feedOf()).url).toBeNull();
  });

  it('answers 404 for an unknown or malformed secret', async () => {
    for (const path of ['/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/ical/short.ics', '/ical/x.txt', '/ical/%3Cscript%3E.ics']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('serves text/calendar that an independent parser reads back: events in UTC, stable UIDs, Russian text, commas and semicolons', async () => {
    const { url } = (await t.app.inject({ method: 'POST', url: '/api/user/schedule/feed/', headers: parent.session.headers })).json();
    const res = await fetchIcs(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toContain('no-store');
    // Folded lines of at most 75 octets, CRLF line ends, escaped separators in the raw text.
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body.replace(/\r\n /g, '')).toContain('SUMMARY:Вечер\\; латте\\, капучино — Бариста с нуля');
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const byTitle = new Map(events.map((e) => [e.summary, e]));
    // Own sessions (the past one too, within 30 days back? no: 30 days before `day`, i.e. 23 days ago) and the child's; nobody else's.
    expect([...byTitle.keys()].sort()).toEqual(
      ['Вечер; латте, капучино — Бариста с нуля', 'Какао и молоко — Юный бариста (Полина)', 'Ночное занятие — Бариста с нуля', 'Прошедшее — Бариста с нуля'].sort(),
    );
    const evening = byTitle.get('Вечер; латте, капучино — Бариста с нуля')!;
    const session = ownGroup.sessions[0]!;
    expect(evening.startDate.toJSDate().toISOString()).toBe(session.startsAt.toISOString());
    expect(evening.endDate.toJSDate().toISOString()).toBe(session.endsAt.toISOString());
    expect(evening.startDate.zone.tzid).toBe('UTC');
    expect(evening.location).toBe('Москва, ул. Покровка, д. 27');
    expect(evening.description).toContain('Урок: Эспрессо; помол, доза');
    // The group's title says 'Группа…' itself: not 'Группа: Группа с 1 декабря'.
    expect(evening.description).toContain('\nГруппа с 1 декабря\n');
    expect(evening.description).not.toContain('Группа: Группа');
    expect(evening.uid).toMatch(new RegExp(`^group-session-${session.id}@`));
    expect(evening.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect((evening.component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime()).toBeLessThanOrEqual(Date.now());
    const night = byTitle.get('Ночное занятие — Бариста с нуля')!;
    expect(night.component.getFirstPropertyValue('url')).toBe('https://meet.example.ru/crema?room=1&x=2');
    expect(night.location).toBeNull();

    // The same UIDs on the next fetch; a moved session keeps its UID with the new time.
    await db().update(groupSchedules).set({ startsAt: moscowInstant(day, '22:30') }).where(eq(groupSchedules.id, session.id));
    const again = new ICAL.Component(ICAL.parse((await fetchIcs(url)).body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
    const moved = again.find((e) => e.uid === evening.uid)!;
    expect(moved.startDate.toJSDate().toISOString()).toBe(moscowInstant(day, '22:30').toISOString());
    await db().update(groupSchedules).set({ startsAt: session.startsAt }).where(eq(groupSchedules.id, session.id));
    expect(childGroup.id).toBeGreaterThan(0);
  });
});
