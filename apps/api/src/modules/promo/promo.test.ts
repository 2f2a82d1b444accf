// Promo codes over real HTTP: staff manage them; the order form's price with a code is the
// server's (percent rounded to kopecks, never below zero), refusals are Russian field errors, the
// order keeps the code and the discount, its receipt lines sum to what is charged, and a code's
// last use goes to exactly one of two buyers at once (a use is held from the order's creation and
// given back when the order is cancelled).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_TEXTS, formatPrice, promoDiscount } from '@crema/contract';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCategory, buildCourse, buildPromo, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { buildReceipt, receiptTotal } from '../payments/receipt.ts';

let t: TestContext;
const db = () => t.database.db;
let staff: TestSession;

beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_HOUR: '1000' });
  staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));
});
afterAll(async () => {
  await t?.close();
});

const codeOf = (prefix: string) => unique(prefix).replace(/[^A-Za-z0-9]/g, '').toUpperCase();
const preview = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/order/promo/', payload, headers });
const order = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    headers,
    payload: {
      last_name: 'Иванова',
      first_name: 'Анна',
      phone: '+7 916-123-45-67',
      email: `${unique('payer')}@example.ru`,
      consent_privacy: true,
      consent_personal_data: true,
      study_for_self: true,
      ...payload,
    },
  });

describe('the price with a code', () => {
  it('takes a percent rounded to the kopeck, a fixed sum whole, never more than the total', () => {
    expect(promoDiscount(1_000_000, { kind: 'percent', percent: 15, amountKopecks: null })).toBe(150_000);
    // 333 333 × 15 % = 49 999.95 kopecks → 50 000.
    expect(promoDiscount(333_333, { kind: 'percent', percent: 15, amountKopecks: null })).toBe(50_000);
    // 10 001 × 5 % = 500.05 → 500.
    expect(promoDiscount(10_001, { kind: 'percent', percent: 5, amountKopecks: null })).toBe(500);
    expect(promoDiscount(1_000_000, { kind: 'percent', percent: 100, amountKopecks: null })).toBe(1_000_000);
    expect(promoDiscount(1_000_000, { kind: 'fixed', percent: null, amountKopecks: 50_000 })).toBe(50_000);
    expect(promoDiscount(30_000, { kind: 'fixed', percent: null, amountKopecks: 50_000 })).toBe(30_000);
    expect(promoDiscount(0, { kind: 'fixed', percent: null, amountKopecks: 50_000 })).toBe(0);
  });

  it('spreads the discounted total over the receipt lines, which sum to the charged amount', () => {
    const price = 3 * 1_000_000;
    const amount = price - promoDiscount(price, { kind: 'percent', percent: 7, amountKopecks: null });
    const receipt = buildReceipt({ title: 'Бариста', amountKopecks: amount, learners: 3, email: 'a@example.ru', taxation: 'usn_income', tax: 'none' });
    expect(amount).toBe(2_790_000);
    expect(receipt.Items).toHaveLength(3);
    expect(receiptTotal(receipt)).toBe(amount);
    const odd = buildReceipt({ title: 'Бариста', amountKopecks: 2_999_999 - 1, learners: 3, email: 'a@example.ru', taxation: 'usn_income', tax: 'none' });
    expect(odd.Items.map((item) => item.Amount)).toEqual([1_000_000, 999_999, 999_999]);
    expect(receiptTotal(odd)).toBe(2_999_998);
  });
});

describe('staff manage codes', () => {
  it('creates, finds, changes and switches off a code; a code is unique in any case', async () => {
    const code = codeOf('spring');
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/school/promo/', headers: staff.headers, payload: { code: code.toLowerCase(), kind: 'fixed', amount: 50_000, max_uses: 5 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code, kind: 'fixed', amount: 50_000, discount_text: formatPrice(50_000), scope: 'all', is_active: true, uses: 0, max_uses: 5 });
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/school/promo/', headers: staff.headers, payload: { code, kind: 'percent', percent: 5 } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: [PROMO_TEXTS.codeTaken] });
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/school/promo/?search=${code.slice(0, 8).toLowerCase()}`, headers: staff.headers })).json();
    expect(list.results.map((p: { code: string }) => p.code)).toContain(code);
    const id = created.json().id;
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/admin/school/promo/${id}/`, headers: staff.headers, payload: { kind: 'percent', percent: 20 } });
    expect(changed.json()).toMatchObject({ kind: 'percent', percent: 20, amount: null, discount_text: '20 %' });
    const off = await t.app.inject({ method: 'POST', url: `/api/admin/school/promo/${id}/disable/`, headers: staff.headers });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/school/promo/999999/', headers: staff.headers })).statusCode).toBe(404);
  });

  it('answers what is missing in Russian under the fields', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/school/promo/',
      headers: staff.headers,
      payload: { code: 'a!', kind: 'percent', scope: 'courses', course_ids: [], valid_from: '2027-01-02T00:00:00+03:00', valid_until: '2027-01-01T00:00:00+03:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: [PROMO_TEXTS.codeInvalid] });
    const rules = await t.app.inject({
      method: 'POST',
      url: '/api/admin/school/promo/',
      headers: staff.headers,
      payload: { code: codeOf('x'), kind: 'percent', scope: 'courses', course_ids: [], valid_from: '2027-01-02T00:00:00+03:00', valid_until: '2027-01-01T00:00:00+03:00' },
    });
    expect(rules.json()).toEqual({ percent: [PROMO_TEXTS.percentRange], course_ids: [PROMO_TEXTS.coursesRequired], valid_until: [PROMO_TEXTS.datesOrder] });
  });
});

describe('the order form with a code', () => {
  it('previews the lower price computed on the server, and the order keeps the code and the discount', async () => {
    const course = await buildCourse(db(), { priceKopecks: 1_000_000 });
    const promo = await buildPromo(db(), { percent: 15 });
    const seen = await preview({ course_slug: course.slug, code: promo.code.toLowerCase(), learners: 2 });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ code: promo.code, price: 2_000_000, discount: 300_000, amount: 1_700_000, amount_text: formatPrice(1_700_000) });
    const made = await order({ course_slug: course.slug, promo_code: ` ${promo.code.toLowerCase()} ` });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().order).toMatchObject({ amount: 850_000, discount: 150_000, promo_code: promo.code });
    const [row] = await db().select().from(orders).where(eq(orders.code, made.json().order.code));
    expect(row).toMatchObject({ promoCodeId: promo.id, promoCode: promo.code, discountKopecks: 150_000, amountKopecks: 850_000 });
  });

  it('refuses an unknown, expired, not yet valid, switched off, other course\'s or used-up code in Russian, never 500', async () => {
    const category = await buildCategory(db());
    const course = await buildCourse(db(), { categoryId: category.id });
    const other = await buildCourse(db());
    const hour = 3_600_000;
    const cases: [string, string][] = [
      ['NOSUCHCODE', PROMO_TEXTS.unknown],
      [(await buildPromo(db(), { validUntil: new Date(Date.now() - hour) })).code, PROMO_TEXTS.expired],
      [(await buildPromo(db(), { validFrom: new Date(Date.now() + hour) })).code, PROMO_TEXTS.notStarted],
      [(await buildPromo(db(), { isActive: false })).code, PROMO_TEXTS.disabled],
      [(await buildPromo(db(), { scope: 'courses', courseIds: [other.id] })).code, PROMO_TEXTS.notForCourse],
      [(await buildPromo(db(), { scope: 'category', categoryId: other.categoryId })).code, PROMO_TEXTS.notForCourse],
    ];
    const usedUp = await buildPromo(db(), { maxUses: 1 });
    expect((await order({ course_slug: other.slug, promo_code: usedUp.code })).statusCode).toBe(200);
    cases.push([usedUp.code, PROMO_TEXTS.usedUp]);
    for (const [code, message] of cases) {
      const seen = await preview({ course_slug: course.slug, code });
      expect(seen.statusCode, code).toBe(400);
      expect(seen.json(), code).toEqual({ code: [message] });
      const before = (await db().select().from(orders)).length;
      const made = await order({ course_slug: course.slug, promo_code: code });
      expect(made.statusCode, code).toBe(400);
      expect(made.json(), code).toEqual({ promo_code: [message] });
      expect((await db().select().from(orders)).length).toBe(before);
    }
    // The category's own code and a code for the listed course pass.
    expect((await preview({ course_slug: course.slug, code: (await buildPromo(db(), { scope: 'category', categoryId: category.id })).code })).statusCode).toBe(200);
    expect((await preview({ course_slug: course.slug, code: (await buildPromo(db(), { scope: 'courses', courseIds: [course.id] })).code })).statusCode).toBe(200);
  });

  it('a fixed sum larger than the price makes a free order, never a negative one', async () => {
    const course = await buildCourse(db(), { priceKopecks: 30_000 });
    const promo = await buildPromo(db(), { kind: 'fixed', percent: null, amountKopecks: 50_000 });
    expect((await preview({ course_slug: course.slug, code: promo.code })).json()).toMatchObject({ price: 30_000, discount: 30_000, amount: 0 });
  });

  it('limits a code per person by account or e-mail', async () => {
    const course = await buildCourse(db());
    const promo = await buildPromo(db(), { maxUsesPerPerson: 1 });
    const email = `${unique('once')}@example.ru`;
    expect((await order({ course_slug: course.slug, promo_code: promo.code, email })).statusCode).toBe(200);
    const second = await order({ course_slug: (await buildCourse(db())).slug, promo_code: promo.code, email: email.toUpperCase() });
    expect(second.json()).toEqual({ promo_code: [PROMO_TEXTS.usedUpPerson] });
    expect((await order({ course_slug: course.slug, promo_code: promo.code })).statusCode).toBe(200);
  });

  it('gives a code\'s last use to exactly one of two buyers at once, and a cancelled order gives it back', async () => {
    const course = await buildCourse(db());
    const promo = await buildPromo(db(), { maxUses: 1 });
    const buyers = await Promise.all([buildUser(db()), buildUser(db())]);
    const sessions = await Promise.all(buyers.map((buyer) => signInAs(t.app, buyer)));
    const answers = await Promise.all(sessions.map((session, i) => order({ course_slug: course.slug, promo_code: promo.code, email: buyers[i]!.email }, session.headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json()).toEqual({ promo_code: [PROMO_TEXTS.usedUp] });
    const won = answers.findIndex((a) => a.statusCode === 200);
    expect((await db().select().from(orders).where(eq(orders.promoCodeId, promo.id))).length).toBe(1);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/user/orders/${answers[won]!.json().order.code}/cancel/`, headers: sessions[won]!.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await preview({ course_slug: course.slug, code: promo.code })).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/school/promo/?search=${promo.code}`, headers: staff.headers })).json();
    expect(list.results[0]).toMatchObject({ uses: 0, paid_uses: 0 });
  });

  it('the preview is for everyone, within a budget per network', async () => {
    const course = await buildCourse(db());
    // The file's earlier previews came from the same address and count too.
    const answers: number[] = [];
    let refusal: unknown = null;
    for (let i = 0; i < 31 && !refusal; i += 1) {
      const res = await preview({ course_slug: course.slug, code: 'WRONGCODE' });
      answers.push(res.statusCode);
      if (res.statusCode === 429) refusal = res.json();
    }
    expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(refusal).toEqual({ detail: PROMO_TEXTS.tooMany });
  });
});
