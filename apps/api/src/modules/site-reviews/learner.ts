// A learner's own review (decision 0073): one per account and course, left from the course's page in
// the learner's area while they may study it (the enrolment scope of learning: another account's,
// hidden or ended enrolment answers 404). It arrives 'new': staff publish it or hide it.
import { and, eq } from 'drizzle-orm';
import type { LearnerReview } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { reviews, userCourses } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { moscowIsoDate } from '@crema/contract';
import { COURSE_NOT_FOUND, studyScope } from '../learning/scopes.ts';

export const LEARNER_REVIEW_TEXTS = {
  already: 'Вы уже оставили отзыв об этом курсе.',
} as const;

/** The course of an enrolment the actor may study through now, or 404. */
async function studiedCourse(db: Executor, actor: SignedInActor, userCourseId: number): Promise<number> {
  const row = await findOne(
    db.select({ courseId: userCourses.courseId }).from(userCourses).where(and(eq(userCourses.id, userCourseId), studyScope(actor))),
    COURSE_NOT_FOUND,
  );
  return row.courseId;
}

/** 'Анна С.': the name and the surname's first letter, as a review is signed by default. */
export function suggestedName(user: { firstName: string | null; lastName: string | null }): string {
  const first = user.firstName?.trim() ?? '';
  const initial = user.lastName?.trim().charAt(0) ?? '';
  return [first, initial ? `${initial.toUpperCase()}.` : ''].filter(Boolean).join(' ');
}

async function ownReview(db: Executor, actor: SignedInActor, courseId: number): Promise<LearnerReview['review']> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.authorId, actor.user.id), eq(reviews.courseId, courseId)));
  return row
    ? { id: row.id, status: row.status, rating: row.rating, name: row.name, text: row.text, reply: row.reply, created_at: row.createdAt.toISOString() }
    : null;
}

/** GET /api/user/course/{id}/review/: the learner's review of this course, if any. */
export async function getLearnerReview(db: Executor, actor: SignedInActor, userCourseId: number): Promise<LearnerReview> {
  const courseId = await studiedCourse(db, actor, userCourseId);
  return { review: await ownReview(db, actor, courseId), suggested_name: suggestedName(actor.user) };
}

/** POST /api/user/course/{id}/review/: the review, 'new' until staff publish it; a second one is 409. */
export async function createLearnerReview(
  db: Executor,
  actor: SignedInActor,
  userCourseId: number,
  body: { rating: number; name: string; text: string },
): Promise<LearnerReview> {
  const courseId = await studiedCourse(db, actor, userCourseId);
  const [row] = await db
    .insert(reviews)
    .values({ courseId, authorId: actor.user.id, name: body.name, rating: body.rating, text: body.text, status: 'new', publishedAt: moscowIsoDate(new Date()) })
    .onConflictDoNothing({ target: [reviews.authorId, reviews.courseId] })
    .returning({ id: reviews.id });
  if (!row) throw new ApiError('conflict', LEARNER_REVIEW_TEXTS.already);
  return { review: await ownReview(db, actor, courseId), suggested_name: suggestedName(actor.user) };
}
