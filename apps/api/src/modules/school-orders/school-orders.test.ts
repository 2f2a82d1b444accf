import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, groups, idempotencyKeys, mailOutbox, orders, paymentRefunds, payments, userCourses } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildGroup, buildOrder, buildPromo, buildStudent, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { signRequest } from '../payments/tbank/token.ts';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from '../payments/testbank/credentials.ts';
import { TEST_CARDS, testBank } from '../payments/testbank/plugin.ts';

// Staff's orders over real HTTP, with the test bank as a server of its own (refunds go through its
// Cancel). PUBLIC_URL points at a closed port: the bank's own notifications are lost, so only the
// answers the app asks for, or notifications signed here, move a payment.
let bank: FastifyInstance;
let t: TestContext;
let staff: TestSession;

beforeAll(async () => {
  bank = Fastify({ logger: false });
  await bank.register(testBank, { prefix: TESTBANK_PREFIX, terminalKey: TESTBANK_TERMINAL_KEY, password: TESTBANK_PASSWORD, retryDelaysMs: [] });
  const bankUrl = await bank.listen({ host: '127.0.0.1', port: 0 });
  t = await createTestApp({
    PUBLIC_URL: 'http://127.0.0.1:9',
    TBANK_TERMINAL_KEY: TESTBANK_TERMINAL_KEY,
    TBANK_PASSWORD: TESTBANK_PASSWORD,
    TBANK_API_URL: `${bankUrl}${TESTBANK_PREFIX}/v2`,
    ORDERS_PER_IP_HOUR: '1000',
  });
  staff = await signInAs(t.app, await buildUser(t.database.db, { isStaff: true }));
});
afterAll(async () => {
  await t?.close();
  await bank?.close();
});

const db = () => t.database.db;
const call = (method: 'GET' | 'POST', url: string, session: TestSession = staff, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}) });

/** A confirmed order of a signed-in payer: `learners` students, or the payer themselves. */
async function confirmedOrder(options: { price?: number; learners?: number; groupId?: number; courseId?: number } = {}) {
  const user = await buildUser(db());
  const session = await signInAs(t.app, user);
  const course = options.courseId ? { id: options.courseId, slug: (await db().query.courses.findFirst({ where: (c, { eq: e }) => e(c.id, options.courseId!) }))!.slug } : await buildCourse(db(), { priceKopecks: options.price ?? 1_000_000, title: 'Бариста с нуля' });
  const ids = [];
  for (let i = 0; i < (options.learners ?? 0); i += 1) ids.push((await buildStudent(db(), { userId: user.id, firstName: `Ученик${'абв'[i]}`, lastName: 'Петров' })).id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    headers: session.headers,
    payload: {
      course_slug: course.slug,
      last_name: 'Иванова',
      first_name: 'Анна',
      phone: '+7 916 555-12-34',
      email: user.email,
      consent_privacy: true,
      consent_personal_data: true,
      ...(ids.length ? { study_for_self: false, students: ids } : { study_for_self: true }),
      ...(options.groupId ? { group: options.groupId } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  const code = res.json().order.code as string;
  const [order] = await db().select().from(orders).where(eq(orders.code, code));
  return { user, course, code, order: order! };
}

/** Pays the order's link at the bank's card form, then lets the payment page ask the bank. */
async function paidOrder(options: Parameters<typeof confirmedOrder>[0] = {}) {
  const made = await confirmedOrder(options);
  const link = await t.app.inject({ method: 'POST', url: '/api/tbank/order/payment_link/', payload: { extra_code: made.code, type: 'card' } });
  const paid = await fetch(link.json().url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: TEST_CARDS.success, expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const page = await t.app.inject({ method: 'GET', url: `/api/order/payment/${made.code}/` });
  expect(page.json().order.status).toBe('paid');
  return made;
}

const enrolments = (orderId: number) => db().select().from(userCourses).where(eq(userCourses.orderId, orderId));

describe('the list and the card', () => {
  it('filters by status and course, finds by code, e-mail and phone, pages on the server', async () => {
    const course = await buildCourse(db(), { priceKopecks: 500_000, title: unique('Латте-арт') });
    const a = await confirmedOrder({ courseId: course.id });
    const b = await paidOrder({ courseId: course.id });
    const all = (await call('GET', `/api/admin/school/orders/?course=${course.id}`)).json();
    expect(all.count).toBe(2);
    expect(all.results.map((r: { code: string }) => r.code)).toEqual([b.code, a.code]);
    expect(all.results[0]).toMatchObject({ status: 'paid', course: { id: course.id }, payer: { name: 'Иванова Анна', email: b.user.email, phone: '+79165551234' }, amount: 500_000, refunded: 0 });
    expect((await call('GET', `/api/admin/school/orders/?course=${course.id}&status=paid`)).json().results.map((r: { code: string }) => r.code)).toEqual([b.code]);
    expect((await call('GET', `/api/admin/school/orders/?search=${a.code}`)).json().results.map((r: { code: string }) => r.code)).toEqual([a.code]);
    expect((await call('GET', `/api/admin/school/orders/?search=${encodeURIComponent(b.user.email)}`)).json().results.map((r: { code: string }) => r.code)).toEqual([b.code]);
    expect((await call('GET', `/api/admin/school/orders/?course=${course.id}&search=${encodeURIComponent('(916) 555-12')}`)).json().count).toBe(2);
    const paged = (await call('GET', `/api/admin/school/orders/?course=${course.id}&page_size=1&page=2`)).json();
    expect(paged).toMatchObject({ count: 2, next: null, results: [{ code: a.code }] });
    expect(paged.previous).toContain('page_size=1');
    // An order with a promo code: the code and its discount are in the list, and the code finds it.
    const promo = await buildPromo(db());
    await db().update(orders).set({ promoCodeId: promo.id, promoCode: promo.code, discountKopecks: 50_000, amountKopecks: 450_000 }).where(eq(orders.id, a.order.id));
    const found = (await call('GET', `/api/admin/school/orders/?search=${promo.code.toLowerCase()}`)).json();
    expect(found.results).toEqual([expect.objectContaining({ code: a.code, amount: 450_000, promo: { code: promo.code, discount: 50_000 } })]);
    expect(all.results[0].promo).toBeNull();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await call('GET', `/api/admin/school/orders/?course=${course.id}&from=${tomorrow}`)).json().count).toBe(0);
  });

  it('answers bad filters with Russian field errors and an unknown order with 404', async () => {
    const bad = await call('GET', '/api/admin/school/orders/?status=lost&from=2026-02-30&page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['from', 'page', 'status']);
    expect(bad.json().status[0]).toBe('Нет такого статуса.');
    const missing = await call('GET', '/api/admin/school/orders/2000000000/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Такого заказа нет.' });
  });

  it('the card shows the learners, the attempt with the bank’s words, the notifications and the receipt lines', async () => {
    const { order } = await paidOrder({ learners: 2, price: 333_333 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    // A late notification of the status already known is kept and shown.
    const body = signRequest(
      { TerminalKey: TESTBANK_TERMINAL_KEY, OrderId: payment!.attemptId, Success: true, Status: 'CONFIRMED', PaymentId: Number(payment!.providerPaymentId), ErrorCode: '0', Amount: payment!.amountKopecks },
      TESTBANK_PASSWORD,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/tbank/notification/', payload: body })).statusCode).toBe(200);
    const card = (await call('GET', `/api/admin/school/orders/${order.id}/`)).json();
    expect(card.learner_list).toEqual([
      expect.objectContaining({ name: 'Петров Ученика', enrolled: true }),
      expect.objectContaining({ name: 'Петров Ученикб', enrolled: true }),
    ]);
    expect(card.payments).toEqual([
      expect.objectContaining({ provider: 'tbank', status: 'confirmed', provider_status: 'CONFIRMED', amount: 666_666, refunded: 0, notifications: [expect.objectContaining({ status: 'CONFIRMED', outcome: 'unchanged' })] }),
    ]);
    expect(card.receipt.items.map((i: { amount: number }) => i.amount)).toEqual([333_333, 333_333]);
    expect(card.receipt).toMatchObject({ email: card.payer.email, phone: '+79165551234' });
    expect(card.actions).toEqual({ refund: true, cancel: false, resend_link: false, offline_payment: false });
    expect(card.refundable).toBe(666_666);
  });
});

describe('refunds', () => {
  it('a partial refund keeps access; more than is left is refused; the rest ends access and frees the seat', async () => {
    const course = await buildCourse(db(), { priceKopecks: 1_000_000 });
    const group = await buildGroup(db(), { courseId: course.id, capacity: 1 });
    const { order } = await paidOrder({ courseId: course.id, groupId: group.id });
    expect((await db().select().from(groups).where(eq(groups.id, group.id)))[0]!.seatsHeld).toBe(1);
    const members = async () => (await call('GET', `/api/admin/school/groups/${group.id}/members/`, staff)).json().members as unknown[];
    expect(await members()).toHaveLength(1);
    const part = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 300_000, reason: 'Пропустил два занятия' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({ status: 'paid', refunded: 300_000, refundable: 700_000, payments: [{ provider_status: 'PARTIAL_REFUNDED', refunds: [{ amount: 300_000, provider_status: 'PARTIAL_REFUNDED', reason: 'Пропустил два занятия' }] }] });
    expect((await enrolments(order.id))[0]!.isActive).toBe(true);
    const over = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 700_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount: ['Можно вернуть не больше 7\u00a0000\u00a0₽.'] });
    const rest = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded: 1_000_000, refundable: 0, payments: [{ status: 'refunded', provider_status: 'REFUNDED' }] });
    expect((await enrolments(order.id))[0]!.isActive).toBe(false);
    expect((await db().select().from(groups).where(eq(groups.id, group.id)))[0]!.seatsHeld).toBe(0);
    // The learner is no longer one of the group (its session letters go to members only).
    expect(await members()).toEqual([]);
    const again = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {});
    expect(again.statusCode).toBe(409);
    const journal = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'order.refund'), eq(auditEvents.entityId, String(order.id))));
    expect(journal).toHaveLength(2);
  });

  it('a partial refund retried with its Idempotency-Key after its answer was lost is made once', async () => {
    const { order } = await paidOrder();
    const key = '0d3c2b1a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
    const refund = () => t.app.inject({ method: 'POST', url: `/api/admin/school/orders/${order.id}/refund/`, headers: { ...staff.headers, 'idempotency-key': key }, payload: { amount: 100_000 } });
    const first = await refund();
    expect(first.statusCode).toBe(200);
    expect((await refund()).headers['idempotent-replayed']).toBe('true');
    // The process died after the refund's commit, before its answer was stored: the retry finds the refund.
    await db().delete(idempotencyKeys);
    const retry = await refund();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ refunded: 100_000 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).toHaveLength(1);
  });

  it('two refunds at once never return more than was paid', async () => {
    const { order } = await paidOrder({ price: 800_000 });
    const answers = await Promise.all([
      call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 500_000 }),
      call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 500_000 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const rows = await db().select().from(paymentRefunds).innerJoin(payments, eq(payments.id, paymentRefunds.paymentId)).where(eq(payments.orderId, order.id));
    expect(rows.reduce((sum, r) => sum + r.payment_refunds.amountKopecks, 0)).toBe(500_000);
    const full = await Promise.all([call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {}), call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {})]);
    expect(full.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await db().select().from(paymentRefunds).innerJoin(payments, eq(payments.id, paymentRefunds.paymentId)).where(eq(payments.orderId, order.id));
    expect(after.reduce((sum, r) => sum + r.payment_refunds.amountKopecks, 0)).toBe(800_000);
  });

  it('a refund the bank refuses changes nothing and says so in Russian', async () => {
    const { order } = await confirmedOrder();
    await db().update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, order.id));
    await db().insert(payments).values({ orderId: order.id, provider: 'tbank', attemptId: unique('attempt'), providerPaymentId: '999999999999', status: 'confirmed', providerStatus: 'CONFIRMED', amountKopecks: order.amountKopecks });
    const res = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, { amount: 100 });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/^Банк не принял возврат: .+Деньги не возвращены/);
    expect(await db().select().from(paymentRefunds).innerJoin(payments, eq(payments.id, paymentRefunds.paymentId)).where(eq(payments.orderId, order.id))).toHaveLength(0);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'order.refund'), eq(auditEvents.entityId, String(order.id))))).toHaveLength(0);
  });

  it('an unpaid order has nothing to refund', async () => {
    const { order } = await confirmedOrder();
    const res = await call('POST', `/api/admin/school/orders/${order.id}/refund/`, staff, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Вернуть деньги можно только по оплаченному заказу.' });
  });
});

describe('cancel and the payment link', () => {
  it('cancels an unpaid order and frees its seats; a paid one is refused', async () => {
    const course = await buildCourse(db(), { priceKopecks: 100_000 });
    const group = await buildGroup(db(), { courseId: course.id, capacity: 3 });
    const { order } = await confirmedOrder({ courseId: course.id, groupId: group.id });
    expect((await db().select().from(groups).where(eq(groups.id, group.id)))[0]!.seatsHeld).toBe(1);
    const res = await call('POST', `/api/admin/school/orders/${order.id}/cancel/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', actions: { cancel: false, resend_link: false } });
    expect((await db().select().from(groups).where(eq(groups.id, group.id)))[0]!.seatsHeld).toBe(0);
    const paid = await paidOrder();
    const refused = await call('POST', `/api/admin/school/orders/${paid.order.id}/cancel/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Отменить можно только неоплаченный заказ.' });
  });

  it('sends the payment page to the payer again', async () => {
    const { order, user, code } = await confirmedOrder();
    const res = await call('POST', `/api/admin/school/orders/${order.id}/resend-link/`);
    expect(res.statusCode).toBe(200);
    const [letter] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Оплата заказа: Бариста с нуля')));
    expect(letter!.text).toContain(`http://127.0.0.1:9/courses/payment/${code}/`);
    const cancelled = await call('POST', `/api/admin/school/orders/${order.id}/cancel/`);
    expect(cancelled.statusCode).toBe(200);
    expect((await call('POST', `/api/admin/school/orders/${order.id}/resend-link/`)).statusCode).toBe(409);
  });
});

describe('payments made outside the site', () => {
  it('an invoice paid for three learners enrols all three, as a card payment would', async () => {
    const { order, user } = await confirmedOrder({ learners: 3, price: 200_000 });
    const bad = await call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'cheque', paid_on: '2999-01-01', document_number: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['document_number', 'method']);
    const future = await call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'invoice', paid_on: '2999-01-01', document_number: 'С-17' });
    expect(future.json()).toEqual({ paid_on: ['Дата оплаты не может быть в будущем.'] });
    const res = await call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'invoice', paid_on: '2026-11-20', document_number: 'С-17', comment: 'ООО «Зерно»' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', offline_payment: { method: 'invoice', paid_on: '2026-11-20', document_number: 'С-17', comment: 'ООО «Зерно»', amount: 600_000 } });
    expect(res.json().learner_list.every((l: { enrolled: boolean }) => l.enrolled)).toBe(true);
    expect(await enrolments(order.id)).toHaveLength(3);
    expect(await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Заказ оплачен: Бариста с нуля')))).toHaveLength(1);
    const twice = await call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'cash', paid_on: '2026-11-20', document_number: '1' });
    expect(twice.statusCode).toBe(409);
  });

  it('is refused for an order its payer has not confirmed and for a cancelled one', async () => {
    const guest = await buildOrder(db(), {});
    const unconfirmed = await call('POST', `/api/admin/school/orders/${guest.id}/offline-payment/`, staff, { method: 'cash', paid_on: '2026-11-20', document_number: '1' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({ detail: 'Покупатель ещё не подтвердил заказ кодом из письма: оплату записать нельзя.' });
    const { order } = await confirmedOrder();
    expect((await call('POST', `/api/admin/school/orders/${order.id}/cancel/`)).statusCode).toBe(200);
    const cancelled = await call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'cash', paid_on: '2026-11-20', document_number: '1' });
    expect(cancelled.statusCode).toBe(409);
    expect(await enrolments(order.id)).toHaveLength(0);
  });

  it('a payment outside the site and a card payment at once enrol once', async () => {
    const { order, user } = await confirmedOrder({ learners: 2 });
    const link = await t.app.inject({ method: 'POST', url: '/api/tbank/order/payment_link/', payload: { extra_code: order.code, type: 'card' } });
    expect(link.statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const confirmed = signRequest(
      { TerminalKey: TESTBANK_TERMINAL_KEY, OrderId: payment!.attemptId, Success: true, Status: 'CONFIRMED', PaymentId: Number(payment!.providerPaymentId), ErrorCode: '0', Amount: payment!.amountKopecks },
      TESTBANK_PASSWORD,
    );
    const [offline, notification] = await Promise.all([
      call('POST', `/api/admin/school/orders/${order.id}/offline-payment/`, staff, { method: 'cash', paid_on: '2026-11-20', document_number: 'ПКО-5' }),
      t.app.inject({ method: 'POST', url: '/api/tbank/notification/', payload: confirmed }),
    ]);
    expect(notification.statusCode).toBe(200);
    expect([200, 409]).toContain(offline.statusCode);
    expect(await enrolments(order.id)).toHaveLength(2);
    expect(await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Заказ оплачен: Бариста с нуля')))).toHaveLength(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('paid');
  });
});

describe('the export', () => {
  it('CSV with a BOM and ";" and XLSX hold the filtered orders, amounts in roubles', async () => {
    const course = await buildCourse(db(), { priceKopecks: 1_234_550, title: unique('Экспорт') });
    const a = await paidOrder({ courseId: course.id });
    const csv = await call('GET', `/api/admin/school/orders/export/?format=csv&course=${course.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''%D0%97%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B");
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Номер заказа;Статус;Создан;Оплачен;Способ оплаты;Курс;Группа;Плательщик;E-mail;Телефон;Ученики;Промокод;Скидка, ₽;Сумма, ₽;Возвращено, ₽');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${a.code};Оплачен;`);
    expect(lines[1]).toContain(`;Карта;${course.title};;Иванова Анна;`);
    // A leading '+' would start a formula in Excel: the phone is kept as text.
    expect(lines[1]).toContain(`;${a.user.email};'+79165551234;Иванова Анна;;0;12345,5;0`);
    const xlsx = await call('GET', `/api/admin/school/orders/export/?format=xlsx&course=${course.id}`);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(xlsx.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]).toEqual(expect.arrayContaining([a.code, 'Оплачен', 12345.5, 0]));
  });
});
