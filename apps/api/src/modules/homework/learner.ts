// The learner's side of homework (decision 0087): the thread of one homework block for one
// enrolment, and sending an answer — the first, or again after a curator returned it. An answer is
// taken only when nothing is waiting (no submission yet, or `returned`), so a double send leaves one
// message and the second gets a 409 saying why.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { HomeworkAnswer, HomeworkMessage, HomeworkStatus, HomeworkThread } from '@crema/contract';
import { firstLastName } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { HomeworkBlockData } from '../../db/schema/blocks.ts';
import { courseModules, homeworkMessages, homeworkSubmissions, lessonBlocks, lessons, userCourses, users } from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { studyScope } from '../learning/scopes.ts';
import { deadlineFor, isOverdue } from './deadlines.ts';
import { attachmentsOf, attachUploads } from './files.ts';

export const LEARNER_TEXTS = {
  notFound: 'Задание не найдено или доступ к нему закрыт.',
  empty: 'Напишите ответ или приложите файлы.',
  noText: 'Это задание принимает только вложения: приложите файлы.',
  waiting: 'Ответ уже отправлен и ждёт проверки куратора. Ответить снова можно, если его вернут на доработку.',
  checking: 'Куратор уже проверяет ответ. Ответить снова можно, если его вернут на доработку.',
  accepted: 'Задание уже принято: отправлять больше ничего не нужно.',
} as const;

const BUSY: Record<Exclude<HomeworkStatus, 'returned'>, string> = { sent: LEARNER_TEXTS.waiting, checking: LEARNER_TEXTS.checking, accepted: LEARNER_TEXTS.accepted };

/** The enrolment (in the study scope) and a homework block of a published lesson of its course; 404 otherwise. */
function learnerBlock(db: Executor, actor: SignedInActor, enrolmentId: number, blockId: number) {
  return findOne(
    db
      .select({ enrolmentId: userCourses.id, lessonId: lessons.id, blockId: lessonBlocks.id, data: lessonBlocks.data })
      .from(userCourses)
      .innerJoin(courseModules, eq(courseModules.courseId, userCourses.courseId))
      .innerJoin(lessons, and(eq(lessons.moduleId, courseModules.id), eq(lessons.isPublished, true)))
      .innerJoin(lessonBlocks, eq(lessonBlocks.lessonId, lessons.id))
      .where(and(eq(userCourses.id, enrolmentId), studyScope(actor), eq(lessonBlocks.id, blockId), eq(lessonBlocks.type, 'homework')))
      .limit(1),
    LEARNER_TEXTS.notFound,
  ).then((row) => ({ ...row, data: row.data as HomeworkBlockData }));
}

/** A submission's conversation, oldest first, with each message's files. */
export async function threadMessages(db: Executor, submissionId: number): Promise<HomeworkMessage[]> {
  const rows = await db
    .select({ message: homeworkMessages, firstName: users.firstName, lastName: users.lastName })
    .from(homeworkMessages)
    .leftJoin(users, eq(users.id, homeworkMessages.authorId))
    .where(eq(homeworkMessages.submissionId, submissionId))
    .orderBy(asc(homeworkMessages.createdAt), asc(homeworkMessages.id));
  const files = await attachmentsOf(
    db,
    rows.map((row) => row.message.id),
  );
  return rows.map(({ message, firstName, lastName }) => ({
    id: message.id,
    author: { name: firstLastName({ first_name: firstName, last_name: lastName }) || (message.role === 'learner' ? 'Ученик' : 'Куратор'), role: message.role },
    text: message.text,
    attachments: files.get(message.id) ?? [],
    decision: message.decision,
    grade: message.grade,
    created_at: message.createdAt.toISOString(),
  }));
}

/** GET /api/user/course/{id}/homework/{blockId}/: the learner's homework of one block. */
export async function getThread(db: Executor, actor: SignedInActor, enrolmentId: number, blockId: number): Promise<HomeworkThread> {
  const block = await learnerBlock(db, actor, enrolmentId, blockId);
  const [submission] = await db
    .select()
    .from(homeworkSubmissions)
    .where(and(eq(homeworkSubmissions.blockId, block.blockId), eq(homeworkSubmissions.userCourseId, block.enrolmentId)));
  // Fixed at the first answer; before it, as it stands for this learner now.
  const deadlineAt = submission ? submission.deadlineAt : await deadlineFor(db, block.data.deadline, block.enrolmentId, block.lessonId);
  return {
    block_id: block.blockId,
    lesson_id: block.lessonId,
    title: block.data.title,
    status: submission?.status ?? null,
    grade: submission?.grade ?? null,
    deadline_at: deadlineAt?.toISOString() ?? null,
    overdue: isOverdue(deadlineAt, submission?.createdAt ?? null),
    can_send: !submission || submission.status === 'returned',
    messages: submission ? await threadMessages(db, submission.id) : [],
  };
}

/**
 * POST /api/user/course/{id}/homework/{blockId}/: the learner's answer. The first one makes the
 * submission (its deadline fixed then); one after a return sends it back to the queue (`sent`, the
 * queue's time now, nobody checking). Every change bumps the version curators decide at.
 */
export async function sendAnswer(db: Db, actor: SignedInActor, enrolmentId: number, blockId: number, body: HomeworkAnswer): Promise<HomeworkThread> {
  const text = (body.text ?? '').trim();
  const uploads = body.uploads ?? [];
  await db.transaction(async (tx) => {
    const block = await learnerBlock(tx, actor, enrolmentId, blockId);
    if (text.length > 0 && !block.data.accepts.text) throw ApiError.fields({ text: [LEARNER_TEXTS.noText] });
    if (text.length === 0 && uploads.length === 0) throw ApiError.fields({ text: [LEARNER_TEXTS.empty] });
    const deadlineAt = await deadlineFor(tx, block.data.deadline, block.enrolmentId, block.lessonId, { answering: true });
    // The first answer makes the row; a concurrent first answer waits here on the unique index and then finds it.
    const [created] = await tx
      .insert(homeworkSubmissions)
      .values({ blockId: block.blockId, lessonId: block.lessonId, userCourseId: block.enrolmentId, status: 'sent', deadlineAt })
      .onConflictDoNothing()
      .returning({ id: homeworkSubmissions.id });
    let submissionId: number;
    if (created) {
      submissionId = created.id;
    } else {
      const [current] = await tx
        .select({ id: homeworkSubmissions.id, status: homeworkSubmissions.status })
        .from(homeworkSubmissions)
        .where(and(eq(homeworkSubmissions.blockId, block.blockId), eq(homeworkSubmissions.userCourseId, block.enrolmentId)))
        .for('update');
      if (!current) throw ApiError.notFound(LEARNER_TEXTS.notFound);
      if (current.status !== 'returned') throw new ApiError('conflict', BUSY[current.status]);
      submissionId = current.id;
      await tx
        .update(homeworkSubmissions)
        .set({ status: 'sent', sentAt: sql`now()`, reviewerId: null, claimedAt: null, version: sql`${homeworkSubmissions.version} + 1`, updatedAt: sql`now()` })
        .where(eq(homeworkSubmissions.id, submissionId));
    }
    const [message] = await tx
      .insert(homeworkMessages)
      .values({ submissionId, authorId: actor.user.id, role: 'learner', text })
      .returning({ id: homeworkMessages.id });
    await attachUploads(tx, actor, { blockId: block.blockId, messageId: message!.id, uploads, accepts: block.data.accepts });
  });
  return getThread(db, actor, enrolmentId, blockId);
}

/** Submissions of these blocks exist: the block ids that have any (the lesson editor keeps such blocks). */
/**
 * How many learners' homework answers a lesson, or every lesson of a module, holds: a lesson or a
 * module with answers is not deleted (decision 0087), since the answers would go with it.
 */
export async function answersIn(db: Executor, where: { lessonId: number } | { moduleId: number }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(homeworkSubmissions)
    .where(
      'lessonId' in where
        ? eq(homeworkSubmissions.lessonId, where.lessonId)
        : inArray(homeworkSubmissions.lessonId, db.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, where.moduleId))),
    );
  return row?.count ?? 0;
}

export async function blocksWithSubmissions(db: Executor, blockIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (blockIds.length === 0) return counts;
  const rows = await db
    .select({ blockId: homeworkSubmissions.blockId, count: sql<number>`count(*)::int` })
    .from(homeworkSubmissions)
    .where(inArray(homeworkSubmissions.blockId, blockIds))
    .groupBy(homeworkSubmissions.blockId);
  for (const row of rows) counts.set(row.blockId, row.count);
  return counts;
}
