// Migration 0020 (decision 0066) on a database that holds applications: each becomes a new
// application of the inbox with its contacts taken from its fields as sent; a form without them
// leaves them empty. The database is migrated to the one before, filled as an older release would
// have, then migrated to the end.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, type OlderDatabase } from '../test/older-database.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const NAME = `crema_migrate_0020_${process.pid}`;
let older: OlderDatabase;
let database: Database;

beforeAll(async () => {
  older = await databaseMigratedTo(NAME, 19);
  database = older.database;
});

afterAll(async () => {
  await older?.drop();
});

it('gives the applications stored before it their contacts and the status new', async () => {
  const { pool } = database;
  const form = (await pool.query<{ id: number }>(`insert into feedback_forms (key, title, success_message) values ('old_form', 'Старая форма', 'Спасибо') returning id`)).rows[0]!.id;
  const insert = (data: object) =>
    pool.query(`insert into feedback_submissions (form_id, data, created_at) values ($1, $2, '2026-01-10T09:00:00Z')`, [form, JSON.stringify(data)]);
  await insert({ name: 'Анна', phone: '79161234567', email: 'anna@example.ru' });
  await insert({ company: 'Кофейня' });
  await migrateDatabase(pool);
  const { rows } = await pool.query(`select name, email, phone, status, assignee_id, updated_at from feedback_submissions order by id`);
  expect(rows).toEqual([
    { name: 'Анна', email: 'anna@example.ru', phone: '79161234567', status: 'new', assignee_id: null, updated_at: new Date('2026-01-10T09:00:00Z') },
    { name: null, email: null, phone: null, status: 'new', assignee_id: null, updated_at: new Date('2026-01-10T09:00:00Z') },
  ]);
});
