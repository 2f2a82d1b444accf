// How orders are found by their code and shown (OrderSummary), for every part of the module.
import { asc, eq, inArray } from 'drizzle-orm';
import { ORDER_TEXTS, formatPrice, orderStatusTitle, type OrderSummary } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, groups, orderStudents, orders, type Order } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';

/** The order with this code, or 404. */
export async function orderByCode(db: Executor, code: string): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.code, code));
  if (!order) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
  return order;
}

export async function orderSummary(db: Executor, order: Order): Promise<OrderSummary> {
  return (await orderSummaries(db, [order]))[0]!;
}

/** Summaries of several orders in three queries (course, group, learners), whatever their number. */
export async function orderSummaries(db: Executor, list: readonly Order[]): Promise<OrderSummary[]> {
  if (list.length === 0) return [];
  const courseIds = [...new Set(list.map((order) => order.courseId))];
  const groupIds = [...new Set(list.flatMap((order) => (order.groupId ? [order.groupId] : [])))];
  const studentOrders = list.filter((order) => !order.studyForSelf).map((order) => order.id);
  const [courseRows, groupRows, learnerRows] = await Promise.all([
    db.select({ id: courses.id, slug: courses.slug, title: courses.title, image: courses.image }).from(courses).where(inArray(courses.id, courseIds)),
    groupIds.length
      ? db.select({ id: groups.id, title: groups.title, starts_on: groups.startsOn }).from(groups).where(inArray(groups.id, groupIds))
      : Promise.resolve([]),
    studentOrders.length
      ? db
          .select({ orderId: orderStudents.orderId, name: orderStudents.fullName })
          .from(orderStudents)
          .where(inArray(orderStudents.orderId, studentOrders))
          .orderBy(asc(orderStudents.id))
      : Promise.resolve([]),
  ]);
  const courseById = new Map(courseRows.map((row) => [row.id, row]));
  const groupById = new Map(groupRows.map((row) => [row.id, row]));
  const learnersOf = new Map<number, string[]>();
  for (const row of learnerRows) learnersOf.set(row.orderId, [...(learnersOf.get(row.orderId) ?? []), row.name]);
  return list.map((order) => {
    const course = courseById.get(order.courseId);
    return {
      code: order.code,
      status: order.status,
      status_title: orderStatusTitle(order.status),
      amount: order.amountKopecks,
      amount_text: formatPrice(order.amountKopecks),
      course: { slug: course?.slug ?? '', title: course?.title ?? '', image: course?.image ? imageUrl(course.image) : null },
      group: (order.groupId ? groupById.get(order.groupId) : undefined) ?? null,
      study_for_self: order.studyForSelf,
      students: learnersOf.get(order.id) ?? [],
      created_at: order.createdAt.toISOString(),
      promo_code: order.promoCode,
      discount: order.discountKopecks,
      held_until: order.heldUntil?.toISOString() ?? null,
    };
  });
}

function imageUrl(image: string): string {
  return /^https?:\/\//.test(image) || image.startsWith('/') ? image : `/media/${image}`;
}
