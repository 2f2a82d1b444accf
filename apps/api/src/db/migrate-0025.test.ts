// Migration 0025 (decision 0074) on a database that holds content: every setting gets version 1,
// the page block types keep their blocks, and the contacts page — which showed the settings'
// contacts by its address — gets a contacts block first, so it shows them as before; other pages
// get none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, type OlderDatabase } from '../test/older-database.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const NAME = `crema_migrate_0025_${process.pid}`;
let older: OlderDatabase;
let database: Database;

beforeAll(async () => {
  older = await databaseMigratedTo(NAME, 24);
  database = older.database;
});

afterAll(async () => {
  await older?.drop();
});

it('versions the settings and puts a contacts block first on the contacts page only', async () => {
  const { pool } = database;
  await pool.query(`insert into configs (key, value) values ('FOOTER_PHONE', '+7 (495) 120-34-56')`);
  const page = async (slug: string) =>
    (await pool.query<{ id: number }>(`insert into pages (slug, title, kind, is_published) values ($1, $1, 'page', true) returning id`, [slug])).rows[0]!.id;
  const contacts = await page('contacts');
  const about = await page('about');
  for (const id of [contacts, about]) {
    await pool.query(`insert into page_blocks (page_id, type, sort, data) values ($1, 'text', 0, '{"html":"<p>Как добраться</p>"}'), ($1, 'cta', 1, '{}')`, [id]);
  }
  await migrateDatabase(pool);

  expect((await pool.query(`select key, version from configs`)).rows).toEqual([{ key: 'FOOTER_PHONE', version: 1 }]);
  const blocks = async (id: number) => (await pool.query(`select type, data from page_blocks where page_id = $1 order by sort, id`, [id])).rows;
  expect(await blocks(contacts)).toEqual([
    { type: 'contacts', data: {} },
    { type: 'text', data: { html: '<p>Как добраться</p>' } },
    { type: 'cta', data: {} },
  ]);
  expect((await blocks(about)).map((b) => b.type)).toEqual(['text', 'cta']);
});
