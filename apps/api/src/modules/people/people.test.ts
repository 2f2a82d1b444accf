// People for staff: find a person, see their card without document values, give and take roles
// (the last staff member keeps theirs, even when two staff demote each other at once), block an
// account (its sessions end at once, every sign-in is refused) and unblock it.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKED } from '@crema/contract';
import { auditEvents, mailOutbox, userCourses, userDocuments, users } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildOrder, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { NOT_STAFF } from '../auth/plugin.ts';
import { PEOPLE_TEXTS } from './people.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: { id: number; session: TestSession };

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  const s = await buildUser(db(), { isStaff: true });
  staff = { id: s.id, session: await signInAs(t.app, s) };
});
afterAll(async () => {
  await t?.close();
});

describe('the list', () => {
  it('finds a person by e-mail, by a phone as Russians type it and by name words in any order', async () => {
    const tag = unique('p');
    const person = await buildUser(db(), { email: `${tag}@mail.example`, lastName: 'Кофейникова', firstName: `Мария${tag}`, phone: '79161234567' });
    const find = async (search: string) => (await call('GET', `/api/admin/school/people/?search=${encodeURIComponent(search)}`, staff.session)).json();
    expect((await find(tag)).results.map((p: { id: number }) => p.id)).toContain(person.id);
    expect((await find('8 916 123-45-67')).results.map((p: { id: number }) => p.id)).toContain(person.id);
    expect((await find(`Мария${tag} Кофейникова`)).results).toEqual([
      expect.objectContaining({ id: person.id, email: person.email, phone: '+79161234567', is_staff: false, blocked_at: null, courses_count: 0, orders_count: 0 }),
    ]);
    expect((await find(`Мария${tag} Чайникова`)).count).toBe(0);
  });

  it('filters by role, sorts and pages on the server; bad parameters are Russian field errors', async () => {
    const owner = await buildUser(db(), { isCourseOwner: true, email: `a-${unique('o')}@example.ru` });
    const owners = (await call('GET', '/api/admin/school/people/?role=owner&page_size=100', staff.session)).json();
    expect(owners.results.every((p: { is_course_owner: boolean }) => p.is_course_owner)).toBe(true);
    expect(owners.results.map((p: { id: number }) => p.id)).toContain(owner.id);
    const page = (await call('GET', '/api/admin/school/people/?sort=email&page_size=1', staff.session)).json();
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
    const bad = await call('GET', '/api/admin/school/people/?role=admin&page_size=1000', staff.session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ role: ['Допустимые значения: staff, owner, learner, blocked.'], page_size: ['Не больше 100.'] });
  });
});

describe('one person', () => {
  it('shows courses, orders and sign-ins, and only whether documents are filled', async () => {
    const person = await buildUser(db());
    await db().insert(userDocuments).values({ userId: person.id, passportNumber: 'sealed-value', snils: null });
    const course = await buildCourse(db());
    await buildEnrolment(db(), { userId: person.id, courseId: course.id });
    await buildOrder(db(), { userId: person.id, courseId: course.id });
    await signInAs(t.app, person);
    const res = await call('GET', `/api/admin/school/people/${person.id}/`, staff.session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const card = res.json();
    expect(card.documents).toEqual({ passport: true, snils: false });
    expect(JSON.stringify(card)).not.toContain('sealed-value');
    expect(card.courses).toEqual([expect.objectContaining({ course: { id: course.id, title: course.title }, is_active: true })]);
    expect(card.orders).toHaveLength(1);
    expect(card.sessions).toEqual([expect.objectContaining({ user_agent: 'vitest', ip: '127.0.0.1' })]);
    expect((await call('GET', '/api/admin/school/people/2147483000/', staff.session)).json()).toEqual({ detail: PEOPLE_TEXTS.notFound });
  });
});

describe('roles', () => {
  it('makes a person a course owner, then takes it back; the change is in the journal', async () => {
    const person = await buildUser(db());
    const session = await signInAs(t.app, person);
    expect((await call('GET', '/api/admin/courses/', session)).statusCode).toBe(403);
    const made = await call('PATCH', `/api/admin/school/people/${person.id}/roles/`, staff.session, { is_course_owner: true });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ is_course_owner: true, is_staff: false });
    expect((await call('GET', '/api/admin/courses/', session)).statusCode).toBe(200);
    const [record] = await db().select().from(auditEvents).where(and(eq(auditEvents.entity, 'person'), eq(auditEvents.entityId, String(person.id))));
    expect(record).toMatchObject({ action: 'person.roles', actorId: staff.id, before: { is_course_owner: false }, after: { is_course_owner: true } });
    await call('PATCH', `/api/admin/school/people/${person.id}/roles/`, staff.session, { is_course_owner: false });
    expect((await call('GET', '/api/admin/courses/', session)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/admin/school/people/${person.id}/roles/`, staff.session, { is_admin: true })).statusCode).toBe(400);
  });

  it('never leaves the school without staff, even when the last two demote each other at once', async () => {
    const other = await buildUser(db(), { isStaff: true });
    const otherSession = await signInAs(t.app, other);
    await db().update(users).set({ isStaff: false }).where(and(eq(users.isStaff, true), ne(users.id, staff.id), ne(users.id, other.id)));
    // Over real sockets, so both transactions are open at once.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const patch = (id: number, session: TestSession) =>
      fetch(`${address}/api/admin/school/people/${id}/roles/`, {
        method: 'PATCH',
        headers: { ...session.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ is_staff: false }),
      }).then(async (res) => ({ statusCode: res.status, json: await res.json() }));
    const [a, b] = await Promise.all([patch(other.id, staff.session), patch(staff.id, otherSession)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(refused.json).toEqual({ is_staff: [PEOPLE_TEXTS.lastStaff] });
    const left = await db().select().from(users).where(eq(users.isStaff, true));
    expect(left).toHaveLength(1);
    // Both are staff again for the rest of the file.
    await db().update(users).set({ isStaff: true }).where(eq(users.id, staff.id));
  });
});

describe('a course by hand', () => {
  it('opens a course until a date, with a letter; an open one is refused, an ended one opens again', async () => {
    const person = await buildUser(db());
    const session = await signInAs(t.app, person);
    const course = await buildCourse(db(), { title: `Ручной ${unique('c')}` });
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, { course_id: course.id, access_until: until });
    expect(res.statusCode).toBe(200);
    expect(res.json().courses).toEqual([expect.objectContaining({ course: { id: course.id, title: course.title }, source: 'manual', is_active: true, access_until: until })]);
    const mine = (await call('GET', '/api/user/courses/', session)).json();
    expect(JSON.stringify(mine)).toContain(course.title);
    const letters = await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain(course.title);

    const again = await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, { course_id: course.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ course_id: [PEOPLE_TEXTS.courseOpen] });
    await db().update(userCourses).set({ accessUntil: new Date(Date.now() - 1000) }).where(eq(userCourses.userId, person.id));
    const reopened = await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, { course_id: course.id });
    expect(reopened.json().courses).toEqual([expect.objectContaining({ is_active: true, access_until: null })]);
    expect(await db().select().from(userCourses).where(eq(userCourses.userId, person.id))).toHaveLength(1);
  });

  it('refuses a missing course and a past date in Russian, field by field', async () => {
    const person = await buildUser(db());
    const missing = await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, { course_id: 2_147_483_000 });
    expect(missing.json()).toEqual({ course_id: [PEOPLE_TEXTS.courseMissing] });
    const course = await buildCourse(db());
    const past = await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, { course_id: course.id, access_until: '2020-01-01T00:00:00+03:00' });
    expect(past.json()).toEqual({ access_until: [PEOPLE_TEXTS.pastDate] });
    expect((await call('POST', `/api/admin/school/people/${person.id}/courses/`, staff.session, {})).json()).toEqual({ course_id: ['Выберите курс.'] });
  });
});

describe('blocking', () => {
  it('ends the sessions at once and refuses every sign-in until unblocked', async () => {
    const password = 'кофе-и-молоко-2026';
    const person = await buildUser(db(), { password });
    const session = await signInAs(t.app, person);
    expect((await call('GET', '/api/user/personal/', session)).statusCode).toBe(200);

    const blocked = await call('POST', `/api/admin/school/people/${person.id}/block/`, staff.session, { reason: 'Спам в отзывах' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked_reason: 'Спам в отзывах', sessions: [] });
    expect((await call('GET', '/api/user/personal/', session)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: session.refresh } });
    expect(refresh.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username: person.email, password }, remoteAddress: '10.9.8.7' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ detail: ACCOUNT_BLOCKED });
    expect((await call('GET', '/api/admin/school/people/?role=blocked&page_size=100', staff.session)).json().results.map((p: { id: number }) => p.id)).toContain(person.id);
    const again = await call('POST', `/api/admin/school/people/${person.id}/block/`, staff.session, { reason: 'Ещё раз' });
    expect(again.json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.alreadyBlocked] });

    expect((await call('POST', `/api/admin/school/people/${person.id}/unblock/`, staff.session)).statusCode).toBe(200);
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username: person.email, password }, remoteAddress: '10.9.8.6' });
    expect(back.statusCode).toBe(200);
  });

  it('refuses to block oneself (so the school always keeps an active staff member), and needs a reason', async () => {
    expect((await call('POST', `/api/admin/school/people/${staff.id}/block/`, staff.session, { reason: 'x' })).json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.selfBlock] });
    expect((await call('POST', `/api/admin/school/people/${staff.id}/block/`, staff.session, {})).json()).toEqual({ reason: ['Напишите причину.'] });
  });

  it('is for staff only', async () => {
    const owner = await signInAs(t.app, await buildUser(db(), { isCourseOwner: true }));
    const res = await call('POST', `/api/admin/school/people/${staff.id}/block/`, owner, { reason: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: NOT_STAFF });
  });
});

describe('a person’s requests about their data', () => {
  it('downloads their data file with the request written in the journal', async () => {
    const person = await buildUser(db(), { firstName: 'Вера', phone: '79160000011' });
    const res = await call('POST', `/api/admin/school/people/${person.id}/export/`, staff.session, { reason: 'Письмо от 28.11.2026' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="crema-person-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json().profile).toMatchObject({ email: person.email, first_name: 'Вера' });
    const [event] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'person.export'), eq(auditEvents.entityId, String(person.id))));
    expect(event).toMatchObject({ actorId: staff.id, after: { reason: 'Письмо от 28.11.2026' } });
    expect(JSON.stringify(event)).not.toContain(person.email);
    // Without a word on the request there is no download.
    expect((await call('POST', `/api/admin/school/people/${person.id}/export/`, staff.session, { reason: ' ' })).json()).toEqual({ reason: ['Напишите, по какому обращению.'] });
  });

  it('deletes the account as the person would: data wiped, sessions ended, orders kept, in the journal', async () => {
    const person = await buildUser(db(), { firstName: 'Удаляемый', phone: '79160000012' });
    const session = await signInAs(t.app, person);
    const course = await buildCourse(db());
    const order = await buildOrder(db(), { userId: person.id, courseId: course.id });
    const res = await call('POST', `/api/admin/school/people/${person.id}/delete/`, staff.session, { reason: 'Заявление от 28.11.2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: `deleted-${person.id}@deleted.invalid`, first_name: null, phone: null, deleted_at: expect.any(String), sessions: [] });
    expect(res.json().orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    expect((await call('GET', '/api/user/personal/', session)).statusCode).toBe(401);
    const [event] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'person.delete'), eq(auditEvents.entityId, String(person.id))));
    expect(event).toMatchObject({ actorId: staff.id, after: { deleted: true, reason: 'Заявление от 28.11.2026' } });
    expect(JSON.stringify(event)).not.toContain(person.email);
    // Once is enough; the data file of a deleted account is not made either.
    expect((await call('POST', `/api/admin/school/people/${person.id}/delete/`, staff.session, { reason: 'Ещё раз' })).json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.alreadyDeleted] });
    expect((await call('POST', `/api/admin/school/people/${person.id}/export/`, staff.session, { reason: 'Ещё раз' })).json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.alreadyDeleted] });
  });

  it('deletes neither oneself, nor a staff member, nor the owner of courses; unknown people are 404', async () => {
    expect((await call('POST', `/api/admin/school/people/${staff.id}/delete/`, staff.session, { reason: 'x' })).json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.selfDelete] });
    const colleague = await buildUser(db(), { isStaff: true });
    expect((await call('POST', `/api/admin/school/people/${colleague.id}/delete/`, staff.session, { reason: 'x' })).json()).toEqual({ non_field_errors: [PEOPLE_TEXTS.staffDelete] });
    const owner = await buildUser(db(), { isCourseOwner: true });
    await buildCourse(db(), { ownerId: owner.id });
    const refused = await call('POST', `/api/admin/school/people/${owner.id}/delete/`, staff.session, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect((await db().select({ email: users.email }).from(users).where(eq(users.id, owner.id)))[0]!.email).toBe(owner.email);
    expect((await call('POST', '/api/admin/school/people/999999999/delete/', staff.session, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/school/people/999999999/export/', staff.session, { reason: 'x' })).statusCode).toBe(404);
  });
});

