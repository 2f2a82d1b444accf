// Debian's pg_dump, pg_restore and psql (package postgresql-client): the embedded PostgreSQL ships only
// the server, and a pg_dump older than the server refuses to dump it.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './errors.ts';

const exec = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  psql: string;
  /** 'pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)' */
  version: string;
}

/** The major version a program reports ('15' of 'pg_dump (PostgreSQL) 15.18 (Debian …)'). */
async function majorOf(program: string): Promise<{ major: number; version: string } | null> {
  try {
    const version = (await exec(program, ['--version'])).stdout.trim();
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(version);
    return match ? { major: Number(match[1]), version } : null;
  } catch {
    return null;
  }
}

/** Where to look, best first: the server's own major version, then PATH, then any other installed one, newest first. */
function candidates(serverMajor: number): string[] {
  const root = '/usr/lib/postgresql';
  const installed = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((name) => path.join(root, name, 'bin'))
    : [];
  const own = path.join(root, String(serverMajor), 'bin');
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...new Set([own, ...onPath, ...installed])];
}

async function find(serverMajor: number): Promise<PgTools | null> {
  for (const dir of candidates(serverMajor)) {
    const pgDump = path.join(dir, 'pg_dump');
    const pgRestore = path.join(dir, 'pg_restore');
    const psql = path.join(dir, 'psql');
    if (!existsSync(pgDump) || !existsSync(pgRestore) || !existsSync(psql)) continue;
    const found = await majorOf(pgDump);
    if (found && found.major >= serverMajor) return { pgDump, pgRestore, psql, version: found.version };
  }
  return null;
}

/**
 * pg_dump, pg_restore and psql able to work with a PostgreSQL `serverMajor` server. Missing, they are
 * installed from Debian's packages when running as root; otherwise a Russian error says how.
 */
export async function pgTools(serverMajor: number, say: (line: string) => void = () => {}): Promise<PgTools> {
  const found = await find(serverMajor);
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    say('Нет pg_dump, pg_restore и psql: устанавливаю пакет postgresql-client (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      await exec('apt-get', ['update'], { env });
      await exec('apt-get', ['install', '-y', 'postgresql-client'], { env });
    } catch (error) {
      throw new BackupError(`Не удалось установить postgresql-client: ${(error as Error).message.split('\n')[0]}`);
    }
    const installed = await find(serverMajor);
    if (installed) return installed;
  }
  throw new BackupError(
    `Нет программ pg_dump, pg_restore и psql PostgreSQL ${serverMajor} (или новее): они нужны для копии базы. ` +
      `Установите их: sudo apt-get install postgresql-client (Debian, Ubuntu), ` +
      `или добавьте каталог с ними в PATH.`,
  );
}
