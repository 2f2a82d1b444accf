// The applications inbox and the dashboard for staff (decision 0066): a form sent on the site
// becomes a record and still mails the school; staff find it by filters and search, open it with
// the same e-mail's account and orders, change its status, assign it and add notes — each in the
// journal; the dashboard's figures on known data, with Moscow's day boundaries.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS, addDays, moscowInstant, moscowIsoDate } from '@crema/contract';
import { auditEvents, feedbackSubmissions, mailOutbox, orders, paymentRefunds, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildApplication, buildCourse, buildFeedbackForm, buildGroup, buildOrder, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { getDashboard } from './dashboard.ts';

const SCHOOL = 'inbox@crema.test';
let t: TestContext;
const db = () => t.database.db;
let staff: { id: number; session: TestSession };
let other: { id: number; session: TestSession };

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp({ SCHOOL_NOTIFY_EMAIL: SCHOOL });
  const s = await buildUser(db(), { isStaff: true, lastName: 'Кураторова', firstName: 'Ольга' });
  staff = { id: s.id, session: await signInAs(t.app, s) };
  const o = await buildUser(db(), { isStaff: true, lastName: 'Менеджеров', firstName: 'Павел' });
  other = { id: o.id, session: await signInAs(t.app, o) };
});
afterAll(async () => {
  await t?.close();
});

describe('a form sent on the site', () => {
  it('becomes a new application in the inbox, and the school still gets the letter', async () => {
    const course = await buildCourse(db(), { title: `Латте-арт ${unique('c')}` });
    const form = await buildFeedbackForm(db());
    const email = `${unique('visitor')}@example.ru`;
    const before = (await call('GET', '/api/admin/school/applications/new-count/', staff.session)).json().count;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/feedback/${form.key}/process/`,
      payload: { name: ' Вера  Лейкина ', phone: '8 (916) 555-44-33', email: email.toUpperCase(), course_slug: course.slug, consent_personal_data: true },
      remoteAddress: '10.77.0.1',
    });
    expect(sent.statusCode).toBe(201);
    const [row] = await db().select().from(feedbackSubmissions).where(eq(feedbackSubmissions.formId, form.id));
    expect(row).toMatchObject({ name: 'Вера Лейкина', email, phone: '79165554433', status: 'new', assigneeId: null, courseId: course.id });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.to, SCHOOL))).some((m) => m.text.includes('Вера Лейкина'))).toBe(true);
    expect((await call('GET', '/api/admin/school/applications/new-count/', staff.session)).json()).toEqual({ count: before + 1 });

    const list = (await call('GET', `/api/admin/school/applications/?course=${course.id}`, staff.session)).json();
    expect(list.results).toEqual([
      {
        id: row!.id,
        form: { key: form.key, title: form.title },
        course: { id: course.id, title: course.title, slug: course.slug },
        name: 'Вера Лейкина',
        email,
        phone: '+79165554433',
        status: 'new',
        assignee: null,
        created_at: expect.any(String),
      },
    ]);
    const card = (await call('GET', `/api/admin/school/applications/${row!.id}/`, staff.session)).json();
    expect(card.fields).toEqual([
      { name: 'name', title: 'Имя', type: 'text', value: 'Вера Лейкина' },
      { name: 'phone', title: 'Телефон', type: 'phone', value: '79165554433' },
      { name: 'email', title: 'Электронная почта', type: 'email', value: email },
    ]);
    expect(card.consents).toEqual([{ kind: 'personal_data', version: expect.anything() }]);
  });
});

describe('the list', () => {
  it('filters by status, form, assignee and Moscow days, searches name, e-mail and phone as typed, sorts and pages', async () => {
    const form = await buildFeedbackForm(db());
    const tag = unique('s');
    const a = await buildApplication(db(), { formId: form.id, name: `Мария ${tag}`, phone: '79031112233' });
    const b = await buildApplication(db(), { formId: form.id, status: 'done', assigneeId: staff.id, email: `${tag}@mail.example` });
    // Yesterday 23:30 in Moscow: on yesterday's page, not today's.
    const yesterday = addDays(moscowIsoDate(new Date()), -1);
    const late = await buildApplication(db(), { formId: form.id, createdAt: moscowInstant(yesterday, '23:30') });
    const ids = async (query: string, session = staff.session) => (await call('GET', `/api/admin/school/applications/?form=${form.key}&${query}`, session)).json().results.map((r: { id: number }) => r.id);
    expect(await ids('')).toEqual([b.id, a.id, late.id]);
    expect(await ids('sort=created_at')).toEqual([late.id, a.id, b.id]);
    expect(await ids('status=done')).toEqual([b.id]);
    expect(await ids('assignee=me')).toEqual([b.id]);
    expect(await ids('assignee=me', other.session)).toEqual([]);
    expect(await ids(`assignee=${staff.id}`)).toEqual([b.id]);
    expect(await ids('assignee=none')).toEqual([a.id, late.id]);
    expect(await ids(`search=${encodeURIComponent(`мария ${tag}`)}`)).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent('8 903 111-22-33')}`)).toEqual([a.id]);
    expect(await ids(`search=${tag}%40mail`)).toEqual([b.id]);
    expect(await ids(`from=${yesterday}&to=${yesterday}`)).toEqual([late.id]);
    expect(await ids(`from=${addDays(yesterday, 1)}`)).toEqual([b.id, a.id]);
    const page = (await call('GET', `/api/admin/school/applications/?form=${form.key}&page_size=2&page=2`, staff.session)).json();
    expect(page).toMatchObject({ count: 3, next: null, results: [{ id: late.id }] });
    expect(page.previous).toContain('page_size=2');
  });

  it('answers bad parameters with Russian field errors, never 500', async () => {
    const bad = await call('GET', '/api/admin/school/applications/?status=closed&page_size=1000&assignee=boss&from=31.12.2026&course=abc', staff.session);
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.status).toEqual(['Допустимые значения: new, in_work, done, spam.']);
    expect(body.page_size).toEqual(['Не больше 100.']);
    expect(Object.keys(body).sort()).toEqual(['assignee', 'course', 'from', 'page_size', 'status']);
    for (const url of ['/api/admin/school/applications/0/', '/api/admin/school/applications/99999999999/', '/api/admin/school/applications/abc/']) {
      expect((await call('GET', url, staff.session)).statusCode, url).toBe(400);
    }
    const missing = await call('GET', '/api/admin/school/applications/2147483000/', staff.session);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: APPLICATION_TEXTS.notFound });
    for (const [url, payload] of [
      ['status/', { status: 'closed' }],
      ['status/', {}],
      ['assign/', { assignee_id: 'me' }],
      ['notes/', { text: '   ' }],
      ['notes/', { text: 'x'.repeat(2001) }],
      ['notes/', ['не объект']],
    ] as const) {
      const res = await call('POST', `/api/admin/school/applications/2147483000/${url}`, staff.session, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    const notes = await call('POST', '/api/admin/school/applications/2147483000/notes/', staff.session, { text: '  ' });
    expect(notes.json()).toEqual({ text: [APPLICATION_TEXTS.noteEmpty] });
  });
});

describe('one application', () => {
  it('shows the account and the orders of the same e-mail', async () => {
    const person = await buildUser(db(), { email: `${unique('buyer')}@example.ru`, lastName: 'Смирнова', firstName: 'Ирина' });
    const order = await buildOrder(db(), { payerEmail: person.email, userId: person.id });
    const application = await buildApplication(db(), { email: person.email });
    const card = (await call('GET', `/api/admin/school/applications/${application.id}/`, staff.session)).json();
    expect(card.person).toEqual({ id: person.id, email: person.email, name: 'Смирнова Ирина' });
    expect(card.orders).toEqual([expect.objectContaining({ id: order.id, code: order.code, status: 'confirmed', amount: 1_000_000 })]);
    expect(card.staff.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([staff.id, other.id]));
    const stranger = await buildApplication(db());
    const strangerCard = (await call('GET', `/api/admin/school/applications/${stranger.id}/`, staff.session)).json();
    expect(strangerCard).toMatchObject({ person: null, orders: [] });
  });

  it('is taken in work (and becomes the taker’s), assigned, noted and done; each step in the journal', async () => {
    const application = await buildApplication(db());
    const path = `/api/admin/school/applications/${application.id}/`;
    const journal = () => db().select().from(auditEvents).where(and(eq(auditEvents.entity, 'application'), eq(auditEvents.entityId, String(application.id)))).orderBy(desc(auditEvents.id));

    const taken = await call('POST', `${path}status/`, staff.session, { status: 'in_work' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'in_work', assignee: { id: staff.id, name: 'Кураторова Ольга' } });
    expect((await journal())[0]).toMatchObject({ action: 'application.status', actorId: staff.id, before: { status: 'new', assignee_id: null }, after: { status: 'in_work', assignee_id: staff.id } });
    const again = await call('POST', `${path}status/`, staff.session, { status: 'in_work' });
    expect(again.json()).toEqual({ status: [APPLICATION_TEXTS.sameStatus] });

    const assigned = await call('POST', `${path}assign/`, staff.session, { assignee_id: other.id });
    expect(assigned.json().assignee).toEqual({ id: other.id, name: 'Менеджеров Павел' });
    expect((await journal())[0]).toMatchObject({ action: 'application.assign', before: { assignee_id: staff.id }, after: { assignee_id: other.id } });
    const learner = await buildUser(db());
    const notStaff = await call('POST', `${path}assign/`, staff.session, { assignee_id: learner.id });
    expect(notStaff.json()).toEqual({ assignee_id: [APPLICATION_TEXTS.notStaff] });

    await call('POST', `${path}notes/`, staff.session, { text: 'Перезвонить после 18:00' });
    const noted = await call('POST', `${path}notes/`, other.session, { text: 'Договорились на вторник' });
    expect(noted.json().notes).toEqual([
      { id: expect.any(Number), text: 'Перезвонить после 18:00', author: 'Кураторова Ольга', created_at: expect.any(String) },
      { id: expect.any(Number), text: 'Договорились на вторник', author: 'Менеджеров Павел', created_at: expect.any(String) },
    ]);
    const [noteRecord] = await journal();
    expect(noteRecord).toMatchObject({ action: 'application.note', actorId: other.id, after: { length: 23 } });
    expect(JSON.stringify(noteRecord)).not.toContain('вторник');

    const done = await call('POST', `${path}status/`, other.session, { status: 'done' });
    expect(done.json()).toMatchObject({ status: 'done', assignee: { id: other.id } });
    expect(await journal()).toHaveLength(5);
  });

  it('changes nothing and writes no record for a refused change', async () => {
    const application = await buildApplication(db(), { status: 'spam' });
    const res = await call('POST', `/api/admin/school/applications/${application.id}/status/`, staff.session, { status: 'spam' });
    expect(res.statusCode).toBe(400);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.entity, 'application'), eq(auditEvents.entityId, String(application.id))))).toEqual([]);
  });
});

describe('the dashboard', () => {
  const sums = async () => (await call('GET', '/api/admin/school/dashboard/', staff.session)).json();

  it('counts sales by Moscow days: an order paid at 23:30 Moscow belongs to that day; refunds apart; waiting payments; groups', async () => {
    const before = await sums();
    const today = before.today;
    expect(today).toBe(moscowIsoDate(new Date()));
    const yesterday = addDays(today, -1);
    const course = await buildCourse(db(), { title: `Обзор ${unique('d')}` });
    // Paid a minute ago; paid yesterday at 23:30 Moscow (20:30 UTC); paid and refunded today.
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 300_000, paidAt: new Date(Date.now() - 60_000) });
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 500_000, paidAt: moscowInstant(yesterday, '23:30') });
    await buildOrder(db(), { courseId: course.id, status: 'refunded', amountKopecks: 200_000, paidAt: new Date(Date.now() - 120_000) });
    await buildOrder(db(), { courseId: course.id, status: 'awaiting_payment', amountKopecks: 700_000 });
    await buildApplication(db());
    const group = await buildGroup(db(), { courseId: course.id, startsOn: addDays(today, 5), capacity: 12, seatsHeld: 4 });
    await buildGroup(db(), { courseId: course.id, startsOn: addDays(today, 40) });

    const after = await sums();
    const delta = (path: (d: typeof after) => number) => path(after) - path(before);
    expect(delta((d) => d.sales.today.paid_count)).toBe(2);
    expect(delta((d) => d.sales.today.paid_sum)).toBe(500_000);
    expect(delta((d) => d.sales.today.refunded_count)).toBe(1);
    expect(delta((d) => d.sales.today.refunded_sum)).toBe(200_000);
    expect(delta((d) => d.sales.month.paid_sum)).toBe(today.slice(0, 8) === yesterday.slice(0, 8) ? 1_000_000 : 500_000);
    expect(delta((d) => d.new_applications)).toBe(1);
    expect(delta((d) => d.awaiting_payment.count)).toBe(1);
    expect(delta((d) => d.awaiting_payment.sum)).toBe(700_000);
    const day = (d: typeof after, iso: string) => d.daily.find((x: { day: string }) => x.day === iso);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1).day).toBe(today);
    expect(day(after, yesterday).sum - day(before, yesterday).sum).toBe(500_000);
    expect(day(after, today).count - day(before, today).count).toBe(2);
    expect(after.groups).toContainEqual({ id: group.id, title: group.title, course: { id: course.id, title: course.title }, starts_on: addDays(today, 5), taken: 4, capacity: 12 });
    expect(after.groups.every((g: { starts_on: string }) => g.starts_on >= today && g.starts_on <= addDays(today, 29))).toBe(true);
  });

  it('counts the money staff returned through the bank by the refund’s own time, a part included', async () => {
    const course = await buildCourse(db());
    const now = moscowInstant('2031-07-15', '12:00');
    const before = await getDashboard(db(), now);
    // Paid in June, a part returned today and another part the day before: today shows only today's part.
    const order = await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 900_000, paidAt: moscowInstant('2031-06-10', '10:00') });
    const [payment] = await db()
      .insert(payments)
      .values({ orderId: order.id, provider: 'testbank', attemptId: unique('attempt'), providerPaymentId: unique('pid'), status: 'confirmed', providerStatus: 'PARTIAL_REFUNDED', amountKopecks: 900_000 })
      .returning();
    await db().insert(paymentRefunds).values([
      { paymentId: payment!.id, amountKopecks: 100_000, providerStatus: 'PARTIAL_REFUNDED', createdAt: moscowInstant('2031-07-15', '09:00') },
      { paymentId: payment!.id, amountKopecks: 50_000, providerStatus: 'PARTIAL_REFUNDED', createdAt: moscowInstant('2031-07-14', '23:30') },
    ]);
    const after = await getDashboard(db(), now);
    expect(after.sales.today.refunded_sum - before.sales.today.refunded_sum).toBe(100_000);
    expect(after.sales.today.refunded_count - before.sales.today.refunded_count).toBe(1);
    expect(after.sales.month.refunded_sum - before.sales.month.refunded_sum).toBe(150_000);
    expect(after.sales.month.refunded_count - before.sales.month.refunded_count).toBe(1);
    // The sale itself was in June.
    expect(after.sales.month.paid_sum - before.sales.month.paid_sum).toBe(0);
  });

  it('takes weeks from Monday and months from the 1st, in Moscow time, at any moment of the server', async () => {
    const course = await buildCourse(db());
    // Sunday 2031-06-01 00:10 Moscow is still Saturday 31 May 21:10 UTC.
    const now = moscowInstant('2031-06-01', '00:10');
    const before = await getDashboard(db(), now);
    expect(before.today).toBe('2031-06-01');
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 100, paidAt: moscowInstant('2031-05-31', '23:59') });
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 10, paidAt: moscowInstant('2031-05-26', '00:00') });
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 1, paidAt: moscowInstant('2031-05-25', '23:59') });
    await buildOrder(db(), { courseId: course.id, status: 'paid', amountKopecks: 1000, paidAt: moscowInstant('2031-06-01', '00:05') });
    const after = await getDashboard(db(), now);
    const delta = (key: 'today' | 'week' | 'month') => after.sales[key].paid_sum - before.sales[key].paid_sum;
    expect(delta('today')).toBe(1000);
    // The week of Sunday 1 June began on Monday 26 May.
    expect(delta('week')).toBe(1110);
    expect(delta('month')).toBe(1000);
    expect(after.daily.map((d) => d.day).slice(-2)).toEqual(['2031-05-31', '2031-06-01']);
    expect(after.daily.find((d) => d.day === '2031-05-31')!.sum).toBe(100);
    await db().delete(orders).where(eq(orders.courseId, course.id));
  });
});
