// `npm run bench`: throughput of the shell, each beside a bare Fastify hello route measured in
// the same run on the same machine. A benchmark, not a test: it prints figures, it asserts nothing.
// Servers run in child processes so the load generator does not share their event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { firstCourseSlug, startCrema, startProcess, stopAll, waitFor } from './lib/servers.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const HELLO_SERVER = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

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
  children.push(
    startProcess(['node', '--input-type=module', '-e', HELLO_SERVER], { PORT: String(helloPort) }, path.resolve(import.meta.dirname, '../apps/api')),
  );
  // Both Crema processes use the same data directory and embedded PostgreSQL port.
  const crema = (port: number, env: Record<string, string>) => startCrema(port, dataDir, { EMBEDDED_PG_PORT: '23902', ...env });
  // As deployed (content micro-cache on, docs/decisions/0005) and with every read hitting PostgreSQL.
  children.push(crema(appPort, {}));
  await waitFor(`http://127.0.0.1:${appPort}/api/health/`);
  // The second process shares the first one's embedded database.
  children.push(crema(uncachedPort, { CONTENT_CACHE_TTL_MS: '0' }));
  await waitFor(`http://127.0.0.1:${helloPort}/hello`);
  await waitFor(`http://127.0.0.1:${uncachedPort}/api/health/`);

  const app = `http://127.0.0.1:${appPort}`;
  const uncached = `http://127.0.0.1:${uncachedPort}`;
  const slug = await firstCourseSlug(app);
  const catalogue = '/api/courses/?page_size=12';
  const results = [];
  results.push(await measure('Fastify hello (bare)', `http://127.0.0.1:${helloPort}/hello`));
  results.push(await measure('GET /api/menus/header_menu/', `${app}/api/menus/header_menu/`));
  results.push(await measure('GET /api/courses/ (catalogue)', `${app}${catalogue}`));
  results.push(await measure('GET /api/courses/?search=бариста', `${app}/api/courses/?search=${encodeURIComponent('бариста')}`));
  results.push(await measure('GET / (SSR home page)', `${app}/`));
  results.push(await measure('GET /courses/ (SSR catalogue)', `${app}/courses/`));
  results.push(await measure(`GET /courses/${slug}/ (SSR)`, `${app}/courses/${slug}/`));
  results.push(await measure('  menus, content cache off', `${uncached}/api/menus/header_menu/`));
  results.push(await measure('  catalogue API, cache off', `${uncached}${catalogue}`));
  results.push(await measure('  home page, content cache off', `${uncached}/`));
  results.push(await measure('  course page, cache off', `${uncached}/courses/${slug}/`));

  const base = results[0]!.rps;
  console.log(`\n${DURATION_S} s each, ${CONNECTIONS} connections, ${os.cpus().length} CPU, Node ${process.version}\n`);
  console.log('target'.padEnd(44), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'ratio'.padStart(8));
  for (const r of results) {
    console.log(r.title.padEnd(44), r.rps.toFixed(0).padStart(10), String(r.p99).padStart(8), (r.rps / base).toFixed(3).padStart(8));
  }
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
