// Small helpers shared by the seed's areas.
import { randomBytes } from 'node:crypto';

/** Maps inserted rows' natural keys (slug, key) to their new ids. */
export function idsBy<R extends { id: number }>(rows: R[], key: (row: R) => string): Map<string, number> {
  return new Map(rows.map((row) => [key(row), row.id]));
}

/** A random, unguessable order code for /courses/payment/{code}/. */
export function orderCode(): string {
  return randomBytes(12).toString('base64url');
}

/** The instant `days` whole days (of 24 hours) before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** The value, or a seed error naming what is missing (a broken reference in ./data). */
export function required<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}
