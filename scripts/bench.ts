// `npm run bench`: throughput of the shell, each beside a bare Fastify hello route measured in
// the same run on the same machine. A benchmark, not a test: it prints figures, it asserts nothing.
// Servers run in child processes so the load generator does not share their event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

const HELLO_SERVER = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

function start(command: string[], env: Record<string, string>, cwd: string): ChildProcess {
  const [cmd, ...args] = command;
  return spawn(cmd!, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, timeoutMs = 120_000) {
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

async function measure(title: string, url: string) {
  // A short warm-up so JIT and caches are in the same state for every target.
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} ответов не 2xx, ${result.errors} ошибок`);
  }
  return { title, url, rps: result.requests.average, p99: result.latency.p99 };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crema-bench-'));
const helloPort = 3901;
const appPort = 3902;
const uncachedPort = 3903;
const children: ChildProcess[] = [];
try {
  children.push(start(['node', '--input-type=module', '-e', HELLO_SERVER], { PORT: String(helloPort) }, path.join(root, 'apps/api')));
  const crema = (port: number, env: Record<string, string>) =>
    start(['node', '--import', 'tsx', 'apps/api/src/server.ts'], {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: '23902',
      LOG_LEVEL: 'warn',
      ...env,
    }, root);
  // As deployed (content micro-cache on, docs/decisions/0005) and with every read hitting PostgreSQL.
  children.push(crema(appPort, {}));
  await waitFor(`http://127.0.0.1:${appPort}/api/health/`);
  // The second process shares the first one's embedded database.
  children.push(crema(uncachedPort, { CONTENT_CACHE_TTL_MS: '0' }));
  await waitFor(`http://127.0.0.1:${helloPort}/hello`);
  await waitFor(`http://127.0.0.1:${uncachedPort}/api/health/`);

  const results = [];
  results.push(await measure('Fastify hello (bare)', `http://127.0.0.1:${helloPort}/hello`));
  results.push(await measure('GET /api/menus/header_menu/', `http://127.0.0.1:${appPort}/api/menus/header_menu/`));
  results.push(await measure('GET / (SSR home page)', `http://127.0.0.1:${appPort}/`));
  results.push(await measure('  menus, content cache off', `http://127.0.0.1:${uncachedPort}/api/menus/header_menu/`));
  results.push(await measure('  home page, content cache off', `http://127.0.0.1:${uncachedPort}/`));

  const base = results[0]!.rps;
  console.log(`\n${DURATION_S} s each, ${CONNECTIONS} connections, ${os.cpus().length} CPU, Node ${process.version}\n`);
  console.log('target'.padEnd(34), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'ratio'.padStart(8));
  for (const r of results) {
    console.log(r.title.padEnd(34), r.rps.toFixed(0).padStart(10), String(r.p99).padStart(8), (r.rps / base).toFixed(3).padStart(8));
  }
} finally {
  // The process that owns the embedded database stops last.
  for (const child of children.reverse()) {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
