// The learner's own enrolments: hide or show (is_active), remove, and open a course session
// whose token (the course-token cookie) may carry learning calls
// (decision 0028).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseSessions, userCourses } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { courseTokenHash } from '../auth/plugin.ts';
import { COURSE_NOT_FOUND, heldBy, studyScope } from './scopes.ts';

/** How long a course token is good for (its cookie's max-age too). */
export const COURSE_SESSION_TTL_S = 12 * 60 * 60;

/** PATCH /api/user/courses/{id}/: shows or hides the course in 'my learning' (a hidden one cannot be studied until shown). */
export async function setActive(db: Db, actor: SignedInActor, id: number, isActive: boolean) {
  return findOne(
    db
      .update(userCourses)
      .set({ isActive })
      .where(and(eq(userCourses.id, id), heldBy(actor)))
      .returning({ id: userCourses.id, is_active: userCourses.isActive }),
    COURSE_NOT_FOUND,
  );
}

/**
 * DELETE /api/user/courses/{id}: removes the learner's access to the course for good. Its
 * progress, attempts, course sessions and group places go with it (foreign keys cascade): the
 * confirmation says the access is removed, and nothing of it is kept that nobody can reach.
 */
export async function removeEnrolment(db: Db, actor: SignedInActor, id: number): Promise<void> {
  await findOne(
    db
      .delete(userCourses)
      .where(and(eq(userCourses.id, id), heldBy(actor)))
      .returning({ id: userCourses.id }),
    COURSE_NOT_FOUND,
  );
}

/**
 * POST /api/user/courses/session/: a study session of an enrolment the actor may study. Its token
 * is returned only to be put in the httpOnly cookie; the database keeps its SHA-256. The token
 * lives until `expiresAt` and dies with the sign-in that opened it. The sign-in's earlier course
 * sessions end: the browser's one cookie now holds the new token, so the old ones would only be
 * good to someone who copied them.
 */
export async function startCourseSession(db: Db, actor: SignedInActor, userCourseId: number) {
  const enrolment = await findOne(
    db.select({ id: userCourses.id }).from(userCourses).where(and(eq(userCourses.id, userCourseId), studyScope(actor))),
    COURSE_NOT_FOUND,
  );
  const token = randomBytes(32).toString('base64url');
  await db
    .update(courseSessions)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(courseSessions.authSessionId, actor.sessionId), isNull(courseSessions.finishedAt)));
  const [row] = await db
    .insert(courseSessions)
    .values({
      userCourseId: enrolment.id,
      tokenHash: courseTokenHash(token),
      authSessionId: actor.sessionId,
      expiresAt: new Date(Date.now() + COURSE_SESSION_TTL_S * 1000),
    })
    .returning({ id: courseSessions.id });
  return { id: row!.id, token };
}
