// A group's timetable for staff (decision 0064): sessions in Moscow time, each opening a lesson
// and/or a test of the course. The rows are group_schedules — the ones the learner's group page,
// schedule and iCal feed read — so a change shows there at once; moving or cancelling a session
// that has not ended also writes each member account a letter, in the same transaction.
import { and, eq } from 'drizzle-orm';
import { formatTime, moscowInstant, moscowIsoDate, type SchoolGroup, type SchoolSessionBody } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, groupMembers, groupSchedules, userCourses, users, type Group, type GroupSchedule } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { sendTemplate } from '../mail/service.ts';
import { assertProgramme, findGroup, getGroup } from './groups.ts';

export const SESSION_TEXTS = {
  notFound: 'Занятие не найдено.',
  endsBefore: 'Занятие должно закончиться позже, чем начнётся.',
} as const;

/** '05.12.2026, 18:00–20:00 (МСК)': a session's time in a letter. */
export const sessionWhen = (s: Pick<GroupSchedule, 'startsAt' | 'endsAt'>) => {
  const [y, m, d] = moscowIsoDate(s.startsAt).split('-');
  return `${d}.${m}.${y}, ${formatTime(s.startsAt)}–${formatTime(s.endsAt)} (МСК)`;
};

function columnsOf(body: SchoolSessionBody) {
  const startsAt = moscowInstant(body.date, body.starts);
  const endsAt = moscowInstant(body.date, body.ends);
  if (endsAt <= startsAt) throw ApiError.fields({ ends: [SESSION_TEXTS.endsBefore] });
  return {
    title: body.title,
    startsAt,
    endsAt,
    location: body.location?.trim() || null,
    lessonId: body.lesson_id ?? null,
    testId: body.test_id ?? null,
  };
}

const journal = (s: GroupSchedule) => ({
  title: s.title,
  starts_at: s.startsAt,
  ends_at: s.endsAt,
  location: s.location,
  lesson_id: s.lessonId,
  test_id: s.testId,
});

async function findSession(tx: Executor, group: Group, sessionId: number): Promise<GroupSchedule> {
  const [row] = await tx
    .select()
    .from(groupSchedules)
    .where(and(eq(groupSchedules.id, sessionId), eq(groupSchedules.groupId, group.id)))
    .for('update');
  if (!row) throw ApiError.notFound(SESSION_TEXTS.notFound);
  return row;
}

/** One letter per member account (a parent of two children in the group gets one). */
async function tellMembers(tx: Executor, group: Group, session: GroupSchedule, now: Pick<GroupSchedule, 'startsAt' | 'endsAt'> | null, publicUrl: string) {
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, group.courseId));
  const rows = await tx
    .selectDistinct({ email: users.email })
    .from(groupMembers)
    .innerJoin(userCourses, eq(userCourses.id, groupMembers.userCourseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .where(eq(groupMembers.groupId, group.id));
  for (const { email } of rows) {
    await sendTemplate(tx, {
      to: email,
      template: 'group_session_changed',
      data: {
        courseTitle: course?.title ?? '',
        groupTitle: group.title,
        sessionTitle: session.title,
        was: sessionWhen(session),
        now: now ? sessionWhen(now) : null,
        url: `${publicUrl}/user/schedule/`,
      },
    });
  }
  return rows.length;
}

/** POST /api/admin/school/groups/{id}/sessions/ */
export async function addSession(db: Executor, actor: StaffActor, groupId: number, body: SchoolSessionBody): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    const columns = columnsOf(body);
    await assertProgramme(tx, group.courseId, columns.lessonId, columns.testId);
    const [session] = await tx.insert(groupSchedules).values({ groupId: group.id, ...columns }).returning();
    await recordAudit(tx, actor, { action: 'session.create', entity: 'session', entityId: session!.id, courseId: group.courseId, summary: `${session!.title} — ${group.title}`, after: journal(session!) });
  });
  return getGroup(db, actor, groupId);
}

/** PATCH /api/admin/school/groups/{id}/sessions/{sessionId}/: a new time (members of a session still ahead get a letter). */
export async function updateSession(db: Executor, actor: StaffActor, groupId: number, sessionId: number, body: SchoolSessionBody, publicUrl: string): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    const session = await findSession(tx, group, sessionId);
    const columns = columnsOf(body);
    await assertProgramme(tx, group.courseId, columns.lessonId, columns.testId);
    const [after] = await tx.update(groupSchedules).set(columns).where(eq(groupSchedules.id, session.id)).returning();
    const moved = session.startsAt.getTime() !== after!.startsAt.getTime() || session.endsAt.getTime() !== after!.endsAt.getTime();
    const letters = moved && session.endsAt.getTime() > Date.now() ? await tellMembers(tx, group, session, after!, publicUrl) : 0;
    await recordAudit(tx, actor, {
      action: 'session.update',
      entity: 'session',
      entityId: session.id,
      courseId: group.courseId,
      summary: `${after!.title} — ${group.title}`,
      before: journal(session),
      after: { ...journal(after!), letters },
    });
  });
  return getGroup(db, actor, groupId);
}

/** DELETE /api/admin/school/groups/{id}/sessions/{sessionId}/: the session is cancelled (members of one still ahead get a letter). */
export async function cancelSession(db: Executor, actor: StaffActor, groupId: number, sessionId: number, publicUrl: string): Promise<SchoolGroup> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, true);
    const session = await findSession(tx, group, sessionId);
    await tx.delete(groupSchedules).where(eq(groupSchedules.id, session.id));
    const letters = session.endsAt.getTime() > Date.now() ? await tellMembers(tx, group, session, null, publicUrl) : 0;
    await recordAudit(tx, actor, { action: 'session.cancel', entity: 'session', entityId: session.id, courseId: group.courseId, summary: `${session.title} — ${group.title}`, before: journal(session), after: { letters } });
  });
  return getGroup(db, actor, groupId);
}
