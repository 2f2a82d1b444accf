// A homework's deadline for one learner (decision 0087). A `date` deadline is that moment for
// everybody; a `days` deadline is N days after the lesson opens for the learner: the first session
// of one of the learner's groups tied to the lesson (the timetable opens it then, groups/programme.ts),
// else the moment the learner first opened the lesson. A lesson not opened yet has no deadline yet.
// The deadline is fixed on the submission at the first answer, so a later change of the timetable
// or of the block does not move a deadline the learner has already answered by.
import { and, eq, min } from 'drizzle-orm';
import type { HomeworkDeadline } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { groupMembers, groupSchedules, lessonProgress } from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the lesson opened for the enrolment: its group session if tied, else the learner's first opening; null if neither yet. */
export async function lessonOpenedAt(db: Executor, enrolmentId: number, lessonId: number): Promise<Date | null> {
  const [session] = await db
    .select({ at: min(groupSchedules.startsAt) })
    .from(groupSchedules)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groupSchedules.groupId), eq(groupMembers.userCourseId, enrolmentId)))
    .where(eq(groupSchedules.lessonId, lessonId));
  if (session?.at) return session.at;
  const [progress] = await db
    .select({ at: lessonProgress.createdAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userCourseId, enrolmentId), eq(lessonProgress.lessonId, lessonId)));
  return progress?.at ?? null;
}

/** The deadline as a moment for a lesson opened at `openedAt` (null: not opened yet, or no deadline). */
export function deadlineFrom(deadline: HomeworkDeadline | null, openedAt: Date | null): Date | null {
  if (!deadline) return null;
  if (deadline.type === 'date') {
    const at = new Date(deadline.at);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return openedAt ? new Date(openedAt.getTime() + deadline.days * DAY_MS) : null;
}

/**
 * The deadline of block data for an enrolment, read now (before the first answer fixes it).
 * `answering`: the first answer is being fixed — a lesson never opened counts as opened now, so an
 * answer sent without opening the lesson still gets its deadline.
 */
export async function deadlineFor(
  db: Executor,
  deadline: HomeworkDeadline | null,
  enrolmentId: number,
  lessonId: number,
  { answering = false }: { answering?: boolean } = {},
): Promise<Date | null> {
  if (!deadline) return null;
  if (deadline.type === 'date') return deadlineFrom(deadline, null);
  const opened = await lessonOpenedAt(db, enrolmentId, lessonId);
  return deadlineFrom(deadline, opened ?? (answering ? new Date() : null));
}

/**
 * Overdue: the deadline has passed and the first answer came after it, or none has come yet.
 * An answer sent in time stays in time through returns and rework.
 */
export function isOverdue(deadlineAt: Date | null, firstAnswerAt: Date | null, now: Date = new Date()): boolean {
  if (!deadlineAt) return false;
  return (firstAnswerAt ?? now).getTime() > deadlineAt.getTime();
}
