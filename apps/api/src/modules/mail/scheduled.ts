// Letters that come from time passing rather than from a request: the eve of a group's first
// session, a lesson opened by its session, access ending in 7 days. One job (lib/jobs.ts) runs the
// sweep once per tick across the processes; each letter has a dedupe key (letter, object,
// recipient), so a second tick — or a second process racing the first — queues nothing twice.
import { sql } from 'drizzle-orm';
import { formatDateTime, moscowIsoDate } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import { sessionWhen } from '../school-groups/sessions.ts';
import { mailNow } from './context.ts';
import { sendTemplate } from './service.ts';

const DAY_MS = 24 * 3600_000;
/** A lesson opened longer ago than this is not announced (a tick missed for a day sends no stale letters). */
const LESSON_WINDOW_MS = DAY_MS;

export interface ScheduledLettersOptions {
  publicUrl: string;
  /** The clock (tests); the outbox's clock otherwise. */
  now?: Date;
}

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** One sweep: queues every scheduled letter that is due and not queued yet; returns how many were queued. */
export async function runScheduledLetters(db: Db, options: ScheduledLettersOptions): Promise<{ starts: number; lessons: number; ending: number }> {
  const now = options.now ?? mailNow();
  const { publicUrl } = options;
  const tomorrow = moscowIsoDate(new Date(now.getTime() + DAY_MS));
  const inAWeek = moscowIsoDate(new Date(now.getTime() + 7 * DAY_MS));
  const counts = { starts: 0, lessons: 0, ending: 0 };

  // Groups whose first session is tomorrow (Moscow date), one letter per member account.
  const starts = await db.execute<Row>(sql`
    select distinct on (g.id, u.id) g.id as group_id, g.title as group_title, c.title as course_title,
      s.starts_at, s.ends_at, coalesce(s.location, g.location) as place, coalesce(s.online_url, g.online_url) as meeting,
      g.bring, u.id as user_id, u.email
    from groups g
    join lateral (select * from group_schedules f where f.group_id = g.id order by f.starts_at, f.id limit 1) s on true
    join courses c on c.id = g.course_id
    join group_members m on m.group_id = g.id
    join user_courses uc on uc.id = m.user_course_id and uc.is_active
    join users u on u.id = uc.user_id
    where (s.starts_at at time zone 'Europe/Moscow')::date = ${tomorrow}::date
    order by g.id, u.id`);
  for (const row of starts.rows) {
    const meeting = text(row.meeting);
    const id = await sendTemplate(
      db,
      {
        to: String(row.email),
        template: 'group_starts_tomorrow',
        data: {
          courseTitle: String(row.course_title),
          groupTitle: String(row.group_title),
          whenText: sessionWhen({ startsAt: new Date(String(row.starts_at)), endsAt: new Date(String(row.ends_at)) }),
          place: text(row.place),
          meetingUrl: meeting && /^https?:\/\//i.test(meeting) ? meeting : null,
          bring: text(row.bring),
          url: `${publicUrl}/user/group/${Number(row.group_id)}/`,
        },
      },
      { dedupeKey: `group_starts_tomorrow:group:${Number(row.group_id)}:user:${Number(row.user_id)}`, now },
    );
    if (id !== null) counts.starts += 1;
  }

  // Sessions that opened a lesson within the last day (a session opens its lesson when it starts).
  const lessons = await db.execute<Row>(sql`
    select distinct on (s.id, u.id) s.id as session_id, g.id as group_id, g.title as group_title, c.title as course_title,
      l.title as lesson_title, u.id as user_id, u.email
    from group_schedules s
    join lessons l on l.id = s.lesson_id
    join groups g on g.id = s.group_id
    join courses c on c.id = g.course_id
    join group_members m on m.group_id = g.id
    join user_courses uc on uc.id = m.user_course_id and uc.is_active
    join users u on u.id = uc.user_id
    where s.starts_at <= ${now.toISOString()}::timestamptz
      and s.starts_at > ${new Date(now.getTime() - LESSON_WINDOW_MS).toISOString()}::timestamptz
    order by s.id, u.id`);
  for (const row of lessons.rows) {
    const id = await sendTemplate(
      db,
      {
        to: String(row.email),
        template: 'lesson_opened',
        data: {
          courseTitle: String(row.course_title),
          groupTitle: String(row.group_title),
          lessonTitle: String(row.lesson_title),
          url: `${publicUrl}/user/group/${Number(row.group_id)}/`,
        },
      },
      { dedupeKey: `lesson_opened:session:${Number(row.session_id)}:user:${Number(row.user_id)}`, now },
    );
    if (id !== null) counts.lessons += 1;
  }

  // Access ending on the Moscow date a week from today.
  const ending = await db.execute<Row>(sql`
    select uc.id as enrolment_id, uc.access_until, c.title as course_title, u.email
    from user_courses uc
    join courses c on c.id = uc.course_id
    join users u on u.id = uc.user_id
    where uc.is_active and uc.access_until is not null
      and (uc.access_until at time zone 'Europe/Moscow')::date = ${inAWeek}::date
    order by uc.id`);
  for (const row of ending.rows) {
    const until = new Date(String(row.access_until));
    const id = await sendTemplate(
      db,
      {
        to: String(row.email),
        template: 'access_ending',
        data: { courseTitle: String(row.course_title), endsText: formatDateTime(until), url: `${publicUrl}/user/courses/${Number(row.enrolment_id)}/` },
      },
      { dedupeKey: `access_ending:enrolment:${Number(row.enrolment_id)}:until:${moscowIsoDate(until)}`, now },
    );
    if (id !== null) counts.ending += 1;
  }
  return counts;
}

/** The job: every `intervalMs` (10 minutes by default), once per tick across the processes. */
export function scheduledLettersJob(db: Db, publicUrl: string, intervalMs = 10 * 60_000): JobDefinition {
  // The real clock picks what is due; the letters' night hold is judged by the same instant.
  return { name: 'letters.schedule', everyMs: intervalMs, run: () => runScheduledLetters(db, { publicUrl, now: new Date() }) };
}
