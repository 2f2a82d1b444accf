// Who studies a course and how people get in (decision 0035): the audience with sources
// and progress, access by e-mail (pending for an address without an account), ending access,
// invitation links with limits and end dates, and taking a link up signed in or by e-mail code.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_CONSENT_REQUIRED } from '@crema/contract';
import { consents, courseGrants, courseLinks, lessonProgress, mailOutbox, userCourses, users } from '../../db/schema/index.ts';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildLesson, buildModule, buildOrder, buildOwner, buildStudent, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { AUDIENCE_TEXTS } from './audience.ts';
import { INVITATION_TEXTS } from './invitations.ts';

let t: TestContext;
const db = () => t.database.db;
let owner: TestSession;
let other: TestSession;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'> | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: session?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, await buildOwner(db()));
  other = await signInAs(t.app, await buildOwner(db()));
});
afterAll(async () => {
  await t?.close();
});

async function ownCourse() {
  const me = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: owner.headers });
  const course = await buildCourse(db(), { ownerId: me.json().id, title: `Курс ${unique('a')}` });
  const module = await buildModule(db(), { courseId: course.id });
  const l1 = await buildLesson(db(), { moduleId: module.id, isPublished: true });
  await buildLesson(db(), { moduleId: module.id, isPublished: true });
  return { course, l1 };
}

describe('the audience', () => {
  it('lists learners with their source, link and progress; another owner gets 404', async () => {
    const { course, l1 } = await ownCourse();
    const buyer = await buildUser(db(), { firstName: 'Ирина', lastName: 'Котова' });
    const order = await buildOrder(db(), { courseId: course.id, userId: buyer.id });
    const paid = await buildEnrolment(db(), { userId: buyer.id, courseId: course.id, orderId: order.id, source: 'order' });
    await db().insert(lessonProgress).values({ userCourseId: paid.id, lessonId: l1.id, status: 'completed', lastPage: 1 });
    const parent = await buildUser(db());
    const child = await buildStudent(db(), { userId: parent.id, studentType: 'child', firstName: 'Миша' });
    await buildEnrolment(db(), { userId: parent.id, studentId: child.id, courseId: course.id });

    const res = await call('GET', `/api/admin/courses/${course.id}/audience/`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    const byId = new Map(body.results.map((r: { user_course_id: number }) => [r.user_course_id, r]));
    expect(byId.get(paid.id)).toMatchObject({
      source: 'order',
      user: { email: buyer.email, first_name: 'Ирина' },
      student: null,
      progress: { lessons_done: 1, lessons_total: 2, percent: 50 },
    });
    expect(body.results.find((r: { student: unknown }) => r.student)).toMatchObject({ source: 'manual', student: { first_name: 'Миша' } });
    const searched = (await call('GET', `/api/admin/courses/${course.id}/audience/?search=${encodeURIComponent('Миша')}`, owner)).json();
    expect(searched.count).toBe(1);
    expect((await call('GET', `/api/admin/courses/${course.id}/audience/`, other)).statusCode).toBe(404);
  });

  it('answers the same for an address with an account and without one; the pending grant opens the course to either', async () => {
    const { course } = await ownCourse();
    const known = await buildUser(db());
    const newcomer = `${unique('new')}@example.ru`;
    const added = await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: known.email.toUpperCase() });
    const invited = await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: newcomer });
    // One answer for both: the owner cannot tell which address has an account.
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ status: 'invited', detail: AUDIENCE_TEXTS.invited(known.email) });
    expect(invited.json()).toEqual({ status: 'invited', detail: AUDIENCE_TEXTS.invited(newcomer) });
    expect(added.json().detail.replace(known.email, 'X')).toBe(invited.json().detail.replace(newcomer, 'X'));
    expect(added.json().detail).not.toMatch(/аккаунт/);
    // And the audience shows both alike: pending, nobody enrolled yet.
    const audience = (await call('GET', `/api/admin/courses/${course.id}/audience/`, owner)).json();
    expect(audience.pending.map((p: { email: string }) => p.email).sort()).toEqual([known.email, newcomer].sort());
    expect(audience.count).toBe(0);
    expect((await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: known.email })).json().status).toBe('invited');
    const letters = await db().select().from(mailOutbox).where(eq(mailOutbox.to, newcomer));
    expect(letters.map((l) => l.subject)).toEqual([`Приглашение на курс: ${course.title}`]);

    // The account holder, signed in already, opens 'Мое обучение': the reads only say a course waits…
    const session = await signInAs(t.app, known);
    const enrolled = () => db().select().from(userCourses).where(and(eq(userCourses.userId, known.id), eq(userCourses.courseId, course.id)));
    const read = async () => ({
      courses: await t.app.inject({ method: 'GET', url: '/api/user/courses/', headers: session.cookieHeaders }),
      pending: (await t.app.inject({ method: 'GET', url: '/api/user/courses/grants/', headers: session.cookieHeaders })).json(),
    });
    const first = await read();
    expect(first.courses.statusCode).toBe(200);
    expect(JSON.stringify(first.courses.json())).not.toContain(course.title);
    expect(first.pending).toEqual({ pending_grants: 1 });
    expect(await enrolled()).toHaveLength(0);
    expect(await db().select().from(courseGrants).where(eq(courseGrants.email, known.email))).toHaveLength(1);
    // …the page's POST (a cookie POST: the CSRF token is required) makes it theirs, once.
    const { 'x-csrf-token': _csrf, ...noCsrf } = session.cookieHeaders;
    expect((await t.app.inject({ method: 'POST', url: '/api/user/courses/grants/', headers: noCsrf })).statusCode).toBe(403);
    expect(await enrolled()).toHaveLength(0);
    const applied = await t.app.inject({ method: 'POST', url: '/api/user/courses/grants/', headers: session.cookieHeaders });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ applied: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/courses/grants/', headers: session.cookieHeaders })).json()).toEqual({ applied: 0 });
    const after = await read();
    expect(JSON.stringify(after.courses.json())).toContain(course.title);
    expect(after.pending).toEqual({ pending_grants: 0 });
    const [row] = await enrolled();
    expect(row).toMatchObject({ source: 'manual', isActive: true });
    // A learner the owner already sees: 'already'.
    expect((await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: known.email })).json().status).toBe('already');

    // The newcomer signs in by code: the course is theirs, and the pending grants are gone.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email: newcomer } })).statusCode).toBe(200);
    const code = await lastMailedCode(t.database, newcomer);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/token/email/', payload: { consent_personal_data: true, email: newcomer, code } });
    expect(signedIn.statusCode).toBe(200);
    const courses = await t.app.inject({ method: 'GET', url: '/api/user/courses/', headers: { 'jwt-access-token': `Bearer ${signedIn.json().access}` } });
    expect(JSON.stringify(courses.json())).toContain(course.title);
    expect(await db().select().from(courseGrants).where(eq(courseGrants.courseId, course.id))).toHaveLength(0);
  });

  it('a pending grant of an account with a password becomes its enrolment at the password sign-in', async () => {
    const { course } = await ownCourse();
    const password = 'кофе-и-молоко-2026';
    const known = await buildUser(db(), { password });
    await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: known.email });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username: known.email, password } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(userCourses).where(and(eq(userCourses.userId, known.id), eq(userCourses.courseId, course.id)));
    expect(row).toMatchObject({ source: 'manual', isActive: true });
  });

  it('a pending grant of a signed-in account becomes its enrolment at the session refresh; an unverified address keeps it', async () => {
    const { course } = await ownCourse();
    const known = await buildUser(db());
    const unverified = await buildUser(db(), { emailVerifiedAt: null });
    const sessions = { known: await signInAs(t.app, known), unverified: await signInAs(t.app, unverified) };
    for (const user of [known, unverified]) await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: user.email });
    const enrolment = (userId: number) => db().select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, course.id)));

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: sessions.known.refresh } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await enrolment(known.id)).toHaveLength(1);
    expect(await db().select().from(courseGrants).where(eq(courseGrants.email, known.email))).toHaveLength(0);

    // An address not proven yet: nothing is applied, by the refresh or by the POST, and nothing is counted.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: sessions.unverified.refresh } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/courses/grants/', headers: sessions.unverified.cookieHeaders })).json()).toEqual({ applied: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/courses/grants/', headers: sessions.unverified.headers })).json()).toEqual({ pending_grants: 0 });
    expect(await enrolment(unverified.id)).toHaveLength(0);
    expect(await db().select().from(courseGrants).where(eq(courseGrants.email, unverified.email))).toHaveLength(1);
  });

  it('ends a learner’s access now, keeping the enrolment; adding them again reopens it; pending invitations can be withdrawn', async () => {
    const { course } = await ownCourse();
    const learner = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: learner.id, courseId: course.id });
    expect((await call('DELETE', `/api/admin/courses/${course.id}/audience/${enrolment.id}/`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/courses/${course.id}/audience/${enrolment.id}/`, owner)).statusCode).toBe(204);
    const [ended] = await db().select().from(userCourses).where(eq(userCourses.id, enrolment.id));
    expect(ended!.accessUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    const studying = await t.app.inject({ method: 'GET', url: `/api/user/course/${enrolment.id}/modules/`, headers: (await signInAs(t.app, learner)).headers });
    expect(studying.statusCode).toBe(404);
    expect((await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: learner.email })).json().status).toBe('enrolled');
    const [reopened] = await db().select().from(userCourses).where(eq(userCourses.id, enrolment.id));
    expect(reopened!.accessUntil).toBeNull();

    await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: `${unique('p')}@example.ru` });
    const [grant] = await db().select().from(courseGrants).where(eq(courseGrants.courseId, course.id));
    expect((await call('DELETE', `/api/admin/courses/${course.id}/audience/pending/${grant!.id}/`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/courses/${course.id}/audience/pending/${grant!.id}/`, owner)).statusCode).toBe(204);
    const past = await call('POST', `/api/admin/courses/${course.id}/audience/`, owner, { email: learner.email, access_until: '2020-01-01T00:00:00Z' });
    expect(past.json()).toEqual({ access_until: [AUDIENCE_TEXTS.pastDate] });
  });
});

describe('invitation links', () => {
  it('makes links with a limit and an end date, lists and switches them off', async () => {
    const { course } = await ownCourse();
    const made = await call('POST', `/api/admin/courses/${course.id}/links/`, owner, { title: 'Корпоративная группа', uses_limit: 2, expires_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(made.statusCode).toBe(201);
    const link = made.json();
    expect(link).toMatchObject({ title: 'Корпоративная группа', uses_limit: 2, uses_count: 0, is_active: true, is_usable: true });
    expect(link.url).toMatch(/\/invitation\/[A-Za-z0-9_-]{24}\/$/);
    expect((await call('GET', `/api/admin/courses/${course.id}/links/`, owner)).json().map((l: { id: number }) => l.id)).toEqual([link.id]);
    expect((await call('GET', `/api/admin/courses/${course.id}/links/`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/courses/${course.id}/links/${link.id}/`, other, { is_active: false })).statusCode).toBe(404);
    const off = await call('PATCH', `/api/admin/courses/${course.id}/links/${link.id}/`, owner, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false, is_usable: false });
    const token = link.url.split('/').at(-2);
    expect((await call('GET', `/api/invitations/${token}/`, null)).json()).toEqual({ non_field_errors: [INVITATION_TEXTS.unusable] });
  });

  it('a guest signs up by e-mail code through a link; a signed-in person just joins; nobody is counted twice', async () => {
    const { course } = await ownCourse();
    const link = (await call('POST', `/api/admin/courses/${course.id}/links/`, owner, { uses_limit: 5 })).json();
    const token = link.url.split('/').at(-2);
    expect((await call('GET', `/api/invitations/${token}/`, null)).json()).toMatchObject({ course: { id: course.id, title: course.title } });
    expect((await call('GET', '/api/invitations/unknown-token-000000/', null)).statusCode).toBe(404);

    const email = `${unique('guest')}@example.ru`;
    const noCode = await call('POST', '/api/auth/token/invitation/', null, { token, email });
    expect(noCode.json()).toEqual({ code: [INVITATION_TEXTS.needCode] });
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email } });
    const code = await lastMailedCode(t.database, email);
    // A new person without the consent box: no account, no enrolment, the code kept.
    const unticked = await call('POST', '/api/auth/token/invitation/', null, { token, email, code });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json()).toEqual({ consent_personal_data: [SIGN_UP_CONSENT_REQUIRED] });
    expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db().select().from(userCourses).where(eq(userCourses.linkId, link.id))).toEqual([]);
    const joined = await call('POST', '/api/auth/token/invitation/', null, { token, email, code, consent_personal_data: true });
    expect(joined.statusCode).toBe(200);
    const given = await db().select().from(consents).where(eq(consents.userId, joined.json().user.id as number));
    expect(given.map((r) => r.kind).sort()).toEqual(['personal_data', 'privacy_policy']);
    expect(joined.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String), user_course_id: expect.any(Number) });
    const [row] = await db().select().from(userCourses).where(eq(userCourses.id, joined.json().user_course_id));
    expect(row).toMatchObject({ courseId: course.id, source: 'invitation', linkId: link.id });

    const member = await signInAs(t.app, await buildUser(db()));
    const first = await call('POST', '/api/auth/token/invitation/', member, { token });
    const second = await call('POST', '/api/auth/token/invitation/', member, { token });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const [counted] = await db().select().from(courseLinks).where(eq(courseLinks.id, link.id));
    expect(counted!.usesCount).toBe(2);
  });

  it('a link limited to 3 admits exactly 3 of 8 people coming at once', async () => {
    const { course } = await ownCourse();
    const link = (await call('POST', `/api/admin/courses/${course.id}/links/`, owner, { uses_limit: 3 })).json();
    const token = link.url.split('/').at(-2);
    const people = await Promise.all(Array.from({ length: 8 }, async () => signInAs(t.app, await buildUser(db()))));
    const results = await Promise.all(people.map((p) => call('POST', '/api/auth/token/invitation/', p, { token })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json()).toEqual({ non_field_errors: [INVITATION_TEXTS.unusable] });
    expect(await db().select().from(userCourses).where(eq(userCourses.linkId, link.id))).toHaveLength(3);
    const [counted] = await db().select().from(courseLinks).where(eq(courseLinks.id, link.id));
    expect(counted!.usesCount).toBe(3);
  });

  it('a used-up link refuses a guest before the code is spent', async () => {
    const { course } = await ownCourse();
    const link = (await call('POST', `/api/admin/courses/${course.id}/links/`, owner, { uses_limit: 1 })).json();
    const token = link.url.split('/').at(-2);
    await call('POST', '/api/auth/token/invitation/', await signInAs(t.app, await buildUser(db())), { token });
    const email = `${unique('late')}@example.ru`;
    await t.app.inject({ method: 'POST', url: '/api/auth/send_code/email/', payload: { email } });
    const code = await lastMailedCode(t.database, email);
    const refused = await call('POST', '/api/auth/token/invitation/', null, { token, email, code });
    expect(refused.json()).toEqual({ non_field_errors: [INVITATION_TEXTS.unusable] });
    // The code still signs in normally.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/token/email/', payload: { consent_personal_data: true, email, code } })).statusCode).toBe(200);
  });
});
