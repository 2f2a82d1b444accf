// The waiting list over real HTTP: a full group takes sign-ups to its list; the order form sells
// none of its freed seats while someone waits; the job offers a freed seat to the first person (an
// order holding it, a letter with the link to pay), an offer not paid in time passes to the next,
// and two processes running the job at once offer one seat once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TEXTS, WAITING_TEXTS } from '@crema/contract';
import { groups, mailOutbox, orders, waitingEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildCourse, buildGroup, buildUser, signInAs, unique } from '../../test/factories.ts';
import { offerSeats, runWaitingOffers } from './waiting.ts';

let t: TestContext;
const db = () => t.database.db;
const OFFER_MS = 24 * 3_600_000;
const options = () => ({ publicUrl: 'https://crema.test', offerMs: OFFER_MS });

beforeAll(async () => {
  t = await createTestApp({ ORDERS_PER_IP_HOUR: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const join = (group: number, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/groups/waiting/', headers, payload: { group } });
const order = (course: string, group: number, headers: Record<string, string> = {}, email = `${unique('payer')}@example.ru`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/request/',
    headers,
    payload: { course_slug: course, group: String(group), last_name: 'Иванова', first_name: 'Анна', phone: '+7 916-123-45-67', email, consent_privacy: true, consent_personal_data: true, study_for_self: true },
  });

/** A course with a group of one seat, taken by a signed-in buyer's unpaid order. */
async function fullGroup() {
  const course = await buildCourse(db());
  const group = await buildGroup(db(), { courseId: course.id, capacity: 1 });
  const buyer = await buildUser(db());
  const session = await signInAs(t.app, buyer);
  const made = await order(course.slug, group.id, session.headers, buyer.email);
  expect(made.statusCode, made.body).toBe(200);
  return { course, group, holder: { session, code: made.json().order.code as string } };
}

async function person() {
  const user = await buildUser(db(), { lastName: 'Ждущая', firstName: unique('Ира') });
  return { user, session: await signInAs(t.app, user) };
}

describe('joining the list', () => {
  it('is for the signed-in, for a full group only, once per person', async () => {
    const { course, group } = await fullGroup();
    expect((await join(group.id)).statusCode).toBe(401);
    const a = await person();
    const first = await join(group.id, a.session.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ detail: WAITING_TEXTS.joined, status: 'waiting' });
    expect((await join(group.id, a.session.headers)).json()).toEqual({ detail: WAITING_TEXTS.already, status: 'waiting' });
    const open = await buildGroup(db(), { courseId: course.id, capacity: 5 });
    const notFull = await join(open.id, a.session.headers);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json()).toEqual({ detail: WAITING_TEXTS.notFull });
    expect((await join(999_999, a.session.headers)).json()).toEqual({ detail: WAITING_TEXTS.groupNotFound });
  });
});

describe('my waiting lists', () => {
  it('show my place in each line; leaving takes me off it, someone else’s entry is not mine to leave', async () => {
    const { group } = await fullGroup();
    const a = await person();
    const b = await person();
    await join(group.id, a.session.headers);
    await join(group.id, b.session.headers);
    const mine = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/groups/waiting/', headers });
    const leave = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/groups/waiting/${id}/`, headers });
    expect((await mine({})).statusCode).toBe(401);
    const listed = await mine(b.session.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ group: expect.objectContaining({ id: group.id }), status: 'waiting', position: 2, order_code: null })]);

    // Someone with no entry there: as if the group's list did not exist.
    const c = await person();
    expect((await leave(group.id, c.session.headers)).json()).toEqual({ detail: WAITING_TEXTS.notWaiting });
    expect((await leave(group.id, c.session.headers)).statusCode).toBe(404);

    const left = await leave(group.id, a.session.headers);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ detail: WAITING_TEXTS.left });
    expect((await mine(a.session.headers)).json()).toEqual([]);
    expect((await mine(b.session.headers)).json()[0].position, 'the next one moves up').toBe(1);
    expect((await leave(group.id, a.session.headers)).statusCode, 'once').toBe(404);
    // Joining again puts them at the end of the line.
    await join(group.id, a.session.headers);
    expect((await mine(a.session.headers)).json()[0].position).toBe(2);
  });

  it('a seat already offered is declined by cancelling its order, not by leaving', async () => {
    const { group, holder } = await fullGroup();
    const a = await person();
    await join(group.id, a.session.headers);
    expect((await t.app.inject({ method: 'POST', url: `/api/user/orders/${holder.code}/cancel/`, headers: holder.session.headers })).statusCode).toBe(200);
    expect(await offerSeats(db(), group.id, options())).toBe(1);
    const [offer] = (await t.app.inject({ method: 'GET', url: '/api/groups/waiting/', headers: a.session.headers })).json();
    expect(offer).toEqual(expect.objectContaining({ status: 'offered', position: null, order_code: expect.any(String), held_until: expect.any(String) }));
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/groups/waiting/${group.id}/`, headers: a.session.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: WAITING_TEXTS.offered });
    const [entry] = await db().select().from(waitingEntries).where(and(eq(waitingEntries.groupId, group.id), eq(waitingEntries.userId, a.user.id)));
    expect(entry!.status).toBe('offered');
  });
});

describe('a freed seat', () => {
  it('goes to the first waiting person, not to the order form; unpaid in time, it passes to the next', async () => {
    const { course, group, holder } = await fullGroup();
    const a = await person();
    const b = await person();
    await join(group.id, a.session.headers);
    await join(group.id, b.session.headers);
    const staff = await signInAs(t.app, await buildUser(db(), { isStaff: true }));

    // The holder cancels: the seat is free, but the list is first.
    expect((await t.app.inject({ method: 'POST', url: `/api/user/orders/${holder.code}/cancel/`, headers: holder.session.headers })).statusCode).toBe(200);
    const sneaky = await order(course.slug, group.id);
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json()).toEqual({ group: [ORDER_TEXTS.groupFull] });

    expect(await runWaitingOffers(db(), options())).toBe(1);
    expect(await runWaitingOffers(db(), options())).toBe(0);
    const [offer] = await db().select().from(orders).where(and(eq(orders.userId, a.user.id), eq(orders.groupId, group.id)));
    expect(offer).toMatchObject({ status: 'confirmed', seatsHeld: 1, amountKopecks: course.priceKopecks, payerEmail: a.user.email });
    expect(Math.abs(offer!.heldUntil!.getTime() - Date.now() - OFFER_MS)).toBeLessThan(60_000);
    const [letter] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, a.user.email));
    expect(letter?.subject).toContain('Освободилось место');
    expect(letter?.text).toContain(`https://crema.test/courses/payment/${offer!.code}/`);
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/school/groups/${group.id}/waiting/`, headers: staff.headers })).json();
    expect(list.results.map((r: { person: { id: number }; status: string; position: number | null; order_code: string | null }) => [r.person.id, r.status, r.position, r.order_code])).toEqual([
      [a.user.id, 'offered', null, offer!.code],
      [b.user.id, 'waiting', 1, null],
    ]);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/school/waiting/', headers: staff.headers })).json();
    expect(overview.results.find((r: { group: { id: number } }) => r.group.id === group.id)).toMatchObject({ course: { id: course.id }, waiting: 1, offered: 1 });

    // A's hold runs out: the sweep cancels the order, the seat passes to B.
    await db().update(orders).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, offer!.id));
    expect(await t.app.orders.expireHolds()).toBe(1);
    expect(await runWaitingOffers(db(), options())).toBe(1);
    const entries = await db().select().from(waitingEntries).where(eq(waitingEntries.groupId, group.id));
    expect(Object.fromEntries(entries.map((e) => [e.userId, e.status]))).toEqual({ [a.user.id]: 'expired', [b.user.id]: 'offered' });
    const [next] = await db().select().from(orders).where(and(eq(orders.userId, b.user.id), eq(orders.groupId, group.id)));
    expect(next).toMatchObject({ status: 'confirmed', seatsHeld: 1 });
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(1);
  });

  it('is offered once when two processes run the offers at the same moment', async () => {
    const { group, holder } = await fullGroup();
    for (let i = 0; i < 3; i += 1) await join(group.id, (await person()).session.headers);
    await t.app.inject({ method: 'POST', url: `/api/user/orders/${holder.code}/cancel/`, headers: holder.session.headers });
    const made = await Promise.all([offerSeats(db(), group.id, options()), offerSeats(db(), group.id, options()), runWaitingOffers(db(), options())]);
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1);
    const offered = await db().select().from(waitingEntries).where(and(eq(waitingEntries.groupId, group.id), eq(waitingEntries.status, 'offered')));
    expect(offered).toHaveLength(1);
    const [row] = await db().select().from(groups).where(eq(groups.id, group.id));
    expect(row!.seatsHeld).toBe(1);
  });
});
