// My schedule (decision 0031): the sessions of all my groups and my students' groups,
// by Moscow day whatever the client's zone, with whose session it is and what changed since the
// previous visit of the schedule.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, moscowInstant, moscowIsoDate, type UserSchedule } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { groupSchedules, scheduleVisits } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { marksOf } from '../attendance/marks.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { learnerOf, memberships, sessionsOf, toSession } from './service.ts';

/** Days shown when `to` is not given, and the longest range one call may ask for. */
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 92;
/** Reads of the schedule closer together than this are one visit: a reload keeps the marks. */
export const VISIT_GAP_MINUTES = 30;

/**
 * Records a visit and answers the previous one's time: a read more than VISIT_GAP_MINUTES after the
 * last one starts a new visit (the last becomes the previous); a read within it only extends it.
 */
async function recordVisit(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db
    .insert(scheduleVisits)
    .values({ userId, seenAt: sql`now()`, previousSeenAt: null })
    .onConflictDoUpdate({
      target: scheduleVisits.userId,
      set: {
        previousSeenAt: sql`case when ${scheduleVisits.seenAt} < now() - make_interval(mins => ${VISIT_GAP_MINUTES}) then ${scheduleVisits.seenAt} else ${scheduleVisits.previousSeenAt} end`,
        seenAt: sql`now()`,
      },
    })
    .returning({ previous: scheduleVisits.previousSeenAt });
  return row?.previous ?? null;
}

async function readVisit(db: Executor, userId: number): Promise<Date | null> {
  const rows = await db
    .select({ seenAt: scheduleVisits.seenAt, previous: scheduleVisits.previousSeenAt })
    .from(scheduleVisits)
    .where(eq(scheduleVisits.userId, userId));
  const row = rows[0];
  if (!row) return null;
  return row.seenAt.getTime() < Date.now() - VISIT_GAP_MINUTES * 60_000 ? row.seenAt : row.previous;
}

/** GET /api/user/schedule/?from=&to=: both Moscow dates included; `record: false` (HEAD) leaves the visit alone. */
export async function userSchedule(
  db: Executor,
  actor: SignedInActor,
  query: { from?: string; to?: string },
  { record = true }: { record?: boolean } = {},
): Promise<UserSchedule> {
  const from = query.from ?? moscowIsoDate(new Date());
  const to = query.to ?? addDays(from, DEFAULT_DAYS);
  if (to < from) throw ApiError.fields({ to: ['Дата окончания раньше даты начала.'] });
  if (to > addDays(from, MAX_DAYS - 1)) throw ApiError.fields({ to: [`Можно запросить не больше ${MAX_DAYS} дней.`] });

  const rows = await memberships(db, actor);
  const learners = new Map<number, ReturnType<typeof learnerOf>[]>();
  const groupInfo = new Map<number, { group: { id: number; title: string }; course: { id: number; slug: string; title: string } }>();
  for (const m of rows) {
    learners.set(m.group.id, [...(learners.get(m.group.id) ?? []), learnerOf(m)]);
    groupInfo.set(m.group.id, { group: { id: m.group.id, title: m.group.title }, course: { id: m.course.id, slug: m.course.slug, title: m.course.title } });
  }
  // Moscow midnights: the range is [from 00:00, to + 1 day 00:00) in Moscow, whatever the client's zone.
  const [sessions, previous] = await Promise.all([
    sessionsOf(
      db,
      [...groupInfo.keys()],
      and(gte(groupSchedules.startsAt, moscowInstant(from, '00:00')), lt(groupSchedules.startsAt, moscowInstant(addDays(to, 1), '00:00'))),
    ),
    record ? recordVisit(db, actor.user.id) : readVisit(db, actor.user.id),
  ]);

  // The account's own learners' attendance marks (decision 0088).
  const marks = await marksOf(db, sessions.map((s) => s.id), rows.map((m) => m.userCourseId));
  const now = Date.now();
  const days = new Map<string, UserSchedule['days'][number]['sessions']>();
  for (const s of sessions) {
    const day = moscowIsoDate(s.startsAt);
    const info = groupInfo.get(s.groupId)!;
    const list = days.get(day) ?? [];
    list.push({
      ...toSession(s),
      ...info,
      learners: learners.get(s.groupId) ?? [],
      changed_since_last_visit: previous !== null && s.updatedAt.getTime() > previous.getTime(),
      is_past: s.endsAt.getTime() <= now,
      attendance: marks.get(s.id) ?? [],
    });
    days.set(day, list);
  }
  return {
    from,
    to,
    previous_visit_at: previous?.toISOString() ?? null,
    days: [...days.entries()].map(([date, list]) => ({ date, sessions: list })),
  };
}
