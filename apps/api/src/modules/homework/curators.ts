// Who checks a course's homework (decision 0087): the course's owner (or staff) names curators by
// e-mail, for the whole course or one of its groups, sees each one's load and removes them.
// `users.is_curator` follows the curators rows in the same transaction (the `curator` access level
// reads it); the session's user is read afresh on every call, so the change applies to the next one.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseCurator, CourseCuratorInput } from '@crema/contract';
import { firstLastName } from '@crema/contract';
import type { Executor, Db } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { courseModules, courses, curators, groupMembers, groupSchedules, groups, homeworkSubmissions, lessonBlocks, lessonProgress, lessons, userCourses, users } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { maskEmail, recordAudit } from '../audit/record.ts';
import { ownedBy } from '../catalog/scopes.ts';
import { OPEN_NOW } from '../learning/scopes.ts';

export const COURSE_NOT_FOUND = 'Курс не найден среди ваших.';
export const CURATOR_NOT_FOUND = 'Такого куратора у курса нет.';
export const CURATOR_TEXTS = {
  noAccount: 'Нет аккаунта с таким адресом: пусть куратор сначала войдёт на сайт с этой почтой.',
  noGroup: 'У этого курса нет такой группы.',
  already: 'Этот человек уже куратор здесь.',
  blocked: 'Этот аккаунт заблокирован.',
} as const;

/** Waiting longer than this is «ждут дольше 48 часов». */
export const WAITING_TOO_LONG_HOURS = 48;

/** The full name of an account, else its e-mail. */
export function nameOf(u: { firstName: string | null; lastName: string | null; email: string }): string {
  return firstLastName({ first_name: u.firstName, last_name: u.lastName }) || u.email;
}

async function ownCourse(db: Executor, actor: SignedInActor, courseId: number) {
  return findOne(db.select({ id: courses.id, title: courses.title }).from(courses).where(and(eq(courses.id, courseId), ownedBy(actor))), COURSE_NOT_FOUND);
}

/**
 * The submissions a curators row `k` reaches, as a condition over homework_submissions ⋈ user_courses:
 * the course's, and for a group's curator only the group members'.
 */
const reachedBy = sql`${userCourses.courseId} = ${curators.courseId}
  and (${curators.groupId} is null or exists (select 1 from ${groupMembers} as cg
    where cg.group_id = ${curators.groupId} and cg.user_course_id = ${userCourses.id}))`;

const countOf = (condition: ReturnType<typeof sql>) =>
  sql<number>`(select count(*) from ${homeworkSubmissions} inner join ${userCourses} on ${userCourses.id} = ${homeworkSubmissions.userCourseId}
    where ${reachedBy} and ${condition})`.mapWith(Number);

const WAITING = sql`${homeworkSubmissions.status} in ('sent', 'checking')`;

/**
 * A homework's deadline for an enrolment, by the rule of deadlines.ts in SQL: the block's moment, or
 * N days after the lesson opened for the learner (the first session of their group tied to it, else
 * their first opening); null while it has not opened.
 */
const deadlineOf = sql`case ${lessonBlocks.data}->'deadline'->>'type'
  when 'date' then (${lessonBlocks.data}->'deadline'->>'at')::timestamptz
  when 'days' then coalesce(
    (select min(gs.starts_at) from ${groupSchedules} as gs
      inner join ${groupMembers} as gm on gm.group_id = gs.group_id and gm.user_course_id = ${userCourses.id}
      where gs.lesson_id = ${lessons.id}),
    (select lp.created_at from ${lessonProgress} as lp where lp.user_course_id = ${userCourses.id} and lp.lesson_id = ${lessons.id})
  ) + make_interval(days => (${lessonBlocks.data}->'deadline'->>'days')::int)
end`;

/**
 * Homework nobody answered in time: each open enrolment a curators row reaches × each homework of
 * the course's published lessons with no answer, its deadline passed.
 */
const missedCount = sql<number>`(select count(*) from ${userCourses}
    inner join ${courseModules} on ${courseModules.courseId} = ${userCourses.courseId}
    inner join ${lessons} on ${lessons.moduleId} = ${courseModules.id} and ${lessons.isPublished}
    inner join ${lessonBlocks} on ${lessonBlocks.lessonId} = ${lessons.id} and ${lessonBlocks.type} = 'homework'
    where ${reachedBy} and ${OPEN_NOW}
      and not exists (select 1 from ${homeworkSubmissions}
        where ${homeworkSubmissions.userCourseId} = ${userCourses.id} and ${homeworkSubmissions.blockId} = ${lessonBlocks.id})
      and ${deadlineOf} < now())`.mapWith(Number);

/** GET /api/admin/courses/{id}/curators/: the course's curators with what waits for them. */
export async function listCurators(db: Db, actor: SignedInActor, courseId: number): Promise<CourseCurator[]> {
  await ownCourse(db, actor, courseId);
  const rows = await db
    .select({
      id: curators.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      groupId: groups.id,
      groupTitle: groups.title,
      waiting: countOf(WAITING),
      tooLong: countOf(sql`${WAITING} and ${homeworkSubmissions.sentAt} < now() - make_interval(hours => ${WAITING_TOO_LONG_HOURS})`),
      overdue: countOf(
        sql`${homeworkSubmissions.status} <> 'accepted' and ${homeworkSubmissions.deadlineAt} is not null and ${homeworkSubmissions.createdAt} > ${homeworkSubmissions.deadlineAt}`,
      ),
      missed: missedCount,
    })
    .from(curators)
    .innerJoin(users, eq(users.id, curators.userId))
    .leftJoin(groups, eq(groups.id, curators.groupId))
    .where(eq(curators.courseId, courseId))
    .orderBy(sql`${curators.groupId} nulls first`, asc(groups.title), asc(users.lastName), asc(users.firstName), asc(curators.id));
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.userId, name: nameOf(r), email: r.email },
    group: r.groupId === null ? null : { id: r.groupId, title: r.groupTitle ?? '' },
    waiting: r.waiting,
    waiting_too_long: r.tooLong,
    overdue: r.overdue,
    missed: r.missed,
  }));
}

/** Keeps `users.is_curator` true exactly while the user curates something; the user's row is locked by the caller. */
async function syncIsCurator(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ isCurator: sql`exists (select 1 from ${curators} where ${curators.userId} = ${userId})` })
    .where(eq(users.id, userId));
}

/** Locks the account's row: naming and removing curators for one person run one after another. */
async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** POST /api/admin/courses/{id}/curators/: names a curator of the course or of one of its groups. */
export async function addCurator(db: Db, actor: SignedInActor, courseId: number, input: Required<CourseCuratorInput>): Promise<CourseCurator> {
  const course = await ownCourse(db, actor, courseId);
  const email = input.email.trim().toLowerCase();
  const [person] = await db
    .select({ id: users.id, email: users.email, blockedAt: users.blockedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!person) throw ApiError.fields({ email: [CURATOR_TEXTS.noAccount] });
  if (person.blockedAt) throw ApiError.fields({ email: [CURATOR_TEXTS.blocked] });
  let groupTitle: string | null = null;
  if (input.group_id !== null) {
    const [group] = await db
      .select({ title: groups.title })
      .from(groups)
      .where(and(eq(groups.id, input.group_id), eq(groups.courseId, courseId)));
    if (!group) throw ApiError.fields({ group_id: [CURATOR_TEXTS.noGroup] });
    groupTitle = group.title;
  }
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, person.id);
    const [row] = await tx
      .insert(curators)
      .values({ userId: person.id, courseId, groupId: input.group_id, createdBy: actor.user.id })
      .onConflictDoNothing()
      .returning({ id: curators.id });
    if (!row) throw ApiError.fields({ email: [CURATOR_TEXTS.already] });
    await syncIsCurator(tx, person.id);
    await recordAudit(tx, actor, {
      action: 'curator.add',
      entity: 'curator',
      entityId: row.id,
      courseId,
      summary: `${maskEmail(person.email)} — ${groupTitle === null ? `курс «${course.title}»` : `группа «${groupTitle}»`}`,
      after: { user_id: person.id, group_id: input.group_id },
    });
    return row.id;
  });
  const list = await listCurators(db, actor, courseId);
  return list.find((c) => c.id === id)!;
}

/** DELETE /api/admin/courses/{id}/curators/{curatorId}/: the person stops checking there (their earlier decisions stay). */
export async function removeCurator(db: Db, actor: SignedInActor, courseId: number, curatorId: number): Promise<void> {
  await ownCourse(db, actor, courseId);
  const row = await findOne(
    db.select({ id: curators.id, userId: curators.userId, groupId: curators.groupId, email: users.email }).from(curators).innerJoin(users, eq(users.id, curators.userId)).where(and(eq(curators.id, curatorId), eq(curators.courseId, courseId))),
    CURATOR_NOT_FOUND,
  );
  await db.transaction(async (tx) => {
    await lockUser(tx, row.userId);
    const deleted = await tx.delete(curators).where(eq(curators.id, row.id)).returning({ id: curators.id });
    if (deleted.length === 0) throw ApiError.notFound(CURATOR_NOT_FOUND);
    // Whatever they had taken for checking in this course and not decided goes back to the queue
    // (unless they still curate another part of the course).
    await tx
      .update(homeworkSubmissions)
      .set({ status: 'sent', reviewerId: null, claimedAt: null, version: sql`${homeworkSubmissions.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(homeworkSubmissions.reviewerId, row.userId),
          eq(homeworkSubmissions.status, 'checking'),
          sql`exists (select 1 from ${userCourses} as ru where ru.id = ${homeworkSubmissions.userCourseId} and ru.course_id = ${courseId})`,
          sql`not exists (select 1 from ${curators} as rk where rk.user_id = ${row.userId} and rk.course_id = ${courseId})`,
        ),
      );
    await syncIsCurator(tx, row.userId);
    await recordAudit(tx, actor, {
      action: 'curator.remove',
      entity: 'curator',
      entityId: row.id,
      courseId,
      summary: maskEmail(row.email),
      before: { user_id: row.userId, group_id: row.groupId },
    });
  });
}
