// Migration 0015 (decision 0058) on a database that has courses: a kids course whose 'Возраст'
// reads 'N–M лет' gets that range; an adult course, a kids course without the attribute or with
// other words keeps no limit. The database is migrated to 0014, filled as an older release would
// have, then migrated to the end.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, type OlderDatabase } from '../test/older-database.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const NAME = `crema_migrate_0015_${process.pid}`;
let older: OlderDatabase;
let database: Database;

beforeAll(async () => {
  older = await databaseMigratedTo(NAME, 14);
  database = older.database;
});

afterAll(async () => {
  await older?.drop();
});

it("gives the kids courses the range of their 'Возраст' text and leaves every other course without one", async () => {
  const { pool } = database;
  const one = async (sql: string, params: unknown[] = []) => (await pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const category = await one(`insert into categories (name, slug, audience) values ('Детям', 'kids', 'kids') returning id`);
  const course = (slug: string, kids: boolean) =>
    one(`insert into courses (slug, title, category_id, is_kids) values ($1, $1, $2, $3) returning id`, [slug, category, kids]);
  const age = await one(`insert into attributes (name, slug, type) values ('Возраст', 'age', 'list') returning id`);
  const value = (text: string) => one(`insert into attribute_values (attribute_id, value) values ($1, $2) returning id`, [age, text]);
  const tenToFourteen = await value('10–14 лет');
  const sevenToTen = await value('7 – 10 лет');
  const words = await value('для школьников');
  const give = (courseId: number, valueId: number) =>
    pool.query(`insert into course_attributes (course_id, attribute_id, attribute_value_id) values ($1, $2, $3)`, [courseId, age, valueId]);
  const teens = await course('teens', true);
  await give(teens, tenToFourteen);
  const small = await course('small', true);
  await give(small, sevenToTen);
  const both = await course('both', true);
  await give(both, sevenToTen);
  await give(both, tenToFourteen);
  const worded = await course('worded', true);
  await give(worded, words);
  const adult = await course('adult', false);
  await give(adult, tenToFourteen);
  const none = await course('none', true);

  await migrateDatabase(pool);

  const rows = (await pool.query<{ id: number; age_min: number | null; age_max: number | null }>(`select id, age_min, age_max from courses`)).rows;
  const range = (id: number) => {
    const row = rows.find((r) => r.id === id)!;
    return [row.age_min, row.age_max];
  };
  expect(range(teens)).toEqual([10, 14]);
  expect(range(small)).toEqual([7, 10]);
  expect(range(both)).toEqual([7, 14]);
  expect(range(worded)).toEqual([null, null]);
  expect(range(adult)).toEqual([null, null]);
  expect(range(none)).toEqual([null, null]);
});
