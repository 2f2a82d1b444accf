// `npm run lighthouse`: Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU
// slowdown) on the home page, the catalogue and one course page, then, signed in as the demo
// student, on the learner's pages (progress, schedule, my courses, one lesson, one test), with
// the system Chromium. Prints the four category scores per page and the audits that cost points,
// plus the first-load JavaScript of each page (gzip). Starts its own server from the current
// build (on LIGHTHOUSE_PORT, default 3905) unless LIGHTHOUSE_URL points at a running one.
// `--assert` exits 1 when a page misses the targets (performance ≥ 98 on the public pages, ≥ 95
// on the learner's; accessibility and best practices 100, SEO 100 on the public pages).
// `--only=learner` or `--only=public` measures one of the two sets.
// `--a11y` (npm run lighthouse:a11y): the accessibility category only, on one page of
// every kind (public ones signed out; the demo student's and a course's admin pages signed in),
// each in the normal and in the accessible version (the a11y cookie: 200 %, white on black);
// prints each score and the audits that cost points. Slow: not part of `npm test`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstLoadJs, rawFetch } from './lib/first-load-js.ts';
import { firstCourseSlug, seedDemo, startCrema, stopAll, waitFor } from './lib/servers.ts';

const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;
/**
 * The learner's pages: performance from 95 (signed in: no page cache, more data per page). SEO is
 * no target there: private pages say `noindex` and have no description on purpose.
 */
const LEARNER_TARGETS: Record<Category, number> = { ...TARGETS, performance: 95, seo: 0 };
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
const assert = process.argv.includes('--assert');
const a11yOnly = process.argv.includes('--a11y');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

if (!CHROME) {
  console.error('Chromium не найден: установите пакет Debian «chromium» или задайте CHROME_PATH.');
  process.exit(1);
}

const WEB = { 'x-crema-client': 'web' };
const DEMO_PASSWORD = 'crema-demo-2026';
const ACCESSIBLE = `a11y=${encodeURIComponent('size:200|scheme:white-on-black|letters:normal|lines:normal|font:normal|images:on')}`;

/** Thrown to leave the main block early (the finally block still stops the server). */
class Done extends Error {}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crema-lighthouse-'));
let failed = false;
try {
  let base = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
  if (!base) {
    const port = Number(process.env.LIGHTHOUSE_PORT ?? 3905);
    base = `http://127.0.0.1:${port}`;
    // Production never seeds the demo school: it is loaded first (startCrema's database port).
    await seedDemo(dataDir, port + 20000);
    children.push(startCrema(port, dataDir));
    await waitFor(`${base}/api/health/`);
  }
  const urls = [`${base}/`, `${base}/courses/`, `${base}/courses/${await firstCourseSlug(base)}/`];

  if (a11yOnly) {
    failed = await accessibilityOfEveryKind(base);
    throw new Done();
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${CHROME}\n`);
    console.log('page'.padEnd(48), 'perf', ' a11y', '   bp', '  seo', '   JS gzip');
    const student = only === 'public' ? '' : await signIn(base, 'student@crema.local');
    const pages = [
      ...(only === 'learner' ? [] : urls.map((url) => ({ url, cookie: '', targets: TARGETS }))),
      ...(only === 'public' ? [] : (await learnerPaths(base, student)).map((p) => ({ url: `${base}${p}`, cookie: student, targets: LEARNER_TARGETS }))),
    ];
    for (const { url, cookie, targets } of pages) {
      // A warm-up visit, so the server's caches are as they are for real visitors.
      await fetch(url, { headers: { cookie } });
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
      if (!result) throw new Error(`Lighthouse не вернул результата для ${url}`);
      const { lhr } = result;
      const scores = Object.fromEntries(
        (Object.keys(TARGETS) as Category[]).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      const js = await firstLoadJs(url, cookie ? (asset, init) => fetchWithCookie(asset, cookie, init) : undefined);
      const label = `${new URL(url).pathname}${cookie ? ' (ученик)' : ''}`;
      console.log(
        label.padEnd(48),
        String(scores.performance).padStart(4),
        String(scores.accessibility).padStart(5),
        String(scores['best-practices']).padStart(5),
        String(scores.seo).padStart(5),
        `${(js.gzipBytes / 1024).toFixed(1)} KB`.padStart(10),
      );
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
      console.log(`  ${metrics.map((id) => `${id.replace(/-/g, ' ')}: ${lhr.audits[id]?.displayValue ?? '—'}`).join(' · ')}`);
      for (const key of Object.keys(TARGETS) as Category[]) {
        if (scores[key] < targets[key]) {
          failed = true;
          const lost = lhr.categories[key]!.auditRefs
            .map((ref) => lhr.audits[ref.id]!)
            .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual');
          console.log(`  ${key} ниже цели ${targets[key]}: ${lost.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ') || '—'}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    // chrome-launcher's kill can leave the browser running here (headless=new); make sure it ends.
    try {
      process.kill(chrome.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
} catch (error) {
  if (!(error instanceof Done)) throw error;
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.log(a11yOnly ? '\nЕсть страницы с оценкой доступности ниже 100.' : '\nЕсть страницы ниже целей.');
  if (assert) process.exitCode = 1;
}



async function getJson<T>(url: string, cookie = ''): Promise<T> {
  const res = await fetch(url, { headers: { ...WEB, cookie } });
  if (!res.ok) throw new Error(`${url} ответил ${res.status}`);
  return (await res.json()) as T;
}

/** A demo account's session as a Cookie header (sign-in with the demo password). */
async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { ...WEB, 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`вход ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/** The learner's pages Lighthouse measures: progress, schedule, my courses, a finished lesson and test of the demo student's course. */
async function learnerPaths(base: string, student: string): Promise<string[]> {
  const mine = await getJson<{ id: number; course: { slug: string } }[]>(`${base}/api/user/courses/`, student);
  const enrolment = mine.find((item) => item.course.slug === 'barista-s-nulya') ?? mine[0]!;
  const outline = await getJson<{ modules: { content: { id: number; type: string; status: string }[] }[] }>(
    `${base}/api/user/course/${enrolment.id}/modules/`,
    student,
  );
  const content = outline.modules.flatMap((module) => module.content);
  const lesson = content.find((item) => item.type === 'lesson' && item.status === 'completed') ?? content.find((item) => item.type === 'lesson');
  const test = content.find((item) => item.type === 'test' && item.status === 'completed') ?? content.find((item) => item.type === 'test');
  return [
    '/user/progress/',
    '/user/schedule/',
    '/user/courses/',
    ...(lesson ? [`/user/courses/${enrolment.id}/lessons/${lesson.id}/`] : []),
    ...(test ? [`/user/courses/${enrolment.id}/testing/${test.id}/`] : []),
  ];
}

/** firstLoadJs's fetch for a signed-in page: the page and its assets asked with the session cookie. */
function fetchWithCookie(url: string, cookie: string, init?: { headers?: Record<string, string> }) {
  return rawFetch(url, { headers: { ...init?.headers, cookie } });
}

/** One page of every kind, with the session it is seen with (as e2e/walk.ts, one of each). */
async function pagesOfEveryKind(base: string): Promise<{ path: string; cookie: string; who: string }[]> {
  const [courses, posts, sveden, documents] = await Promise.all([
    getJson<{ content: { slug: string }[] }>(`${base}/api/courses/?page_size=1`),
    getJson<{ results: { slug: string }[] }>(`${base}/api/pages/?kind=post&page_size=1`),
    getJson<{ nav: { url: string }[] }>(`${base}/api/sveden/`),
    getJson<{ url: string }[]>(`${base}/api/documents/`),
  ]);
  const course = courses.content[0]!.slug;
  const guest = [
    '/',
    '/courses/',
    `/courses/${course}/`,
    `/order-course/${course}/`,
    '/blog/',
    `/blog/${posts.results[0]!.slug}/`,
    '/schedule/',
    '/about/',
    '/presence/',
    '/sveden/',
    sveden.nav[0]!.url,
    documents[0]!.url,
    '/no-such-page/',
  ].map((path) => ({ path, cookie: '', who: 'гость' }));

  const student = await signIn(base, 'student@crema.local');
  const mine = await getJson<{ id: number; course: { slug: string } }[]>(`${base}/api/user/courses/`, student);
  const enrolment = mine.find((item) => item.course.slug === 'barista-s-nulya') ?? mine[0]!;
  const outline = await getJson<{ modules: { content: { id: number; type: string; status: string }[] }[] }>(
    `${base}/api/user/course/${enrolment.id}/modules/`,
    student,
  );
  const done = outline.modules.flatMap((module) => module.content).filter((item) => item.status === 'completed');
  const groups = await getJson<{ id: number; next_session: { id: number } | null }[]>(`${base}/api/user/groups/`, student);
  const group = groups[0];
  const studentPaths = [
    '/user/account/',
    '/user/students/',
    '/user/orders/',
    '/user/courses/',
    `/user/courses/${enrolment.id}/`,
    ...done.filter((item) => item.type === 'lesson').slice(0, 1).map((item) => `/user/courses/${enrolment.id}/lessons/${item.id}/`),
    ...done.filter((item) => item.type === 'test').slice(0, 1).map((item) => `/user/courses/${enrolment.id}/testing/${item.id}/`),
    '/user/group/',
    ...(group ? [`/user/group/${group.id}/`] : []),
    ...(group?.next_session ? [`/user/group/${group.id}/schedule/${group.next_session.id}/`] : []),
    '/user/schedule/',
    '/user/progress/',
    '/user/progress/test-results/',
  ];

  const owner = await signIn(base, 'owner@crema.local');
  const list = await getJson<{ results: { id: number; lessons_count: number }[] }>(`${base}/api/admin/courses/?page_size=50`, owner);
  let admin: { course: number; lesson: number; test: number } | undefined;
  for (const item of list.results.filter((entry) => entry.lessons_count > 0)) {
    const modules = await getJson<{ lessons: { id: number }[]; tests: { id: number }[] }[]>(`${base}/api/admin/courses/${item.id}/modules/`, owner);
    const lesson = modules.flatMap((module) => module.lessons)[0];
    const test = modules.flatMap((module) => module.tests)[0];
    if (lesson && test) {
      admin = { course: item.id, lesson: lesson.id, test: test.id };
      break;
    }
  }
  const ownerPaths = admin
    ? [
        '/admin/courses/',
        '/admin/courses/add/',
        `/admin/courses/${admin.course}/`,
        `/admin/courses/${admin.course}/edit/`,
        `/admin/courses/${admin.course}/links/`,
        `/admin/courses/${admin.course}/audience/`,
        `/admin/courses/${admin.course}/audience/add/`,
        `/admin/courses/${admin.course}/test/`,
        `/admin/lessons/${admin.lesson}/`,
        `/admin/tests/${admin.test}/`,
        '/admin/progress/',
        `/admin/courses/${admin.course}/preview/`,
      ]
    : [];
  return [
    ...guest,
    ...studentPaths.map((path) => ({ path, cookie: student, who: 'ученик' })),
    ...ownerPaths.map((path) => ({ path, cookie: owner, who: 'владелец' })),
  ];
}

/** The accessibility score of every kind of page, normal and accessible version. True when one is below 100. */
async function accessibilityOfEveryKind(base: string): Promise<boolean> {
  const pages = await pagesOfEveryKind(base);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let below = false;
  const scores: number[] = [];
  try {
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, accessibility only, desktop, ${CHROME}\n`);
    console.log('page'.padEnd(52), 'who'.padEnd(9), 'normal', ' accessible');
    for (const { path, cookie, who } of pages) {
      const row: string[] = [];
      const lost: string[] = [];
      for (const version of ['normal', 'accessible'] as const) {
        const header = [cookie, version === 'accessible' ? ACCESSIBLE : ''].filter(Boolean).join('; ');
        const result = await lighthouse(
          `${base}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], ...(header ? { extraHeaders: { Cookie: header } } : {}) },
          { extends: 'lighthouse:default', settings: { formFactor: 'desktop', screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false }, throttlingMethod: 'provided' } },
        );
        if (!result) throw new Error(`Lighthouse не вернул результата для ${path}`);
        // Lighthouse does not score a page answered with an error status (the 404 page): it says so.
        if (result.lhr.runtimeError) {
          row.push('—');
          lost.push(`${version}: ${result.lhr.runtimeError.code}`);
          continue;
        }
        const category = result.lhr.categories.accessibility!;
        const score = Math.round((category.score ?? 0) * 100);
        scores.push(score);
        row.push(String(score));
        if (score < 100) {
          below = true;
          for (const ref of category.auditRefs) {
            const audit = result.lhr.audits[ref.id]!;
            if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.push(`${version}: ${audit.id}`);
          }
        }
      }
      console.log(path.padEnd(52), who.padEnd(9), row[0]!.padStart(6), row[1]!.padStart(11));
      if (lost.length) console.log(`  снижают оценку или не дают её: ${lost.join(', ')}`);
    }
    console.log(`\n${scores.length} проверок, наименьшая оценка ${Math.min(...scores)}.`);
  } finally {
    await chrome.kill();
    try {
      process.kill(chrome.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  return below;
}
