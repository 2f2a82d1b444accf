import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable (decision 0075)', () => {
  it('knows a database that cannot be reached or is restarting', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      withCode('08006', 'connection failure'),
      withCode('08001'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
      new DrizzleQueryError('select 1', [], withCode('57P01')),
      new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
    ]) {
      expect(isDatabaseUnavailable(error), String((error as { code?: string }).code ?? error.message)).toBe(true);
    }
  });

  it('leaves other failures alone: a query, a closed pool, an outside service', () => {
    const fetchFailed = new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') });
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('22003'),
      withCode('3D000', 'database does not exist'),
      new Error('Cannot use a pool after calling end on the pool'),
      new DrizzleQueryError('select 1', [], withCode('42P01')),
      fetchFailed,
      null,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
