// One embedded PostgreSQL for the whole API test run; a template database that is migrated once
// and copied per test file (CREATE DATABASE … TEMPLATE takes milliseconds). Tests start from an
// empty database and build what they assert on (./factories.ts); a second template also holds
// the demo school, for the few tests about the demo content itself.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:pass@host:port (no database name) */
    pgServerUrl: string;
    /** migrated, empty */
    pgTemplate: string;
    /** migrated and seeded with the demo school */
    pgSeededTemplate: string;
  }
}

const TEMPLATE = 'crema_template';
const SEEDED_TEMPLATE = 'crema_template_seeded';
const quiet = { info: () => {}, warn: (o: object, m?: string) => console.warn(m, o) };

let server: EmbeddedServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    // An outside server: its URL without the database name.
    serverUrl = process.env.TEST_DATABASE_URL.replace(/\/[^/]*$/, '');
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-test-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres', log: quiet });
    serverUrl = server.url.replace(/\/[^/]*$/, '');
  }
  const admin = openDatabase(`${serverUrl}/postgres`, { max: 1 });
  for (const name of [SEEDED_TEMPLATE, TEMPLATE]) await admin.pool.query(`drop database if exists ${name} with (force)`);
  await admin.pool.query(`create database ${TEMPLATE}`);

  const template = openDatabase(`${serverUrl}/${TEMPLATE}`, { max: 2 });
  await migrateDatabase(template.pool);
  await template.close();

  await admin.pool.query(`create database ${SEEDED_TEMPLATE} template ${TEMPLATE}`);
  const seeded = openDatabase(`${serverUrl}/${SEEDED_TEMPLATE}`, { max: 2 });
  await seedDatabase(seeded.db);
  await seeded.close();
  await admin.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', TEMPLATE);
  project.provide('pgSeededTemplate', SEEDED_TEMPLATE);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
