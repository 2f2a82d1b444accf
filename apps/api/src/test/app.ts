import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Copy the template that also holds the demo school (only for tests about the demo content
   * itself). Default: the migrated, empty template; tests build their rows with ./factories.ts.
   */
  seed?: boolean;
}

/** A fresh copy of the migrated template database (empty unless `seed: true`) for one test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database & { drop(): Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const name = `crema_test_${randomBytes(5).toString('hex')}`;
  const template = options.seed ? inject('pgSeededTemplate') : inject('pgTemplate');
  const admin = openDatabase(`${serverUrl}/postgres`, { max: 1 });
  await admin.pool.query(`create database ${name} template ${template}`);
  const database = openDatabase(`${serverUrl}/${name}`, { max: 4 });
  return {
    ...database,
    async drop() {
      await database.close();
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** Builds the real app (API only, no site) over its own database. */
export async function createTestApp(env: Record<string, string> = {}, options: TestDatabaseOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase(options);
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
