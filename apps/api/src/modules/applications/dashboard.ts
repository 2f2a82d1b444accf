// The school's dashboard (decision 0066): sales today, this week and this month in Moscow time,
// refunds apart; new applications; groups starting within 30 days with their fill; orders waiting
// for payment; daily sales for the last 30 days. Five queries, run side by side.
import { addDays, moscowInstant, moscowIsoDate, weekdayOf, type Dashboard } from '@crema/contract';
import { and, asc, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, feedbackSubmissions, groups, orders, paymentRefunds, payments } from '../../db/schema/index.ts';

/** Days of the sales chart, today included. */
export const DASHBOARD_DAYS = 30;
/** Groups starting within this many days (today included) are listed. */
export const DASHBOARD_GROUP_DAYS = 30;

const num = (v: unknown) => Number(v ?? 0);

/**
 * GET /api/admin/school/dashboard/. A sale is an order paid within the period (by its payment
 * time, a later refund included); refunds are the money returned within it (a part included,
 * counted as orders refunded). Days, weeks (from Monday) and months are Moscow's.
 */
export async function getDashboard(db: Executor, now: Date = new Date()): Promise<Dashboard> {
  const today = moscowIsoDate(now);
  const weekStart = addDays(today, -((weekdayOf(today) + 6) % 7));
  const monthStart = `${today.slice(0, 8)}01`;
  const chartStart = addDays(today, -(DASHBOARD_DAYS - 1));
  const at = (iso: string) => moscowInstant(iso, '00:00');
  const [tToday, tWeek, tMonth, tChart] = [at(today), at(weekStart), at(monthStart), at(chartStart)];
  const earliest = new Date(Math.min(tWeek.getTime(), tMonth.getTime(), tChart.getTime()));
  const end = at(addDays(today, 1));

  const paidIn = (from: Date) => sql`${orders.paidAt} >= ${from} and ${orders.paidAt} < ${end}`;
  const waiting = sql`${orders.status} in ('confirmed', 'awaiting_payment')`;
  const periods = { today: tToday, week: tWeek, month: tMonth } as const;
  const figures = Object.fromEntries(
    Object.entries(periods).flatMap(([key, from]) => [
      [`${key}PaidCount`, sql<number>`count(*) filter (where ${paidIn(from)})`],
      [`${key}PaidSum`, sql<number>`coalesce(sum(${orders.amountKopecks}) filter (where ${paidIn(from)}), 0)`],
    ]),
  );
  // Refunds: each one staff made through the bank, by its own time and amount (a part included);
  // an order refunded without one (the bank's own cabinet) by its change, for its whole amount.
  const refundedOrders = sql`exists (select 1 from ${paymentRefunds} join ${payments} on ${payments.id} = ${paymentRefunds.paymentId} where ${payments.orderId} = ${orders.id})`;
  const refunds = db
    .select({ orderId: payments.orderId, amount: paymentRefunds.amountKopecks, at: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(gte(paymentRefunds.createdAt, earliest), lt(paymentRefunds.createdAt, end)))
    .unionAll(
      db
        .select({ orderId: orders.id, amount: orders.amountKopecks, at: orders.updatedAt })
        .from(orders)
        .where(and(eq(orders.status, 'refunded'), gte(orders.updatedAt, earliest), lt(orders.updatedAt, end), sql`not ${refundedOrders}`)),
    )
    .as('refunds');
  const refundFigures = Object.fromEntries(
    Object.entries(periods).flatMap(([key, from]) => [
      [`${key}RefundedCount`, sql<number>`count(distinct ${refunds.orderId}) filter (where ${refunds.at} >= ${from})`],
      [`${key}RefundedSum`, sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.at} >= ${from}), 0)`],
    ]),
  );
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'Europe/Moscow', 'YYYY-MM-DD')`;

  const [[money], [refunded], daily, [applications], groupRows] = await Promise.all([
    db
      .select({ ...figures, waitingCount: sql<number>`count(*) filter (where ${waiting})`, waitingSum: sql<number>`coalesce(sum(${orders.amountKopecks}) filter (where ${waiting}), 0)` })
      .from(orders)
      // The status index finds the waiting ones; payment times bound the rest.
      .where(sql`${waiting} or (${orders.paidAt} >= ${earliest} and ${orders.paidAt} < ${end})`),
    db.select(refundFigures).from(refunds),
    db
      .select({ day, count: count(), sum: sql<number>`coalesce(sum(${orders.amountKopecks}), 0)` })
      .from(orders)
      .where(paidIn(tChart))
      .groupBy(day),
    db.select({ total: count() }).from(feedbackSubmissions).where(eq(feedbackSubmissions.status, 'new')),
    db
      .select({ id: groups.id, title: groups.title, courseId: courses.id, courseTitle: courses.title, startsOn: groups.startsOn, taken: groups.seatsHeld, capacity: groups.capacity })
      .from(groups)
      .innerJoin(courses, eq(courses.id, groups.courseId))
      .where(and(gte(groups.startsOn, today), lte(groups.startsOn, addDays(today, DASHBOARD_GROUP_DAYS - 1))))
      .orderBy(asc(groups.startsOn), asc(groups.id)),
  ]);
  const m = { ...money, ...refunded } as Record<string, unknown>;
  const sales = (key: keyof typeof periods) => ({
    paid_count: num(m[`${key}PaidCount`]),
    paid_sum: num(m[`${key}PaidSum`]),
    refunded_count: num(m[`${key}RefundedCount`]),
    refunded_sum: num(m[`${key}RefundedSum`]),
  });
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return {
    today,
    sales: { today: sales('today'), week: sales('week'), month: sales('month') },
    new_applications: applications?.total ?? 0,
    awaiting_payment: { count: num(m.waitingCount), sum: num(m.waitingSum) },
    groups: groupRows.map((g) => ({ id: g.id, title: g.title, course: { id: g.courseId, title: g.courseTitle }, starts_on: g.startsOn, taken: g.taken, capacity: g.capacity })),
    daily: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const iso = addDays(chartStart, i);
      const found = byDay.get(iso);
      return { day: iso, count: num(found?.count), sum: num(found?.sum) };
    }),
  };
}
