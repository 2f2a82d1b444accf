// `npm run backup` / `npm run restore` (decision 0077): a backup of a database built by the
// factories and of uploaded files restores to the same rows and bytes; a wrong key, a changed
// file or another connected process is refused before anything changes.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { userDocuments } from '../db/schema/index.ts';
import { deriveKey } from '../lib/keys.ts';
import { createSealedBox, LEGACY_KEY_ID, personalDataKeyRing } from '../lib/sealed.ts';
import { sealedDocumentColumns } from '../modules/user/service.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse, buildEnrolment, buildOrder, buildStudent, buildUser } from '../test/factories.ts';
import { createBackup, DUMP, MANIFEST, restoreBackup, type Manifest } from './backup.ts';
import { loadConfig } from '../config.ts';
import { contentTypeOf } from '../modules/media/files.ts';
import { createStorage, diskStorage, readObject } from '../modules/media/storage.ts';
import { createTestStorage } from '../test/storage.ts';
import { sha256Of } from './uploads.ts';

const KEY = 'the-secret-key-of-the-school-at-backup-time-01';
const OTHER = 'another-secret-key-that-never-sealed-anything-2';

let database: Database & { url: string; drop(): Promise<void> };
let work: string;
let dataDir: string;
let manifest: Manifest;
const backupDir = () => path.join(work, 'backup');
/** The uploads store of this "installation": a folder, as DATA_DIR/uploads by default. */
const uploads = () => diskStorage(path.join(dataDir, 'uploads'));

const PLAIN = {
  passport_series: '4510',
  passport_number: '734519',
  passport_given_code: '770001',
  passport_given_date: '2015-04-20',
  passport_given_location: 'ОВД района Хамовники г. Москвы',
  snils: '11223344595',
};

// The key tables and what a restore must bring back exactly.
const KEY_TABLES = ['users', 'courses', 'orders', 'students', 'user_courses', 'user_documents'];
async function snapshot(db: Pick<Database, 'pool'>) {
  const tables: Record<string, unknown[]> = {};
  for (const table of KEY_TABLES) tables[table] = (await db.pool.query(`select * from ${table} order by 1`)).rows;
  const { rows } = await db.pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return { tables, migrations: Number(rows[0]!.n) };
}

const UPLOADS: Record<string, Buffer> = {
  'courses/cover.jpg': randomBytes(40_000),
  'lessons/7/видео урока.mp4': randomBytes(120_000),
  'documents/договор.pdf': Buffer.from('%PDF-1.4 договор'),
};
async function uploadHashes(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const key of Object.keys(UPLOADS)) hashes[key] = (await sha256Of(path.join(dataDir, 'uploads', key))).sha256;
  return hashes;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'crema-backup-'));
  dataDir = path.join(work, 'data');
  database = await createTestDatabase();
  const { db } = database;
  const box = createSealedBox(personalDataKeyRing(KEY));
  for (let i = 0; i < 3; i++) {
    const user = await buildUser(db, { lastName: `Смирнова-${i}` });
    await buildStudent(db, { userId: user.id });
    await db.insert(userDocuments).values({ userId: user.id, ...sealedDocumentColumns(box, user.id, PLAIN) });
    const course = await buildCourse(db);
    await buildEnrolment(db, { userId: user.id, courseId: course.id });
    await buildOrder(db, { userId: user.id, courseId: course.id });
  }
  await buildOrder(db);
  for (const [key, bytes] of Object.entries(UPLOADS)) {
    await mkdir(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', key), bytes);
  }
}, 60_000);

afterAll(async () => {
  await database?.drop().catch(() => {});
  if (work) await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let hashes: Record<string, string>;

  it('backs up the database, the uploads and a manifest with counts, hashes and only the key’s fingerprint', async () => {
    before = await snapshot(database);
    hashes = await uploadHashes();
    const lines: string[] = [];
    manifest = await createBackup({ url: database.url, storage: uploads(), out: backupDir(), keys: { secretKey: KEY }, say: (l) => lines.push(l) });

    expect(manifest.tables.users).toBe(3);
    expect(manifest.tables.orders).toBe(4);
    expect(manifest.tables.user_documents).toBe(3);
    expect(manifest.tables['drizzle.__drizzle_migrations']).toBe(before.migrations);
    expect(manifest.migrations.applied).toBe(before.migrations);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.postgres.server).toMatch(/^PostgreSQL 15\./);
    const ring = personalDataKeyRing(KEY);
    expect(manifest.personalData).toEqual({ current: ring.current, sealedWith: [ring.current] });
    expect(manifest.files.map((f) => f.path).sort()).toEqual([DUMP, ...Object.keys(UPLOADS).map((k) => `uploads/${k}`)].sort());
    for (const [key, sha256] of Object.entries(hashes)) expect(manifest.files.find((f) => f.path === `uploads/${key}`)!.sha256).toBe(sha256);
    // The key is kept apart: neither it nor anything derived from it but the fingerprint is in the backup.
    const text = await readFile(path.join(backupDir(), MANIFEST), 'utf8');
    expect(text).not.toContain(KEY);
    expect(lines.every((line) => /[а-яё]/i.test(line))).toBe(true);
  });

  it('never writes over an existing directory', async () => {
    await expect(createBackup({ url: database.url, storage: uploads(), out: work, keys: { secretKey: KEY } })).rejects.toThrow(
      `${work} уже есть и не пуст: укажите для копии новый каталог (--out)`,
    );
    expect(await readFile(path.join(backupDir(), MANIFEST), 'utf8')).toContain(manifest.createdAt);
  });

  it('refuses a wrong SECRET_KEY, naming SECRET_KEY and SECRET_KEY_PREVIOUS, and changes nothing', async () => {
    await database.close();
    const attempt = restoreBackup({ dir: backupDir(), url: database.url, dataDir, storage: uploads(), keys: { secretKey: OTHER } });
    await expect(attempt).rejects.toThrow(/Ключ не подходит к копии.*SECRET_KEY.*SECRET_KEY_PREVIOUS.*Ничего не изменено/s);
    database = { ...database, ...openDatabase(database.url, { max: 2 }) };
    expect(await snapshot(database)).toEqual(before);
  });

  it('refuses while another process is connected, unless forced', async () => {
    await database.pool.query('select 1'); // the pool keeps its connection: as a running Crema does
    await expect(restoreBackup({ dir: backupDir(), url: database.url, dataDir, storage: uploads(), keys: { secretKey: KEY } })).rejects.toThrow(
      /К базе подключены другие процессы \(1: crema\)\. Остановите Crema.*--force/,
    );
    expect(await snapshot(database)).toEqual(before);
  });

  it('refuses a backup whose files changed after it was made', async () => {
    const file = path.join(backupDir(), 'uploads', 'courses', 'cover.jpg');
    const original = await readFile(file);
    await writeFile(file, Buffer.concat([original.subarray(0, 100), Buffer.from('x'), original.subarray(101)]));
    try {
      await expect(restoreBackup({ dir: backupDir(), url: database.url, dataDir, storage: uploads(), keys: { secretKey: KEY }, force: true })).rejects.toThrow(
        'Файл uploads/courses/cover.jpg копии повреждён',
      );
    } finally {
      await writeFile(file, original);
    }
  });

  it('leaves the database as it was when the dump fails to load midway', async () => {
    // A copy whose dump breaks off in its data, with a manifest made to match: only the load finds it.
    const broken = path.join(work, 'broken');
    await cp(backupDir(), broken, { recursive: true });
    const dump = await readFile(path.join(broken, DUMP));
    await writeFile(path.join(broken, DUMP), dump.subarray(0, Math.floor(dump.length * 0.8)));
    const damaged: Manifest = JSON.parse(await readFile(path.join(broken, MANIFEST), 'utf8'));
    const file = damaged.files.find((f) => f.path === DUMP)!;
    Object.assign(file, await sha256Of(path.join(broken, DUMP)));
    await writeFile(path.join(broken, MANIFEST), JSON.stringify(damaged));

    await database.close();
    const attempt = restoreBackup({ dir: broken, url: database.url, dataDir, storage: uploads(), keys: { secretKey: KEY } });
    await expect(attempt).rejects.toThrow(/^pg_restore не смог прочитать копию базы; база не изменена: .+/);
    database = { ...database, ...openDatabase(database.url, { max: 2 }) };
    expect(await snapshot(database)).toEqual(before);
    expect(await uploadHashes()).toEqual(hashes);
  });

  it('restores wiped data: the same rows in the key tables, the same counts everywhere, the same files', async () => {
    // Lose everything: the tables, the uploaded files (and something new appears among them).
    await database.pool.query('drop schema public cascade; drop schema drizzle cascade; create schema public;');
    await database.close();
    await rm(path.join(dataDir, 'uploads'), { recursive: true });
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'stray.txt'), 'после копии');

    // The key was rotated since: the backup's key now sits in SECRET_KEY_PREVIOUS, and still opens it.
    const lines: string[] = [];
    const result = await restoreBackup({
      dir: backupDir(),
      url: database.url,
      dataDir,
      storage: uploads(),
      keys: { secretKey: OTHER, secretKeyPrevious: [KEY] },
      say: (l) => lines.push(l),
    });
    expect(result.sealedChecked).toBe(1);
    expect(result.files).toBe(Object.keys(UPLOADS).length);
    expect(result.rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));
    expect(lines.every((line) => /[а-яё]/i.test(line))).toBe(true);

    database = { ...database, ...openDatabase(database.url, { max: 2 }) };
    expect(await snapshot(database)).toEqual(before);
    const box = createSealedBox(personalDataKeyRing(OTHER, [KEY]));
    const { rows } = await database.pool.query<{ user_id: number; snils: string }>('select user_id, snils from user_documents');
    expect(rows.map((row) => box.open(row.snils, `user_documents.snils:${row.user_id}`))).toEqual([PLAIN.snils, PLAIN.snils, PLAIN.snils]);
    expect(await uploadHashes()).toEqual(hashes);
    await expect(readFile(path.join(dataDir, 'uploads', 'stray.txt'))).rejects.toThrow();
  });
});

describe('restore of values sealed as v1 (before key ids were fingerprints)', () => {
  it('opens one after loading and names SECRET_KEY when it does not open', async () => {
    const legacy = await createTestDatabase();
    try {
      const user = await buildUser(legacy.db);
      const box = createSealedBox({ current: LEGACY_KEY_ID, keys: { [LEGACY_KEY_ID]: deriveKey(KEY, 'personal-data') } });
      await legacy.db.insert(userDocuments).values({ userId: user.id, ...sealedDocumentColumns(box, user.id, PLAIN) });
      const out = path.join(work, 'legacy');
      const made = await createBackup({ url: legacy.url, storage: uploads(), out, keys: { secretKey: KEY }, say: () => {} });
      expect(made.personalData.sealedWith).toEqual([LEGACY_KEY_ID]);
      await legacy.close();

      // The v1 id names no key: only opening a value tells whether the key fits.
      await expect(restoreBackup({ dir: out, url: legacy.url, dataDir, storage: uploads(), keys: { secretKey: OTHER } })).rejects.toThrow(
        'База восстановлена, но SECRET_KEY не открывает личные данные, зашифрованные ключом v1: задайте SECRET_KEY (или SECRET_KEY_PREVIOUS)',
      );
      const result = await restoreBackup({ dir: out, url: legacy.url, dataDir, storage: uploads(), keys: { secretKey: OTHER, secretKeyPrevious: [KEY] } });
      expect(result.sealedChecked).toBe(1);
    } finally {
      await legacy.drop().catch(() => {});
    }
  });
});

describe('uploads in an S3 bucket', () => {
  it('are backed up from the bucket and restored into it: the same objects, nothing else', async () => {
    const store = await createTestStorage('s3');
    const empty = await createTestDatabase();
    try {
      const bucket = createStorage(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...store.env }));
      for (const [key, bytes] of Object.entries(UPLOADS)) await bucket.put(key, bytes, { contentType: contentTypeOf(key) });
      const out = path.join(work, 'from-s3');
      const made = await createBackup({ url: empty.url, storage: bucket, out, keys: { secretKey: KEY }, say: () => {} });
      expect(made.files.map((file) => file.path).sort()).toEqual(['database.dump', ...Object.keys(UPLOADS).map((key) => `uploads/${key}`)].sort());
      await empty.close();

      // The bucket loses a file, another changes, a stray one appears.
      const [lost, changed] = Object.keys(UPLOADS) as [string, string];
      await bucket.delete(lost);
      await bucket.put(changed, Buffer.from('испорчено'), { contentType: contentTypeOf(changed) });
      await bucket.put('stray.txt', Buffer.from('после копии'), { contentType: 'text/plain' });

      await restoreBackup({ dir: out, url: empty.url, dataDir, storage: bucket, keys: { secretKey: KEY }, say: () => {} });
      const keys: string[] = [];
      for await (const { key } of bucket.list('')) keys.push(key);
      expect(keys.sort()).toEqual(Object.keys(UPLOADS).sort());
      for (const [key, bytes] of Object.entries(UPLOADS)) expect((await readObject(bucket, key))?.equals(bytes)).toBe(true);
    } finally {
      await empty.drop().catch(() => {});
      await store.close();
    }
  });
});
