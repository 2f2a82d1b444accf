// The personal iCal feed (decision 0031): a secret, revocable URL a phone's calendar
// subscribes to. The secret is derived from SECRET_KEY and a random nonce kept per user, so the
// account can show its URL again; only the secret's SHA-256 is looked up by, and a new feed (or a
// revoked one) changes the nonce, which ends the old URL.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarFeedView } from '@crema/contract';
import { groupPhrase } from '@crema/contract/format';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds, groupSchedules, users, type User } from '../../db/schema/index.ts';
import { deriveKey } from '../../lib/keys.ts';
import { jobActor, type SignedInActor } from '../auth/actor.ts';
import { memberships, sessionsOf, toSession } from './service.ts';

/** Sessions in the feed: from this many days back to this many ahead. */
const FEED_PAST_DAYS = 30;
const FEED_AHEAD_DAYS = 366;
const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;

function secretOf(config: Config, userId: number, nonce: string): string {
  return createHmac('sha256', deriveKey(config.secretKey, 'calendar-feed')).update(`${userId}:${nonce}`).digest('base64url');
}
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

function view(config: Config, feed: { userId: number; nonce: string; createdAt: Date } | undefined): CalendarFeedView {
  if (!feed) return { url: null, webcal_url: null, created_at: null };
  const url = `${config.publicUrl}/ical/${secretOf(config, feed.userId, feed.nonce)}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:'), created_at: feed.createdAt.toISOString() };
}

/** GET /api/user/schedule/feed/ */
export async function currentFeed(db: Executor, config: Config, actor: SignedInActor): Promise<CalendarFeedView> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.user.id));
  return view(config, feed);
}

/** POST /api/user/schedule/feed/: a new secret URL; the old one stops working at once. */
export async function makeFeed(db: Executor, config: Config, actor: SignedInActor): Promise<CalendarFeedView> {
  const userId = actor.user.id;
  const nonce = randomBytes(16).toString('base64url');
  const tokenHash = hashOf(secretOf(config, userId, nonce));
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId, nonce, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce, tokenHash, createdAt: new Date(), lastFetchedAt: null } })
    .returning();
  return view(config, feed);
}

/** DELETE /api/user/schedule/feed/ */
export async function revokeFeed(db: Executor, actor: SignedInActor): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.user.id));
}

/** The feed's owner by the secret of its URL; null for an unknown or revoked secret. */
async function feedOwner(db: Executor, secret: string): Promise<User | null> {
  if (!SECRET_RE.test(secret)) return null;
  const [row] = await db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashOf(secret)));
  return row?.user ?? null;
}

/** GET /ical/{secret}.ics: the calendar (times in UTC), or null for a 404. */
export async function feedCalendar(db: Executor, config: Config, secret: string, siteName: string): Promise<string | null> {
  const user = await feedOwner(db, secret);
  if (!user) return null;
  await db.update(calendarFeeds).set({ lastFetchedAt: new Date() }).where(eq(calendarFeeds.userId, user.id));
  const actor = jobActor('calendar-feed', user);
  const rows = await memberships(db, actor);
  const groupOf = new Map(rows.map((m) => [m.group.id, m]));
  const names = new Map<number, string[]>();
  for (const m of rows) {
    if (m.studentId !== null) names.set(m.group.id, [...(names.get(m.group.id) ?? []), m.studentFirstName ?? '']);
    else names.set(m.group.id, [...(names.get(m.group.id) ?? []), '']);
  }
  const now = Date.now();
  const sessions = await sessionsOf(
    db,
    [...groupOf.keys()],
    and(gte(groupSchedules.startsAt, new Date(now - FEED_PAST_DAYS * 86_400_000)), lt(groupSchedules.startsAt, new Date(now + FEED_AHEAD_DAYS * 86_400_000))),
  );
  const host = new URL(config.publicUrl).hostname;
  const calendar = ical({
    name: `${siteName}: расписание занятий`,
    prodId: { company: 'Crema', product: 'schedule', language: 'RU' },
    // A published calendar (a subscription), refreshed hourly by clients that honour the hint.
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  const generatedAt = new Date(now);
  for (const row of sessions) {
    const m = groupOf.get(row.groupId)!;
    const session = toSession(row);
    // Whose session: the account holder's own is unnamed; a child's carries the child's name.
    const children = (names.get(row.groupId) ?? []).filter(Boolean);
    const whose = children.length ? ` (${children.join(', ')})` : '';
    const lines = [
      `Курс: ${m.course.title}`,
      groupPhrase(m.group.title, { capital: true }),
      session.lesson ? `Урок: ${session.lesson.title}` : null,
      session.test ? `Тест: ${session.test.title}` : null,
      session.online_url ? `Ссылка на занятие: ${session.online_url}` : null,
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      id: `group-session-${row.id}@${host}`,
      start: row.startsAt,
      end: row.endsAt,
      // With METHOD, DTSTAMP is when this calendar was made (RFC 5545 3.8.7.2); the session's change is LAST-MODIFIED.
      stamp: generatedAt,
      lastModified: row.updatedAt,
      summary: `${session.title} — ${m.course.title}${whose}`,
      description: lines.join('\n'),
      location: session.location,
      url: session.online_url,
    });
  }
  return calendar.toString();
}
