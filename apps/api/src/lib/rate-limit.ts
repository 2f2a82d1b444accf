import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** At most `limit` events per `windowS` seconds for one key. */
export interface RateRule {
  limit: number;
  windowS: number;
}

export interface RateState {
  /** False once the count in the current window is above the limit. */
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfterS: number;
}

/**
 * Counts one event for `key` in a fixed window kept in PostgreSQL (shared by every process),
 * atomically: a single upsert both starts a new window when the old one has ended and
 * increments. Run it outside a transaction that may roll back if the event must stay counted.
 */
export async function hitRateLimit(db: Executor, key: string, rule: RateRule): Promise<RateState> {
  const { rows } = await db.execute<{ count: number; remaining_s: number }>(sql`
    insert into rate_limits as r (key, count, window_starts_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when r.window_starts_at <= now() - make_interval(secs => ${rule.windowS}) then 1 else r.count + 1 end,
      window_starts_at = case when r.window_starts_at <= now() - make_interval(secs => ${rule.windowS})
        then now() else r.window_starts_at end
    returning count, extract(epoch from (window_starts_at + make_interval(secs => ${rule.windowS}) - now()))::float8 as remaining_s`);
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterS: secondsLeft(row.remaining_s, rule) };
}

/** Reads the state of `key` without counting (for limits that count only failures). */
export async function peekRateLimit(db: Executor, key: string, rule: RateRule): Promise<RateState> {
  const { rows } = await db.execute<{ count: number; remaining_s: number }>(sql`
    select count, extract(epoch from (window_starts_at + make_interval(secs => ${rule.windowS}) - now()))::float8 as remaining_s
    from rate_limits where key = ${key}`);
  const row = rows[0];
  if (!row || row.remaining_s <= 0) return { allowed: true, count: 0, retryAfterS: 1 };
  // Blocked once the limit is reached: the next failure would be one too many.
  return { allowed: row.count < rule.limit, count: row.count, retryAfterS: secondsLeft(row.remaining_s, rule) };
}

/** Forgets the counter of `key` (e.g. failed logins after a successful one). */
export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Whole seconds until the window ends, 1 to windowS. `now()` is each transaction's start time: a
 * transaction that started just before the one that opened the window sees a little more than
 * windowS left, which must not reach the client as a longer wait than the window itself.
 */
function secondsLeft(remainingS: number, rule: RateRule): number {
  return Math.min(rule.windowS, Math.max(1, Math.ceil(remainingS)));
}
