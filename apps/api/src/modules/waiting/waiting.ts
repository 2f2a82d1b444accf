// The waiting list of full groups (decision 0067). A signed-in person joins a full group's list (one
// entry per person and group). A seat freed later (an order cancelled, its hold run out, a refund,
// a larger capacity) goes to the list's first person: an order for them holding the seat for
// WAITING_OFFER_HOURS and a letter with the link to pay. Unpaid in time, the order's hold ends
// like any other (the reconciliation job cancels it) and the seat passes to the next person.
// While anyone waits, the order form sells none of the group's freed seats to others.
// The offers run in the reconciliation job of every process: a group is handled by one process at
// a time (a transaction-scoped advisory lock tried per group), and seats are taken by takeSeats'
// conditional update, so several processes never offer one seat twice.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { WAITING_TEXTS, formatDateTime, formatPrice, moscowIsoDate, type MyWaiting, type WaitingGroups, type WaitingList } from '@crema/contract';
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client.ts';
import { courses, groups, orders, userCourses, users, waitingEntries, type WaitingEntry } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor, StaffActor } from '../auth/actor.ts';
import { sendTemplate } from '../mail/service.ts';
import { publishedGroups } from '../schedule/scopes.ts';
import { markOrderPaid, someoneWaits, takeSeats } from '../orders/transitions.ts';

/**
 * Seats of a group taken by learners added by hand, as SQL on `groups`, spelt out: in a select from
 * `groups` alone column names are not qualified, and the subquery's own `id` would answer.
 */
const manualMembers = sql<number>`(select count(*) from group_members gm join user_courses uc on uc.id = gm.user_course_id where gm.group_id = ${groups}.id and uc.order_id is null)::int`;


/** POST /api/groups/waiting/: joins a full group's waiting list (again, after an offer ran out or leaving). */
export async function joinWaiting(db: Db, actor: SignedInActor, groupId: number): Promise<{ detail: string; status: WaitingEntry['status'] }> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: groups.id, courseId: groups.courseId, capacity: groups.capacity, seatsHeld: groups.seatsHeld, manual: manualMembers, waits: someoneWaits })
      .from(groups)
      .where(and(eq(groups.id, groupId), publishedGroups, gte(groups.startsOn, moscowIsoDate(new Date()))))
      .for('update');
    if (!group) throw ApiError.notFound(WAITING_TEXTS.groupNotFound);
    const full = group.capacity !== null && (group.seatsHeld + group.manual >= group.capacity || group.waits);
    if (!full) throw new ApiError('conflict', WAITING_TEXTS.notFull);
    const [studying] = await tx
      .select({ id: userCourses.id })
      .from(userCourses)
      .where(and(eq(userCourses.userId, actor.user.id), eq(userCourses.courseId, group.courseId), sql`${userCourses.studentId} is null`, eq(userCourses.isActive, true)));
    if (studying) throw new ApiError('conflict', WAITING_TEXTS.studying);
    const [existing] = await tx.select().from(waitingEntries).where(and(eq(waitingEntries.groupId, groupId), eq(waitingEntries.userId, actor.user.id)));
    if (existing && (existing.status === 'waiting' || existing.status === 'offered')) return { detail: WAITING_TEXTS.already, status: existing.status };
    if (existing) {
      // Back at the end of the list.
      await tx.update(waitingEntries).set({ status: 'waiting', orderId: null, offeredAt: null, createdAt: sql`now()`, updatedAt: sql`now()` }).where(eq(waitingEntries.id, existing.id));
    } else {
      await tx.insert(waitingEntries).values({ groupId, userId: actor.user.id });
    }
    return { detail: WAITING_TEXTS.joined, status: 'waiting' as const };
  });
}

/** GET /api/groups/waiting/: where the person waits (or has a seat offered), soonest start first, with their place in each line. */
export async function myWaiting(db: Executor, actor: SignedInActor): Promise<MyWaiting> {
  const ahead = sql<number>`(select count(*) from waiting_entries w where w.group_id = ${waitingEntries.groupId} and w.status = 'waiting' and (w.created_at, w.id) < (${waitingEntries.createdAt}, ${waitingEntries.id}))`.mapWith(Number);
  const rows = await db
    .select({ entry: waitingEntries, group: { id: groups.id, title: groups.title, startsOn: groups.startsOn }, course: { id: courses.id, title: courses.title, slug: courses.slug }, code: orders.code, heldUntil: orders.heldUntil, ahead })
    .from(waitingEntries)
    .innerJoin(groups, eq(groups.id, waitingEntries.groupId))
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(orders, eq(orders.id, waitingEntries.orderId))
    .where(and(eq(waitingEntries.userId, actor.user.id), inArray(waitingEntries.status, ['waiting', 'offered'])))
    .orderBy(asc(groups.startsOn), asc(groups.id));
  return rows.map((row) => ({
    group: { id: row.group.id, title: row.group.title, starts_on: row.group.startsOn },
    course: row.course,
    status: row.entry.status as 'waiting' | 'offered',
    position: row.entry.status === 'waiting' ? row.ahead + 1 : null,
    order_code: row.entry.status === 'offered' ? row.code : null,
    held_until: row.entry.status === 'offered' ? (row.heldUntil?.toISOString() ?? null) : null,
    created_at: row.entry.createdAt.toISOString(),
  }));
}

/**
 * DELETE /api/groups/waiting/{group}/: the person leaves the group's waiting list. A seat already
 * offered is an order of theirs: it ends by cancelling that order (its seat then goes to the next).
 */
export async function leaveWaiting(db: Db, actor: SignedInActor, groupId: number): Promise<{ detail: string }> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(waitingEntries)
      .where(and(eq(waitingEntries.groupId, groupId), eq(waitingEntries.userId, actor.user.id), inArray(waitingEntries.status, ['waiting', 'offered'])))
      .for('update');
    if (!entry) throw ApiError.notFound(WAITING_TEXTS.notWaiting);
    if (entry.status === 'offered') throw new ApiError('conflict', WAITING_TEXTS.offered);
    await tx.update(waitingEntries).set({ status: 'left', updatedAt: sql`now()` }).where(eq(waitingEntries.id, entry.id));
    return { detail: WAITING_TEXTS.left };
  });
}

/** GET /api/admin/school/groups/{id}/waiting/: the list in its order, with the offers. */
export async function waitingList(db: Executor, _actor: StaffActor, groupId: number): Promise<WaitingList> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  if (!group) throw ApiError.notFound(WAITING_TEXTS.groupNotFound);
  const rows = await db
    .select({ entry: waitingEntries, email: users.email, lastName: users.lastName, firstName: users.firstName, code: orders.code, heldUntil: orders.heldUntil })
    .from(waitingEntries)
    .innerJoin(users, eq(users.id, waitingEntries.userId))
    .leftJoin(orders, eq(orders.id, waitingEntries.orderId))
    .where(eq(waitingEntries.groupId, groupId))
    .orderBy(sql`case ${waitingEntries.status} when 'offered' then 0 when 'waiting' then 1 else 2 end`, asc(waitingEntries.createdAt), asc(waitingEntries.id));
  let position = 0;
  return {
    group: { id: group.id, title: group.title, starts_on: group.startsOn, capacity: group.capacity, seats_held: group.seatsHeld },
    results: rows.map((row) => ({
      id: row.entry.id,
      position: row.entry.status === 'waiting' ? ++position : null,
      status: row.entry.status,
      person: { id: row.entry.userId, name: [row.lastName, row.firstName].filter(Boolean).join(' ') || row.email, email: row.email },
      order_code: row.code,
      offered_at: row.entry.offeredAt?.toISOString() ?? null,
      held_until: row.heldUntil?.toISOString() ?? null,
      created_at: row.entry.createdAt.toISOString(),
    })),
  };
}

/** GET /api/admin/school/waiting/: the groups whose lists have someone waiting or offered a seat, soonest start first. */
export async function waitingGroups(db: Executor, _actor: StaffActor): Promise<WaitingGroups> {
  const rows = await db
    .select({
      group: groups,
      courseTitle: courses.title,
      waiting: sql<number>`count(*) filter (where ${waitingEntries.status} = 'waiting')`.mapWith(Number),
      offered: sql<number>`count(*) filter (where ${waitingEntries.status} = 'offered')`.mapWith(Number),
    })
    .from(waitingEntries)
    .innerJoin(groups, eq(groups.id, waitingEntries.groupId))
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .where(inArray(waitingEntries.status, ['waiting', 'offered']))
    .groupBy(groups.id, courses.id)
    .orderBy(asc(groups.startsOn), asc(groups.id))
    .limit(200);
  return {
    results: rows.map((row) => ({
      group: { id: row.group.id, title: row.group.title, starts_on: row.group.startsOn, capacity: row.group.capacity, seats_held: row.group.seatsHeld },
      course: { id: row.group.courseId, title: row.courseTitle },
      waiting: row.waiting,
      offered: row.offered,
    })),
  };
}

export interface OfferOptions {
  publicUrl: string;
  offerMs: number;
}

/**
 * One run of the offers (the reconciliation job, after the holds sweep): offers whose order was
 * paid or ended are closed (bought, expired), then every group with someone waiting and a free
 * seat offers it to the first waiting person, in turn. Returns how many offers were made.
 */
export async function runWaitingOffers(db: Db, options: OfferOptions): Promise<number> {
  await db.execute(sql`update ${waitingEntries} w set status = case when o.status = 'paid' then 'bought'::waiting_status else 'expired'::waiting_status end, updated_at = now()
    from ${orders} o where o.id = w.order_id and w.status = 'offered' and o.status in ('paid', 'refunded', 'cancelled')`);
  const due = await db
    .selectDistinct({ groupId: waitingEntries.groupId })
    .from(waitingEntries)
    .innerJoin(groups, eq(groups.id, waitingEntries.groupId))
    .where(and(eq(waitingEntries.status, 'waiting'), sql`(${groups.capacity} is null or ${groups.seatsHeld} + ${manualMembers} < ${groups.capacity})`))
    .limit(100);
  let offered = 0;
  for (const { groupId } of due) offered += await offerSeats(db, groupId, options);
  return offered;
}

/** Offers a group's free seats to its first waiting people; 0 when another process is at it. */
export async function offerSeats(db: Db, groupId: number, options: OfferOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const [mine] = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`waiting:${groupId}`}, 0)) as locked`)).rows as { locked: boolean }[];
    if (!mine?.locked) return 0;
    const [group] = await tx
      .select({ id: groups.id, title: groups.title, courseId: groups.courseId, startsOn: groups.startsOn })
      .from(groups)
      .where(and(eq(groups.id, groupId), publishedGroups, gte(groups.startsOn, moscowIsoDate(new Date()))));
    if (!group) return 0;
    const [course] = await tx.select().from(courses).where(eq(courses.id, group.courseId));
    if (!course || course.priceKopecks === null) return 0;
    const first = await tx
      .select({ entry: waitingEntries, user: users })
      .from(waitingEntries)
      .innerJoin(users, eq(users.id, waitingEntries.userId))
      .where(and(eq(waitingEntries.groupId, groupId), eq(waitingEntries.status, 'waiting')))
      .orderBy(asc(waitingEntries.createdAt), asc(waitingEntries.id))
      .limit(20);
    let made = 0;
    for (const { entry, user } of first) {
      if (user.blockedAt) continue;
      if (!(await takeSeats(tx, groupId, 1))) break;
      const [order] = await tx
        .insert(orders)
        .values({
          code: randomBytes(16).toString('base64url'),
          userId: user.id,
          courseId: course.id,
          groupId,
          status: 'confirmed',
          confirmedAt: sql`now()`,
          seatsHeld: 1,
          heldUntil: sql`now() + make_interval(secs => ${options.offerMs / 1000})`,
          amountKopecks: course.priceKopecks,
          payerLastName: user.lastName ?? '',
          payerFirstName: user.firstName ?? '',
          payerPhone: user.phone ?? '',
          payerEmail: user.email,
          studyForSelf: true,
        })
        .returning();
      await tx.update(waitingEntries).set({ status: 'offered', orderId: order!.id, offeredAt: sql`now()`, updatedAt: sql`now()` }).where(eq(waitingEntries.id, entry.id));
      if (order!.amountKopecks === 0) {
        await markOrderPaid(tx, order!.id, options.publicUrl);
      } else {
        await sendTemplate(tx, {
          to: user.email,
          template: 'waiting_offer',
          data: {
            courseTitle: course.title,
            groupTitle: group.title,
            untilText: formatDateTime(order!.heldUntil!),
            amountText: formatPrice(order!.amountKopecks),
            payUrl: `${options.publicUrl}/courses/payment/${encodeURIComponent(order!.code)}/`,
          },
        });
      }
      made += 1;
    }
    return made;
  });
}
