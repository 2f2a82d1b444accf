// Idempotency keys over HTTP (app.inject) and the real database (decision 0078): a replay of a
// finished request, a key still running, another body, the crash between the order's commit and
// the stored answer, quiz saves arriving out of order, the pruning of old keys.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, testAttempts } from '../db/schema/index.ts';
import { createTestApp, lastMailedCode, type TestContext } from '../test/app.ts';
import { buildCourse, buildEnrolment, buildModule, buildQuestion, buildTest, buildUser, signInAs, unique, type TestSession } from '../test/factories.ts';
import { IDEMPOTENCY_TEXTS, pruneIdempotencyKeys } from './idempotency.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_HOUR: '1000' });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

function payer(courseSlug: string, overrides: Record<string, unknown> = {}) {
  return {
    course_slug: courseSlug,
    last_name: 'Иванова',
    first_name: 'Анна',
    phone: '+7 916-123-45-67',
    email: `${unique('payer')}@example.ru`,
    consent_privacy: true,
    consent_personal_data: true,
    study_for_self: true,
    ...overrides,
  };
}

const order = (payload: object, key: string | undefined, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    payload,
    headers: { ...(session?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

/** The key written last (the request just made). */
const latestKey = sql`${idempotencyKeys.id} = (select id from idempotency_keys order by created_at desc limit 1)`;

const ordersOf = async (courseId: number) => db().select().from(orders).where(eq(orders.courseId, courseId));

describe('Idempotency-Key on placing an order', () => {
  it('answers a second request with the same key and body with the stored answer, marked as a replay, and makes one order', async () => {
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    const key = randomUUID();
    const body = payer(course.slug);
    const first = await order(body, key, session);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await order(body, key, session);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it("makes one order for a guest's two requests with one key", async () => {
    const course = await buildCourse(db());
    const key = randomUUID();
    const body = payer(course.slug);
    const first = await order(body, key);
    const second = await order(body, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.code).toBe(first.json().order.code);
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it('makes one order of two requests sent at once with one key: the other is the replay or a 409 in Russian', async () => {
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    const key = randomUUID();
    const body = payer(course.slug);
    const answers = await Promise.all([order(body, key, session), order(body, key, session)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    const conflict = answers.find((a) => a.statusCode === 409);
    if (conflict) {
      expect(conflict.json()).toEqual({ detail: IDEMPOTENCY_TEXTS.running });
      expect(Number(conflict.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it('answers 409 in Russian, with Retry-After, while the first request with the key still runs', async () => {
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    const key = randomUUID();
    const body = payer(course.slug);
    expect((await order(body, key, session)).statusCode).toBe(200);
    // As if the first were still being answered (its lease runs 20 s more).
    await db().update(idempotencyKeys).set({ status: 'running', response: null, lockedUntil: sql`now() + interval '20 seconds'` }).where(latestKey);
    const busy = await order(body, key, session);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ detail: IDEMPOTENCY_TEXTS.running });
    expect(busy.headers['retry-after']).toBe('20');
    expect(busy.headers['idempotency-key-status']).toBe('running');
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it('refuses the same key with another body with a 422 in Russian, and nothing is made', async () => {
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    const key = randomUUID();
    expect((await order(payer(course.slug), key, session)).statusCode).toBe(200);
    const other = await order(payer(course.slug, { first_name: 'Мария' }), key, session);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_TEXTS.otherBody });
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it("keeps keys apart per caller: another person's request with the same key makes their own order", async () => {
    const course = await buildCourse(db());
    const key = randomUUID();
    const one = await order(payer(course.slug), key, await signInAs(t.app, await buildUser(db())));
    const two = await order(payer(course.slug), key, await signInAs(t.app, await buildUser(db())));
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(course.id)).toHaveLength(2);
  });

  it('lets a key go when the request failed: the corrected retry with the same key runs', async () => {
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    const key = randomUUID();
    const body = payer(course.slug);
    const bad = await order({ ...body, phone: '' }, key, session);
    expect(bad.statusCode).toBe(400);
    const good = await order(body, key, session);
    expect(good.statusCode).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it('finds the order made before a crash: the answer was never stored, the retry makes no second order', async () => {
    const course = await buildCourse(db());
    const user = await buildUser(db());
    const session = await signInAs(t.app, user);
    const key = randomUUID();
    const body = payer(course.slug);
    const first = await order(body, key, session);
    expect(first.statusCode).toBe(200);
    // The process died after the order's commit and before storing the answer: the key's row is
    // still running, and its lease ran out.
    await db()
      .update(idempotencyKeys)
      .set({ status: 'running', response: null, responseStatus: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(latestKey);
    const retry = await order(body, key, session);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().order.code).toBe(first.json().order.code);
    expect(await ordersOf(course.id)).toHaveLength(1);
  });

  it("the service's keyed operation finds its order when the stored answer is gone (guest)", async () => {
    const course = await buildCourse(db());
    const key = randomUUID();
    const body = payer(course.slug);
    const first = await order(body, key);
    expect(first.statusCode).toBe(200);
    await db().delete(idempotencyKeys);
    const retry = await order(body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.code).toBe(first.json().order.code);
    expect(retry.json().next).toBe('confirm_email');
    const rows = await ordersOf(course.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("replays an order's confirmation with the session cookies it set, sealed at rest", async () => {
    const course = await buildCourse(db());
    const body = payer(course.slug);
    const placed = await order(body, randomUUID());
    const code = placed.json().order.code as string;
    const digits = await lastMailedCode(t.database, body.email);
    const key = randomUUID();
    const confirm = () =>
      t.app.inject({ method: 'POST', url: `/api/order/${code}/confirm/`, payload: { code: digits }, headers: { 'x-crema-client': 'web', 'idempotency-key': key } });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    const again = await confirm();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['set-cookie']).toEqual(first.headers['set-cookie']);
    // Nothing of the answer is readable in the table.
    const rows = await db().select().from(idempotencyKeys);
    expect(rows.every((row) => !row.response?.includes(body.email) && !row.response?.includes('crema_'))).toBe(true);
  });

  it('answers a key that is no UUID with a 400 in Russian, and without a key works as before', async () => {
    const course = await buildCourse(db());
    const bad = await order(payer(course.slug), 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(IDEMPOTENCY_TEXTS.badKey);
    const none = await order(payer(course.slug), undefined);
    expect(none.statusCode).toBe(200);
    expect((await order(payer(course.slug), undefined)).statusCode).toBe(200);
    expect(await ordersOf(course.id)).toHaveLength(2);
  });

  it('documents the header on the operations that create or charge something', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const has = (path: string) => (doc.paths[path]!.post!.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
    for (const path of [
      '/api/order/request/',
      '/api/order/{order_code}/confirm/',
      '/api/{bank}/order/payment_link/',
      '/api/feedback/{key}/process/',
      '/api/user/course/{id}/testing/{testId}/',
      '/api/groups/waiting/',
    ]) {
      expect(has(path), path).toBe(true);
    }
    expect(has('/api/order/{order_code}/send_code/')).toBe(false);
  });
});

describe('quiz saves out of order', () => {
  it('does not let a retried older save overwrite a newer one, question by question', async () => {
    const course = await buildCourse(db());
    const module = await buildModule(db(), { courseId: course.id });
    const test = await buildTest(db(), { courseId: course.id, moduleId: module.id });
    const first = await buildQuestion(db(), { testId: test.id, type: 'text', sort: 1, answers: [{ text: 'Пуровер', isCorrect: true }] });
    const second = await buildQuestion(db(), { testId: test.id, type: 'text', sort: 2, answers: [{ text: 'Аэропресс', isCorrect: true }] });
    const user = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: user.id, courseId: course.id });
    const session = await signInAs(t.app, user);
    const url = `/api/user/course/${enrolment.id}/module/${module.id}/testing/${test.id}/`;
    expect((await t.app.inject({ method: 'GET', url: `${url}?clear=true`, headers: session.headers })).statusCode).toBe(200);
    const save = (payload: object, key = randomUUID()) =>
      t.app.inject({ method: 'POST', url, headers: { ...session.headers, 'idempotency-key': key }, payload });
    const olderKey = randomUUID();
    // The newer save (seq 2) lands first; the older one (seq 1), retried, lands after it.
    expect((await save({ selected_answers: { [first.id]: 'новый' }, seq: 2 })).statusCode).toBe(200);
    const late = await save({ selected_answers: { [first.id]: 'старый', [second.id]: 'второй' }, seq: 1 }, olderKey);
    expect(late.statusCode).toBe(200);
    const [attempt] = await db().select().from(testAttempts).where(eq(testAttempts.userCourseId, enrolment.id));
    // The newer answer stays; the older save's other question, which nothing newer wrote, is kept.
    expect(attempt!.selectedAnswers).toEqual({ [first.id]: 'новый', [second.id]: 'второй' });
    // Its retry with the same key is the stored answer, and changes nothing.
    const again = await save({ selected_answers: { [first.id]: 'старый', [second.id]: 'второй' }, seq: 1 }, olderKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [after] = await db().select().from(testAttempts).where(eq(testAttempts.id, attempt!.id));
    expect(after!.selectedAnswers).toEqual({ [first.id]: 'новый', [second.id]: 'второй' });
    // A newer save still writes; a save without a number writes as before.
    expect((await save({ selected_answers: { [first.id]: 'третий' }, seq: 3 })).statusCode).toBe(200);
    expect((await save({ selected_answers: { [second.id]: 'без номера' } })).statusCode).toBe(200);
    const [last] = await db().select().from(testAttempts).where(eq(testAttempts.id, attempt!.id));
    expect(last!.selectedAnswers).toEqual({ [first.id]: 'третий', [second.id]: 'без номера' });
    // A number that is not a positive integer is a field's problem, in Russian.
    const wrong = await save({ selected_answers: {}, seq: -1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ seq: ['Номер сохранения — больше нуля.'] });
  });
});

describe('pruneIdempotencyKeys', () => {
  it('deletes keys past their time and keeps the others', async () => {
    await db().delete(idempotencyKeys);
    const course = await buildCourse(db());
    const session = await signInAs(t.app, await buildUser(db()));
    expect((await order(payer(course.slug), randomUUID(), session)).statusCode).toBe(200);
    expect((await order(payer(course.slug, { study_for_self: false, students: [] }), randomUUID(), session)).statusCode).toBe(400);
    const kept = await db().select().from(idempotencyKeys);
    expect(kept).toHaveLength(1);
    expect(await pruneIdempotencyKeys(db())).toBe(0);
    expect(await pruneIdempotencyKeys(db(), new Date(Date.now() + 25 * 3600 * 1000))).toBe(1);
    expect(await db().select().from(idempotencyKeys)).toHaveLength(0);
  });
});
