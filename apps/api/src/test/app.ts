import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh copy of the migrated, empty template database for one test file: tests build their rows
 * with ./factories.ts (a test about the demo school seeds it with `seedDatabase`).
 */
export async function createTestDatabase(): Promise<Database & { url: string; drop(): Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const name = `crema_test_${randomBytes(5).toString('hex')}`;
  const admin = openDatabase(`${serverUrl}/postgres`, { max: 1 });
  await admin.pool.query(`create database ${name} template ${inject('pgTemplate')}`);
  const database = openDatabase(`${serverUrl}/${name}`, { max: 4 });
  refuseConcurrentQueries();
  return {
    ...database,
    url: `${serverUrl}/${name}`,
    async drop() {
      await database.close();
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/**
 * A query sent to a connection still busy with another fails the test: the pool gives every plain
 * query a connection of its own, so this is a Promise.all on a transaction (`tx`), whose queries
 * pg would queue on its one connection (deprecated in pg 8, an error in pg 9). Run them in turn.
 * On the prototype, once, so tests that spy on `Client.prototype.query` still count every query.
 */
function refuseConcurrentQueries() {
  type Internals = { _activeQuery: unknown; _queryQueue: unknown[] };
  const proto = pg.Client.prototype as unknown as { query: (this: Internals, ...args: unknown[]) => unknown; [GUARDED]?: true };
  if (proto[GUARDED]) return;
  const query = proto.query;
  proto.query = function (this: Internals, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const error = new Error('A query on a connection busy with another: a Promise.all on a transaction? Run its queries in turn.');
      console.error(error);
      throw error;
    }
    return query.apply(this, args);
  };
  proto[GUARDED] = true;
}
const GUARDED = Symbol.for('crema.test.refuseConcurrentQueries');

/** Builds the real app (API only, no site) over its own database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  // Tests change rows and read them back at once: no content cache unless a test asks for one.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', ...env });
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The sign-in or change code of the newest letter queued to `email` (its subject ends with it). */
export async function lastMailedCode(database: Pick<Database, 'pool'>, email: string): Promise<string> {
  const { rows } = await database.pool.query<{ subject: string }>(
    'select subject from mail_outbox where "to" = $1 order by id desc limit 1',
    [email],
  );
  const code = /: (\d{4})$/.exec(rows[0]?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
