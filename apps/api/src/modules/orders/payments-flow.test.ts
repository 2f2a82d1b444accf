import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, ORDER_TEXTS } from '@crema/contract';
import { courses, groups, idempotencyKeys, mailOutbox, orders, paymentNotifications, payments, rateLimits, userCourses } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildGroup, buildStudent, buildUser, signInAs, unique } from '../../test/factories.ts';
import { signRequest } from '../payments/tbank/token.ts';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from '../payments/testbank/credentials.ts';
import { TEST_CARDS, testBank } from '../payments/testbank/plugin.ts';
import { OrderPayments } from './payments.ts';
import { OrdersService } from './service.ts';

// Payments over the real protocol: the test bank runs as an HTTP server of its own and the app's
// T-Bank client talks to it over the network. The app's PUBLIC_URL points at a closed port, so the
// bank's own notifications are lost on purpose: only GetState (the payment page, the
// reconciliation job) or the notifications these tests sign and send can move a payment.
let bank: FastifyInstance;
let t: TestContext;

beforeAll(async () => {
  bank = Fastify({ logger: false });
  await bank.register(testBank, { prefix: TESTBANK_PREFIX, terminalKey: TESTBANK_TERMINAL_KEY, password: TESTBANK_PASSWORD, retryDelaysMs: [] });
  const bankUrl = await bank.listen({ host: '127.0.0.1', port: 0 });
  t = await createTestApp({
    PUBLIC_URL: 'http://127.0.0.1:9',
    TBANK_TERMINAL_KEY: TESTBANK_TERMINAL_KEY,
    TBANK_PASSWORD: TESTBANK_PASSWORD,
    TBANK_API_URL: `${bankUrl}${TESTBANK_PREFIX}/v2`,
    // Every order here comes from one address; the per-address budget has tests of its own.
    ORDERS_PER_IP_HOUR: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await bank?.close();
});

/** A confirmed order of a signed-in payer: `learners` students, or the payer themselves. */
async function confirmedOrder(options: { price?: number; learners?: number; groupId?: number; user?: Awaited<ReturnType<typeof buildUser>>; courseId?: number } = {}) {
  const user = options.user ?? (await buildUser(t.database.db));
  const session = await signInAs(t.app, user);
  const course = options.courseId
    ? (await t.database.db.select().from(courses).where(eq(courses.id, options.courseId)))[0]!
    : await buildCourse(t.database.db, { priceKopecks: options.price ?? 1_250_000, title: 'Бариста с нуля' });
  const ids = [];
  for (let i = 0; i < (options.learners ?? 0); i += 1) ids.push((await buildStudent(t.database.db, { userId: user.id, firstName: `Ученик${'абв'[i]}`, lastName: 'Иванов' })).id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    headers: session.headers,
    payload: {
      course_slug: course.slug,
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: 'Сергеевна',
      phone: '+7 916 123-45-67',
      email: user.email,
      consent_privacy: true,
      consent_personal_data: true,
      ...(ids.length ? { study_for_self: false, students: ids } : { study_for_self: true }),
      ...(options.groupId ? { group: options.groupId } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  return { user, session, course, code: res.json().order.code as string };
}

/** An orders service of the test app with other GetState budgets (the app's own keeps the defaults). */
function serviceWith(limits: Pick<ConstructorParameters<typeof OrdersService>[0], 'getStateLimit' | 'returnGetStateLimit'> = {}) {
  return new OrdersService({ deps: t.app.deps, auth: t.app.auth, provider: t.app.orders.provider, captcha: t.app.captcha, log: t.app.log, ...limits });
}

function paymentLink(code: string, type = 'card') {
  return t.app.inject({ method: 'POST', url: '/api/tbank/order/payment_link/', payload: { extra_code: code, type } });
}

async function paymentOf(code: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.code, code));
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
  return { order: order!, payment: payment! };
}

/** Pays at the bank's card form as a browser would; the answer is its redirect. */
function payWithCard(url: string, card: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry: '12/39', cvc: '123' }),
    redirect: 'manual',
  });
}

async function enrolmentsOf(orderId: number) {
  return t.database.db.select().from(userCourses).where(eq(userCourses.orderId, orderId));
}

/** A notification as the bank signs it, for the order's payment attempt. */
function notificationFor(payment: { attemptId: string; providerPaymentId: string | null; amountKopecks: number }, status: string, overrides: Record<string, unknown> = {}) {
  return signRequest(
    {
      TerminalKey: TESTBANK_TERMINAL_KEY,
      OrderId: payment.attemptId,
      Success: status !== 'REJECTED',
      Status: status,
      PaymentId: Number(payment.providerPaymentId),
      ErrorCode: status === 'REJECTED' ? '1051' : '0',
      Amount: payment.amountKopecks,
      Pan: '430000******0777',
      ExpDate: '1239',
      ...overrides,
    },
    TESTBANK_PASSWORD,
  );
}

/** The orders service's logger (to see what a notification leaves in the log). */
function serviceLog() {
  return (t.app.orders as unknown as { log: { warn: (...args: unknown[]) => void; info: (...args: unknown[]) => void } }).log;
}

function notify(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/tbank/notification/', payload: body as object });
}

describe('GET /api/order/payment/{code}/ and the payment link', () => {
  it('shows the order with the formatted amount; an unknown code is a 404', async () => {
    const { code } = await confirmedOrder({ learners: 2 });
    const res = await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order: { code, status: 'confirmed', amount: 2_500_000, amount_text: '25\u00a0000\u00a0₽', course: { title: 'Бариста с нуля' }, students: ['Иванов Ученика', 'Иванов Ученикб'] },
      can_pay: true,
      payments_enabled: true,
      payment: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/order/payment/nope/' })).statusCode).toBe(404);
  });

  it('creates the payment at the bank with the receipt and our addresses, and reuses it on the next click', async () => {
    const { code } = await confirmedOrder({ learners: 2 });
    const res = await paymentLink(code);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toContain(`${TESTBANK_PREFIX}/pay/`);
    const { order, payment } = await paymentOf(code);
    expect(order.status).toBe('awaiting_payment');
    expect(payment).toMatchObject({ provider: 'tbank', status: 'new', amountKopecks: 2_500_000, paymentUrl: url, type: 'card', extraCode: code });
    expect(payment.attemptId).toMatch(/^[0-9a-f-]{36}$/);
    // The bank's form shows the amount and the description we sent.
    const form = await (await fetch(url)).text();
    expect(form).toContain('25\u00a0000\u00a0₽');
    expect(form).toContain(`заказ ${code}`);
    expect((await paymentLink(code)).json()).toEqual({ url });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('makes one attempt for many simultaneous clicks', async () => {
    const { code } = await confirmedOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => paymentLink(code)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().url)).size).toBe(1);
    const { order } = await paymentOf(code);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
  });

  it('keeps the Idempotency-Key with the attempt: a retry after a lost answer finds it, one payment', async () => {
    const { code } = await confirmedOrder();
    const key = '6f1c1d5e-4a38-4d5b-9f0e-3c1b2a9d8e71';
    const link = () => t.app.inject({ method: 'POST', url: '/api/tbank/order/payment_link/', headers: { 'idempotency-key': key }, payload: { extra_code: code, type: 'card' } });
    const first = await link();
    expect(first.statusCode).toBe(200);
    const replay = await link();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const { payment } = await paymentOf(code);
    expect(payment.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    // The process died after the attempt's commit, before the answer was stored; the attempt is no
    // longer one the order would reuse (its amount differs) — the key still finds it.
    await t.database.db.delete(idempotencyKeys);
    await t.database.db.update(payments).set({ amountKopecks: payment.amountKopecks + 100 }).where(eq(payments.id, payment.id));
    const retry = await link();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const [order] = await t.database.db.select().from(orders).where(eq(orders.code, code));
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(1);
    // The service's keyed operation itself, called twice with the key: the same link.
    expect(await t.app.orders.paymentLink(code, 'card', payment.idempotencyKey)).toEqual(first.json());
  });

  it('refuses SBP, an unconfirmed order, and a paid one, in Russian', async () => {
    const { code } = await confirmedOrder();
    const sbp = await paymentLink(code, 'sbp');
    expect(sbp.statusCode).toBe(400);
    expect(sbp.json()).toEqual({ type: [ORDER_TEXTS.sbpUnavailable] });
    const course = await buildCourse(t.database.db);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/order/request/',
      payload: { course_slug: course.slug, last_name: 'Иванова', first_name: 'Анна', patronymic: 'Сергеевна', phone: '+79161234567', email: `${unique('g')}@example.ru`, consent_privacy: true, consent_personal_data: true, study_for_self: true },
    });
    const unconfirmed = await paymentLink(guest.json().order.code);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({ detail: ORDER_TEXTS.notConfirmed });
    expect((await paymentLink('no-such-order')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/sberbank/order/payment_link/', payload: { extra_code: code } })).statusCode).toBe(400);
  });

  it('says card payments are off with a Russian 503 when there is no provider', async () => {
    const { code } = await confirmedOrder();
    const off = new OrdersService({ deps: t.app.deps, auth: t.app.auth, provider: null, captcha: t.app.captcha, log: t.app.log });
    const error = await off.paymentLink(code, 'card').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 503, message: 'Оплата картой временно недоступна.' });
    expect((await off.paymentInfo(code)).can_pay).toBe(false);
  });
});

describe('paying at the test bank', () => {
  it('a paid card with its notification lost: the payment page asks the bank, the order is paid and enrolled once', async () => {
    const { code, user, course } = await confirmedOrder();
    const { url } = (await paymentLink(code)).json();
    const paid = await payWithCard(url, TEST_CARDS.success);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/tbank-payment-callback/');
    expect(back.searchParams.get('code')).toBe(code);
    const page = await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
    expect(page.json()).toMatchObject({ order: { status: 'paid' }, can_pay: false, payment: { status: 'confirmed', provider_status: 'CONFIRMED' } });
    const { order } = await paymentOf(code);
    const enrolled = await enrolmentsOf(order.id);
    expect(enrolled).toHaveLength(1);
    expect(enrolled[0]).toMatchObject({ userId: user.id, courseId: course.id, studentId: null });
    // Asking again changes nothing.
    await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
    expect(await enrolmentsOf(order.id)).toHaveLength(1);
    const letters = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Заказ оплачен: Бариста с нуля')));
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain('12\u00a0500\u00a0₽');
  });

  it('a declined card returns the order to payable, with the reason kept', async () => {
    const { code } = await confirmedOrder();
    const { url } = (await paymentLink(code)).json();
    await payWithCard(url, TEST_CARDS.declined);
    const page = (await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` })).json();
    // Learnt by GetState, which gives no reason: the general explanation.
    expect(page).toMatchObject({
      order: { status: 'confirmed' },
      can_pay: true,
      payment: { status: 'rejected', provider_status: 'REJECTED', failure_reason: expect.stringMatching(/^Банк отклонил оплату/) },
    });
    // The bank's notification arrives after it and brings the card bank's code (1051).
    expect((await notify(notificationFor((await paymentOf(code)).payment, 'REJECTED'))).body).toBe('OK');
    const explained = (await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` })).json();
    expect(explained.payment.failure_reason).toMatch(/^Недостаточно средств на карте/);
    expect(explained.order.status).toBe('confirmed');
    // The next click opens a new attempt.
    const again = (await paymentLink(code)).json();
    expect(again.url).not.toBe(url);
  });

  it('reloading the payment page asks the bank about an attempt a bounded number of times', async () => {
    const { code } = await confirmedOrder();
    const { url } = (await paymentLink(code)).json();
    const payment = (await paymentOf(code)).payment;
    // Once an hour, so that a slow machine cannot end the window before the second view.
    const service = serviceWith({ getStateLimit: { limit: 1, windowS: 3600 } });
    const view = async () => (await service.paymentInfo(code)).payment!.status;
    expect(await view()).toBe('new');
    await payWithCard(url, TEST_CARDS.success);
    // Paid at the bank after the last question: a view beyond the limit does not ask again.
    expect(await view()).toBe('new');
    await t.database.db.delete(rateLimits).where(eq(rateLimits.key, `getstate:${payment.id}`));
    expect(await view()).toBe('confirmed');
  });

  it("the payer's way back from the bank asks within a budget of its own, which views cannot use up", async () => {
    const { code } = await confirmedOrder();
    const { url } = (await paymentLink(code)).json();
    const service = serviceWith({ getStateLimit: { limit: 1, windowS: 3600 }, returnGetStateLimit: { limit: 1, windowS: 3600 } });
    expect((await service.paymentInfo(code)).payment!.status).toBe('new');
    await payWithCard(url, TEST_CARDS.success);
    // The views' budget is spent; the return still asks the bank, once.
    expect((await service.paymentInfo(code)).payment!.status).toBe('new');
    const back = await service.paymentInfo(code, { returned: true });
    expect(back.payment!.status).toBe('confirmed');
    expect(back.order.status).toBe('paid');
  });

  it('an order paid by a notification landing between the reads is shown paid, never sent back to pay', async () => {
    const { code } = await confirmedOrder();
    await paymentLink(code);
    const { payment } = await paymentOf(code);
    const service = serviceWith();
    // The bank's CONFIRMED arrives just after the order was read, before its payment is.
    type Reads = { latestPayment: (...args: unknown[]) => Promise<unknown> };
    const original = (OrderPayments.prototype as unknown as Reads).latestPayment;
    vi.spyOn(service.payments as unknown as Reads, 'latestPayment').mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      expect((await notify(notificationFor(payment, 'CONFIRMED'))).statusCode).toBe(200);
      return original.apply(this, args);
    });
    const info = await service.paymentInfo(code, { returned: true });
    expect(info.payment!.status).toBe('confirmed');
    expect(info.order.status).toBe('paid');
  });

  it('refuses a returned flag that is neither true nor false, in the field-keyed shape', async () => {
    const { code } = await confirmedOrder();
    const res = await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/?returned=yes` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ returned: ['Ожидается true или false.'] });
  });

  it('the reconciliation job finds a payment whose notification never came', async () => {
    const { code } = await confirmedOrder({ learners: 2 });
    const { url } = (await paymentLink(code)).json();
    await payWithCard(url, TEST_CARDS.success);
    // Nothing has told us yet.
    expect((await paymentOf(code)).payment.status).toBe('new');
    expect(await t.app.orders.reconcile(0)).toBeGreaterThanOrEqual(1);
    const { order, payment } = await paymentOf(code);
    expect(payment.status).toBe('confirmed');
    expect(order.status).toBe('paid');
    expect(await enrolmentsOf(order.id)).toHaveLength(2);
    await t.app.orders.reconcile(0);
    expect(await enrolmentsOf(order.id)).toHaveLength(2);
  });

  it('the job leaves alone payments touched more recently than its threshold', async () => {
    const { code } = await confirmedOrder();
    const { url } = (await paymentLink(code)).json();
    await payWithCard(url, TEST_CARDS.success);
    await t.app.orders.reconcile(60 * 60_000);
    expect((await paymentOf(code)).payment.status).toBe('new');
  });
});

describe('POST /api/tbank/notification/', () => {
  async function openPayment(learners = 0) {
    const made = await confirmedOrder({ learners });
    await paymentLink(made.code);
    return { ...made, ...(await paymentOf(made.code)) };
  }

  async function kept(paymentId: number | null, outcome: string) {
    const rows = await t.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.outcome, outcome));
    return rows.filter((r) => paymentId === null || r.paymentId === paymentId);
  }

  it('refuses a forged token: nothing stored, nothing changed, only its summary logged and counted', async () => {
    const { payment, order } = await openPayment();
    const before = (await t.database.db.select().from(paymentNotifications)).length;
    const warn = vi.spyOn(serviceLog(), 'warn');
    try {
      const forged = { ...notificationFor(payment, 'CONFIRMED'), Token: 'f'.repeat(64), Receipt: 'x'.repeat(4000) };
      const res = await notify(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Уведомление отклонено.' });
      expect((await paymentOf(order.code)).payment.status).toBe('new');
      // Another terminal's correctly signed notification is refused the same way.
      expect((await notify(notificationFor(payment, 'CONFIRMED', { TerminalKey: 'SomeoneElse' }))).statusCode).toBe(400);
      expect(await t.database.db.select().from(paymentNotifications)).toHaveLength(before);
      const [context, message] = warn.mock.calls[0]!;
      expect(message).toBe('payment notification refused: bad token or terminal');
      expect(context).toMatchObject({
        notification: { OrderId: payment.attemptId, Status: 'CONFIRMED', PaymentId: Number(payment.providerPaymentId), Success: true, verified: false },
        refusedThisMinute: expect.any(Number),
      });
      expect(JSON.stringify(warn.mock.calls)).not.toMatch(/fffff|xxxxx|430000/);
      const [second] = warn.mock.calls[1]!;
      expect((second as { refusedThisMinute: number }).refusedThisMinute).toBe((context as { refusedThisMinute: number }).refusedThisMinute + 1);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a body over 16 KB with 413 before reading it, in our shape, storing nothing', async () => {
    const { payment } = await openPayment();
    const before = (await t.database.db.select().from(paymentNotifications)).length;
    const big = { ...notificationFor(payment, 'CONFIRMED'), Padding: 'x'.repeat(20 * 1024) };
    const res = await notify(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: ERROR_TEXTS.tooLarge });
    // A real notification with its receipt fields still fits.
    const real = notificationFor(payment, 'AUTHORIZED', { Data: { order: 'x'.repeat(100) }, Receipt: 'y'.repeat(8000) });
    expect((await notify(real)).statusCode).toBe(200);
    expect(await t.database.db.select().from(paymentNotifications)).toHaveLength(before + 1);
  });

  it('answers a null body and a 5000-deep array with our 400, never a 500', async () => {
    const before = (await t.database.db.select().from(paymentNotifications)).length;
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/tbank/notification/', headers: { 'content-type': 'application/json' }, payload });
    for (const payload of ['null', '"text"', '[]']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ detail: 'Уведомление отклонено.' });
    }
    // Nesting this deep is refused for every API call before it is parsed.
    const deep = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ non_field_errors: ['Слишком глубокая вложенность данных.'] });
    expect(await t.database.db.select().from(paymentNotifications)).toHaveLength(before);
  });

  it('takes at most PAYMENT_NOTIFICATIONS_PER_MINUTE unsigned notifications a minute from one network', async () => {
    const limited = await createTestApp({ PAYMENT_NOTIFICATIONS_PER_MINUTE: '3' });
    try {
      const send = (ip: string) => limited.app.inject({ method: 'POST', url: '/api/tbank/notification/', remoteAddress: ip, payload: { OrderId: 'x' } });
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await send('203.0.113.7')).statusCode);
      expect(answers).toEqual([400, 400, 400, 429]);
      const refused = await send('203.0.113.7');
      expect(refused.json()).toEqual({ detail: ERROR_TEXTS.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('198.51.100.1')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it('refuses a wrong amount, another PaymentId and an unknown order', async () => {
    const { payment, order } = await openPayment();
    expect((await notify(notificationFor(payment, 'CONFIRMED', { Amount: 100 }))).statusCode).toBe(400);
    expect((await notify(notificationFor({ ...payment, providerPaymentId: '999999999' }, 'CONFIRMED'))).statusCode).toBe(400);
    expect(await kept(payment.id, 'mismatch')).toHaveLength(2);
    expect((await notify(notificationFor({ ...payment, attemptId: 'no-such-attempt' }, 'CONFIRMED'))).statusCode).toBe(400);
    expect((await kept(null, 'unknown_order')).length).toBeGreaterThan(0);
    const after = await paymentOf(order.code);
    expect(after.payment.status).toBe('new');
    expect(after.order.status).toBe('awaiting_payment');
    expect(await enrolmentsOf(order.id)).toHaveLength(0);
  });

  it('applies CONFIRMED once: OK, paid, each student enrolled; a replay answers OK and changes nothing', async () => {
    const { payment, order, user } = await openPayment(2);
    const body = notificationFor(payment, 'CONFIRMED');
    const res = await notify(body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const after = await paymentOf(order.code);
    expect(after.order.status).toBe('paid');
    expect(after.payment).toMatchObject({ status: 'confirmed', providerStatus: 'CONFIRMED', rawNotification: body });
    const enrolled = await enrolmentsOf(order.id);
    expect(enrolled).toHaveLength(2);
    expect(enrolled.every((e) => e.userId === user.id && e.studentId !== null)).toBe(true);
    const replay = await notify(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('OK');
    expect(await enrolmentsOf(order.id)).toHaveLength(2);
    expect(await kept(payment.id, 'unchanged')).toHaveLength(1);
  });

  it('the same notification sent eight times at once enrols once and mails once', async () => {
    const { payment, order, user } = await openPayment();
    const body = notificationFor(payment, 'CONFIRMED');
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(body)));
    expect(answers.map((a) => `${a.statusCode} ${a.body}`)).toEqual(Array(8).fill('200 OK'));
    expect(await enrolmentsOf(order.id)).toHaveLength(1);
    expect(await kept(payment.id, 'applied')).toHaveLength(1);
    expect(await kept(payment.id, 'unchanged')).toHaveLength(7);
    const letters = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.subject, 'Заказ оплачен: Бариста с нуля')));
    expect(letters).toHaveLength(1);
  });

  it('out of order: AUTHORIZED after CONFIRMED changes nothing backwards', async () => {
    const { payment, order } = await openPayment();
    expect((await notify(notificationFor(payment, 'CONFIRMED'))).body).toBe('OK');
    expect((await notify(notificationFor(payment, 'AUTHORIZED'))).body).toBe('OK');
    const after = await paymentOf(order.code);
    expect(after.payment).toMatchObject({ status: 'confirmed', providerStatus: 'CONFIRMED' });
    expect(after.order.status).toBe('paid');
  });

  it('AUTHORIZED then CONFIRMED moves forward; a REJECTED attempt makes the order payable again', async () => {
    const first = await openPayment();
    expect((await notify(notificationFor(first.payment, 'AUTHORIZED'))).body).toBe('OK');
    expect((await paymentOf(first.order.code)).payment.status).toBe('pending');
    // A pending payment blocks a cancel: the bank's answer decides.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/user/orders/${first.order.code}/cancel/`, headers: first.session.headers });
    expect(cancel.statusCode).toBe(409);
    expect((await notify(notificationFor(first.payment, 'CONFIRMED'))).body).toBe('OK');
    expect((await paymentOf(first.order.code)).order.status).toBe('paid');

    const second = await openPayment();
    expect((await notify(notificationFor(second.payment, 'REJECTED'))).body).toBe('OK');
    const after = await paymentOf(second.order.code);
    expect(after.payment.status).toBe('rejected');
    expect(after.order.status).toBe('confirmed');
  });

  it('money taken for an order cancelled meanwhile still pays it', async () => {
    const { payment, order, session } = await openPayment();
    const cancel = await t.app.inject({ method: 'POST', url: `/api/user/orders/${order.code}/cancel/`, headers: session.headers });
    expect(cancel.statusCode).toBe(200);
    expect((await paymentOf(order.code)).payment.status).toBe('rejected');
    expect((await notify(notificationFor(payment, 'CONFIRMED'))).body).toBe('OK');
    expect((await paymentOf(order.code)).order.status).toBe('paid');
    expect(await enrolmentsOf(order.id)).toHaveLength(1);
  });
});

describe('seat holds, payments in flight, and one lock order', () => {
  async function heldOrder(capacity = 1) {
    const course = await buildCourse(t.database.db, { priceKopecks: 500_000 });
    const group = await buildGroup(t.database.db, { courseId: course.id, capacity });
    const made = await confirmedOrder({ courseId: course.id, groupId: group.id });
    return { ...made, group };
  }
  const expire = (code: string) => t.database.db.update(orders).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(orders.code, code));
  const seatsOf = async (groupId: number) => (await t.database.db.select().from(groups).where(eq(groups.id, groupId)))[0]!.seatsHeld;

  it('the payment page shows until when the seat is held, and nothing once paid', async () => {
    const { code } = await heldOrder();
    const page = (await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` })).json();
    const { order } = await paymentOf(code);
    expect(page.order.held_until).toBe(order.heldUntil!.toISOString());
    const { url } = (await paymentLink(code)).json();
    expect(url).toBeTruthy();
    // Once paid the hold is over: held_until is null.
    await notify(notificationFor((await paymentOf(code)).payment, 'CONFIRMED'));
    expect((await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` })).json().order).toMatchObject({ status: 'paid', held_until: null });
  });

  it('a payment the bank is processing is never cut off: the sweep asks the bank and waits for its outcome', async () => {
    const { code, group } = await heldOrder();
    const { url } = (await paymentLink(code)).json();
    const challenge = await payWithCard(url, TEST_CARDS.threeDs);
    expect(challenge.status).toBe(303);
    await expire(code);
    // The bank says 3-D Secure is being checked (pending): the order keeps its seat.
    expect(await t.app.orders.expireHolds()).toBe(0);
    expect((await paymentOf(code)).order.status).toBe('awaiting_payment');
    expect((await paymentOf(code)).payment.status).toBe('pending');
    // The payer confirms; the notification is lost. The next sweep asks again and finds it paid.
    const confirmed = await fetch(new URL(challenge.headers.get('location')!, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'confirm' }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    expect(await t.app.orders.expireHolds()).toBe(0);
    const after = await paymentOf(code);
    expect(after.order).toMatchObject({ status: 'paid', seatsHeld: 1 });
    expect(await seatsOf(group.id)).toBe(1);
    expect(await enrolmentsOf(after.order.id)).toHaveLength(1);
  });

  it('a form opened but not paid: the order ends with its hold, the attempt is cancelled at the bank, the seat goes to the next buyer', async () => {
    const { code, group } = await heldOrder();
    const { url } = (await paymentLink(code)).json();
    await expire(code);
    expect(await t.app.orders.expireHolds()).toBe(1);
    const after = await paymentOf(code);
    expect(after.order).toMatchObject({ status: 'cancelled', seatsHeld: 0 });
    expect(after.payment).toMatchObject({ status: 'rejected', providerStatus: 'CANCELED' });
    expect(await seatsOf(group.id)).toBe(0);
    // The bank cancelled the attempt too: its form takes no money any more.
    expect((await payWithCard(url, TEST_CARDS.success)).status).toBe(410);
    expect((await paymentLink(code)).json()).toEqual({ detail: ORDER_TEXTS.cancelled });
    const next = await confirmedOrder({ courseId: after.order.courseId, groupId: group.id });
    expect((await paymentOf(next.code)).order.seatsHeld).toBe(1);
  });

  it('a payment arriving after the hold ended still pays the order: the seat is taken again, beyond a full group if it must, and the school is told', async () => {
    const log = vi.spyOn(serviceLog() as unknown as { error: (...args: unknown[]) => void }, 'error');
    try {
      const first = await heldOrder();
      await paymentLink(first.code);
      const { payment } = await paymentOf(first.code);
      await expire(first.code);
      expect(await t.app.orders.expireHolds()).toBe(1);
      // Room again: the late payment takes its seat back within the capacity.
      expect((await notify(notificationFor(payment, 'CONFIRMED'))).body).toBe('OK');
      expect((await paymentOf(first.code)).order).toMatchObject({ status: 'paid', seatsHeld: 1 });
      expect(await seatsOf(first.group.id)).toBe(1);
      expect(log).not.toHaveBeenCalled();

      // The seat went to someone else meanwhile: the payer is still enrolled, the group shows full, the school is told.
      const second = await heldOrder();
      await paymentLink(second.code);
      const late = (await paymentOf(second.code)).payment;
      await expire(second.code);
      expect(await t.app.orders.expireHolds()).toBe(1);
      const other = await confirmedOrder({ courseId: second.course.id, groupId: second.group.id });
      expect((await paymentOf(other.code)).order.seatsHeld).toBe(1);
      expect((await notify(notificationFor(late, 'CONFIRMED'))).body).toBe('OK');
      const after = await paymentOf(second.code);
      expect(after.order).toMatchObject({ status: 'paid', seatsHeld: 1 });
      expect(await enrolmentsOf(after.order.id)).toHaveLength(1);
      expect(await seatsOf(second.group.id)).toBe(2);
      expect(log).toHaveBeenCalledTimes(1);
      // No one else is sold a seat of the full group.
      expect((await t.app.inject({ method: 'POST', url: '/api/order/request/', payload: {
        course_slug: second.course.slug, group: second.group.id, last_name: 'Петров', first_name: 'Пётр', patronymic: 'Петрович',
        phone: '+7 916 123-45-67', email: `${unique('late')}@example.ru`, consent_privacy: true, consent_personal_data: true, study_for_self: true,
      } })).json()).toEqual({ group: [ORDER_TEXTS.groupFull] });
    } finally {
      log.mockRestore();
    }
  });

  it('a payment link for an order whose hold ran out before the sweep came is refused, and the order ends', async () => {
    const { code, group } = await heldOrder();
    await expire(code);
    const res = await paymentLink(code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ORDER_TEXTS.holdExpired });
    expect((await paymentOf(code)).order.status).toBe('cancelled');
    expect(await seatsOf(group.id)).toBe(0);
  });

  it('a cancel racing a paid notification never deadlocks: no 500, and the money always pays the order', async () => {
    for (let i = 0; i < 12; i += 1) {
      const { code, session, group } = await heldOrder();
      await paymentLink(code);
      const { payment, order } = await paymentOf(code);
      const [cancel, notified] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/user/orders/${code}/cancel/`, headers: session.headers }),
        notify(notificationFor(payment, 'CONFIRMED')),
      ]);
      expect([200, 409]).toContain(cancel.statusCode);
      expect(`${notified.statusCode} ${notified.body}`).toBe('200 OK');
      const after = await paymentOf(code);
      expect(after.order).toMatchObject({ status: 'paid', seatsHeld: 1 });
      expect(after.payment.status).toBe('confirmed');
      expect(await enrolmentsOf(order.id)).toHaveLength(1);
      expect(await seatsOf(group.id)).toBe(1);
    }
  });

  it('an open duplicate order made before the checks cannot be paid once the learner studies the course, nor while another is at the bank', async () => {
    const { code, user, course } = await confirmedOrder();
    // A second open order for the same learner and course, as the site allowed before.
    const { buildOrder } = await import('../../test/factories.ts');
    const duplicate = await buildOrder(t.database.db, { userId: user.id, courseId: course.id, amountKopecks: 1_250_000, studyForSelf: true });
    const { url } = (await paymentLink(code)).json();
    await payWithCard(url, TEST_CARDS.threeDs);
    await t.app.inject({ method: 'GET', url: `/api/order/payment/${code}/` });
    expect((await paymentOf(code)).payment.status).toBe('pending');
    const paying = await paymentLink(duplicate.code);
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toEqual({ detail: ORDER_TEXTS.duplicatePaying });
    await notify(notificationFor((await paymentOf(code)).payment, 'CONFIRMED'));
    expect((await paymentOf(code)).order.status).toBe('paid');
    const paid = await paymentLink(duplicate.code);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ detail: ORDER_TEXTS.duplicatePaid });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, duplicate.id))).toHaveLength(0);
  });
});
