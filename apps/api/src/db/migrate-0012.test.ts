// Migration 0012 (decision 0046) on a database that has data: consents given for a child before it
// move to the child's document, others keep theirs, and the new kind is usable at once. The
// database is migrated to 0011, filled as an older release would have, then migrated to the end.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseMigratedTo, type OlderDatabase } from '../test/older-database.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const NAME = `crema_migrate_0012_${process.pid}`;
let older: OlderDatabase;
let database: Database;

beforeAll(async () => {
  older = await databaseMigratedTo(NAME, 11);
  database = older.database;
});

afterAll(async () => {
  await older?.drop();
});

it('moves consents for child students to the child document and keeps every other record as it was', async () => {
  const { pool } = database;
  const one = async (sql: string, params: unknown[] = []) => (await pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const parent = await one(`insert into users (email) values ('parent@example.ru') returning id`);
  const child = await one(
    `insert into students (user_id, student_type, last_name, first_name, date_birth) values ($1, 'child', 'Петрова', 'Алиса', '2015-03-01') returning id`,
    [parent],
  );
  const adult = await one(
    `insert into students (user_id, student_type, last_name, first_name, phone, email) values ($1, 'adult', 'Петров', 'Олег', '79161234567', 'oleg@example.ru') returning id`,
    [parent],
  );
  const consent = (kind: string, studentId: number | null, extra = '') =>
    one(
      `insert into consents (user_id, kind, version, student_id, student_name, given_at${extra ? ', withdrawn_at' : ''})
       values ($1, $2, ${kind === 'data_refusal' ? 'null' : '1'}, $3, $4, now() - interval '30 days'${extra ? `, ${extra}` : ''}) returning id`,
      [parent, kind, studentId, studentId ? 'Имя ученика' : null],
    );
  const own = await consent('personal_data', null);
  const policy = await consent('privacy_policy', null);
  const refusal = await consent('data_refusal', null);
  const forChild = await consent('personal_data', child);
  const forChildOld = await consent('personal_data', child, `now() - interval '40 days'`);
  const forAdult = await consent('personal_data', adult);
  // A student deleted earlier: the link is gone, the record (withdrawn) keeps its kind.
  const orphan = await consent('personal_data', null, 'now()');

  await migrateDatabase(pool);

  const rows = (await pool.query<{ id: number; kind: string; version: number | null; student_id: number | null; withdrawn: boolean }>(
    `select id, kind::text, version, student_id, withdrawn_at is not null as withdrawn from consents order by id`,
  )).rows;
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  expect(byId[own]).toMatchObject({ kind: 'personal_data', version: 1 });
  expect(byId[policy]).toMatchObject({ kind: 'privacy_policy', version: 1 });
  expect(byId[refusal]).toMatchObject({ kind: 'data_refusal', version: null });
  // Given before the child's document existed (0011 dated its version 1 when it ran): version 1.
  expect(byId[forChild]).toMatchObject({ kind: 'child_personal_data', version: 1, student_id: child, withdrawn: false });
  expect(byId[forChildOld]).toMatchObject({ kind: 'child_personal_data', version: 1, student_id: child, withdrawn: true });
  expect(byId[forAdult]).toMatchObject({ kind: 'personal_data', version: 1, student_id: adult });
  expect(byId[orphan]).toMatchObject({ kind: 'personal_data', student_id: null, withdrawn: true });

  // The register has the child's version 1, pointing to its page; the new kind is usable at once.
  const register = (await pool.query(`select kind::text, version, url from consent_documents where kind = 'child_personal_data'`)).rows;
  expect(register).toEqual([{ kind: 'child_personal_data', version: 1, url: '/documents/child-personal-data-consent/v/1/' }]);
  await pool.query(`update consents set withdrawn_at = now() where id = $1`, [forChild]);
  await pool.query(`insert into consents (user_id, kind, version, student_id) values ($1, 'child_personal_data', 1, $2)`, [parent, child]);
  // A student is named only by a consent to processing (own document or the child's).
  await expect(pool.query(`insert into consents (user_id, kind, version, student_id) values ($1, 'advertising', 1, $2)`, [parent, adult])).rejects.toThrow(
    /consents_student_kind/,
  );
  // The link to the register holds for the new kind too.
  await expect(pool.query(`insert into consents (user_id, kind, version, student_id) values ($1, 'child_personal_data', 7, $2)`, [parent, adult])).rejects.toThrow(
    /consents_document_fk/,
  );
});
