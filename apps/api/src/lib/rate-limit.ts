import { isIPv6 } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Executor } from '../db/client.ts';
import type { JobDefinition } from './jobs.ts';

const { escapeLiteral } = pg;

/** At most `limit` events per `windowS` seconds for one key. */
export interface RateRule {
  limit: number;
  windowS: number;
}

export interface RateState {
  /** False once the count in the current window is above the limit. */
  allowed: boolean;
  count: number;
  /** Seconds until the caller may try again (at least 1). */
  retryAfterS: number;
}

/**
 * Counts one event for `key` in a fixed window kept in PostgreSQL (shared by every process),
 * and says in the same statement whether it is within the limit: a single upsert starts a new
 * window when the old one has ended, increments, and returns the count. Check and count are one
 * step, so a burst of simultaneous requests lets exactly `limit` through. Limits on failures
 * use it too: count the attempt before trying it, and give it back with `refundRateLimit` when
 * it succeeds. Run it outside a transaction that may roll back if the event must stay counted.
 */
export async function hitRateLimit(db: Executor, key: string, rule: RateRule): Promise<RateState> {
  const { rows } = await db.execute<CountRow>(countStatement(key, rule.windowS));
  return rateState(rows[0], rule.limit, rule.windowS);
}

/**
 * hitRateLimit for a count that need not outlive a crash of PostgreSQL (answer saves, decision
 * 0084): the same upsert, committed with synchronous_commit off, in one round trip (one simple-
 * protocol message: its statements are one transaction). Many requests of one key at once queue
 * on its row; committed this way each holds the row only while PostgreSQL runs the statement, not
 * while it flushes its log. A crash may forget the last moment's counts; check and count stay one
 * atomic step. The simple protocol takes no parameters: the key goes in as a quoted literal.
 */
export async function hitRateLimitLightly(db: Db, key: string, rule: RateRule): Promise<RateState> {
  const windowS = Math.trunc(rule.windowS);
  const statement = PG.sqlToQuery(countStatement(sql.raw(escapeLiteral(key)), sql.raw(String(windowS))));
  if (statement.params.length > 0) throw new Error('the light rate-limit statement must carry no parameters');
  const text = `set local synchronous_commit = off;\n${statement.sql}`;
  const results = (await (db as unknown as { $client: pg.Pool }).$client.query(text)) as unknown as pg.QueryResult<CountRow>[];
  return rateState(results[1]?.rows[0], rule.limit, windowS);
}

type CountRow = { count: number; remaining_s: number };

const PG = new PgDialect();

/**
 * The counting upsert: a new window when the old one has ended, else one more in it; returns the
 * count and the seconds left in the window. `key` and `windowS` are parameters, or SQL to inline.
 */
function countStatement(key: string | SQL, windowS: number | SQL): SQL {
  return sql`insert into rate_limits as r (key, count, window_starts_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when r.window_starts_at <= now() - make_interval(secs => ${windowS}) then 1 else r.count + 1 end,
      window_starts_at = case when r.window_starts_at <= now() - make_interval(secs => ${windowS})
        then now() else r.window_starts_at end
    returning count, extract(epoch from (window_starts_at + make_interval(secs => ${windowS}) - now()))::float8 as remaining_s`;
}

function rateState(row: CountRow | undefined, limit: number, windowS: number): RateState {
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { allowed: row.count <= limit, count: row.count, retryAfterS: secondsLeft(row.remaining_s, windowS) };
}

/** Gives back one event counted by `hitRateLimit` (the attempt it stood for succeeded). */
export async function refundRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets the counter of `key` (e.g. failed logins after a successful one). */
export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** One limit of a request: its key and rule. */
export interface RateCheck {
  key: string;
  rule: RateRule;
}

/**
 * Counts one event against each limit in order and stops at the first that refuses; the ones
 * counted before it are given back, so a refused request spends no other quota (nobody can burn
 * another person's later limits by hammering an earlier one), and so is the refusing one's: a
 * refusal spends nothing, and a limit full of requests still running (thirty sign-ins of one
 * classroom at once, each given back once it succeeds) frees itself as they finish instead of
 * staying full until its window ends. Returns the refusing limit's index.
 */
export async function hitRateLimits(
  db: Executor,
  checks: readonly RateCheck[],
): Promise<{ allowed: true } | { allowed: false; index: number; state: RateState }> {
  for (const [index, check] of checks.entries()) {
    const state = await hitRateLimit(db, check.key, check.rule);
    if (!state.allowed) {
      for (const counted of checks.slice(0, index + 1)) await refundRateLimit(db, counted.key);
      return { allowed: false, index, state };
    }
  }
  return { allowed: true };
}

/**
 * A budget that steps up rather than locks: the first `free` events of a window pass at once;
 * each event after them makes the next one wait, `waitsS[0]` after the first, `waitsS[1]` after
 * the second, and the last wait for every further one. The window (and the count) starts again
 * `windowS` after its first event.
 */
export interface SteppedRule {
  free: number;
  waitsS: readonly number[];
  windowS: number;
}

/**
 * Counts one event for `key` under a stepped budget, in one statement: the row is updated only
 * when the key is not waiting, so of simultaneous requests exactly those the budget allows pass.
 */
export async function takeStepped(db: Executor, key: string, rule: SteppedRule): Promise<RateState> {
  const windowOver = sql`r.window_starts_at <= now() - make_interval(secs => ${rule.windowS})`;
  const waits = sql.raw(`array[${rule.waitsS.map((s) => Math.trunc(s)).join(',')}]::int[]`);
  const waitAfter = (count: ReturnType<typeof sql>) =>
    sql`case when ${count} <= ${rule.free} then null
      else now() + make_interval(secs => (${waits})[least(${count} - ${rule.free}, ${rule.waitsS.length})]) end`;
  const nextCount = sql`case when ${windowOver} then 1 else r.count + 1 end`;
  const { rows } = await db.execute<{ count: number }>(sql`
    insert into rate_limits as r (key, count, window_starts_at, blocked_until)
    values (${key}, 1, now(), ${waitAfter(sql`1`)})
    on conflict (key) do update set
      count = ${nextCount},
      window_starts_at = case when ${windowOver} then now() else r.window_starts_at end,
      blocked_until = ${waitAfter(nextCount)}
    where r.blocked_until is null or r.blocked_until <= now() or ${windowOver}
    returning count`);
  const row = rows[0];
  if (row) return { allowed: true, count: row.count, retryAfterS: 1 };
  // Refused: the key is waiting. Reading how long is only for the message; the decision is made.
  const { rows: waiting } = await db.execute<{ count: number; remaining_s: number | null }>(sql`
    select count, extract(epoch from (blocked_until - now()))::float8 as remaining_s from rate_limits where key = ${key}`);
  const state = waiting[0];
  const longest = Math.max(...rule.waitsS);
  return { allowed: false, count: state?.count ?? 0, retryAfterS: secondsLeft(state?.remaining_s ?? 1, longest) };
}

/**
 * Whole seconds until the wait ends, 1 to `maxS`. `now()` is each transaction's start time: a
 * transaction that started just before the one that opened the window sees a little more than
 * the window left, which must not reach the client as a longer wait than the window itself.
 */
function secondsLeft(remainingS: number, maxS: number): number {
  return Math.min(maxS, Math.max(1, Math.ceil(remainingS)));
}

/** Longer than any window or wait in use (the longest window is a day, and waits end within it). */
export const RATE_LIMIT_RETENTION_S = 2 * 86_400;

/** Forgets counters whose window started over `retentionS` ago and that make nobody wait. */
export async function pruneRateLimits(db: Executor, retentionS = RATE_LIMIT_RETENTION_S): Promise<number> {
  const result = await db.execute(sql`
    delete from rate_limits
    where window_starts_at < now() - make_interval(secs => ${retentionS})
      and (blocked_until is null or blocked_until <= now())`);
  return result.rowCount ?? 0;
}

/** The pruning as an hourly job (lib/jobs.ts). */
export function rateLimitPruningJob(db: Executor): JobDefinition {
  return { name: 'rate-limits.prune', everyMs: 3_600_000, run: async () => ({ deleted: await pruneRateLimits(db) }) };
}

/**
 * The network a per-client limit is keyed by: an IPv4 address as it is (IPv4-mapped IPv6 too),
 * an IPv6 address by its /64 — one subscriber's prefix, inside which any host address is free to
 * pick, so per-address keys would not limit anyone.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const width = (part: string) => (part.includes('.') ? 2 : 1);
  const groups = (side: string) => (side === '' ? [] : side.split(':'));
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const used = [...left, ...right].reduce((sum, part) => sum + width(part), 0);
  const full = [...left, ...Array<string>(tail === undefined ? 0 : 8 - used).fill('0'), ...right];
  const prefix = full.slice(0, 4).map((group) => (group.includes('.') ? group : parseInt(group, 16).toString(16)));
  return `${prefix.join(':')}::/64`;
}
