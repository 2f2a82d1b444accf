// One embedded PostgreSQL for the whole API test run; a template database that is migrated once
// and copied per test file (CREATE DATABASE … TEMPLATE takes milliseconds). Tests start from an
// empty database and build what they assert on (./factories.ts); the tests about the demo school
// itself seed their own copy.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user:pass@host:port (no database name) */
    pgServerUrl: string;
    /** migrated, empty */
    pgTemplate: string;
  }
}

const TEMPLATE = 'crema_template';
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
  await admin.pool.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.pool.query(`create database ${TEMPLATE}`);
  await admin.close();

  const template = openDatabase(`${serverUrl}/${TEMPLATE}`, { max: 2 });
  await migrateDatabase(template.pool);
  await template.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', TEMPLATE);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
