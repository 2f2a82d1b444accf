// `npm run bench`: throughput of the shell, each beside a bare Fastify hello route measured in
// the same run on the same machine. A benchmark, not a test: it prints figures, it asserts nothing,
// and it always finishes: overload shows as 503s (non-2xx), errors and timeouts in the table.
// Servers run in child processes so the load generator does not share their event loop.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { firstCourseSlug, seedDemo, startCrema, startProcess, stopAll, waitFor } from './lib/servers.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const HELLO_SERVER = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/**
 * CPU time (ms) used so far by a process and, apart, by its descendants (the embedded PostgreSQL
 * the first Crema process owns), from /proc; null where there is none. On a shared, noisy machine
 * the CPU an answer costs moves less than the answers per second do.
 */
function processCpuMs(pid: number | undefined): { own: number; children: number } | null {
  if (pid === undefined || !existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, { parent: number; ms: number; reaped: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in brackets: state, parent, …, utime, stime, cutime, cstime (12th–15th)
      // in clock ticks; a database backend that ends leaves its time in its parent's cutime/cstime.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
      stats.set(Number(entry), { parent: Number(fields[1]), ms: (utime + stime) * 10, reaped: (cutime + cstime) * 10 });
    } catch {
      // The process ended meanwhile.
    }
  }
  let children = 0;
  const walk = (parent: number) => {
    for (const [id, stat] of stats) {
      if (stat.parent !== parent) continue;
      children += stat.ms + stat.reaped;
      walk(id);
    }
  };
  walk(pid);
  return { own: stats.get(pid)?.ms ?? 0, children };
}

interface Target {
  title: string;
  url: string;
  /** The server answering (its CPU per answer is reported); the database's owner is `db`. */
  server?: ChildProcess;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Instead of BENCH_CONNECTIONS: a load the renders can keep up with. */
  connections?: number;
}

let databaseOwner: ChildProcess | undefined;

async function measure({ title, url, headers, method = 'GET', body, connections = CONNECTIONS, server }: Target) {
  // A short warm-up so JIT and caches are in the same state for every target.
  await autocannon({ url, headers, method, body, connections: Math.min(10, connections), duration: 2 });
  const serverBefore = processCpuMs(server?.pid);
  const dbBefore = processCpuMs(databaseOwner?.pid);
  const result = await autocannon({ url, headers, method, body, connections, duration: DURATION_S });
  const serverAfter = processCpuMs(server?.pid);
  const dbAfter = processCpuMs(databaseOwner?.pid);
  const answers = Math.max(1, result['2xx']);
  return {
    // CPU milliseconds per 2xx answer: the serving process, and the database (every query's).
    cpuMs: serverBefore && serverAfter ? (serverAfter.own - serverBefore.own) / answers : null,
    dbMs: dbBefore && dbAfter ? (dbAfter.children - dbBefore.children) / answers : null,
    title,
    rps: result.requests.average,
    // Answers that were pages, not quick 503s: what the visitors actually got.
    okRps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Session cookies of the demo student (a signed-in visitor's page is never cached). */
async function signedInCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-crema-client': 'web' },
    body: JSON.stringify({ username: 'student@crema.local', password: 'crema-demo-2026' }),
  });
  if (!res.ok) throw new Error(`вход демо-студента: ${res.status}`);
  return res.headers.getSetCookie().map((line) => line.split(';', 1)[0]).join('; ');
}

/** The demo student's access token, as an API client sends it (no cookies, so no CSRF header). */
async function accessHeader(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student@crema.local', password: 'crema-demo-2026' }),
  });
  if (!res.ok) throw new Error(`вход демо-студента: ${res.status}`);
  const { access } = (await res.json()) as { access: string };
  return { 'jwt-access-token': `Bearer ${access}` };
}

interface Modules {
  modules: { content: { id: number; type: 'lesson' | 'test' }[] }[];
}

/**
 * The learning targets of the demo student: a lesson page and a quiz answer save (an attempt is
 * started first), in the first of the student's courses ('Мое обучение') that has both.
 */
async function learningTargets(base: string, auth: Record<string, string>): Promise<{ lesson: string; quiz: string; save: string }> {
  const list = await fetch(`${base}/api/user/courses/`, { headers: auth });
  if (!list.ok) throw new Error(`GET /api/user/courses/ ответил ${list.status}`);
  for (const { id } of (await list.json()) as { id: number }[]) {
    const res = await fetch(`${base}/api/user/course/${id}/modules/`, { headers: auth });
    if (!res.ok) continue;
    const items = ((await res.json()) as Modules).modules.flatMap((m) => m.content);
    const lesson = items.find((i) => i.type === 'lesson');
    const test = items.find((i) => i.type === 'test');
    if (!lesson || !test) continue;
    const quiz = `${base}/api/user/course/${id}/testing/${test.id}/`;
    const started = await fetch(`${quiz}?clear=true`, { headers: auth });
    if (!started.ok) continue;
    const { attempt } = (await started.json()) as { attempt: { questions: { id: number; type: string; answers: { id: number }[] }[] } };
    const question = attempt.questions.find((q) => q.type === 'single' || q.type === 'multiple');
    if (!question?.answers[0]) continue;
    return {
      lesson: `${base}/api/user/course/${id}/lesson/${lesson.id}/?page=1`,
      quiz,
      save: JSON.stringify({ selected_answers: { [question.id]: [question.answers[0].id] } }),
    };
  }
  throw new Error('У демо-студента нет курса с уроком и тестом');
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
  // The answer save is measured as a learner's autosave costs, rate-limit count included, without its limit refusing the run.
  const crema = (port: number, env: Record<string, string>) =>
    startCrema(port, dataDir, { EMBEDDED_PG_PORT: '23902', QUIZ_SAVES_PER_MINUTE: '100000', ...env });
  // Production never seeds the demo school: it is loaded first, into the shared data directory.
  await seedDemo(dataDir, 23902);
  // As deployed (content micro-cache and guest page cache on, docs/decisions/0005 and 0016) and
  // with every read hitting PostgreSQL and every page rendered.
  const hello = children[0]!;
  const deployed = crema(appPort, {});
  children.push(deployed);
  databaseOwner = deployed;
  await waitFor(`http://127.0.0.1:${appPort}/api/health/`);
  // The second process shares the first one's embedded database.
  const cachesOff = crema(uncachedPort, { CONTENT_CACHE_TTL_MS: '0', PAGE_CACHE_TTL_MS: '0' });
  children.push(cachesOff);
  await waitFor(`http://127.0.0.1:${helloPort}/hello`);
  await waitFor(`http://127.0.0.1:${uncachedPort}/api/health/`);

  const app = `http://127.0.0.1:${appPort}`;
  const uncached = `http://127.0.0.1:${uncachedPort}`;
  const slug = await firstCourseSlug(app);
  const catalogue = '/api/courses/?page_size=12';
  const cookie = await signedInCookie(app);
  const auth = await accessHeader(app);
  const learning = await learningTargets(app, auth);
  const browser = { 'accept-encoding': 'br, gzip' };
  const signedIn = { ...browser, cookie };
  const targets: Target[] = [
    { title: 'Fastify hello (bare)', url: `http://127.0.0.1:${helloPort}/hello`, server: hello },
    ...([
      { title: 'GET /api/menus/header_menu/', url: `${app}/api/menus/header_menu/` },
      { title: 'GET /api/courses/ (catalogue)', url: `${app}${catalogue}` },
      { title: 'GET /api/courses/?search=бариста', url: `${app}/api/courses/?search=${encodeURIComponent('бариста')}` },
      { title: 'GET / guest (page cache)', url: `${app}/` },
      { title: 'GET / guest, br (page cache)', url: `${app}/`, headers: browser },
      { title: 'GET /courses/ guest (page cache)', url: `${app}/courses/` },
      { title: `GET /courses/${slug}/ guest (cache)`, url: `${app}/courses/${slug}/` },
      // One signed-in page at a time: the server time of a page alone (p50).
      { title: 'GET / signed in, alone', url: `${app}/`, headers: signedIn, connections: 1 },
      { title: 'GET /user/courses/ signed in, alone', url: `${app}/user/courses/`, headers: signedIn, connections: 1 },
      { title: 'GET /courses/ signed in, alone', url: `${app}/courses/`, headers: signedIn, connections: 1 },
      // Within the render limit (SSR_CONCURRENCY): what one process renders when nothing is shed.
      { title: 'GET / signed in, 4 connections', url: `${app}/`, headers: signedIn, connections: 4 },
      // Overloaded: autocannon sends again at once after a 503 (a browser waits Retry-After).
      { title: 'GET / signed in (rendered)', url: `${app}/`, headers: signedIn },
      { title: 'GET /user/courses/ (learner), 4 conn.', url: `${app}/user/courses/`, headers: signedIn, connections: 4 },
      // The progress page (decision 0061): five in-process calls, whatever the number of courses and tests.
      { title: 'GET /user/progress/ (learner), 4 conn.', url: `${app}/user/progress/`, headers: signedIn, connections: 4 },
      // Learning (decision 0028): a lesson page records progress on every call; a save merges the answers into the attempt.
      { title: 'GET lesson page (learner)', url: learning.lesson, headers: auth },
      {
        title: 'POST quiz answer save (learner)',
        url: learning.quiz,
        method: 'POST' as const,
        headers: { ...auth, 'content-type': 'application/json' },
        body: learning.save,
      },
    ] satisfies Target[]).map((target) => ({ ...target, server: deployed })),
    ...([
      { title: '  menus, content cache off', url: `${uncached}/api/menus/header_menu/` },
      { title: '  catalogue API, cache off', url: `${uncached}${catalogue}` },
      { title: '  home page, caches off', url: `${uncached}/` },
      { title: '  course page, caches off', url: `${uncached}/courses/${slug}/` },
      { title: '  home page, caches off, 4 conn.', url: `${uncached}/`, connections: 4 },
      { title: '  catalogue page, caches off, 4 conn.', url: `${uncached}/courses/`, connections: 4 },
      { title: '  progress page, caches off, 4 conn.', url: `${uncached}/user/progress/`, headers: signedIn, connections: 4 },
    ] satisfies Target[]).map((target) => ({ ...target, server: cachesOff })),
  ];
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  for (const target of targets) results.push(await measure(target));

  const base = results[0]!.okRps;
  console.log(`\n${DURATION_S} s each, ${CONNECTIONS} connections unless named, ${os.cpus().length} CPU, Node ${process.version}; latency in ms`);
  console.log('cpu, db: CPU ms per 2xx answer of the serving process and of PostgreSQL (every process\'s queries)\n');
  const columns = ['req/s', '2xx/s', 'p50', 'p97.5', 'p99', 'non-2xx', 'errors', 'timeouts', 'ratio', 'cpu', 'db'];
  const ms = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  console.log('target'.padEnd(44), ...columns.map((c) => c.padStart(8)));
  for (const r of results) {
    const cells = [r.rps.toFixed(0), r.okRps.toFixed(0), r.p50, r.p97_5, r.p99, r.non2xx, r.errors, r.timeouts, (r.okRps / base).toFixed(4), ms(r.cpuMs), ms(r.dbMs)];
    console.log(r.title.padEnd(44), ...cells.map((c) => String(c).padStart(8)));
  }
  // Ratios of pages delivered (2xx) per second to hello's.
  const ratio = (title: string) => results.find((r) => r.title === title)!.okRps / base;
  console.log(
    `\nguest home page / hello: ${ratio('GET / guest (page cache)').toFixed(3)} (with brotli ${ratio('GET / guest, br (page cache)').toFixed(3)}); ` +
      `rendered for every request: ${ratio('  home page, caches off').toFixed(3)}`,
  );
  console.log(
    `lesson page / hello: ${ratio('GET lesson page (learner)').toFixed(3)}; ` +
      `quiz answer save / hello: ${ratio('POST quiz answer save (learner)').toFixed(3)}`,
  );
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
