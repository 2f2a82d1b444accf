// Counting the database's queries in a test: a call whose number of queries grows with the data
// (one per course, per lesson) is an N+1 a test can catch without timing anything.
import pg from 'pg';
import { vi } from 'vitest';

/** How many queries the database gets while `run` runs. */
export async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
