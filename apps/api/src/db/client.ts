import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle every module queries through. */
export type Db = NodePgDatabase<Schema>;
/**
 * The database or an open transaction in it (`db.transaction(async (tx) => …)`): anything that
 * runs queries. Functions that may run inside the caller's transaction take this.
 */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// DATE columns come back as 'YYYY-MM-DD' strings, never as Date objects shifted by the
// server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** How long making a connection (or waiting for a free one) may take: DATABASE_CONNECT_TIMEOUT_MS. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

/** Opens a pool to `url` and wraps it in Drizzle. */
export function openDatabase(
  url: string,
  options: { max?: number; connectTimeoutMs?: number; onIdleError?: (error: Error) => void } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    // A server that is away fails a request in about this long rather than hanging it (the
    // answer is then 503, errors.ts); it also bounds the wait for a free connection.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    application_name: 'crema',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it and the next query reports any lasting problem.
  pool.on('error', (error) => options.onIdleError?.(error));
  // pool.end() resolves once every client is asked to end, not when their connections are
  // closed; a server stopped right after it (the embedded one at shutdown) would still cut them
  // with 57P01 'terminating connection due to administrator command'. So close() waits for each
  // client's 'remove', which the pool emits when its connection has closed.
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', () => open++);
  pool.on('remove', () => {
    open--;
    if (open === 0) allClosed?.();
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return {
    db,
    pool,
    async close() {
      const closed = new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      if (open > 0) await closed;
    },
  };
}
