import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, ORDER_TEXTS, YEAR_FORMS, addDays, ageOn, moscowIsoDate, pluralRu } from '@crema/contract';
import { consents, groups, mailOutbox, orderStudents, orders, students, userCourses, users } from '../../db/schema/index.ts';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildCourse, buildEnrolment, buildGroup, buildStatisticsSource, buildStudent, buildUser, signInAs, unique } from '../../test/factories.ts';

// The order form, the order code, LoginOrder's claim, seats and "my orders" over real HTTP
// (app.inject) and the real database. Payments are in payments-flow.test.ts.
let t: TestContext;
beforeAll(async () => {
  // Every request here comes from one address; the per-address budget has its own tests below.
  t = await createTestApp({ ORDERS_PER_IP_HOUR: '1000' });
});
afterAll(async () => {
  await t?.close();
});

function payer(overrides: Record<string, unknown> = {}) {
  return {
    last_name: 'Иванова',
    first_name: 'Анна',
    patronymic: 'Сергеевна',
    phone: '+7 916-123-45-67',
    email: `${unique('payer')}@example.ru`,
    consent_privacy: true,
    consent_personal_data: true,
    study_for_self: true,
    ...overrides,
  };
}

function order(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/order/request/', payload, headers });
}

async function orderRow(code: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

describe('POST /api/order/request/', () => {
  it('is documented by the contract\'s form schema: typed fields, the required ones listed, no other keys', async () => {
    type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; additionalProperties?: boolean; items?: Schema };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
      components: { schemas: Record<string, Schema> };
    };
    const content = doc.paths['/api/order/request/']!.post.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const ref = content['application/json']!.schema.$ref;
    expect(content['multipart/form-data']!.schema.$ref).toBe(ref);
    const form = doc.components.schemas[ref.split('/').pop()!]!;
    expect(form.type).toBe('object');
    expect(form.additionalProperties).toBe(false);
    expect(form.required).toEqual(
      expect.arrayContaining(['course_slug', 'last_name', 'first_name', 'phone', 'email', 'consent_privacy', 'consent_personal_data']),
    );
    // Many people have no patronymic: the payer's is optional.
    expect(form.required).not.toContain('patronymic');
    expect(form.required).not.toContain('students');
    const types = Object.fromEntries(Object.entries(form.properties!).map(([name, field]) => [name, field.type]));
    expect(types).toMatchObject({
      course_slug: 'string',
      last_name: 'string',
      phone: 'string',
      email: 'string',
      consent_privacy: 'boolean',
      consent_personal_data: 'boolean',
      consent_advertising: 'boolean',
      study_for_self: 'boolean',
      students: 'array',
      group: 'string',
      student_type: 'string',
    });
    expect(form.properties!.students!.items!.type).toBe('integer');
  });

  it('answers every missing field in Russian, per field, with nothing written', async () => {
    const before = (await t.database.db.select().from(orders)).length;
    const res = await order({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      course_slug: ['Курс не найден.'],
      last_name: ['Укажите фамилию.'],
      first_name: ['Укажите имя.'],
      phone: ['Укажите телефон.'],
      email: ['Укажите адрес электронной почты.'],
      consent_privacy: [ORDER_TEXTS.privacyRequired],
      consent_personal_data: [ORDER_TEXTS.personalDataRequired],
      students: [ORDER_TEXTS.studentsRequired],
    });
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('refuses a bad phone, e-mail and name, and an unknown field', async () => {
    const course = await buildCourse(t.database.db);
    const res = await order(payer({ course_slug: course.slug, phone: '12345', email: 'not-an-address', first_name: 'Анна1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      phone: ['Введите номер в формате +7 (999) 999-99-99.'],
      email: ['Введите корректный адрес электронной почты.'],
      first_name: ['Только буквы, пробелы, дефисы и апострофы.'],
    });
    const unknown = await order({ ...payer({ course_slug: course.slug }), price: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ price: ['Неизвестное поле.'] });
  });

  it('takes a payer without a patronymic (stored as none) and still checks one that is given', async () => {
    const course = await buildCourse(t.database.db);
    const { patronymic: _left, ...withoutPatronymic } = payer({ course_slug: course.slug });
    const res = await order(withoutPatronymic);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(res.json().order.code)).payerPatronymic).toBeNull();
    const blank = await order(payer({ course_slug: course.slug, patronymic: '  ' }));
    expect(blank.statusCode).toBe(200);
    expect((await orderRow(blank.json().order.code)).payerPatronymic).toBeNull();
    const wrong = await order(payer({ course_slug: course.slug, patronymic: 'Сергеевна2' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ patronymic: ['Только буквы, пробелы, дефисы и апострофы.'] });
  });

  it('refuses a course without a price with __all__', async () => {
    const course = await buildCourse(t.database.db, { priceKopecks: null });
    const res = await order(payer({ course_slug: course.slug }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ __all__: [ORDER_TEXTS.priceOnRequest] });
  });

  it("takes a guest's order for themselves: amount from the server, the code mailed, status new", async () => {
    const course = await buildCourse(t.database.db, { priceKopecks: 1_250_000 });
    const body = payer({ course_slug: course.slug, amount: undefined, phone: '8 (916) 123-45-67', consent_advertising: 'on', session_key: 'guest-session-1' });
    const res = await order(body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      next: 'confirm_email',
      success_message: ORDER_TEXTS.successConfirm,
      resend_after: 30,
      order: { status: 'new', amount: 1_250_000, amount_text: '12\u00a0500\u00a0₽', study_for_self: true, students: [], course: { slug: course.slug } },
    });
    expect(answer.order.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await orderRow(answer.order.code);
    expect(row).toMatchObject({ userId: null, sessionKey: 'guest-session-1', payerPhone: '79161234567', consentAdvertising: true });
    expect(await lastMailedCode(t.database, body.email as string)).toMatch(/^\d{4}$/);
  });

  it('records the statistics source by its key; an unknown one is ignored', async () => {
    const source = await buildStatisticsSource(t.database.db, { key: unique('yandex_direct') });
    const course = await buildCourse(t.database.db);
    const known = await order(payer({ course_slug: course.slug, utm_source: source.key }));
    expect((await orderRow(known.json().order.code)).statisticsSourceId).toBe(source.id);
    const unknown = await order(payer({ course_slug: course.slug, statistics_source: 'nowhere' }));
    expect((await orderRow(unknown.json().order.code)).statisticsSourceId).toBeNull();
  });

  it('accepts the multipart application form', async () => {
    const course = await buildCourse(t.database.db);
    const form = new FormData();
    for (const [key, value] of Object.entries(payer({ course_slug: course.slug }))) form.append(key, String(value));
    form.append('g-recaptcha-response', 'token');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/request/',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: 'confirm_email', order: { amount: 1_000_000 } });
  });

  it("checks a guest's new student with the account's rules, keyed student_*", async () => {
    const course = await buildCourse(t.database.db);
    const res = await order(payer({ course_slug: course.slug, study_for_self: false, student_type: 'child', student_last_name: 'Иванов', student_first_name: 'Петя' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ student_birthdate: ['Укажите дату рождения ребёнка.'] });
    const both = await order(payer({ course_slug: course.slug, study_for_self: true, students: [1] }));
    expect(both.json()).toMatchObject({ students: [ORDER_TEXTS.studentsOrSelf, ORDER_TEXTS.studentsSignIn] });
  });

  it("takes a signed-in parent's order for their own students: price × learners, straight to payment", async () => {
    const parent = await buildUser(t.database.db);
    const session = await signInAs(t.app, parent);
    const a = await buildStudent(t.database.db, { userId: parent.id, firstName: 'Петя', lastName: 'Иванов' });
    const b = await buildStudent(t.database.db, { userId: parent.id, firstName: 'Маша', lastName: 'Иванова' });
    const course = await buildCourse(t.database.db, { priceKopecks: 700_000 });
    const res = await order(payer({ course_slug: course.slug, study_for_self: false, students: [a.id, b.id] }), session.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: 'pay', order: { status: 'confirmed', amount: 1_400_000, study_for_self: false } });
    expect(res.json().order.students).toHaveLength(2);
    const row = await orderRow(res.json().order.code);
    expect(row.userId).toBe(parent.id);
    // The order form's consents became the account's consent records.
    const kinds = (await t.database.db.select().from(consents).where(eq(consents.userId, parent.id))).map((c) => c.kind).sort();
    expect(kinds).toEqual(['personal_data', 'privacy_policy']);

    const stranger = await buildStudent(t.database.db, { userId: (await buildUser(t.database.db)).id });
    const foreign = await order(payer({ course_slug: course.slug, study_for_self: false, students: [stranger.id] }), session.headers);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ students: [ORDER_TEXTS.studentNotFound] });
  });

  it("creates a new student in the account of a signed-in person; a child with the parent's consent recorded under the child's document", async () => {
    const parent = await buildUser(t.database.db);
    const session = await signInAs(t.app, parent);
    const course = await buildCourse(t.database.db);
    const child = { course_slug: course.slug, study_for_self: false, student_type: 'child', student_last_name: 'Иванов', student_first_name: 'Петя', student_birthdate: '2016-05-01' };
    const unconsented = await order(payer(child), session.headers);
    expect(unconsented.statusCode).toBe(400);
    expect(unconsented.json()).toEqual({ consent_child_personal_data: [CONSENT_TEXTS.childConsentRequired] });
    const res = await order(payer({ ...child, consent_child_personal_data: true }), session.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.students).toEqual(['Иванов Петя']);
    const own = await t.database.db.select().from(students).where(eq(students.userId, parent.id));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ studentType: 'child', dateBirth: '2016-05-01' });
    const records = await t.database.db.select().from(consents).where(and(eq(consents.userId, parent.id), eq(consents.kind, 'child_personal_data')));
    expect(records).toEqual([expect.objectContaining({ version: 1, studentId: own[0]!.id, studentName: 'Иванов Петя', withdrawnAt: null })]);
  });

  it('enrols at once in a free course', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db, { priceKopecks: 0 });
    const res = await order(payer({ course_slug: course.slug, email: user.email }), session.headers);
    expect(res.json()).toMatchObject({ next: 'enrolled', success_message: ORDER_TEXTS.successEnrolled, order: { status: 'paid', amount: 0 } });
    const enrolled = await t.database.db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, course.id)));
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]!.orderId).toBe((await orderRow(res.json().order.code)).id);
  });
});

describe("the payer's data and the profile", () => {
  it("an order fills the account's empty profile fields and never overwrites the ones set", async () => {
    const empty = await buildUser(t.database.db);
    const first = await buildCourse(t.database.db);
    const res = await order(payer({ course_slug: first.slug, email: empty.email }), (await signInAs(t.app, empty)).headers);
    expect(res.statusCode).toBe(200);
    const [filled] = await t.database.db.select().from(users).where(eq(users.id, empty.id));
    expect(filled).toMatchObject({ lastName: 'Иванова', firstName: 'Анна', patronymic: 'Сергеевна', phone: '79161234567' });

    const set = await buildUser(t.database.db, { lastName: 'Смирнова', firstName: 'Ольга', phone: '79160000000' });
    const second = await buildCourse(t.database.db);
    const again = await order(payer({ course_slug: second.slug, email: set.email }), (await signInAs(t.app, set)).headers);
    expect(again.statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, set.id));
    // The fields the person set stay; only the empty patronymic is filled.
    expect(kept).toMatchObject({ lastName: 'Смирнова', firstName: 'Ольга', patronymic: 'Сергеевна', phone: '79160000000' });
  });

  it("a payer with someone else's address fills nothing; a guest's confirmed order fills the new account", async () => {
    const user = await buildUser(t.database.db);
    const course = await buildCourse(t.database.db);
    const res = await order(payer({ course_slug: course.slug }), (await signInAs(t.app, user)).headers);
    expect(res.statusCode).toBe(200);
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(untouched).toMatchObject({ lastName: null, firstName: null, patronymic: null, phone: null });

    const guest = payer({ course_slug: course.slug, patronymic: '' });
    const placed = await order(guest);
    const digits = await lastMailedCode(t.database, guest.email);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/order/${placed.json().order.code}/confirm/`, payload: { code: digits } });
    expect(confirmed.statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, guest.email));
    expect(account).toMatchObject({ lastName: 'Иванова', firstName: 'Анна', patronymic: null, phone: '79161234567' });
  });
});

describe('groups and seats', () => {
  it('asks for a group when the course runs in groups, by id or start date', async () => {
    const course = await buildCourse(t.database.db);
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 5 });
    expect((await order(payer({ course_slug: course.slug }))).json()).toEqual({ group: [ORDER_TEXTS.groupRequired] });
    expect((await order(payer({ course_slug: course.slug, group: '2001-01-01' }))).json()).toEqual({ group: [ORDER_TEXTS.groupNotFound] });
    const res = await order(payer({ course_slug: course.slug, group: group.startsOn }));
    expect(res.statusCode).toBe(200);
    expect(res.json().order.group).toEqual({ id: group.id, title: group.title, starts_on: group.startsOn });
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(1);
  });

  it('never overbooks: of eight orders sent at once for the last seat, exactly one gets it', async () => {
    const course = await buildCourse(t.database.db);
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 1 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(payer({ course_slug: course.slug, group: group.id }))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(refused.json()).toEqual({ group: [ORDER_TEXTS.groupFull] });
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(1);
    expect(await t.database.db.select().from(orders).where(eq(orders.groupId, group.id))).toHaveLength(1);
  });

  it('an unpaid order holds its seats ORDER_HOLD_MINUTES, then the sweep frees them for the next buyer', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db, { priceKopecks: 100_000 });
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 6 });
    const ids = [];
    for (let i = 0; i < 6; i += 1) ids.push((await buildStudent(t.database.db, { userId: user.id })).id);
    const started = Date.now();
    const res = await order(payer({ course_slug: course.slug, group: group.id, study_for_self: false, students: ids, email: user.email }), session.headers);
    expect(res.statusCode).toBe(200);
    const { code, held_until: heldUntil } = res.json().order as { code: string; held_until: string };
    // Thirty minutes by default, shown with the order.
    expect(Date.parse(heldUntil) - started).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(heldUntil) - started).toBeLessThan(31 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` })).json().order.held_until).toBe(heldUntil);
    expect((await order(payer({ course_slug: course.slug, group: group.id }))).json()).toEqual({ group: [ORDER_TEXTS.groupFull] });

    // Before the time nothing happens; after it the order is cancelled and the seats return.
    expect(await t.app.orders.expireHolds()).toBe(0);
    await t.database.db.update(orders).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(orders.code, code));
    expect(await t.app.orders.expireHolds()).toBe(1);
    const expired = await orderRow(code);
    expect(expired).toMatchObject({ status: 'cancelled', seatsHeld: 0, heldUntil: null });
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(0);
    const next = await order(payer({ course_slug: course.slug, group: group.id }));
    expect(next.statusCode).toBe(200);
    // A guest's order is held the same way: once ended, its code says so.
    const guest = (await order(payer({ course_slug: course.slug, group: group.id }))).json().order.code as string;
    await t.database.db.update(orders).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(orders.code, guest));
    expect(await t.app.orders.expireHolds()).toBe(1);
    const late = await t.app.inject({ method: 'POST', url: `/api/order/${guest}/confirm/`, payload: { code: '1234' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: ORDER_TEXTS.holdExpired });
    // An order without a group holds nothing and shows no hold.
    const plain = await order(payer({ course_slug: (await buildCourse(t.database.db)).slug }));
    expect(plain.json().order.held_until).toBeNull();
  });

  it('parallel orders of signed-in buyers for the last seats never oversell; an expired hold frees them again', async () => {
    const course = await buildCourse(t.database.db);
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, async () => {
      const user = await buildUser(t.database.db);
      return { user, session: await signInAs(t.app, user) };
    }));
    const answers = await Promise.all(buyers.map((b) => order(payer({ course_slug: course.slug, group: group.id, email: b.user.email }), b.session.headers)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json())).toEqual(Array(7).fill({ group: [ORDER_TEXTS.groupFull] }));
    await t.database.db.update(orders).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(orders.groupId, group.id));
    expect(await t.app.orders.expireHolds()).toBe(3);
    const again = await Promise.all(buyers.map((b) => order(payer({ course_slug: course.slug, group: group.id, email: b.user.email }), b.session.headers)));
    expect(again.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(3);
  });

  it("cancels guests' orders left unconfirmed, returning their seats, and leaves fresh ones", async () => {
    const course = await buildCourse(t.database.db);
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 2 });
    const stale = (await order(payer({ course_slug: course.slug, group: group.id }))).json().order.code as string;
    const fresh = (await order(payer({ course_slug: course.slug, group: group.id }))).json().order.code as string;
    await t.database.db.update(orders).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(orders.code, stale));
    expect(await t.app.orders.expireUnconfirmed(24 * 3_600_000)).toBe(1);
    expect((await orderRow(stale)).status).toBe('cancelled');
    expect((await orderRow(fresh)).status).toBe('new');
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(1);
  });

  it('gives the seats back when an unpaid order is cancelled', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db);
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity: 1 });
    const first = await order(payer({ course_slug: course.slug, group: group.id }), session.headers);
    expect((await order(payer({ course_slug: course.slug, group: group.id }))).statusCode).toBe(400);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/user/orders/${first.json().order.code}/cancel/`, headers: session.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', status_title: 'Отменён', can_pay: false, can_cancel: false });
    const [row] = await t.database.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(0);
    expect((await order(payer({ course_slug: course.slug, group: group.id }))).statusCode).toBe(200);
  });
});

describe('the order code (InputCodeOrder) and LoginOrder', () => {
  async function guestOrder(extra: Record<string, unknown> = {}) {
    const course = await buildCourse(t.database.db, { priceKopecks: 500_000 });
    const body = payer({ course_slug: course.slug, ...extra });
    const res = await order(body);
    expect(res.statusCode).toBe(200);
    return { code: res.json().order.code as string, email: body.email as string, course };
  }

  it('resends the code only after 30 s, enforced on the server', async () => {
    const { code } = await guestOrder();
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${code}/send_code/` });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(again.json().detail).toMatch(/^Письмо уже отправлено/);
    // Thirty seconds later (the window moved back in the database), a new code goes out.
    await t.database.pool.query(`update rate_limits set window_starts_at = window_starts_at - interval '31 seconds' where key like 'send:order:%'`);
    const later = await t.app.inject({ method: 'POST', url: `/api/order/${code}/send_code/` });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ resend_after: 30 });
  });

  it('a wrong code is refused like sign-in; the right one signs a new person in, registers them and confirms the order', async () => {
    const { code, email } = await guestOrder({ study_for_self: false, student_type: 'child', student_last_name: 'Петров', student_first_name: 'Ваня', student_birthdate: '2015-02-03', consent_advertising: true, consent_child_personal_data: true });
    const digits = await lastMailedCode(t.database, email);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/order/${code}/confirm/`, payload: { code: digits === '0000' ? '1111' : '0000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code[0]).toMatch(/^Код не подходит или устарел\. Осталось попыток: 4\.$/);
    const right = await t.app.inject({ method: 'POST', url: `/api/order/${code}/confirm/`, payload: { code: digits }, headers: { 'x-crema-client': 'web' } });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ next: 'pay', user: { email }, order: { status: 'confirmed', students: ['Петров Ваня'] } });
    expect(right.json().access).toBeUndefined();
    expect(String(right.headers['set-cookie'])).toContain('crema_access=');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect((await orderRow(code)).userId).toBe(user!.id);
    // The guest's student became the account's student, linked from the order.
    const [student] = await t.database.db.select().from(students).where(eq(students.userId, user!.id));
    expect(student).toMatchObject({ lastName: 'Петров', firstName: 'Ваня', studentType: 'child', dateBirth: '2015-02-03' });
    const [snapshot] = await t.database.db.select().from(orderStudents).where(eq(orderStudents.orderId, (await orderRow(code)).id));
    expect(snapshot!.studentId).toBe(student!.id);
    const kinds = (await t.database.db.select().from(consents).where(eq(consents.userId, user!.id))).map((c) => c.kind).sort();
    expect(kinds).toEqual(['advertising', 'child_personal_data', 'personal_data', 'privacy_policy']);
    // The code is spent and the order confirmed: a second confirmation is a conflict.
    const twice = await t.app.inject({ method: 'POST', url: `/api/order/${code}/confirm/`, payload: { code: digits } });
    expect(twice.statusCode).toBe(409);
  });

  it("a guest's free course enrols once the e-mail is confirmed", async () => {
    const course = await buildCourse(t.database.db, { priceKopecks: 0 });
    const body = payer({ course_slug: course.slug });
    const res = await order(body);
    expect(res.json()).toMatchObject({ next: 'confirm_email', order: { status: 'new', amount: 0 } });
    const subjects = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email as string))).map((m) => m.subject);
    expect(subjects[0]).toMatch(/^Код подтверждения заказа: \d{4}$/);
    const digits = await lastMailedCode(t.database, body.email as string);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/order/${res.json().order.code}/confirm/`, payload: { code: digits } });
    expect(confirmed.json()).toMatchObject({ next: 'enrolled', order: { status: 'paid' } });
    const row = await orderRow(res.json().order.code);
    expect(await t.database.db.select().from(userCourses).where(eq(userCourses.orderId, row.id))).toHaveLength(1);
  });

  it("another order's code does not confirm this order", async () => {
    const email = `${unique('two')}@example.ru`;
    const first = await guestOrder({ email });
    const firstCode = await lastMailedCode(t.database, email);
    await t.database.pool.query(`delete from rate_limits where key like 'send:%'`);
    const second = await guestOrder({ email });
    const secondCode = await lastMailedCode(t.database, email);
    if (firstCode === secondCode) return; // One in ten thousand: nothing to tell apart.
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${second.code}/confirm/`, payload: { code: firstCode } });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(first.code)).status).toBe('new');
  });

  it('LoginOrder: a person signed in with the payer address claims the order; anyone else gets a 404', async () => {
    const { code, email } = await guestOrder();
    const other = await signInAs(t.app, await buildUser(t.database.db));
    const foreign = await t.app.inject({ method: 'POST', url: `/api/order/${code}/claim/`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    const owner = await buildUser(t.database.db, { email });
    const session = await signInAs(t.app, owner);
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${code}/claim/`, headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ next: 'pay', order: { status: 'confirmed' } });
    expect((await orderRow(code)).userId).toBe(owner.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${code}/claim/`, headers: other.headers })).statusCode).toBe(404);
  });

  it('the guest is asked to sign in to claim', async () => {
    const { code } = await guestOrder();
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${code}/claim/` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/order/unknown-code/send_code/` })).statusCode).toBe(404);
  });
});

describe('GET /api/user/orders/', () => {
  it("lists the payer's orders newest first, and only theirs", async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const older = await buildCourse(t.database.db, { title: 'Старый курс' });
    const newer = await buildCourse(t.database.db, { title: 'Новый курс' });
    await order(payer({ course_slug: older.slug }), session.headers);
    await order(payer({ course_slug: newer.slug }), session.headers);
    await order(payer({ course_slug: newer.slug }), (await signInAs(t.app, await buildUser(t.database.db))).headers);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/orders/', headers: session.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { course: { title: string } }) => o.course.title)).toEqual(['Новый курс', 'Старый курс']);
    expect(list[0]).toMatchObject({ status: 'confirmed', status_title: 'Ожидает оплаты', can_pay: true, can_cancel: true, receipt_url: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/orders/' })).statusCode).toBe(401);
  });

  it('gives each order its own group and learners when several are listed', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db);
    const spring = await buildGroup(t.database.db, { courseId: course.id, title: 'Весенняя' });
    const summer = await buildGroup(t.database.db, { courseId: course.id, title: 'Летняя' });
    const petya = await buildStudent(t.database.db, { userId: user.id, firstName: 'Петя', lastName: 'Иванов', patronymic: null });
    const masha = await buildStudent(t.database.db, { userId: user.id, firstName: 'Маша', lastName: 'Иванова', patronymic: null });
    const vasya = await buildStudent(t.database.db, { userId: user.id, firstName: 'Вася', lastName: 'Иванов', patronymic: null });
    const codes = [];
    for (const body of [
      { group: spring.id, study_for_self: false, students: [petya.id] },
      // (Petya has an open order of this course already: a learner is ordered a course once.)
      { group: summer.id, study_for_self: false, students: [masha.id, vasya.id] },
      { group: summer.id, study_for_self: true },
    ]) {
      const res = await order(payer({ course_slug: course.slug, ...body }), session.headers);
      expect(res.statusCode).toBe(200);
      codes.push(res.json().order.code as string);
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/user/orders/', headers: session.headers })).json() as {
      code: string;
      group: { title: string } | null;
      students: string[];
    }[];
    const byCode = new Map(list.map((item) => [item.code, item]));
    expect(byCode.get(codes[0]!)).toMatchObject({ group: { title: 'Весенняя' }, students: ['Иванов Петя'] });
    expect(byCode.get(codes[1]!)).toMatchObject({ group: { title: 'Летняя' }, students: ['Иванова Маша', 'Иванов Вася'] });
    expect(byCode.get(codes[2]!)).toMatchObject({ group: { title: 'Летняя' }, students: [] });
  });

  it('refuses to cancel a paid order, and answers 404 for another account', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const free = await buildCourse(t.database.db, { priceKopecks: 0 });
    const paid = await order(payer({ course_slug: free.slug }), session.headers);
    const res = await t.app.inject({ method: 'POST', url: `/api/user/orders/${paid.json().order.code}/cancel/`, headers: session.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ORDER_TEXTS.cancelPaid });
    const other = await signInAs(t.app, await buildUser(t.database.db));
    const foreign = await t.app.inject({ method: 'POST', url: `/api/user/orders/${paid.json().order.code}/cancel/`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('mail', () => {
  it('sends the payer a Russian letter when a free order enrols', async () => {
    const user = await buildUser(t.database.db);
    const course = await buildCourse(t.database.db, { priceKopecks: 0, title: 'Капучино дома' });
    await order(payer({ course_slug: course.slug, email: user.email }), (await signInAs(t.app, user)).headers);
    const letters = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(letters.map((l) => l.subject)).toContain('Заказ оплачен: Капучино дома');
  });
});

describe('order budgets', () => {
  it('an address places at most ORDERS_PER_IP_HOUR orders an hour, exactly, even at once', async () => {
    const limited = await createTestApp({ ORDERS_PER_IP_HOUR: '3' });
    try {
      const course = await buildCourse(limited.database.db);
      const send = (index: number) =>
        limited.app.inject({ method: 'POST', url: '/api/order/request/', payload: payer({ course_slug: course.slug, session_key: `guest-${index}` }) });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => send(index)));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      const refused = answers.find((res) => res.statusCode === 429)!;
      expect(refused.json()).toEqual({ detail: ORDER_TEXTS.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.database.db.select().from(orders)).toHaveLength(3);
      // Another address is not held back by it.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/order/request/',
        payload: payer({ course_slug: course.slug }),
        remoteAddress: '198.51.100.7',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a second open order and an order for a learner already studying the course, in Russian', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db);
    const child = await buildStudent(t.database.db, { userId: user.id });
    const other = await buildStudent(t.database.db, { userId: user.id });
    const self = payer({ course_slug: course.slug, email: user.email });
    expect((await order(self, session.headers)).statusCode).toBe(200);
    const again = await order(self, session.headers);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ students: [ORDER_TEXTS.openOrderExists] });
    // Another learner of the same account is another matter; the same student again is not.
    const forChild = payer({ course_slug: course.slug, email: user.email, study_for_self: false, students: [child.id] });
    expect((await order(forChild, session.headers)).statusCode).toBe(200);
    expect((await order({ ...forChild, students: [other.id, child.id] }, session.headers)).json()).toEqual({ students: [ORDER_TEXTS.openOrderExists] });
    // Already studying (enrolled by any way): refused before the order.
    const studied = await buildCourse(t.database.db);
    await buildEnrolment(t.database.db, { userId: user.id, courseId: studied.id });
    await buildEnrolment(t.database.db, { userId: user.id, courseId: studied.id, studentId: child.id });
    expect((await order(payer({ course_slug: studied.slug, email: user.email }), session.headers)).json()).toEqual({ students: [ORDER_TEXTS.alreadyStudyingSelf] });
    expect((await order({ ...forChild, course_slug: studied.slug }, session.headers)).json()).toEqual({ students: [ORDER_TEXTS.alreadyStudying] });
    expect((await order({ ...forChild, course_slug: studied.slug, students: [other.id] }, session.headers)).statusCode).toBe(200);
    // A cancelled order is no obstacle.
    const cancelOf = (await t.database.db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.courseId, course.id), eq(orders.studyForSelf, true))))[0]!;
    expect((await t.app.inject({ method: 'POST', url: `/api/user/orders/${cancelOf.code}/cancel/`, headers: session.headers })).statusCode).toBe(200);
    expect((await order(self, session.headers)).statusCode).toBe(200);
  });

  it('of parallel orders of one account for the same learner and course, one is taken', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    const course = await buildCourse(t.database.db);
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(payer({ course_slug: course.slug, email: user.email }), session.headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(await t.database.db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.courseId, course.id)))).toHaveLength(1);
  });

  it('refuses a total beyond the amount columns with a Russian field error, not a 500', async () => {
    const user = await buildUser(t.database.db);
    const session = await signInAs(t.app, user);
    // 15 000 000 ₽ a learner, two learners: 3 000 000 000 kopecks do not fit.
    const course = await buildCourse(t.database.db, { priceKopecks: 1_500_000_000 });
    const ids = [(await buildStudent(t.database.db, { userId: user.id })).id, (await buildStudent(t.database.db, { userId: user.id })).id];
    const res = await order(payer({ course_slug: course.slug, email: user.email, study_for_self: false, students: ids }), session.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ students: [ORDER_TEXTS.totalTooLarge] });
    expect((await order(payer({ course_slug: course.slug, email: user.email, study_for_self: false, students: ids.slice(0, 1) }), session.headers)).statusCode).toBe(200);
  });

  it('a form with mistakes spends nothing of the budget', async () => {
    const limited = await createTestApp({ ORDERS_PER_IP_HOUR: '1' });
    try {
      const course = await buildCourse(limited.database.db);
      for (let i = 0; i < 3; i += 1) {
        const bad = await limited.app.inject({ method: 'POST', url: '/api/order/request/', payload: payer({ course_slug: course.slug, phone: '12' }) });
        expect(bad.statusCode).toBe(400);
      }
      const good = await limited.app.inject({ method: 'POST', url: '/api/order/request/', payload: payer({ course_slug: course.slug }) });
      expect(good.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('one guest session or account places at most 10 orders an hour', async () => {
    const course = await buildCourse(t.database.db);
    const sessionKey = unique('session');
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await order(payer({ course_slug: course.slug, session_key: sessionKey }))).statusCode);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    // The same person from a fresh session is the address's business, not this session's.
    expect((await order(payer({ course_slug: course.slug, session_key: unique('session') }))).statusCode).toBe(200);

    const user = await buildUser(t.database.db);
    const { headers } = await signInAs(t.app, user);
    const signedIn = [];
    // Each for another course: a second open order of one course for the same learner is refused anyway.
    for (let i = 0; i < 11; i += 1) {
      const other = await buildCourse(t.database.db);
      signedIn.push((await order(payer({ course_slug: other.slug, email: user.email }), headers)).statusCode);
    }
    expect(signedIn).toEqual([...Array(10).fill(200), 429]);
  });
});

describe("the course's age range", () => {
  /** The date `years` before `on` ('YYYY-MM-DD'), `days` later. */
  const bornBefore = (on: string, years: number, days = 0) => addDays(`${String(Number(on.slice(0, 4)) - years).padStart(4, '0')}${on.slice(4)}`, days);
  const today = () => moscowIsoDate(new Date());
  const child = (slug: string, birth: string, extra: Record<string, unknown> = {}) =>
    payer({
      course_slug: slug,
      study_for_self: false,
      student_type: 'child',
      student_last_name: 'Иванов',
      student_first_name: 'Петя',
      student_birthdate: birth,
      consent_child_personal_data: true,
      ...extra,
    });

  it('refuses a child outside the range at the birth date, saying the range and the age, with nothing written', async () => {
    const course = await buildCourse(t.database.db, { isKids: true, ageMin: 10, ageMax: 14 });
    const res = await order(child(course.slug, '2021-05-10'));
    expect(res.statusCode).toBe(400);
    const age = ageOn('2021-05-10', today());
    expect(res.json()).toEqual({ student_birthdate: [`Курс для детей 10–14 лет, а ребёнку сейчас ${age} ${pluralRu(age, YEAR_FORMS)}.`] });
    const older = await order(child(course.slug, bornBefore(today(), 15)));
    expect(older.json()).toEqual({ student_birthdate: ['Курс для детей 10–14 лет, а ребёнку сейчас 15 лет.'] });
    expect(await t.database.db.select().from(orders).where(eq(orders.courseId, course.id))).toEqual([]);
  });

  it('takes a child of exactly 10 and one the day before the 15th birthday; a course without a range takes anyone', async () => {
    const course = await buildCourse(t.database.db, { isKids: true, ageMin: 10, ageMax: 14 });
    expect((await order(child(course.slug, bornBefore(today(), 10)))).statusCode).toBe(200);
    expect((await order(child(course.slug, bornBefore(today(), 15, 1)))).statusCode).toBe(200);
    const open = await buildCourse(t.database.db, { isKids: true });
    expect((await order(child(open.slug, '2021-05-10'))).statusCode).toBe(200);
  });

  it("counts the age on the chosen group's start", async () => {
    const course = await buildCourse(t.database.db, { isKids: true, ageMin: 10, ageMax: 14 });
    const startsOn = addDays(today(), 30);
    const group = await buildGroup(t.database.db, { courseId: course.id, startsOn });
    // Turns 10 on the start: 9 today, in the range for this group.
    expect((await order(child(course.slug, bornBefore(startsOn, 10), { group: String(group.id) }))).statusCode).toBe(200);
    // Turns 15 the day before the start.
    const late = await order(child(course.slug, bornBefore(startsOn, 15, -1), { group: String(group.id) }));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ student_birthdate: ['Курс для детей 10–14 лет, а ребёнку к началу занятий будет 15 лет.'] });
  });

  it("checks a signed-in parent's saved child, by name under students", async () => {
    const parent = await buildUser(t.database.db);
    const session = await signInAs(t.app, parent);
    const course = await buildCourse(t.database.db, { isKids: true, ageMin: 10, ageMax: 14 });
    const small = await buildStudent(t.database.db, { userId: parent.id, studentType: 'child', firstName: 'Миша', lastName: 'Петров', dateBirth: bornBefore(today(), 6) });
    const res = await order(payer({ course_slug: course.slug, study_for_self: false, students: [small.id] }), session.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ students: ['Миша Петров: курс для детей 10–14 лет, а ребёнку сейчас 6 лет.'] });
    const fits = await buildStudent(t.database.db, { userId: parent.id, studentType: 'child', dateBirth: bornBefore(today(), 12) });
    expect((await order(payer({ course_slug: course.slug, study_for_self: false, students: [fits.id] }), session.headers)).statusCode).toBe(200);
  });
});
