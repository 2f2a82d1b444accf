// A curator takes a submission for checking and decides on it (decision 0087). Both lock the
// submission's row, so two curators at once leave one winner and one 409:
// - claim: allowed when `sent`, when the same curator is checking it, or when another's claim is
//   older than CLAIM_STALE_MINUTES (they walked away); else 409 naming who is checking.
// - review (accept, or return with a comment; a grade 0–100 optional): needs the version the
//   curator opened and their own claim (an unclaimed `sent` one is claimed by the review itself).
// Every change bumps `version`. Accepting the last homework of a lesson completes the lesson, in
// the same transaction, and then the certificate's rule is checked (`onCompleted`). The learner is
// told by a letter queued with the decision.
import { and, eq, sql } from 'drizzle-orm';
import type { CuratorReview } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { courses, homeworkMessages, homeworkSubmissions, lessonBlocks, lessons, userCourses, users } from '../../db/schema/index.ts';
import type { HomeworkBlockData, HomeworkSubmission } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { completeLessonIfAccepted } from '../learning/homework.ts';
import { mailPublicUrl } from '../mail/context.ts';
import { sendTemplate } from '../mail/service.ts';
import { nameOf } from './curators.ts';
import { attachUploads } from './files.ts';
import { curatedSubmissions, SUBMISSION_NOT_FOUND } from './scopes.ts';
import { CURATOR_ACCEPTS } from './uploads.ts';

/** A claim older than this may be taken over by another curator. */
export const CLAIM_STALE_MINUTES = 30;

export const REVIEW_TEXTS = {
  takenBy: (name: string) => `Это задание уже проверяет ${name}.`,
  returned: 'Задание возвращено на доработку: ждём новый ответ ученика.',
  accepted: 'Задание уже принято.',
  stale: 'Пока вы смотрели задание, в нём что-то изменилось. Обновите страницу и посмотрите ещё раз.',
} as const;

/** The submission's row in the actor's scope, locked for the change; 404 outside the scope. */
function lockSubmission(tx: Executor, actor: SignedInActor, id: number): Promise<HomeworkSubmission> {
  return findOne(
    tx.select().from(homeworkSubmissions).where(and(eq(homeworkSubmissions.id, id), curatedSubmissions(actor))).for('update'),
    SUBMISSION_NOT_FOUND,
  );
}

function isStale(claimedAt: Date | null, now: Date): boolean {
  return claimedAt === null || now.getTime() - claimedAt.getTime() > CLAIM_STALE_MINUTES * 60_000;
}

/** The 409 of a submission another curator is checking: it names them. */
async function takenBy(tx: Executor, reviewerId: number): Promise<ApiError> {
  const [reviewer] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, reviewerId));
  return new ApiError('conflict', REVIEW_TEXTS.takenBy(reviewer ? nameOf(reviewer) : 'другой куратор'));
}

/**
 * Who may check the submission now: throws the 409 when it is decided or another curator's fresh
 * claim holds it. True when the actor holds it already (a claim of theirs).
 */
async function assertCheckable(tx: Executor, actor: SignedInActor, row: HomeworkSubmission, now: Date): Promise<boolean> {
  if (row.status === 'returned') throw new ApiError('conflict', REVIEW_TEXTS.returned);
  if (row.status === 'accepted') throw new ApiError('conflict', REVIEW_TEXTS.accepted);
  if (row.status === 'checking' && row.reviewerId !== null && row.reviewerId !== actor.user.id && !isStale(row.claimedAt, now)) {
    throw await takenBy(tx, row.reviewerId);
  }
  return row.status === 'checking' && row.reviewerId === actor.user.id;
}

/**
 * POST /api/curator/homework/{id}/claim/: the actor takes the submission for checking. Their own
 * claim again only renews its time (the version stays: what they opened is still what they decide on).
 */
export async function claimSubmission(db: Db, actor: SignedInActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const row = await lockSubmission(tx, actor, id);
    const own = await assertCheckable(tx, actor, row, now);
    await tx
      .update(homeworkSubmissions)
      .set({
        status: 'checking',
        reviewerId: actor.user.id,
        claimedAt: now,
        ...(own ? {} : { version: sql`${homeworkSubmissions.version} + 1` }),
        updatedAt: sql`now()`,
      })
      .where(eq(homeworkSubmissions.id, row.id));
  });
}

/** The learner's letter about the decision (queued in the decision's transaction; once per decision message). */
async function tellLearner(tx: Executor, row: HomeworkSubmission, messageId: number, decision: 'returned' | 'accepted', comment: string, grade: number | null): Promise<void> {
  const publicUrl = mailPublicUrl();
  if (!publicUrl) return;
  const [info] = await tx
    .select({ email: users.email, courseTitle: courses.title, lessonTitle: lessons.title, data: lessonBlocks.data })
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(lessons, eq(lessons.id, row.lessonId))
    .innerJoin(lessonBlocks, eq(lessonBlocks.id, row.blockId))
    .where(eq(userCourses.id, row.userCourseId));
  if (!info) return;
  const data = {
    courseTitle: info.courseTitle,
    lessonTitle: info.lessonTitle,
    homeworkTitle: (info.data as HomeworkBlockData).title ?? '',
    comment,
    grade,
    url: `${publicUrl}/user/courses/${row.userCourseId}/lessons/${row.lessonId}/`,
  };
  await sendTemplate(
    tx,
    decision === 'accepted' ? { to: info.email, template: 'homework_accepted', data } : { to: info.email, template: 'homework_returned', data },
    { dedupeKey: `homework_${decision}:message:${messageId}` },
  );
}

/**
 * POST /api/curator/homework/{id}/review/: the curator's comment with the decision. `onCompleted`
 * runs after the commit when the acceptance completed the lesson (the certificate's check).
 */
export async function reviewSubmission(
  db: Db,
  actor: SignedInActor,
  id: number,
  body: Required<Omit<CuratorReview, 'grade'>> & { grade: number | null },
  { onCompleted }: { onCompleted?: (enrolmentId: number) => Promise<unknown> } = {},
): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const now = new Date();
    const row = await lockSubmission(tx, actor, id);
    if (row.version !== body.version) {
      // Decided meanwhile, or taken by another: say which; else the page is simply out of date.
      await assertCheckable(tx, actor, row, now);
      throw new ApiError('conflict', REVIEW_TEXTS.stale);
    }
    await assertCheckable(tx, actor, row, now);
    const [message] = await tx
      .insert(homeworkMessages)
      .values({ submissionId: row.id, authorId: actor.user.id, role: 'curator', text: body.text, decision: body.decision, grade: body.grade })
      .returning({ id: homeworkMessages.id });
    await attachUploads(tx, actor, { blockId: row.blockId, messageId: message!.id, uploads: body.uploads, accepts: CURATOR_ACCEPTS });
    const accepted = body.decision === 'accepted';
    await tx
      .update(homeworkSubmissions)
      .set({
        status: body.decision,
        grade: body.grade ?? row.grade,
        reviewerId: actor.user.id,
        claimedAt: null,
        acceptedAt: accepted ? now : null,
        version: sql`${homeworkSubmissions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(homeworkSubmissions.id, row.id));
    const completed = accepted ? await completeLessonIfAccepted(tx, row.userCourseId, row.lessonId) : false;
    await tellLearner(tx, row, message!.id, body.decision, body.text, body.grade);
    return { completed, enrolmentId: row.userCourseId };
  });
  if (result.completed && onCompleted) await onCompleted(result.enrolmentId);
}
