// My schedule (decision 0031): the last visits of the schedule screen, by which sessions
// changed since are marked, and the personal iCal feeds.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The schedule visits of a user: `seen_at` is the visit in progress (renewed by each read within
 * a visit), `previous_seen_at` the one before; a session changed after `previous_seen_at` is new
 * to the learner.
 */
export const scheduleVisits = pgTable('schedule_visits', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp({ withTimezone: true }).notNull(),
  previousSeenAt: timestamp({ withTimezone: true }),
});

/**
 * A user's personal iCal feed: one at most. The secret of the URL is derived from SECRET_KEY and
 * `nonce` (so the account can show its URL again), and only its SHA-256 is looked up by.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .unique('calendar_feeds_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text().notNull(),
    tokenHash: text().notNull().unique('calendar_feeds_token_hash_unique'),
    createdAt: createdAt(),
    lastFetchedAt: timestamp({ withTimezone: true }),
  },
);

export type CalendarFeed = typeof calendarFeeds.$inferSelect;
