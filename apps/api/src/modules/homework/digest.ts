// The curators' daily digest (decision 0087): once a Moscow day, from 09:00, each curator with
// submissions waiting in their courses or groups gets one letter saying how many wait, per course.
// A job that runs every hour, once per tick across processes; the dedupe key (curator and Moscow
// date) keeps it to one letter a day whatever the ticks, processes or retries.
import { moscowDateParts, moscowIsoDate } from '@crema/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import { sendTemplate } from '../mail/service.ts';
import { WAITING_TOO_LONG_HOURS } from './curators.ts';

export const DIGEST_FROM_HOUR = 9;

interface DigestRow extends Record<string, unknown> {
  user_id: number;
  email: string;
  course_title: string;
  waiting: number;
  too_long: number;
}

/** Queues today's digests not queued yet; returns how many were queued. */
export async function runHomeworkDigest(db: Db, { publicUrl, now = new Date() }: { publicUrl: string; now?: Date }): Promise<{ digests: number }> {
  if (moscowDateParts(now).hour < DIGEST_FROM_HOUR) return { digests: 0 };
  // Each waiting submission once per curator and course, even when two of their rows reach it.
  const result = await db.execute<DigestRow>(sql`
    select u.id as user_id, u.email, c.title as course_title,
      count(distinct s.id)::int as waiting,
      count(distinct s.id) filter (where s.sent_at < now() - make_interval(hours => ${WAITING_TOO_LONG_HOURS}))::int as too_long
    from curators k
    join users u on u.id = k.user_id and u.blocked_at is null
    join courses c on c.id = k.course_id
    join user_courses uc on uc.course_id = k.course_id
    join homework_submissions s on s.user_course_id = uc.id and s.status in ('sent', 'checking')
    where k.group_id is null or exists (select 1 from group_members gm where gm.group_id = k.group_id and gm.user_course_id = uc.id)
    group by u.id, u.email, c.id, c.title
    order by u.id, c.title`);
  const byUser = new Map<number, DigestRow[]>();
  for (const row of result.rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const day = moscowIsoDate(now);
  let digests = 0;
  for (const [userId, rows] of byUser) {
    const id = await sendTemplate(
      db,
      {
        to: rows[0]!.email,
        template: 'homework_digest',
        data: {
          total: rows.reduce((sum, r) => sum + r.waiting, 0),
          tooLong: rows.reduce((sum, r) => sum + r.too_long, 0),
          courses: rows.map((r) => ({ title: r.course_title, waiting: r.waiting })),
          url: `${publicUrl}/curator/homework/`,
        },
      },
      { dedupeKey: `homework_digest:user:${userId}:${day}`, now },
    );
    if (id !== null) digests += 1;
  }
  return { digests };
}

/** The job: every hour, once per tick across the processes; one letter per curator a day. */
export function homeworkDigestJob(db: Db, publicUrl: string, intervalMs = 60 * 60_000): JobDefinition {
  return { name: 'homework.digest', everyMs: intervalMs, run: () => runHomeworkDigest(db, { publicUrl, now: new Date() }) };
}
