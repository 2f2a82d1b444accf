// The cluster test (`npm run test:cluster`): the production topology of deploy/ on this machine —
// Debian's PostgreSQL 15, two Crema processes in production mode started as their systemd unit
// says, nginx in front with TLS and HTTP/2, the test bank as a service of its own — then what a
// school lives through: a purchase through the bank and study, an edit seen by the other process at
// once, jobs once, an upload served by the other process, a process killed mid-stream and
// PostgreSQL restarted mid-stream. Prints a table; fails on any lost write or unexpected error.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { TESTBANK_PASSWORD, TESTBANK_TERMINAL_KEY } from '../../apps/api/src/modules/payments/testbank/credentials.ts';
import { TEST_CARDS } from '../../apps/api/src/modules/payments/testbank/plugin.ts';
import { buildCourse, buildEnrolment, buildLesson, buildLessonBlock, buildModule, buildQuestion, buildTest, buildUser } from '../../apps/api/src/test/factories.ts';
import { REPO_ROOT } from '../deploy/nginx.ts';
import {
  BANK_PREFIX,
  freePort,
  makeCertificate,
  missingPackages,
  request,
  sleep,
  startCrema,
  startMailSink,
  startNginx,
  startPostgres,
  type Answer,
  type CremaProcess,
} from './parts.ts';

const missing = missingPackages();
if (missing.length > 0) {
  console.error(`Кластерный тест: не хватает пакетов Debian: ${missing.join(', ')} (apt-get install -y postgresql nginx openssl).`);
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'crema-cluster-'));
// PostgreSQL runs as its own user when we are root: it must reach its directory inside this one.
chmodSync(dir, 0o755);
const started: (() => void | Promise<void>)[] = [];
const rows: [string, string][] = [];
const failures: string[] = [];
const note = (what: string, value: string | number) => rows.push([what, String(value)]);
function check(ok: boolean, what: string) {
  if (!ok) failures.push(what);
  return ok;
}
const t0 = performance.now();
const say = (text: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} с] ${text}`);

async function main() {
  const { cert, key } = makeCertificate(dir);
  const ca = readFileSync(cert);
  const ports = {
    pg: await freePort(55432),
    a: await freePort(3301),
    smtp: await freePort(2525),
    bank: await freePort(9443),
    http: await freePort(8080),
    https: await freePort(8443),
  };
  const portB = await freePort(ports.a + 1);
  const metricsPort = { a: await freePort(9301), b: await freePort(9401) };

  say(`PostgreSQL 15 на порту ${ports.pg}`);
  const pg = startPostgres(dir, ports.pg);
  started.push(() => pg.stop());

  const mail = await startMailSink(ports.smtp);
  started.push(() => mail.close());

  const bank = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/cluster/testbank.ts'), String(ports.bank), cert, key], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    stdio: 'ignore',
  });
  started.push(() => void bank.kill('SIGTERM'));

  const publicUrl = `https://127.0.0.1:${ports.https}`;
  const settings: Record<string, string> = {
    DATABASE_URL: pg.url,
    DATABASE_POOL_MAX: '8',
    SECRET_KEY: randomBytes(36).toString('base64'),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
    // Uploads in one directory for both (on several machines: a shared disk, or STORAGE=s3); each
    // process keeps its own picture cache, as each machine would.
    UPLOADS_DIR: path.join(dir, 'uploads'),
    TBANK_TERMINAL_KEY: TESTBANK_TERMINAL_KEY,
    TBANK_PASSWORD: TESTBANK_PASSWORD,
    TBANK_API_URL: `https://127.0.0.1:${ports.bank}${BANK_PREFIX}/v2`,
    NODE_EXTRA_CA_CERTS: cert,
    PAYMENT_RECONCILE_INTERVAL_MS: '1000',
    LEARNING_SWEEP_INTERVAL_MS: '1000',
    MAIL_POLL_INTERVAL_MS: '200',
    QUIZ_SAVES_PER_MINUTE: '100000',
    ORDERS_PER_IP_HOUR: '100000',
    AUTH_CODES_PER_IP_HOUR: '100000',
    LOG_LEVEL: 'info',
  };
  const processes: Record<'a' | 'b', CremaProcess> = {
    a: startCrema('A', ports.a, { ...settings, DATA_DIR: path.join(dir, 'data-a'), METRICS_PORT: String(metricsPort.a) }, dir),
    b: startCrema('B', portB, { ...settings, DATA_DIR: path.join(dir, 'data-b'), METRICS_PORT: String(metricsPort.b) }, dir),
  };
  started.push(() => Object.values(processes).forEach((p) => p.child.kill('SIGKILL')));
  const direct = (p: CremaProcess) => `http://127.0.0.1:${p.port}`;
  await Promise.all(Object.values(processes).map((p) => ready(direct(p), 60_000)));
  say(`два процесса Crema готовы (${ports.a}, ${portB})`);

  const nginx = startNginx({ dir, httpPort: ports.http, httpsPort: ports.https, upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${portB}`], cert, key });
  started.push(() => void nginx.kill('SIGQUIT'));
  await ready(publicUrl, 15_000, ca);
  say(`nginx: ${publicUrl}`);

  const db = openDatabase(pg.url, { max: 4 });
  started.push(() => db.close());
  const get = (url: string, headers: Record<string, string> = {}) => request(url, { ca, headers });

  // --- nginx as deploy/ describes it
  const home = await get(`${publicUrl}/`, { 'accept-encoding': 'br, gzip' });
  check(home.status === 200 && home.headers['content-encoding'] !== undefined, 'главная через nginx: 200, сжата');
  const redirect = await request(`http://127.0.0.1:${ports.http}/courses/`);
  check(redirect.status === 301 && redirect.headers.location === `${publicUrl}/courses/`, 'http → https: 301');
  const plainHome = await get(`${publicUrl}/`);
  const asset = /\/assets\/[^"']+\.js/.exec(plainHome.body.toString('utf8'))?.[0];
  const assetAnswer = asset ? await get(`${publicUrl}${asset}`, { 'accept-encoding': 'gzip' }) : undefined;
  check(assetAnswer?.headers['cache-control']?.toString().includes('immutable') === true && assetAnswer.headers['content-encoding'] === 'gzip', `сборка: с диска, gzip, immutable (${asset} ${assetAnswer?.status} ${JSON.stringify(assetAnswer?.headers)})`);
  check(await speaksHttp2(publicUrl, ca), 'HTTP/2 по TLS');
  const requestId = (await get(`${publicUrl}/api/health/`)).headers['x-request-id'];
  check(typeof requestId === 'string' && /^[0-9a-f]{32}$/.test(requestId), 'id запроса от nginx');
  note('nginx: TLS, HTTP/2, сжатие, сборка с диска, id запроса', 'да');

  // --- data: a course with a lesson and a test of text questions, staff and a learner with passwords
  const password = 'cluster-password-2026';
  const staff = await buildUser(db.db, { isStaff: true, password });
  const owner = await buildUser(db.db, { isCourseOwner: true, password });
  const course = await buildCourse(db.db, { ownerId: owner.id, title: 'Кластерный курс', priceKopecks: 350_000 });
  const module = await buildModule(db.db, { courseId: course.id });
  const lesson = await buildLesson(db.db, { moduleId: module.id });
  await buildLessonBlock(db.db, { lessonId: lesson.id });
  const test = await buildTest(db.db, { courseId: course.id, moduleId: module.id });
  const QUESTIONS = 60;
  const questionIds: number[] = [];
  for (let i = 0; i < QUESTIONS; i++) questionIds.push((await buildQuestion(db.db, { testId: test.id, type: 'text', sort: i })).id);

  // --- a guest buys the course through the bank and studies
  const buyer = `buyer-${randomBytes(3).toString('hex')}@example.ru`;
  const purchase = await buyAndStudy({ publicUrl, ca, buyer, course, lessonId: lesson.id, letters: mail.letters, ports });
  check(purchase.ok, `покупка через банк и урок: ${purchase.detail}`);
  note('гость купил курс через тестовый банк и открыл урок', purchase.ok ? `да, ${purchase.detail}` : `нет: ${purchase.detail}`);

  // --- an edit through A is served by B at once
  const staffA = await signIn(direct(processes.a), staff.email, password, ca);
  const before = (await request(`${direct(processes.b)}/api/configs/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"keys":["FOOTER_PHONE"]}' })).json<Record<string, string>>().FOOTER_PHONE;
  const phone = `+7 (495) 1${String(Date.now() % 100).padStart(2, '0')}-00-00`;
  const settingsAnswer = await request(`${direct(processes.a)}/api/admin/school/site/settings/`, { headers: staffA.headers });
  if (settingsAnswer.status !== 200) throw new Error(`настройки: ${settingsAnswer.status} ${settingsAnswer.body.toString()} ${JSON.stringify(staffA.headers)}`);
  const current = settingsAnswer.json<{ groups: { settings: { key: string; version: number }[] }[] }>();
  const version = current.groups.flatMap((g) => g.settings).find((s) => s.key === 'FOOTER_PHONE')?.version ?? 0;
  const saved = await request(`${direct(processes.a)}/api/admin/school/site/settings/`, {
    method: 'PUT',
    headers: { ...staffA.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ values: { FOOTER_PHONE: phone }, versions: { FOOTER_PHONE: version } }),
  });
  const seenAfterMs = await until(async () => {
    const page = await request(`${direct(processes.b)}/`);
    return page.body.toString('utf8').includes(phone.replace(/[()]/g, '').slice(-9)) || page.body.toString('utf8').includes(phone);
  }, 5000);
  check(saved.status === 200 && before !== phone && seenAfterMs !== null && seenAfterMs < 1000, 'правка через A видна на B сразу');
  note('правка настроек через A видна на страницах B через', seenAfterMs === null ? 'не видна' : `${Math.round(seenAfterMs)} мс`);

  // --- an upload through A is served by B
  const ownerA = await signIn(direct(processes.a), owner.email, password, ca);
  const png = tinyPng();
  const boundary = `----crema${randomBytes(6).toString('hex')}`;
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cup.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await request(`${direct(processes.a)}/api/admin/uploads/?kind=image`, {
    method: 'POST',
    headers: { ...ownerA.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: multipart,
  });
  const uploadedUrl = upload.status < 300 ? String(upload.json<{ url?: string }>().url ?? '') : '';
  const fromB = uploadedUrl ? await request(new URL(uploadedUrl, direct(processes.b)).href) : undefined;
  check(upload.status === 201 && fromB?.status === 200 && fromB.body.length > 0, `загрузка через A отдаётся B (${upload.status}, ${fromB?.status})`);
  note('файл, загруженный через A, отдаёт B', fromB?.status === 200 ? 'да' : `нет (${upload.status} ${upload.body.toString().slice(0, 200)})`);

  // --- sessions and rate limits live in PostgreSQL: one sign-in serves both processes, one
  // sign-out ends it on both, and one budget counts requests to either
  const learnerA = await signIn(direct(processes.a), owner.email, password, ca);
  const onB = await request(`${direct(processes.b)}/api/user/personal/`, { headers: learnerA.headers });
  const signedOut = await request(`${direct(processes.a)}/api/auth/logout/`, { method: 'POST', headers: { ...learnerA.headers, 'content-type': 'application/json' }, body: '{}' });
  const afterOut = await request(`${direct(processes.b)}/api/user/personal/`, { headers: learnerA.headers });
  check(onB.status === 200 && signedOut.status < 300 && afterOut.status === 401, `сессия: вход через A действует на B (${onB.status}), выход через A закрывает её на B (${afterOut.status})`);
  note('вход через A действует на B; выход через A закрывает сессию на B', onB.status === 200 && afterOut.status === 401 ? 'да' : `нет (${onB.status}, ${afterOut.status})`);
  const codeFor = `limits-${randomBytes(3).toString('hex')}@example.ru`;
  const sends = await Promise.all(
    [processes.a, processes.b, processes.a, processes.b, processes.a, processes.b].map((p) =>
      request(`${direct(p)}/api/auth/send_code/email/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: codeFor }) }),
    ),
  );
  const sent = sends.filter((r) => r.status === 200).length;
  const limited = sends.filter((r) => r.status === 429).length;
  check(sent === 1 && limited === 5, `один код в 3 минуты на адрес, запросы в оба процесса сразу: ${sent} отправлен, ${limited} отказов`);
  note('6 запросов кода на один адрес в оба процесса разом: отправлен / отказано (429)', `${sent} / ${limited}`);

  // --- jobs once: the reconciliation every second, over a window, with both processes polling
  const runsOf = async () => Number((await db.db.execute<{ runs: number }>(sql`select runs from job_runs where name = 'payments.reconcile'`)).rows[0]?.runs ?? 0);
  const windowS = 6;
  const runsBefore = await runsOf();
  await sleep(windowS * 1000);
  const runs = (await runsOf()) - runsBefore;
  check(runs >= windowS - 2 && runs <= windowS + 1, `сверка платежей раз в секунду: ${runs} за ${windowS} с`);
  note(`запусков сверки за ${windowS} с (раз в секунду, два процесса)`, runs);

  // --- metrics: each process on its own port; the job's runs split between them add up to the table's
  const scrape = async (port: number) => (await request(`http://127.0.0.1:${port}/metrics`)).body.toString('utf8');
  const [metricsA, metricsB] = await Promise.all([scrape(metricsPort.a), scrape(metricsPort.b)]);
  const jobRunsIn = (text: string) => Number(/^crema_job_runs_total\{job="payments\.reconcile"\} (\d+)/m.exec(text)?.[1] ?? 0);
  const byProcess = [jobRunsIn(metricsA), jobRunsIn(metricsB)];
  const total = await runsOf();
  const named = ['crema_http_request_duration_seconds_bucket', 'crema_ssr_render_seconds', 'crema_db_query_duration_seconds', 'crema_job_lag_seconds', 'crema_mail_outbox_pending', 'nodejs_eventloop_lag'];
  const absent = named.filter((name) => !metricsA.includes(name) && !metricsB.includes(name));
  check(absent.length === 0 && byProcess[0]! + byProcess[1]! === total, `метрики: нет ${absent.join(', ')}; запуски сверки A+B ${byProcess.join('+')} ≠ ${total}`);
  note('метрики: запуски сверки в процессах A + B = в базе', `${byProcess.join(' + ')} = ${total}`);

  // --- faults: a stream of pages, orders and answer saves through nginx
  const learner = await buildUser(db.db, { password });
  const orderable: string[] = [];
  for (let i = 0; i < 120; i++) orderable.push((await buildCourse(db.db, { ownerId: owner.id, priceKopecks: 100_000 + i })).slug);
  const enrolment = await buildEnrolment(db.db, { userId: learner.id, courseId: course.id });
  const learnerSession = await signIn(publicUrl, learner.email, password, ca);
  const quizUrl = `${publicUrl}/api/user/course/${enrolment.id}/module/${module.id}/testing/${test.id}/`;
  const quiz = await request(`${quizUrl}?clear=true`, { ca, headers: learnerSession.headers });
  check(quiz.status === 200, `тест открыт (${quiz.status} ${quiz.body.toString().slice(0, 300)})`);

  // Buyers who order one course after another: each within the per-payer budget (10 an hour).
  const buyers: Buyer[] = [];
  for (let i = 0; i < 14; i++) {
    const user = await buildUser(db.db, { password });
    buyers.push({ id: user.id, email: user.email, session: await signIn(publicUrl, user.email, password, ca) });
  }
  const orders: Orders = { courses: orderable, placed: new Map(), next: 0, buyers };
  const stream = new Stream({ publicUrl, ca, learner: learnerSession, quizUrl, questionIds, courseSlug: course.slug, orders });
  say('поток запросов; процесс A убит');
  const killStream = stream.run(8000);
  await sleep(2000);
  processes.a.child.kill('SIGKILL');
  await processes.a.exited;
  const killedAt = performance.now();
  await killStream;
  note('поток во время гибели A: запросов', stream.summary());
  const killErrors = stream.unexpected();
  check(killErrors.length === 0, `гибель A: неожиданные ошибки ${killErrors.join(', ')}`);
  note('после гибели A все запросы обслужил B (первый успешный после)', `${Math.round(Math.max(0, stream.firstOkAfter(killedAt) ?? -1))} мс`);

  processes.a = startCrema('A', ports.a, { ...settings, DATA_DIR: path.join(dir, 'data-a'), METRICS_PORT: String(metricsPort.a) }, dir);
  await ready(direct(processes.a), 60_000);
  say('A снова в строю; PostgreSQL перезапускается');

  const pgStream = new Stream({ publicUrl, ca, learner: learnerSession, quizUrl, questionIds, courseSlug: course.slug, offset: stream.saved.size, orders });
  const pgRun = pgStream.run(12_000);
  await sleep(2000);
  const restartStarted = performance.now();
  await pg.restart();
  const pgBackAt = performance.now();
  await pgRun;
  const recovery = pgStream.firstOkAfter(pgBackAt);
  note('перезапуск PostgreSQL занял', `${Math.round(pgBackAt - restartStarted)} мс`);
  note('поток во время перезапуска PostgreSQL: запросов', pgStream.summary());
  note('процессы снова отвечают после подъёма PostgreSQL через', recovery === null ? 'не ответили' : `${Math.round(recovery)} мс`);
  check(recovery !== null && recovery < 10_000, 'процессы восстановились за 10 с');
  note('самый долгий запрос во время перезапуска PostgreSQL', `${Math.round(pgStream.slowest)} мс`);
  check(pgStream.slowest < 10_000, `ни один запрос не висит (самый долгий ${Math.round(pgStream.slowest)} мс)`);
  const unexpected = pgStream.unexpected();
  check(unexpected.length === 0, `перезапуск PostgreSQL: неожиданные ответы ${unexpected.join(', ')}`);
  check(pgStream.count('503') === 0 || pgStream.retryAfterOn503, '503 с Retry-After');

  // --- no committed write lost: every acknowledged answer is in the attempt
  const state = (await request(quizUrl, { ca, headers: learnerSession.headers })).json<{ attempt?: { selected_answers: Record<string, string> } }>();
  const stored = state.attempt?.selected_answers ?? {};
  const acknowledged = new Map([...stream.saved, ...pgStream.saved]);
  const lost = [...acknowledged].filter(([question, text]) => stored[question] !== text).length;
  note('сохранённых ответов подтверждено / потеряно', `${acknowledged.size} / ${lost}`);
  check(lost === 0, `потеряно ответов: ${lost}`);

  // --- a backup of the running school: the server's database through Debian's pg_dump, the shared uploads
  const backupDir = path.join(dir, 'backup');
  const backupRun = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/backup/cli.ts', 'backup', '--out', backupDir], {
    ...settings, NODE_ENV: 'production', DATA_DIR: path.join(dir, 'data-a'),
  });
  let backupNote = `не сделана: ${backupRun.output.slice(-300)}`;
  if (backupRun.code === 0) {
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as { tables: Record<string, number>; files: unknown[] };
    const ordersNow = Number((await db.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n);
    check(manifest.tables.orders === ordersNow && manifest.files.length > 1, `копия: заказов ${manifest.tables.orders} из ${ordersNow}, файлов ${manifest.files.length - 1}`);
    backupNote = `${Object.keys(manifest.tables).length} таблиц, ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} строк, файлов ${manifest.files.length - 1}`;
  } else check(false, `npm run backup: ${backupRun.output.slice(-300)}`);
  note('резервная копия работающей школы (pg_dump 15, общие загрузки)', backupNote);

  // --- no order lost or made twice: one order per course the learner ordered, each one acknowledged
  const made = (await db.db.execute<{ slug: string; n: number }>(sql`
    select c.slug, count(*)::int as n from orders o join courses c on c.id = o.course_id
    where o.user_id = any(${sql.param(buyers.map((b) => b.id))}::int[]) group by c.slug`)).rows;
  const twice = made.filter((r) => r.n > 1).length;
  const missingOrders = [...orders.placed.keys()].filter((slug) => !made.some((r) => r.slug === slug)).length;
  note('заказов подтверждено / потеряно / создано дважды', `${orders.placed.size} / ${missingOrders} / ${twice}`);
  check(orders.placed.size > 0 && missingOrders === 0 && twice === 0, `заказы: потеряно ${missingOrders}, дважды ${twice}`);
}

/** Runs a command of the repository to its end; its exit code and output. */
function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Waits until GET /api/health/ready/ answers 200, as a rolling update does. */
async function ready(base: string, timeoutMs: number, ca?: Buffer) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await request(`${base}/api/health/ready/`, { ca, timeoutMs: 2000 });
      if (res.status === 200) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${base} не ответил за ${timeoutMs} мс`);
    await sleep(250);
  }
}

/** Milliseconds until `check` holds, or null after `timeoutMs`. */
async function until(checkOnce: () => Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await checkOnce().catch(() => false)) return performance.now() - start;
    await sleep(20);
  }
  return null;
}

function speaksHttp2(url: string, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const session = http2.connect(url, { ca });
    session.on('error', () => resolve(false));
    const req = session.request({ ':path': '/api/health/' });
    req.on('response', (headers) => {
      resolve(headers[':status'] === 200);
      session.close();
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** What the site's browser client sends: its mark makes the API answer a sign-in with cookies. */
const BROWSER = { 'x-crema-client': 'web' };

interface Session {
  headers: Record<string, string>;
}

/** Password sign-in; the session's cookies and CSRF token as a browser would send them. */
async function signIn(base: string, email: string, password: string, ca: Buffer): Promise<Session> {
  const res = await request(`${base}/api/auth/token/`, { ca, method: 'POST', headers: { ...BROWSER, 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  if (res.status !== 200) throw new Error(`вход ${email}: ${res.status} ${res.body.toString()}`);
  return sessionFrom(res);
}

function sessionFrom(res: Answer, previous?: Session): Session {
  const jar = new Map<string, string>();
  for (const part of (previous?.headers.cookie ?? '').split('; ').filter(Boolean)) {
    const [k, ...v] = part.split('=');
    jar.set(k!, v.join('='));
  }
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  for (const c of cookies) {
    const [pair = ''] = c.split(';');
    const [k, ...v] = pair.split('=');
    jar.set(k!.trim(), v.join('='));
  }
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { headers: { ...BROWSER, cookie, 'x-csrf-token': jar.get('crema_csrf') ?? '' } };
}

/** A guest orders the course, confirms by the code from the letter, pays at the bank, opens the lesson. */
async function buyAndStudy(o: {
  publicUrl: string;
  ca: Buffer;
  buyer: string;
  course: { slug: string; id: number };
  lessonId: number;
  letters: { to: string; text: string }[];
  ports: { bank: number };
}): Promise<{ ok: boolean; detail: string }> {
  const json = { ...BROWSER, 'content-type': 'application/json' };
  const ordered = await request(`${o.publicUrl}/api/order/request/`, {
    ca: o.ca,
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      course_slug: o.course.slug, last_name: 'Кофейникова', first_name: 'Вера', phone: '+7 916 123-45-67', email: o.buyer,
      consent_privacy: true, consent_personal_data: true, study_for_self: true,
    }),
  });
  if (ordered.status !== 200) return { ok: false, detail: `заказ ${ordered.status} ${ordered.body.toString().slice(0, 300)}` };
  const code = ordered.json<{ order: { code: string } }>().order.code;
  const letterWait = await until(async () => o.letters.some((l) => l.to.includes(o.buyer)), 15_000);
  if (letterWait === null) return { ok: false, detail: 'письмо с кодом не пришло' };
  const letter = o.letters.find((l) => l.to.includes(o.buyer))!.text;
  const confirmCode = /заказа:\s*(\d{4,8})/.exec(letter)?.[1];
  if (!confirmCode) return { ok: false, detail: `в письме нет кода: ${letter.slice(0, 600)}` };
  const confirmed = await request(`${o.publicUrl}/api/order/${code}/confirm/`, { ca: o.ca, method: 'POST', headers: json, body: JSON.stringify({ code: confirmCode }) });
  if (confirmed.status !== 200) return { ok: false, detail: `подтверждение ${confirmed.status} ${confirmed.body.toString().slice(0, 300)}` };
  const session = sessionFrom(confirmed);
  const link = await request(`${o.publicUrl}/api/tbank/order/payment_link/`, { ca: o.ca, method: 'POST', headers: { ...json, ...session.headers }, body: JSON.stringify({ extra_code: code, type: 'card' }) });
  if (link.status !== 200) return { ok: false, detail: `ссылка на оплату ${link.status} ${link.body.toString().slice(0, 300)}` };
  const paymentUrl = JSON.stringify(link.json()).match(/https:\/\/127\.0\.0\.1:\d+\/bank\/pay\/[^"]+/)?.[0];
  if (!paymentUrl) return { ok: false, detail: `нет адреса оплаты в ${link.body.toString().slice(0, 300)}` };
  const paid = await request(paymentUrl, {
    ca: o.ca,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: TEST_CARDS.success, expiry: '12/30', cvc: '123' }).toString(),
  });
  if (paid.status !== 303 && paid.status !== 302) return { ok: false, detail: `банк ${paid.status} ${paid.body.toString().slice(0, 300)}` };
  // The bank's notification reaches the school through nginx; the order turns paid.
  const paidAfter = await until(async () => {
    const page = await request(`${o.publicUrl}/api/order/payment/${code}/`, { ca: o.ca });
    return page.status === 200 && page.json<{ order: { status: string } }>().order.status === 'paid';
  }, 15_000);
  if (paidAfter === null) return { ok: false, detail: 'заказ не стал оплаченным' };
  const courses = await request(`${o.publicUrl}/api/user/courses/`, { ca: o.ca, headers: session.headers });
  const mine = courses.status === 200 ? courses.json<{ id: number; course: { slug: string } }[]>().find((c) => c.course.slug === o.course.slug) : undefined;
  if (!mine) return { ok: false, detail: `курса нет в «Моих курсах» (${courses.status})` };
  const lesson = await request(`${o.publicUrl}/api/user/course/${mine.id}/lesson/${o.lessonId}/`, { ca: o.ca, headers: session.headers });
  if (lesson.status !== 200) return { ok: false, detail: `урок не открылся (${lesson.status} ${lesson.body.toString().slice(0, 200)})` };
  return { ok: true, detail: `оплачен через ${Math.round(paidAfter)} мс после банка` };
}

interface Buyer {
  id: number;
  email: string;
  session: Session;
}

/** Courses to order one by one, nine per buyer; `placed` gets each acknowledged order's code. */
interface Orders {
  courses: string[];
  placed: Map<string, string>;
  next: number;
  buyers: Buyer[];
}

interface Outcome {
  kind: string;
  at: number;
  ms: number;
}

/**
 * A learner's traffic through nginx: the catalogue page, the API and answer saves, one at a time
 * per lane, three lanes. A save cut off by a dying process (502 from nginx) is retried as the
 * browser's client retries: the same answer again, which overwrites the same question.
 */
class Stream {
  readonly outcomes: Outcome[] = [];
  readonly saved = new Map<string, string>();
  slowest = 0;
  retryAfterOn503 = true;
  private next: number;

  constructor(
    private readonly o: {
      publicUrl: string;
      ca: Buffer;
      learner: Session;
      quizUrl: string;
      questionIds: number[];
      courseSlug: string;
      offset?: number;
      orders: Orders;
    },
  ) {
    this.next = o.offset ?? 0;
  }

  async run(durationMs: number) {
    const end = performance.now() + durationMs;
    const lane = async (work: () => Promise<unknown>) => {
      while (performance.now() < end) {
        await work();
        await sleep(25);
      }
    };
    await Promise.all([
      lane(() => this.once('страница', () => request(`${this.o.publicUrl}/courses/`, { ca: this.o.ca, timeoutMs: 12_000 }))),
      lane(() => this.once('API', () => request(`${this.o.publicUrl}/api/courses/${this.o.courseSlug}/`, { ca: this.o.ca, timeoutMs: 12_000 }))),
      lane(() => this.save()),
      lane(() => this.order()),
    ]);
  }

  private async save() {
    const index = this.next++ % this.o.questionIds.length;
    const question = String(this.o.questionIds[index]);
    const text = `ответ ${this.next}`;
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await this.once('сохранение', () =>
        request(this.o.quizUrl, {
          ca: this.o.ca,
          method: 'POST',
          headers: { ...this.o.learner.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ selected_answers: { [question]: text } }),
          timeoutMs: 12_000,
        }),
      );
      if (answer === 200) {
        this.saved.set(question, text);
        return;
      }
      await sleep(attempt === 0 ? 100 : 500);
    }
  }

  /**
   * Places the next order as the browser's client does: one idempotency key for the order, the
   * same request again after a 502 (a process died mid-request), a 503, a 409 (the first try still
   * running) or a lost connection.
   */
  private async order() {
    await sleep(150);
    const n = this.o.orders.next++;
    const buyer = this.o.orders.buyers[Math.floor(n / 9)];
    const slug = this.o.orders.courses[n];
    if (!buyer || !slug) return;
    const key = randomUUID();
    // Long enough to outlast the key's lease (30 s) when the process running it died.
    const giveUpAt = performance.now() + 45_000;
    for (let attempt = 0; performance.now() < giveUpAt; attempt++) {
      let code: string | undefined;
      let retryAfterS = 0;
      const status = await this.once('заказ', async () => {
        const res = await request(`${this.o.publicUrl}/api/order/request/`, {
          ca: this.o.ca,
          method: 'POST',
          headers: { ...buyer.session.headers, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({
            course_slug: slug, last_name: 'Зернова', first_name: 'Ольга', phone: '+7 916 765-43-21', email: buyer.email,
            consent_privacy: true, consent_personal_data: true, study_for_self: true,
          }),
          timeoutMs: 12_000,
        });
        if (res.status === 200) code = res.json<{ order: { code: string } }>().order.code;
        retryAfterS = Number(res.headers['retry-after']) || 0;
        return res;
      });
      if (status === 200 && code) {
        this.o.orders.placed.set(slug, code);
        return;
      }
      // As the browser's client: a lost answer (no connection, 502, 503) or the key's first request
      // still running (409, its process perhaps dead: the key's lease then runs out) is sent again
      // with the same key after Retry-After; anything else is final.
      if (status !== 0 && status !== 502 && status !== 503 && status !== 409) return;
      await sleep(retryAfterS > 0 ? retryAfterS * 1000 : attempt === 0 ? 100 : 500);
    }
  }

  private async once(kind: string, send: () => Promise<Answer>): Promise<number> {
    const start = performance.now();
    try {
      const res = await send();
      this.slowest = Math.max(this.slowest, res.ms);
      if (res.status === 503 && !res.headers['retry-after']) this.retryAfterOn503 = false;
      this.outcomes.push({ kind: `${kind} ${res.status}`, at: performance.now(), ms: res.ms });
      return res.status;
    } catch (error) {
      this.slowest = Math.max(this.slowest, performance.now() - start);
      this.outcomes.push({ kind: `${kind} сбой соединения`, at: performance.now(), ms: performance.now() - start });
      void error;
      return 0;
    }
  }

  count(status: string) {
    return this.outcomes.filter((o) => o.kind.endsWith(status)).length;
  }

  /** Milliseconds from `at` to the first 200 after it. */
  firstOkAfter(at: number): number | null {
    const ok = this.outcomes.find((o) => o.at - o.ms >= at && o.kind.endsWith(' 200'));
    return ok ? ok.at - at : null;
  }

  summary() {
    const by = new Map<string, number>();
    for (const o of this.outcomes) by.set(o.kind, (by.get(o.kind) ?? 0) + 1);
    return `${this.outcomes.length}: ${[...by].map(([k, n]) => `${k} ×${n}`).join(', ')}`;
  }

  /**
   * Answers that are neither a success nor an honest, retryable refusal: a 502 for a request cut
   * off mid-way, a 503 while the database is away, a 409 while an idempotency key's first request
   * is running (or its dead process's lease has not yet run out).
   */
  unexpected(): string[] {
    return [...new Set(this.outcomes.map((o) => o.kind).filter((k) => !/ (200|502|503)$/.test(k) && k !== 'заказ 409'))];
  }
}

/** A 1×1 PNG. */
function tinyPng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

let code = 0;
try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  for (const stop of started.reverse()) await Promise.resolve().then(stop).catch(() => undefined);
  await sleep(300);
}
const width = Math.max(...rows.map(([w]) => w.length), 10);
console.log('\nКластер: PostgreSQL 15, два процесса Crema, nginx, тестовый банк\n');
for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
if (failures.length > 0) {
  code = 1;
  console.log(`\nНе прошло (${failures.length}):`);
  for (const f of failures) console.log(`  - ${f}`);
  for (const name of ['crema-A.log', 'crema-B.log', 'nginx/error.log', 'pg/server.log']) {
    try {
      const text = readFileSync(path.join(dir, name), 'utf8').trim().split('\n').slice(-15).join('\n');
      console.log(`\n--- ${name} (конец)\n${text}`);
    } catch {
      // not written
    }
  }
} else {
  console.log(`\nКластерный тест пройден за ${((performance.now() - t0) / 1000).toFixed(0)} с.`);
}
if (process.env.CLUSTER_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
else console.log(`Файлы кластера: ${dir}`);
process.exit(code);
