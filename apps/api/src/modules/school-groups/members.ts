// A group's members for staff (decision 0064): the list, adding a person by e-mail (an account
// gets the course by hand and joins; an address without one gets the invitation of decision 0035,
// which joins the group when taken up), moving to another group of the course and removing. Seats
// are counted under the group rows' locks, so two staff taking the last seat at once leave one
// winner. Removing someone from a group leaves their enrolment (course access) as it is.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolMemberAdd, SchoolMemberAdded, SchoolMembers } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courseGrants, courses, groupMembers, groups, orders, students, userCourses, users, type Group } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { maskEmail, recordAudit } from '../audit/record.ts';
import { sendTemplate } from '../mail/service.ts';
import { findGroup, takenSeats } from './groups.ts';

export const MEMBER_TEXTS = {
  notFound: 'Такого участника в группе нет.',
  full: 'В группе не осталось мест. Увеличьте число мест или выберите другую группу.',
  closed: 'Группа закрыта: добавлять в неё нельзя.',
  already: 'Этот человек уже в группе.',
  inOther: (title: string) => `Этот человек уже учится в группе «${title}» этого курса: переведите его оттуда.`,
  otherCourse: 'Переводить можно только в группу того же курса.',
  sameGroup: 'Участник уже в этой группе.',
  targetMissing: 'Такой группы нет.',
  enrolled: (email: string) => `${email} добавлен в группу и получит письмо.`,
  invited: (email: string) => `У ${email} ещё нет аккаунта: мы отправили приглашение. Человек попадёт в группу, когда войдёт на сайт с этим адресом (если места останутся).`,
} as const;

/** GET /api/admin/school/groups/{id}/members/ */
export async function listMembers(db: Executor, _actor: StaffActor, groupId: number): Promise<SchoolMembers> {
  const group = await findGroup(db, groupId);
  const [rows, invited] = await Promise.all([
    db
      .select({
        id: userCourses.id,
        user: { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName },
        studentFirst: students.firstName,
        studentLast: students.lastName,
        source: userCourses.source,
        orderCode: orders.code,
        joinedAt: groupMembers.createdAt,
      })
      .from(groupMembers)
      .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
      .innerJoin(users, eq(users.id, userCourses.userId))
      .leftJoin(students, eq(students.id, userCourses.studentId))
      .leftJoin(orders, eq(orders.id, userCourses.orderId))
      .where(eq(groupMembers.groupId, group.id))
      .orderBy(asc(users.lastName), asc(users.email), asc(userCourses.id)),
    db.select().from(courseGrants).where(eq(courseGrants.groupId, group.id)).orderBy(asc(courseGrants.createdAt)),
  ]);
  return {
    members: rows.map((r) => ({
      user_course_id: r.id,
      user: r.user,
      student: r.studentFirst === null ? null : `${r.studentLast ?? ''} ${r.studentFirst}`.trim(),
      source: r.source,
      order_code: r.orderCode ?? null,
      joined_at: r.joinedAt.toISOString(),
    })),
    invited: invited.map((g) => ({ id: g.id, email: g.email, created_at: g.createdAt.toISOString() })),
  };
}

/** Refuses when the (locked) group has no free seat for one more. */
async function assertSeat(tx: Executor, group: Group): Promise<void> {
  if (group.capacity === null) return;
  if ((await takenSeats(tx, group.id)) + 1 > group.capacity) throw ApiError.fields({ non_field_errors: [MEMBER_TEXTS.full] });
}

/** Locks groups in id order, so two moves between the same pair never wait on each other crosswise. */
async function lockGroups(tx: Executor, ids: number[]): Promise<Map<number, Group>> {
  const found = new Map<number, Group>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
    if (row) found.set(id, row);
  }
  return found;
}

/**
 * POST /api/admin/school/groups/{id}/members/: by e-mail. An account gets the course by hand
 * (source 'manual', as a person's card gives it; an ended access opens again) and joins the group,
 * with the 'course opened' letter; an address without an account gets the invitation letter and a
 * pending grant that joins the group when taken up.
 */
export async function addMember(db: Executor, actor: StaffActor, groupId: number, body: SchoolMemberAdd, publicUrl: string): Promise<SchoolMemberAdded> {
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    if (group.closedAt) throw ApiError.fields({ non_field_errors: [MEMBER_TEXTS.closed] });
    const [course] = await tx.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, group.courseId));
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.email}) = ${body.email}`);
    const letter = { courseTitle: course!.title, url: `${publicUrl}/user/courses/`, hasAccount: Boolean(user) };
    if (!user) {
      await assertSeat(tx, group);
      await tx
        .insert(courseGrants)
        .values({ courseId: group.courseId, email: body.email, grantedById: actor.user.id, groupId: group.id })
        .onConflictDoUpdate({ target: [courseGrants.courseId, courseGrants.email], set: { grantedById: actor.user.id, groupId: group.id } });
      await recordAudit(tx, actor, { action: 'member.add', entity: 'grant', courseId: group.courseId, summary: group.title, after: { email: body.email, group_id: group.id, invited: true } });
      await sendTemplate(tx, { to: body.email, template: 'course_access', data: letter });
      return { status: 'invited' as const, detail: MEMBER_TEXTS.invited(body.email) };
    }
    const [existing] = await tx
      .select()
      .from(userCourses)
      .where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, group.courseId), isNull(userCourses.studentId)))
      .for('update');
    if (existing) {
      const [current] = await tx
        .select({ id: groups.id, title: groups.title })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userCourseId, existing.id));
      if (current?.id === group.id) throw ApiError.fields({ email: [MEMBER_TEXTS.already] });
      if (current) throw ApiError.fields({ email: [MEMBER_TEXTS.inOther(current.title)] });
    }
    await assertSeat(tx, group);
    const open = existing && existing.isActive && (existing.accessUntil === null || existing.accessUntil > new Date());
    const [enrolment] = existing
      ? open
        ? [existing]
        : await tx.update(userCourses).set({ isActive: true, accessUntil: null, grantedById: actor.user.id }).where(eq(userCourses.id, existing.id)).returning()
      : await tx.insert(userCourses).values({ userId: user.id, courseId: group.courseId, source: 'manual', grantedById: actor.user.id }).returning();
    await tx.insert(groupMembers).values({ groupId: group.id, userCourseId: enrolment!.id });
    // A course bought without a group: its seat here is counted with the orders' seats.
    if (enrolment!.orderId !== null) await tx.update(groups).set({ seatsHeld: sql`${groups.seatsHeld} + 1` }).where(eq(groups.id, group.id));
    await recordAudit(tx, actor, {
      action: 'member.add',
      entity: 'enrolment',
      entityId: enrolment!.id,
      courseId: group.courseId,
      summary: `${group.title} — ${maskEmail(user.email)}`,
      after: { group_id: group.id, access_opened: !open },
    });
    await sendTemplate(tx, { to: user.email, template: 'course_access', data: letter });
    return { status: 'enrolled' as const, detail: MEMBER_TEXTS.enrolled(user.email) };
  });
}

/** The member's enrolment in this group, with the order that paid for its seat. */
async function findMember(tx: Executor, groupId: number, userCourseId: number) {
  const [row] = await tx
    .select({ id: userCourses.id, orderId: userCourses.orderId, email: users.email })
    .from(groupMembers)
    .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userCourseId, userCourseId)));
  if (!row) throw ApiError.notFound(MEMBER_TEXTS.notFound);
  return row;
}

/** A member who came through an order frees the order's seat in the group they leave. */
async function freeOrderSeat(tx: Executor, group: Group, orderId: number | null): Promise<void> {
  if (orderId === null) return; // Learners added by hand are counted from the members themselves.
  await tx.update(groups).set({ seatsHeld: sql`greatest(${groups.seatsHeld} - 1, 0)` }).where(eq(groups.id, group.id));
  await tx
    .update(orders)
    .set({ seatsHeld: sql`greatest(${orders.seatsHeld} - 1, 0)` })
    .where(and(eq(orders.id, orderId), eq(orders.groupId, group.id)));
}

/**
 * POST /api/admin/school/groups/{id}/members/{userCourseId}/move/: into another group of the same
 * course with a free seat. A seat paid by an order moves with the member (the order follows when
 * it paid for this one seat only).
 */
export async function moveMember(db: Executor, actor: StaffActor, groupId: number, userCourseId: number, targetId: number): Promise<SchoolMembers> {
  await db.transaction(async (tx) => {
    const locked = await lockGroups(tx, [groupId, targetId]);
    const group = locked.get(groupId);
    if (!group) throw ApiError.notFound('Группа не найдена.');
    const member = await findMember(tx, group.id, userCourseId);
    const target = locked.get(targetId);
    if (!target) throw ApiError.fields({ group_id: [MEMBER_TEXTS.targetMissing] });
    if (target.id === group.id) throw ApiError.fields({ group_id: [MEMBER_TEXTS.sameGroup] });
    if (target.courseId !== group.courseId) throw ApiError.fields({ group_id: [MEMBER_TEXTS.otherCourse] });
    if (target.closedAt) throw ApiError.fields({ group_id: [MEMBER_TEXTS.closed] });
    await assertSeat(tx, target);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userCourseId, member.id)));
    await tx.insert(groupMembers).values({ groupId: target.id, userCourseId: member.id });
    if (member.orderId !== null) {
      const [order] = await tx.select({ groupId: orders.groupId, seatsHeld: orders.seatsHeld }).from(orders).where(eq(orders.id, member.orderId));
      await tx.update(groups).set({ seatsHeld: sql`greatest(${groups.seatsHeld} - 1, 0)` }).where(eq(groups.id, group.id));
      await tx.update(groups).set({ seatsHeld: sql`${groups.seatsHeld} + 1` }).where(eq(groups.id, target.id));
      if (order?.groupId === group.id && order.seatsHeld === 1) await tx.update(orders).set({ groupId: target.id }).where(eq(orders.id, member.orderId));
    }
    await recordAudit(tx, actor, {
      action: 'member.move',
      entity: 'enrolment',
      entityId: member.id,
      courseId: group.courseId,
      summary: `${group.title} → ${target.title} — ${maskEmail(member.email)}`,
      before: { group_id: group.id },
      after: { group_id: target.id },
    });
  });
  return listMembers(db, actor, groupId);
}

/** DELETE /api/admin/school/groups/{id}/members/{userCourseId}/: out of the group; the course stays open to them. */
export async function removeMember(db: Executor, actor: StaffActor, groupId: number, userCourseId: number): Promise<SchoolMembers> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    const member = await findMember(tx, group.id, userCourseId);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userCourseId, member.id)));
    await freeOrderSeat(tx, group, member.orderId);
    await recordAudit(tx, actor, {
      action: 'member.remove',
      entity: 'enrolment',
      entityId: member.id,
      courseId: group.courseId,
      summary: `${group.title} — ${maskEmail(member.email)}`,
      before: { group_id: group.id },
      after: { group_id: null },
    });
  });
  return listMembers(db, actor, groupId);
}
