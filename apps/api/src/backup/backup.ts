// `npm run backup` and `npm run restore` (decision 0077): one backup is one directory holding the
// database (pg_dump -Fc), the uploaded files and manifest.json (time, migration level, row counts
// of every table, sha256 of every part, the fingerprints of the personal-data keys). SECRET_KEY is
// never in it: it is kept apart, and a restore checks that the key it is given opens the data.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';
import { createSealedBox, keyIdOf, LEGACY_KEY_ID, personalDataKeyRing } from '../lib/sealed.ts';
import { imageCacheDir } from '../modules/media/files.ts';
import { contextOf, DOCUMENT_COLUMNS, type DocumentField } from '../modules/user/service.ts';
import { BackupError } from './errors.ts';
import { pgTools, type PgTools } from './tools.ts';
import type { Storage } from '../modules/media/storage.ts';
import { restoreUploads, saveUploads, savedKeys, sha256Of } from './uploads.ts';

const exec = promisify(execFile);

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const UPLOADS = 'uploads';
const FORMAT = 'crema-backup';
const FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
  /** Migrations applied to the database (drizzle's journal), the newest by its tag. */
  migrations: { applied: number; last: string | null };
  postgres: { server: string; pgDump: string };
  /** Rows of every table at the moment of the dump ('users', 'drizzle.__drizzle_migrations'). */
  tables: Record<string, number>;
  /**
   * The personal data's keys as fingerprints (decision 0019), never the keys: `current` is the
   * SECRET_KEY's at backup time, `sealedWith` every key id the sealed values carry.
   */
  personalData: { current: string; sealedWith: string[] };
  /** Every part of the backup with its size and sha256 (paths relative to the backup). */
  files: { path: string; bytes: number; sha256: string }[];
}

export type Say = (line: string) => void;

export interface Keys {
  secretKey: string;
  secretKeyPrevious?: readonly string[];
}

/** Connection settings for pg_dump/pg_restore: the URL without its password, which goes in PGPASSWORD. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password, PGAPPNAME: 'crema-backup', LC_MESSAGES: 'C' } };
}

async function connect(url: string, name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  try {
    await client.connect();
  } catch (error) {
    const where = new URL(url);
    throw new BackupError(`Не удалось подключиться к базе ${where.host}${where.pathname}: ${(error as Error).message}. Проверьте DATABASE_URL и что сервер запущен.`);
  }
  return client;
}

async function serverVersion(client: pg.Client): Promise<{ major: number; text: string }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as text`,
  );
  return { major: Math.floor(Number(rows[0]!.num) / 10_000), text: `PostgreSQL ${rows[0]!.text}` };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row counts of every table of Crema's schemas. */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
    counts[schema === 'public' ? name : `${schema}.${name}`] = Number(rows[0]!.n);
  }
  return counts;
}

interface JournalEntry {
  tag: string;
  when: number;
}
function journal(): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

async function migrationLevel(client: pg.Client, tables: Record<string, number>): Promise<Manifest['migrations']> {
  if (tables['drizzle.__drizzle_migrations'] === undefined) return { applied: 0, last: null };
  const { rows } = await client.query<{ n: string; last: string | null }>(
    `select count(*) as n, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = rows[0]!.last === null ? null : (journal().find((entry) => String(entry.when) === rows[0]!.last)?.tag ?? rows[0]!.last);
  return { applied: Number(rows[0]!.n), last };
}

const SEALED_COLUMNS = Object.keys(DOCUMENT_COLUMNS) as DocumentField[];

/** The key ids the sealed personal data carries. */
async function sealedKeyIds(client: pg.Client, tables: Record<string, number>): Promise<string[]> {
  if (tables.user_documents === undefined) return [];
  const union = SEALED_COLUMNS.map((column) => `select split_part(${column}, ':', 1) as id from user_documents where ${column} is not null`).join(' union ');
  const { rows } = await client.query<{ id: string }>(`select distinct id from (${union}) ids order by id`);
  return rows.map((row) => row.id);
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** The name of a new backup made at `date`: crema-2026-11-29T12-00-00Z. */
export function backupName(date: Date): string {
  return `crema-${timestamp(date)}`;
}

/**
 * Backs up the database at `url` and the uploads of `dataDir` into the directory `out` (which
 * must not exist). The dump and the row counts come from one snapshot. The directory appears
 * whole: it is written as `out.partial` and renamed at the end.
 */
export async function createBackup(options: { url: string; storage: Storage; out: string; keys: Keys; say?: Say }): Promise<Manifest> {
  const say = options.say ?? (() => {});
  const out = path.resolve(options.out);
  // Never overwrite: --out names a new directory (an empty one is taken too), not where backups gather.
  const present = await readdir(out).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : [error.code ?? 'error']));
  if (present !== null && present.length > 0) {
    throw new BackupError(`${out} уже есть и не пуст: укажите для копии новый каталог (--out), он будет создан.`);
  }
  const partial = `${out}.partial`;
  const client = await connect(options.url, 'crema-backup');
  try {
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { recursive: true });
    const server = await serverVersion(client);
    const tools = await pgTools(server.major, say);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    say(`База данных (${server.text}): pg_dump…`);
    const { dbname, env } = connection(options.url);
    await exec(tools.pgDump, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${path.join(partial, DUMP)}`, `--dbname=${dbname}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: Error & { stderr?: string }) => {
      throw new BackupError(`pg_dump не смог выгрузить базу: ${(error.stderr || error.message).trim()}`);
    });
    const tables = await countRows(client);
    const migrations = await migrationLevel(client, tables);
    const sealedWith = await sealedKeyIds(client, tables);
    await client.query('commit');

    say('Загруженные файлы…');
    const uploads = await saveUploads(options.storage, path.join(partial, UPLOADS));
    const dump = await sha256Of(path.join(partial, DUMP));
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      postgres: { server: server.text, pgDump: tools.version },
      tables,
      personalData: { current: personalDataKeyRing(options.keys.secretKey).current, sealedWith },
      files: [{ path: DUMP, ...dump }, ...uploads.map((file) => ({ path: `${UPLOADS}/${file.key}`, bytes: file.bytes, sha256: file.sha256 }))],
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    if (present !== null) await rmdir(out);
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads a backup's manifest and checks every part against it (present, size, sha256, nothing extra). */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const raw = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => null);
  if (raw === null) throw new BackupError(`В ${dir} нет ${MANIFEST}: это не копия Crema (npm run backup).`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(raw) as Manifest;
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST)} повреждён (не JSON).`);
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION || !Array.isArray(manifest.files)) {
    throw new BackupError(`${path.join(dir, MANIFEST)} — не опись копии Crema версии ${FORMAT_VERSION}.`);
  }
  const listed = new Set(manifest.files.map((file) => file.path));
  if (!listed.has(DUMP)) throw new BackupError(`В описи копии нет ${DUMP}.`);
  for (const key of await savedKeys(path.join(dir, UPLOADS))) {
    if (!listed.has(`${UPLOADS}/${key}`)) throw new BackupError(`Файл ${UPLOADS}/${key} есть в копии, но не в её описи: копия изменена после создания.`);
  }
  for (const file of manifest.files) {
    const actual = await sha256Of(path.join(dir, file.path)).catch(() => null);
    if (!actual) throw new BackupError(`В копии нет файла ${file.path}, указанного в описи.`);
    if (actual.sha256 !== file.sha256 || actual.bytes !== file.bytes) {
      throw new BackupError(`Файл ${file.path} копии повреждён: его sha256 не совпадает с описью.`);
    }
  }
  return manifest;
}

/** Refuses when the keys given cannot open what the backup's personal data is sealed with. */
function checkKeys(manifest: Manifest, keys: Keys): void {
  const ring = personalDataKeyRing(keys.secretKey, keys.secretKeyPrevious ?? []);
  const missing = manifest.personalData.sealedWith.filter((id) => id !== LEGACY_KEY_ID && !Object.hasOwn(ring.keys, id));
  if (missing.length === 0) return;
  throw new BackupError(
    `Ключ не подходит к копии: личные данные в ней (паспорта, СНИЛС) зашифрованы ключом ${missing.join(', ')}, ` +
      `а SECRET_KEY${keys.secretKeyPrevious?.length ? ' и SECRET_KEY_PREVIOUS дают' : ' даёт'} ${Object.keys(ring.keys).join(', ')} ` +
      `(это отпечатки ключей, не сами ключи). Задайте SECRET_KEY, с которым работала Crema, когда делалась копия ` +
      `(он хранится отдельно от копий; без SECRET_KEY в разработке ключ берётся из файла secret.key в DATA_DIR), ` +
      `или добавьте его в SECRET_KEY_PREVIOUS, и повторите восстановление. ` +
      `Ничего не изменено.`,
  );
}

/** Opens one sealed value of every key id in the restored database: the key really fits. */
async function openSealedSample(client: pg.Client, keys: Keys, tables: Record<string, number>): Promise<number> {
  if (tables.user_documents === undefined) return 0;
  const box = createSealedBox(personalDataKeyRing(keys.secretKey, keys.secretKeyPrevious ?? []));
  const seen = new Set<string>();
  let opened = 0;
  for (const column of SEALED_COLUMNS) {
    const { rows } = await client.query<{ userId: number; value: string }>(
      `select distinct on (split_part(${column}, ':', 1)) user_id as "userId", ${column} as value
         from user_documents where ${column} is not null order by split_part(${column}, ':', 1), user_id`,
    );
    for (const row of rows) {
      const id = keyIdOf(row.value);
      if (seen.has(id)) continue;
      try {
        box.open(row.value, contextOf(row.userId, column));
      } catch {
        throw new BackupError(
          `База восстановлена, но SECRET_KEY не открывает личные данные, зашифрованные ключом ${id}: ` +
            `задайте SECRET_KEY (или SECRET_KEY_PREVIOUS) той поры, когда делалась копия.`,
        );
      }
      seen.add(id);
      opened++;
    }
  }
  return opened;
}

/** Other sessions on the database: Crema processes (application_name 'crema', 'crema-changes') and anyone else. */
async function otherSessions(client: pg.Client): Promise<{ pid: number; name: string }[]> {
  const { rows } = await client.query<{ pid: number; name: string }>(
    `select pid, coalesce(nullif(application_name, ''), 'без имени') as name from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows;
}

/** Empties Crema's schemas before the dump is loaded (in the same transaction). */
const EMPTY_SCHEMAS = 'drop schema if exists public cascade;\ndrop schema if exists drizzle cascade;\ncreate schema public;\n';

/**
 * Empties the database and loads the dump in one transaction: pg_restore turns the archive into
 * SQL, psql runs it after dropping the schemas, all inside `psql --single-transaction`. Any
 * failure (a damaged archive, an error in the SQL) leaves the database as it was: psql is killed
 * before its input ends, so the transaction never commits.
 */
async function loadDump(tools: PgTools, url: string, dump: string): Promise<void> {
  const { dbname, env } = connection(url);
  const restoreEnv = { ...env, PGAPPNAME: 'crema-restore' };
  const psql = spawn(tools.psql, ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-f', '-', `--dbname=${dbname}`], {
    env: restoreEnv,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const sql = spawn(tools.pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--file=-', dump], {
    env: restoreEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let psqlErrors = '';
  let restoreErrors = '';
  psql.stderr.on('data', (chunk: Buffer) => (psqlErrors += chunk.toString('utf8')));
  sql.stderr.on('data', (chunk: Buffer) => (restoreErrors += chunk.toString('utf8')));
  psql.stdin.on('error', () => {}); // psql stopped at an error: its exit code tells
  let psqlExited = false;
  const psqlDone = new Promise<number | null>((resolve) =>
    psql.once('close', (code) => {
      psqlExited = true;
      // psql stopped at an error while pg_restore still writes: pg_restore would wait forever.
      if (sql.exitCode === null && sql.signalCode === null) sql.kill('SIGKILL');
      resolve(code);
    }),
  );
  psql.stdin.write(EMPTY_SCHEMAS);
  sql.stdout.pipe(psql.stdin, { end: false });
  const restoreCode = await new Promise<number | null>((resolve) => {
    sql.once('error', () => resolve(-1));
    sql.once('close', resolve);
  });
  if (psqlExited && (await psqlDone) !== 0) {
    throw new BackupError(`Копия базы не загрузилась; база не изменена: ${psqlErrors.trim()}`);
  }
  if (restoreCode !== 0) {
    psql.kill('SIGKILL');
    await psqlDone;
    throw new BackupError(`pg_restore не смог прочитать копию базы; база не изменена: ${restoreErrors.trim()}`);
  }
  psql.stdin.end();
  const psqlCode = await psqlDone;
  if (psqlCode !== 0) {
    throw new BackupError(`Копия базы не загрузилась; база не изменена: ${psqlErrors.trim() || `psql завершился с кодом ${psqlCode}`}`);
  }
}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  sealedChecked: number;
}

/**
 * Restores the backup in `dir` into the database at `url` and the uploads of `dataDir`. Checks
 * first, changing nothing: every part against the manifest, the keys, the migration level, and
 * that no one else is connected (unless `force`: their sessions are ended). Then the database is
 * emptied and loaded in one transaction (a failure leaves it as it was), its row counts compared with the manifest, a sealed
 * value of every key opened, and the uploads replaced.
 */
export async function restoreBackup(options: {
  dir: string;
  url: string;
  /** This machine's data directory: its cache of resized pictures is emptied after a restore. */
  dataDir: string;
  storage: Storage;
  keys: Keys;
  force?: boolean;
  say?: Say;
}): Promise<RestoreResult> {
  const say = options.say ?? (() => {});
  const dir = path.resolve(options.dir);
  say(`Проверяю копию ${dir}…`);
  const manifest = await verifyBackup(dir);
  checkKeys(manifest, options.keys);
  const known = journal().length;
  if (manifest.migrations.applied > known) {
    throw new BackupError(
      `Копию сделала более новая версия Crema (миграций в базе ${manifest.migrations.applied}, эта версия знает ${known}): ` +
        `обновите Crema до той версии и повторите. Ничего не изменено.`,
    );
  }
  const client = await connect(options.url, 'crema-restore');
  try {
    const server = await serverVersion(client);
    const tools: PgTools = await pgTools(server.major, say);
    const others = await otherSessions(client);
    if (others.length > 0) {
      const names = [...new Set(others.map((s) => s.name))].join(', ');
      if (!options.force) {
        throw new BackupError(
          `К базе подключены другие процессы (${others.length}: ${names}). Остановите Crema (все процессы) и повторите, ` +
            `или добавьте --force: их соединения будут разорваны. Ничего не изменено.`,
        );
      }
      say(`Разрываю соединения других процессов (${others.length}: ${names})…`);
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    }

    say(`База данных (${server.text}): очищаю и загружаю из копии…`);
    await loadDump(tools, options.url, path.join(dir, DUMP));

    const tables = await countRows(client);
    const differ = Object.keys({ ...manifest.tables, ...tables }).filter((name) => manifest.tables[name] !== tables[name]);
    if (differ.length > 0) {
      const list = differ.map((name) => `${name}: в описи ${manifest.tables[name] ?? 'нет'}, в базе ${tables[name] ?? 'нет'}`).join('; ');
      throw new BackupError(`После восстановления число строк не совпадает с описью копии (${list}).`);
    }
    const sealedChecked = await openSealedSample(client, options.keys, tables);

    say('Загруженные файлы…');
    await restoreUploads(path.join(dir, UPLOADS), options.storage);
    // Resized pictures are made again from the originals.
    await rm(imageCacheDir(options.dataDir), { recursive: true, force: true });
    return {
      manifest,
      tables: Object.keys(tables).length,
      rows: Object.values(tables).reduce((a, b) => a + b, 0),
      files: manifest.files.length - 1,
      sealedChecked,
    };
  } finally {
    await client.end().catch(() => {});
  }
}
