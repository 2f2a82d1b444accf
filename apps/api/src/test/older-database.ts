// A database as an older release left it: migrated up to a given migration only, for tests of
// what a later migration does to data that already exists (filled with plain SQL, as that release
// would have written it), then migrated to the end the way the server does at start.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

export interface OlderDatabase {
  database: Database;
  /** Removes the database and the copied migrations. */
  drop(): Promise<void>;
}

/** A new database named `name`, migrated up to migration number `last` (the journal's idx) included. */
export async function databaseMigratedTo(name: string, last: number): Promise<OlderDatabase> {
  const serverUrl = inject('pgServerUrl');
  const admin = openDatabase(`${serverUrl}/postgres`, { max: 1 });
  await admin.pool.query(`create database ${name}`);
  const database = openDatabase(`${serverUrl}/${name}`, { max: 2 });
  // A copy of the migrations folder whose journal stops at `last`.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crema-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  const client = await database.pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    client.release();
  }
  return {
    database,
    async drop() {
      await database.close();
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
