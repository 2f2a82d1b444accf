// Who studies a course, and how people get in (decision 0035):
// the audience list with each learner's source and progress, access granted by e-mail (an address
// without an account gets an invitation letter and a pending grant), access ended by the owner,
// and invitation links with an optional limit of uses and an end date.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AdminAudienceAdd, AdminLearner, AdminLink, AdminLinkCreate, Paginated } from '@crema/contract';
import type { z } from 'zod';
import type { adminAudienceQuerySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { courseGrants, courseLinks, courseModules, lessonProgress, lessons, students, userCourses, users, type CourseLink } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import { recordAudit } from '../audit/record.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { sendTemplate } from '../mail/service.ts';
import { ownedCourse } from './courses.ts';

export const AUDIENCE_TEXTS = {
  learnerNotFound: 'Ученик не найден среди учеников курса.',
  grantNotFound: 'Приглашение не найдено.',
  linkNotFound: 'Ссылка не найдена.',
  enrolled: (email: string) => `Доступ к курсу открыт: ${email}. Мы отправили письмо.`,
  already: (email: string) => `У ${email} уже есть доступ к курсу.`,
  /** The same words whether the address has an account or not (decision 0013): nothing to learn from them. */
  invited: (email: string) =>
    `Приглашение отправлено на ${email}. Курс появится в «Моем обучении», когда человек войдёт на сайт с этим адресом или откроет этот раздел.`,
  pastDate: 'Дата должна быть в будущем.',
} as const;

/** Links are made of 18 random bytes: 24 URL-safe characters nobody guesses. */
const newToken = () => randomBytes(18).toString('base64url');

export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}/`;

/** A link can be used now: on, not past its end, uses left. */
export function isUsable(link: Pick<CourseLink, 'isActive' | 'expiresAt' | 'usesLimit' | 'usesCount'>, now = new Date()): boolean {
  return link.isActive && (link.expiresAt === null || link.expiresAt > now) && (link.usesLimit === null || link.usesCount < link.usesLimit);
}

function toAdminLink(publicUrl: string, link: CourseLink): AdminLink {
  return {
    id: link.id,
    title: link.title,
    url: invitationUrl(publicUrl, link.token),
    uses_limit: link.usesLimit,
    uses_count: link.usesCount,
    expires_at: link.expiresAt?.toISOString() ?? null,
    access_until: link.accessUntil?.toISOString() ?? null,
    is_active: link.isActive,
    is_usable: isUsable(link),
    created_at: link.createdAt.toISOString(),
  };
}

function futureOrNull(field: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value);
  if (at.getTime() <= Date.now()) throw ApiError.fields({ [field]: [AUDIENCE_TEXTS.pastDate] });
  return at;
}

/** GET /api/admin/courses/{id}/links/ */
export async function listLinks(db: Executor, publicUrl: string, actor: SignedInActor, courseId: number): Promise<AdminLink[]> {
  const course = await ownedCourse(db, actor, courseId);
  const rows = await db.select().from(courseLinks).where(eq(courseLinks.courseId, course.id)).orderBy(desc(courseLinks.createdAt), desc(courseLinks.id));
  return rows.map((link) => toAdminLink(publicUrl, link));
}

/** POST /api/admin/courses/{id}/links/ */
export async function createLink(db: Executor, publicUrl: string, actor: SignedInActor, courseId: number, body: AdminLinkCreate): Promise<AdminLink> {
  const expiresAt = futureOrNull('expires_at', body.expires_at);
  const accessUntil = futureOrNull('access_until', body.access_until);
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId);
    const [link] = await tx
      .insert(courseLinks)
      .values({
        courseId: course.id,
        title: body.title ?? null,
        token: newToken(),
        usesLimit: body.uses_limit ?? null,
        expiresAt,
        accessUntil,
        createdById: actor.user.id,
      })
      .returning();
    await recordAudit(tx, actor, { action: 'link.create', entity: 'link', entityId: link!.id, courseId: course.id, summary: link!.title ?? course.title, after: link });
    return toAdminLink(publicUrl, link!);
  });
}

/** PATCH /api/admin/courses/{id}/links/{linkId}/: on or off (an off link enrols nobody; who came through it keeps access). */
export async function setLinkActive(db: Executor, publicUrl: string, actor: SignedInActor, courseId: number, linkId: number, isActive: boolean): Promise<AdminLink> {
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId);
    const [link] = await tx
      .update(courseLinks)
      .set({ isActive })
      .where(and(eq(courseLinks.id, linkId), eq(courseLinks.courseId, course.id)))
      .returning();
    if (!link) throw ApiError.notFound(AUDIENCE_TEXTS.linkNotFound);
    await recordAudit(tx, actor, { action: 'link.update', entity: 'link', entityId: link.id, courseId: course.id, summary: link.title ?? course.title, before: { is_active: !isActive }, after: { is_active: isActive } });
    return toAdminLink(publicUrl, link);
  });
}

type AudienceQuery = z.output<typeof adminAudienceQuerySchema>;

/** GET /api/admin/courses/{id}/audience/: who has access, newest first, with source and lesson progress. */
export async function listAudience(
  db: Executor,
  actor: SignedInActor,
  courseId: number,
  query: AudienceQuery,
  url: string,
): Promise<Paginated<AdminLearner> & { pending: { id: number; email: string; access_until: string | null; created_at: string }[] }> {
  const course = await ownedCourse(db, actor, courseId);
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(userCourses.courseId, course.id),
    like
      ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like), ilike(students.firstName, like), ilike(students.lastName, like))
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(where);
  const [lessonsTotal] = await db
    .select({ n: count() })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(courseModules.courseId, course.id), eq(lessons.isPublished, true)));
  const rows = await db
    .select({
      id: userCourses.id,
      user: { id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName },
      studentId: students.id,
      studentFirst: students.firstName,
      studentLast: students.lastName,
      source: userCourses.source,
      linkTitle: courseLinks.title,
      isActive: userCourses.isActive,
      accessUntil: userCourses.accessUntil,
      createdAt: userCourses.createdAt,
      done: sql<number>`(select count(*) from ${lessonProgress} join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
        where ${lessonProgress.userCourseId} = ${userCourses.id} and ${lessons.isPublished})`.mapWith(Number),
    })
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .leftJoin(courseLinks, eq(courseLinks.id, userCourses.linkId))
    .where(where)
    .orderBy(desc(userCourses.createdAt), desc(userCourses.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const all = lessonsTotal?.n ?? 0;
  const pending = await db
    .select()
    .from(courseGrants)
    .where(eq(courseGrants.courseId, course.id))
    .orderBy(desc(courseGrants.createdAt));
  return {
    count: total,
    ...pageLinks(url, query.page, query.page_size, total),
    results: rows.map((r) => ({
      user_course_id: r.id,
      user: r.user,
      student: r.studentId === null ? null : { id: r.studentId, first_name: r.studentFirst ?? '', last_name: r.studentLast ?? '' },
      source: r.source,
      link_title: r.linkTitle ?? null,
      is_active: r.isActive,
      access_until: r.accessUntil?.toISOString() ?? null,
      enrolled_at: r.createdAt.toISOString(),
      progress: { lessons_done: Math.min(r.done, all), lessons_total: all, percent: all ? Math.round((Math.min(r.done, all) / all) * 100) : 0 },
    })),
    pending: pending.map((g) => ({ id: g.id, email: g.email, access_until: g.accessUntil?.toISOString() ?? null, created_at: g.createdAt.toISOString() })),
  };
}

/**
 * POST /api/admin/courses/{id}/audience/: access by e-mail. A learner of this course (someone the
 * owner already sees in the audience) gets 'already', or an ended access opens again. Anyone else
 * — an address without an account and an account alike — gets a pending grant, an invitation
 * letter and one and the same answer (decision 0013: the owner learns nothing about whether an
 * address has an account); the grant becomes the enrolment when the person proves the address
 * (any sign-in) or opens 'Мое обучение' signed in with it.
 */
export async function addToAudience(
  db: Executor,
  publicUrl: string,
  actor: SignedInActor,
  courseId: number,
  body: AdminAudienceAdd,
): Promise<{ status: 'enrolled' | 'already' | 'invited'; detail: string }> {
  const accessUntil = futureOrNull('access_until', body.access_until);
  return db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const [user] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${body.email}`);
    const letter = { courseTitle: course.title, url: `${publicUrl}/user/courses/`, hasAccount: Boolean(user) };
    const [existing] = user
      ? await tx
          .select()
          .from(userCourses)
          .where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, course.id), isNull(userCourses.studentId)))
      : [];
    if (existing) {
      const open = existing.isActive && (existing.accessUntil === null || existing.accessUntil > new Date());
      if (open) return { status: 'already' as const, detail: AUDIENCE_TEXTS.already(body.email) };
      await tx.update(userCourses).set({ isActive: true, accessUntil, grantedById: actor.user.id }).where(eq(userCourses.id, existing.id));
      await recordAudit(tx, actor, {
        action: 'access.grant',
        entity: 'enrolment',
        entityId: existing.id,
        courseId: course.id,
        summary: course.title,
        before: { email: body.email, is_active: existing.isActive, access_until: existing.accessUntil },
        after: { email: body.email, is_active: true, access_until: accessUntil },
      });
      await sendTemplate(tx, { to: body.email, template: 'course_access', data: letter });
      return { status: 'enrolled' as const, detail: AUDIENCE_TEXTS.enrolled(body.email) };
    }
    await tx
      .insert(courseGrants)
      .values({ courseId: course.id, email: body.email, accessUntil, grantedById: actor.user.id })
      .onConflictDoUpdate({ target: [courseGrants.courseId, courseGrants.email], set: { accessUntil, grantedById: actor.user.id } });
    await recordAudit(tx, actor, { action: 'access.grant', entity: 'grant', courseId: course.id, summary: course.title, after: { email: body.email, access_until: accessUntil } });
    // The letter goes to the address's owner, who may read whether they have an account: an account's
    // letter says the course is in 'Мое обучение', which opening that section makes true (applyCourseGrants).
    await sendTemplate(tx, { to: body.email, template: 'course_access', data: letter });
    return { status: 'invited' as const, detail: AUDIENCE_TEXTS.invited(body.email) };
  });
}

/**
 * DELETE /api/admin/courses/{id}/audience/{userCourseId}/: ends the access now. The enrolment and
 * its progress stay (the learner sees 'Доступ закончился'); adding the person again reopens it.
 */
export async function endAccess(db: Executor, actor: SignedInActor, courseId: number, userCourseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId);
    const ended = await findOne(
      tx
        .update(userCourses)
        .set({ accessUntil: sql`least(coalesce(${userCourses.accessUntil}, now()), now())` })
        .where(and(eq(userCourses.id, userCourseId), eq(userCourses.courseId, course.id)))
        .returning({ id: userCourses.id, accessUntil: userCourses.accessUntil }),
      AUDIENCE_TEXTS.learnerNotFound,
    );
    await recordAudit(tx, actor, { action: 'access.end', entity: 'enrolment', entityId: ended.id, courseId: course.id, summary: course.title, after: { access_until: ended.accessUntil } });
  });
}

/** DELETE /api/admin/courses/{id}/audience/pending/{grantId}/: withdraws an invitation not yet taken up. */
export async function withdrawGrant(db: Executor, actor: SignedInActor, courseId: number, grantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId);
    const grant = await findOne(
      tx
        .delete(courseGrants)
        .where(and(eq(courseGrants.id, grantId), eq(courseGrants.courseId, course.id)))
        .returning(),
      AUDIENCE_TEXTS.grantNotFound,
    );
    await recordAudit(tx, actor, { action: 'grant.withdraw', entity: 'grant', entityId: grant.id, courseId: course.id, summary: course.title, before: grant });
  });
}
