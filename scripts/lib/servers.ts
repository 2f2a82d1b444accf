// Child-process servers for the measuring tools (bench, lighthouse): the real entry point with
// its own data directory and embedded PostgreSQL port, so they never touch a developer's data.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Starts a command with extra environment; its stderr stays visible. */
export function startProcess(command: string[], env: Record<string, string>, cwd = repoRoot): ChildProcess {
  const [cmd, ...args] = command;
  return spawn(cmd!, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'] });
}

/** One key per measuring run: the demo's sealed documents open, and processes sharing a database share sessions. */
const SECRET_KEY = randomBytes(32).toString('base64url');

/**
 * Seeds the demo school into `dataDir` (its own embedded PostgreSQL on `pgPort`, stopped again),
 * for a production-mode server started next with startCrema: production itself never seeds the
 * demo accounts (decision 0048).
 */
export async function seedDemo(dataDir: string, pgPort: number): Promise<void> {
  const tsx = import.meta.resolve('tsx');
  const cli = path.join(repoRoot, 'apps/api/src/db/cli.ts');
  const child = spawn('node', ['--import', tsx, cli, 'seed'], {
    cwd: dataDir,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SECRET_KEY, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`демо-данные не загрузились (код выхода ${code})`);
}

/**
 * Starts Crema itself (apps/api/src/server.ts, production mode) on a port. It runs in its data
 * directory, so a developer's `.env` at the repository root (read from the starting directory)
 * never points a measuring run at their database or mail server.
 */
export function startCrema(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const tsx = import.meta.resolve('tsx');
  const server = path.join(repoRoot, 'apps/api/src/server.ts');
  return startProcess(['node', '--import', tsx, server], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(port + 20000),
    LOG_LEVEL: 'warn',
    // Production refuses the development secret; a throwaway one per measuring run.
    SECRET_KEY,
    // Production needs a mail server; nothing listens here, and the measured pages send no mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...env,
  }, dataDir);
}

/** Resolves once the URL answers 2xx. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} не ответил за ${timeoutMs} мс`);
}

/** SIGTERM to each child, newest first (the owner of the embedded database stops last). */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** The slug of the first published course, for measuring a course page. */
export async function firstCourseSlug(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/courses/?page_size=1`);
  if (!res.ok) throw new Error(`/api/courses/ ответил ${res.status}`);
  const body = (await res.json()) as { content: { slug: string }[] };
  const slug = body.content[0]?.slug;
  if (!slug) throw new Error('В каталоге нет опубликованных курсов');
  return slug;
}
