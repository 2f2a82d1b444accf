// Migration 0026 (decision 0073) on a database that holds reviews: a published review stays
// published, a hidden one becomes 'hidden'; none gets an author, a reply or a new version.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, type OlderDatabase } from '../test/older-database.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const NAME = `crema_migrate_0026_${process.pid}`;
let older: OlderDatabase;
let database: Database;

beforeAll(async () => {
  older = await databaseMigratedTo(NAME, 25);
  database = older.database;
});

afterAll(async () => {
  await older?.drop();
});

it('turns the reviews stored before it into published and hidden ones', async () => {
  const { pool } = database;
  const insert = (name: string, published: boolean) =>
    pool.query(`insert into reviews (name, rating, text, published_at, is_published) values ($1, 4, 'Текст', '2025-01-10', $2)`, [name, published]);
  await insert('Анна', true);
  await insert('Борис', false);
  await migrateDatabase(pool);
  const { rows } = await pool.query(`select name, status, author_id, reply, replied_at, version from reviews order by id`);
  expect(rows).toEqual([
    { name: 'Анна', status: 'published', author_id: null, reply: null, replied_at: null, version: 1 },
    { name: 'Борис', status: 'hidden', author_id: null, reply: null, replied_at: null, version: 1 },
  ]);
});
