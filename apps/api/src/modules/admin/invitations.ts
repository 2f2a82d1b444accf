// Invitation links from the learner's side (decision 0035): what a link offers, and
// taking it up — a signed-in person directly, a guest after the e-mail code that signs them in (or
// registers them). A use is counted once per person, in the same transaction that enrols them,
// with the link's row locked, so a limit of n admits exactly n people however many come at once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courseLinks, courses, userCourses, type CourseLink } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { isUsable } from './audience.ts';

export const INVITATION_TEXTS = {
  notFound: 'Приглашение не найдено: проверьте ссылку.',
  unusable: 'Эта ссылка-приглашение больше не действует. Попросите у школы новую.',
  needCode: 'Введите e-mail и код из письма, чтобы войти и записаться на курс.',
} as const;

/** A link by its token with its course; null when there is none. */
async function linkByToken(db: Executor, token: string, lock = false) {
  const query = db
    .select({ link: courseLinks, course: { id: courses.id, title: courses.title, slug: courses.slug } })
    .from(courseLinks)
    .innerJoin(courses, eq(courses.id, courseLinks.courseId))
    .where(eq(courseLinks.token, token));
  const [row] = await (lock ? query.for('update', { of: courseLinks }) : query);
  return row ?? null;
}

/** GET /api/invitations/{token}/: the course a usable link opens; 404 for an unknown link, 400 for a used-up one. */
export async function readInvitation(db: Executor, token: string) {
  const row = await linkByToken(db, token);
  if (!row) throw ApiError.notFound(INVITATION_TEXTS.notFound);
  if (!isUsable(row.link)) throw ApiError.fields({ non_field_errors: [INVITATION_TEXTS.unusable] });
  return { course: row.course, access_until: row.link.accessUntil?.toISOString() ?? null };
}

/** Checks a link before a guest's code is spent on it (the same checks run again when enrolling). */
export async function assertUsable(db: Executor, token: string): Promise<void> {
  await readInvitation(db, token);
}

/**
 * Enrols the actor (their own learning) through the link. Someone who already studies the course
 * is not counted again; an ended access opens again through the link.
 */
export async function acceptInvitation(tx: Executor, token: string, actor: SignedInActor): Promise<{ userCourseId: number; courseId: number }> {
  const userId = actor.user.id;
  const row = await linkByToken(tx, token, true);
  if (!row) throw ApiError.notFound(INVITATION_TEXTS.notFound);
  const link: CourseLink = row.link;
  const [existing] = await tx
    .select()
    .from(userCourses)
    .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, link.courseId), isNull(userCourses.studentId)));
  const open = existing && existing.isActive && (existing.accessUntil === null || existing.accessUntil > new Date());
  if (open) return { userCourseId: existing.id, courseId: link.courseId };
  if (!isUsable(link)) throw ApiError.fields({ non_field_errors: [INVITATION_TEXTS.unusable] });
  let userCourseId: number;
  if (existing) {
    await tx.update(userCourses).set({ isActive: true, accessUntil: link.accessUntil, linkId: link.id }).where(eq(userCourses.id, existing.id));
    userCourseId = existing.id;
  } else {
    const [created] = await tx
      .insert(userCourses)
      .values({ userId, courseId: link.courseId, source: 'invitation', linkId: link.id, accessUntil: link.accessUntil })
      .returning({ id: userCourses.id });
    userCourseId = created!.id;
  }
  await tx
    .update(courseLinks)
    .set({ usesCount: sql`${courseLinks.usesCount} + 1` })
    .where(eq(courseLinks.id, link.id));
  return { userCourseId, courseId: link.courseId };
}
