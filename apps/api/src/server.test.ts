import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point as a newcomer runs it: its own process, embedded PostgreSQL, signals.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const port = 20000 + Math.floor(Math.random() * 20000);
const pgPort = port + 1;
let dataDir: string;

function startServer(env: Record<string, string>, cwd = repoRoot) {
  // Absolute paths, so the server starts from any directory (where it looks for .env).
  const tsx = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn('node', ['--import', tsx, path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health/`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

async function postmasterRunning() {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * The OpenAPI document, the sitemap and a page of a server with the site's build loaded. The build's
 * server bundle once carried its own copy of the contract's schemas, whose ids clashed with the API's
 * in zod's one registry: the document answered 500 on every real server (vite.config.ts).
 */
async function expectSiteAndApiDocument(serverPort: number) {
  const base = `http://127.0.0.1:${serverPort}`;
  const document = await fetch(`${base}/api/docs/json`);
  expect(document.status).toBe(200);
  const openapi = (await document.json()) as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
  expect(openapi.openapi).toMatch(/^3\./);
  expect(Object.keys(openapi.paths)).toContain('/api/admin/courses/');
  expect(Object.keys(openapi.components.schemas)).toContain('AdminCourseCard');
  const sitemap = await fetch(`${base}/sitemap.xml`);
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(await sitemap.text()).toContain('<urlset');
  const page = await fetch(`${base}/courses/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
}

describe('server process', () => {
  it('starts with an embedded database, stops cleanly on SIGTERM, and keeps data across restarts', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-server-'));
    const first = startServer({});
    // The first start makes the database, migrates and seeds the demo: allow for a busy machine.
    const health = await waitForHealth(110_000);
    expect(health).toMatchObject({ status: 'ok', database: { status: 'up', embedded: true } });
    expect(await postmasterRunning()).toBe(true);

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Каталог курсов');
    // With the site's build loaded (as `npm start` runs it): the API document, the sitemap, a page.
    await expectSiteAndApiDocument(port);

    // Something a person did: it must survive the restart.
    const client = new pg.Client({ connectionString: `postgres://crema:crema@127.0.0.1:${pgPort}/crema` });
    await client.connect();
    await client.query(`update configs set value = 'Кофейня у дома' where key = 'SITE_NAME'`);
    await client.end();

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    // No METRICS_PORT, no metrics listener (decision 0075).
    expect(first.output()).not.toContain('metrics: http');
    expect(await postmasterRunning()).toBe(false);

    const second = startServer({});
    await waitForHealth();
    const configs = await (await fetch(`http://127.0.0.1:${port}/api/configs/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"keys":["SITE_NAME"]}' })).json();
    expect(configs).toEqual({ SITE_NAME: 'Кофейня у дома' });
    // The demo content is not seeded twice.
    expect(second.output()).not.toContain('demo content seeded');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(await postmasterRunning()).toBe(false);
  }, 200_000);

  it('lists every bad setting and exits non-zero before starting anything', async () => {
    dataDir ??= await mkdtemp(path.join(os.tmpdir(), 'crema-server-'));
    const bad = startServer({ PORT: 'eighty', NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    expect(await bad.exited).toBe(1);
    for (const name of ['PORT', 'NODE_ENV', 'LOG_LEVEL']) expect(bad.output()).toContain(name);
  }, 30_000);

  it('reads .env in the directory it starts from, the real environment winning, except under tests', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'crema-dotenv-'));
    try {
      await writeFile(path.join(dir, '.env'), '# bad on purpose\nCONTENT_CACHE_TTL_MS=forever\nMAIL_MAX_ATTEMPTS=1000\nPORT=eighty\n');
      // A test server (NODE_ENV=test) reads no .env; any other does.
      const test = startServer({}, dir);
      await waitForHealth();
      test.child.kill('SIGTERM');
      expect(await test.exited).toBe(0);

      const run = startServer({ NODE_ENV: 'development' }, dir);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('CONTENT_CACHE_TTL_MS');
      expect(run.output()).toContain('MAIL_MAX_ATTEMPTS');
      // PORT is set in the environment (startServer), so the file's bad PORT is not used.
      expect(run.output()).not.toContain('PORT:');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('in production: seeds no demo accounts, serves the site and the API document, and refuses SEED_DEMO=true', async () => {
    dataDir ??= await mkdtemp(path.join(os.tmpdir(), 'crema-server-'));
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'server-test-production-secret-0123456789abcdef',
      // Nothing listens there: the mail worker's failures must not stop the server.
      SMTP_URL: `smtp://127.0.0.1:${port + 2}`,
      METRICS_PORT: String(port + 3),
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'crema-production-')),
    };
    try {
      const refused = startServer({ ...production, SEED_DEMO: 'true' });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('SEED_DEMO: в production демо-данные не загружаются');

      const server = startServer(production);
      await waitForHealth();
      const client = new pg.Client({ connectionString: `postgres://crema:crema@127.0.0.1:${pgPort}/crema` });
      await client.connect();
      const { rows } = await client.query<{ email: string }>('select email from users');
      await client.end();
      expect(rows).toEqual([]);
      const demo = await fetch(`http://127.0.0.1:${port}/api/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'staff@crema.local', password: 'crema-demo-2026' }),
      });
      expect(demo.status).toBe(401);
      await expectSiteAndApiDocument(port);
      // Behind TLS in production: pages too say so, and which browser features are off.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
      expect(server.output()).not.toContain('demo content seeded');
      // Metrics on their own listener, on 127.0.0.1 (decision 0075); the site's port has none.
      const metrics = await fetch(`http://127.0.0.1:${port + 3}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^crema_http_requests_total\{method="GET",route="routes\/home",status_code="200"\} \d+/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready/`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await rm(production.DATA_DIR, { recursive: true, force: true });
    }
  }, 120_000);
});
