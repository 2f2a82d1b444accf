import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildBanner, buildCourse, buildUser, setConfig, signInAs } from '../test/factories.ts';
import { acceptedEncoding, loadWebBuild, mountWeb, pageRouteMatcher } from './ssr.ts';
import pino from 'pino';

// The server-rendered site over the real API and database (`npm test` builds it first).
const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

let app: FastifyInstance;
/** Pages rendered so far, kept or live (the render timer's count). */
async function shellRenders(): Promise<number> {
  const { values } = await app.metrics.ssrRender.get();
  return values.filter((v) => v.metricName === 'crema_ssr_render_seconds_count').reduce((sum, v) => sum + v.value, 0);
}
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  await setConfig(database.db, {
    SITE_NAME: 'Crema',
    META_TAGS: '<meta name="format-detection" content="telephone=no">',
    COUNTERS: '<script>window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: "pageview" });</script>',
  });
  await buildBanner(database.db, { key: 'header', title: 'Скидка на курсы бариста', link: '/courses/' });
  await buildCourse(database.db, { title: 'Бариста с нуля' });
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('server-rendered pages', () => {
  it('renders the home page with the shell from the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/<html lang="ru">/);
    expect(html).toMatch(/<title>[^<]*Crema[^<]*<\/title>/);
    expect(html).toContain('Каталог курсов');
    expect(html).toContain('Направления обучения');
    expect(html).toContain('Уведомление о cookie');
  });

  it('puts META_TAGS and the COUNTERS scripts into the head', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<meta name="format-detection" content="telephone=no"\/?>/);
    // A guest's page allows its inline scripts by hash (no nonce attribute), a visitor's by nonce.
    const counterScript = /<script(?: nonce="[\w-]+")?>window\.dataLayer/g;
    expect(head.match(counterScript)).toHaveLength(1);
    expect(html.match(counterScript)).toHaveLength(1);
  });

  it('hides the cookie notice and a dismissed header banner when their cookies are set', async () => {
    const banners = (await app.inject({ method: 'GET', url: '/api/banners/?key=header' })).json();
    const fresh = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(fresh).toContain(banners[0].title);
    const returning = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `hideCookiesPanel=1; hideHeaderBanner=${banners[0].id}` },
    });
    expect(returning.body).not.toContain('Уведомление о cookie');
    expect(returning.body).not.toContain(banners[0].title);
  });

  it('an unknown page is the 404 page with HTTP 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page/' });
    expect(res.statusCode).toBe(404);
    expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual([expect.stringMatching(/^<title>Такой страницы нет — Crema/)]);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain('Обновить страницу');
    expect(res.body).toContain('На главную');
  });

  it('a path under /api/ that no API route answers is the API’s JSON 404, never a page', async () => {
    // Over a real socket, the path sent as it is (inject and fetch resolve dot segments first).
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const send = (method: string, path: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = httpRequest(`${base}/`, { method, path, headers: { accept: 'text/html' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
        });
        req.on('error', reject);
        req.end();
      });
    const paths = ['/api', '/api/', '/api/x/../', '/x/../api/', '/api/%2e%2e/', '/%2e%2e/api/x/', '/x/%2E%2E/api/', '/api%2fx/', '/api%2Fcourses/', '/api;x/', '/API/', '//api/', '/api/nothing/here/'];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const res = await send(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.type, `${method} ${path}`).toBe('application/json; charset=utf-8');
        if (method !== 'HEAD') expect(JSON.parse(res.body), `${method} ${path}`).toEqual({ detail: 'Не найдено.' });
      }
    }
    // Pages whose names only begin like it are pages.
    expect((await send('GET', '/apiary/')).type).toMatch(/^text\/html/);
  });

  it('serves hashed assets with immutable caching and robots.txt', async () => {
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await app.inject({ method: 'GET', url: asset! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /admin/');
    expect(robots.body).toContain('Disallow: /curator/');
  });

  it('compresses pages for browsers that accept it, and serves the build-time brotli copy of assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    const html = brotliDecompressSync(page.rawPayload).toString('utf8');
    expect(html).toContain('Направления обучения');

    const asset = /\/assets\/entry\.client[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const plain = await app.inject({ method: 'GET', url: asset! });
    const br = await app.inject({ method: 'GET', url: asset!, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('lets a shared cache keep guest pages, never pages for a visitor with cookies', async () => {
    const guest = await app.inject({ method: 'GET', url: '/' });
    expect(guest.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(guest.headers.vary).toMatch(/Cookie/);
    const returning = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'hideCookiesPanel=1' } });
    expect(returning.headers['cache-control']).toBe('private, no-cache');
    const missing = await app.inject({ method: 'GET', url: '/no-such-page/' });
    expect(missing.headers['cache-control']).toBe('private, no-cache');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a restore link: the script taking the token out of the address comes before the counters; never cached', async () => {
    app.pageCache.clear();
    const res = await app.inject({ method: 'GET', url: '/?restore=12.secret-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const takeOut = head.indexOf("searchParams.delete('restore')");
    expect(takeOut).toBeGreaterThan(0);
    expect(head.search(/<script nonce="[\w-]+">window\.dataLayer/)).toBeGreaterThan(takeOut);
    expect(head.slice(0, takeOut)).not.toMatch(/<script[^>]*src=/);
    // It runs under the page's Content Security Policy: it carries the answer's nonce.
    const nonce = /'nonce-([\w-]+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(head.slice(head.lastIndexOf('<script', takeOut), takeOut)).toContain(`nonce="${nonce}"`);
    expect(res.body).not.toContain('secret-token');
    // A guest's restore link is not kept in the page cache either.
    expect(app.pageCache.size.entries).toBe(0);
    // Other pages do not carry the script.
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toContain("searchParams.delete('restore')");
  });

  it('with the database gone, a page is the 500 page with HTTP 500, logged with its request id', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const database = await createTestDatabase();
    const broken = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build), logger });
    await database.drop();
    const res = await broken.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'req-broken-db-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('Ошибка обращения к сервису');
    expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Ошибка обращения к сервису — Crema</title>']);
    expect(res.body).toContain('На главную');
    const pageError = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'page failed');
    expect(pageError).toMatchObject({
      reqId: 'req-broken-db-1',
      url: 'http://localhost/',
      err: { type: 'ApiRequestError', message: expect.stringContaining('/api/') },
    });
    // The real cause stays in the log, never on the page.
    expect(res.body).not.toContain('ApiRequestError');
    await broken.close();
  });
});

/** The nonce of the page's Content-Security-Policy header, checked to be the only script permission besides 'self'. */
function policyNonce(header: unknown): string {
  expect(typeof header).toBe('string');
  const scriptSrc = (header as string).split('; ').find((part) => part.startsWith('script-src '));
  const nonce = /'nonce-([A-Za-z0-9_-]{22})'/.exec(scriptSrc ?? '')?.[1];
  expect(nonce).toBeDefined();
  return nonce!;
}

/** Every `<script …>` start tag of the page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe('Content Security Policy', () => {
  it('gives every inline script of a rendered page the header’s nonce, a new one per answer', async () => {
    const nonces = new Set<string>();
    const answers = await Promise.all(
      ['/', '/', '/courses/'].map((url) => app.inject({ method: 'GET', url, headers: { cookie: 'hideCookiesPanel=1' } })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const nonce = policyNonce(res.headers['content-security-policy']);
      nonces.add(nonce);
      const tags = scriptTags(res.body);
      // The counter, React Router's context, route modules and scroll restoration at least.
      expect(tags.filter((tag) => !/\ssrc=/.test(tag)).length).toBeGreaterThanOrEqual(4);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).toContain('window.dataLayer.push');
    }
    expect(nonces.size).toBe(answers.length);
  });

  it('allows a kept guest page’s inline scripts by their hashes: the same bytes for every guest, nothing else runs', async () => {
    app.pageCache.clear();
    const [first, second] = [await app.inject({ method: 'GET', url: '/' }), await app.inject({ method: 'GET', url: '/' })];
    expect(app.pageCache.size.entries).toBe(1);
    expect(second!.body).toBe(first!.body);
    const policy = String(first!.headers['content-security-policy']);
    expect(second!.headers['content-security-policy']).toBe(policy);
    expect(policy).not.toContain("'nonce-");
    const scriptSrc = policy.split('; ').find((part) => part.startsWith('script-src '))!;
    const allowed = [...scriptSrc.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map(([, hash]) => hash);
    // Every inline script the browser would run, hashed here independently of the server's code.
    const inline = [...first!.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) =>
      createHash('sha256').update(text!).digest('base64'),
    );
    expect(inline.length).toBeGreaterThanOrEqual(4);
    expect(new Set(allowed)).toEqual(new Set(inline));
    expect(first!.body).toContain('window.dataLayer.push');
    expect(scriptTags(first!.body).filter((tag) => tag.includes('nonce='))).toEqual([]);
  });

  it('states the policy: own scripts and nonced ones, no framing, no plugins, forms to the site only', async () => {
    const policy = String(
      (await app.inject({ method: 'GET', url: '/', headers: { cookie: 'hideCookiesPanel=1' } })).headers['content-security-policy'],
    );
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[\w-]+'; /);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('adds the sources of the counters and of CSP_EXTRA_SOURCES', async () => {
    const database = await createTestDatabase();
    await setConfig(database.db, {
      COUNTERS: '<script async src="https://mc.yandex.ru/metrika/tag.js"></script><noscript><img src="https://mc.yandex.ru/watch/1"></noscript>',
    });
    const counted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CSP_EXTRA_SOURCES: 'https://region1.google-analytics.com' }),
      db: database.db,
      pool: database.pool,
      web: mountWeb(build),
    });
    try {
      const res = await counted.inject({ method: 'GET', url: '/', headers: { cookie: 'hideCookiesPanel=1' } });
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' 'nonce-[\w-]+' https:\/\/mc\.yandex\.ru https:\/\/region1\.google-analytics\.com;/);
      expect(policy).toContain("connect-src 'self' https://mc.yandex.ru https://region1.google-analytics.com;");
      const counter = scriptTags(res.body).find((tag) => tag.includes('mc.yandex.ru'));
      expect(counter).toContain(`nonce="${policyNonce(policy)}"`);
      // A guest's kept page allows the same sources beside its hashes.
      const guest = String((await counted.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(guest).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ https:\/\/mc\.yandex\.ru https:\/\/region1\.google-analytics\.com;/);
    } finally {
      await counted.close();
      await database.drop();
    }
  });
});

describe('Content Security Policy after staff change the counters (decision 0074)', () => {
  it('allows a new counter host on the next page at once, with the content and page caches on', async () => {
    const database = await createTestDatabase();
    await setConfig(database.db, { COUNTERS: '<script async src="https://mc.yandex.ru/metrika/tag.js"></script>' });
    const cached = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '60000', PAGE_CACHE_TTL_MS: '60000' }),
      db: database.db,
      pool: database.pool,
      web: mountWeb(build),
    });
    try {
      const staff = await signInAs(cached, await buildUser(database.db, { isStaff: true }));
      // A guest's page (kept for every guest) and a signed-in page (rendered for them, from the
      // settings kept for renders: decision 0081).
      const scriptSrc = async (headers: Record<string, string> = {}) =>
        String((await cached.inject({ method: 'GET', url: '/', headers })).headers['content-security-policy'])
          .split('; ')
          .find((part) => part.startsWith('script-src '))!;
      expect(await scriptSrc()).toContain('https://mc.yandex.ru');
      expect(await scriptSrc(staff.cookieHeaders)).toContain('https://mc.yandex.ru');
      const url = '/api/admin/school/site/settings/';
      const settings = (await cached.inject({ method: 'GET', url, headers: staff.headers })).json<{ groups: { settings: { key: string; version: number }[] }[] }>();
      const version = settings.groups.flatMap((g) => g.settings).find((s) => s.key === 'COUNTERS')!.version;
      const saved = await cached.inject({
        method: 'PUT',
        url,
        headers: staff.headers,
        payload: { values: { COUNTERS: '<script async src="https://top-fwz1.mail.ru/js/code.js"></script>' }, versions: { COUNTERS: version } },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().csp_hosts).toEqual(['https://top-fwz1.mail.ru']);
      // A guest's page, kept for every guest, is rendered anew with the policy the screen showed.
      const policy = await scriptSrc();
      expect(policy).toContain('https://top-fwz1.mail.ru');
      expect(policy).not.toContain('https://mc.yandex.ru');
      const signedIn = await scriptSrc(staff.cookieHeaders);
      expect(signedIn).toContain('https://top-fwz1.mail.ru');
      expect(signedIn).not.toContain('https://mc.yandex.ru');
    } finally {
      await cached.close();
      await database.drop();
    }
  });
});

describe('Content Security Policy with the captcha on (decision 0027)', () => {
  const policyWith = async (env: Record<string, string>) => {
    const database = await createTestDatabase();
    const captcha = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'site-key', ...env }),
      db: database.db,
      pool: database.pool,
      web: mountWeb(build),
    });
    try {
      const live = String((await captcha.inject({ method: 'GET', url: '/', headers: { cookie: 'hideCookiesPanel=1' } })).headers['content-security-policy']);
      const kept = String((await captcha.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      return { live, kept };
    } finally {
      await captcha.close();
      await database.drop();
    }
  };
  const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

  it('allows reCAPTCHA’s script, frames and connections, derived from the provider, on live and kept pages', async () => {
    const { live, kept } = await policyWith({ CAPTCHA_PROVIDER: 'recaptcha' });
    for (const policy of [live, kept]) {
      for (const name of ['script-src', 'frame-src', 'connect-src']) {
        for (const origin of ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com']) {
          expect(directive(policy, name), `${name} ${origin}`).toContain(` ${origin}`);
        }
      }
      expect(policy).not.toContain('smartcaptcha');
    }
  });

  it('allows SmartCaptcha’s host; against the local stand-in nothing more than the site itself', async () => {
    const yandex = await policyWith({ CAPTCHA_PROVIDER: 'smartcaptcha' });
    for (const name of ['script-src', 'frame-src', 'connect-src']) {
      expect(directive(yandex.live, name)).toContain(' https://smartcaptcha.yandexcloud.net');
    }
    expect(yandex.live).not.toContain('google');
    const standIn = await policyWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/dev/captcha/recaptcha/api/siteverify' });
    expect(standIn.live).not.toContain('google');
    expect(standIn.live).not.toContain('gstatic');
    expect(directive(standIn.live, 'script-src')).toMatch(/^script-src 'self' 'nonce-[\w-]+'$/);
  });
});

describe('guest page cache', () => {
  it('renders a guest page once for many visitors arriving together; visitors with cookies get their own', async () => {
    app.pageCache.clear();
    const before = await shellRenders();
    const renders = async () => (await shellRenders()) - before;
    const guests = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/courses/' })));
    expect(await renders()).toBe(1);
    const [first] = guests;
    for (const res of guests) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
      expect(res.headers['content-security-policy']).toBe(first!.headers['content-security-policy']);
      expect(res.body).toBe(first!.body);
    }
    await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: '/courses/', headers: { cookie: 'hideCookiesPanel=1' } })));
    expect(await renders()).toBe(3);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await app.inject({ method: 'GET', url: '/courses/', headers: { 'accept-encoding': accept } });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/);
      const html = decode(compressed.rawPayload).toString('utf8');
      expect(html).toBe(first!.body);
    }
    expect(await renders()).toBe(3);
  });

  it('counts the cache’s hits and misses and times the renders (metrics, decision 0075)', async () => {
    app.pageCache.clear();
    const value = async (metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown>; metricName?: string }> }> }, name?: string, labels: Record<string, string> = {}) => {
      const { values } = await metric.get();
      const match = values.find((v) => (name === undefined || v.metricName === name) && Object.entries(labels).every(([k, l]) => v.labels[k] === l));
      return match?.value ?? 0;
    };
    const hits = await value(app.metrics.pageCacheHits);
    const misses = await value(app.metrics.pageCacheMisses);
    const cacheRenders = await value(app.metrics.ssrRender, 'crema_ssr_render_seconds_count', { mode: 'cache' });
    const liveRenders = await value(app.metrics.ssrRender, 'crema_ssr_render_seconds_count', { mode: 'live' });
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/courses/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/courses/', headers: { cookie: 'hideCookiesPanel=1' } })).statusCode).toBe(200);
    expect(await value(app.metrics.pageCacheMisses)).toBe(misses + 1);
    expect(await value(app.metrics.pageCacheHits)).toBe(hits + 2);
    expect(await value(app.metrics.ssrRender, 'crema_ssr_render_seconds_count', { mode: 'cache' })).toBe(cacheRenders + 1);
    expect(await value(app.metrics.ssrRender, 'crema_ssr_render_seconds_count', { mode: 'live' })).toBe(liveRenders + 1);
  });
});


describe('overload', () => {
  it('with every render slot busy and the queue full, answers 503 with Retry-After at once; guests of a page being rendered wait for it', async () => {
    const database = await createTestDatabase();
    await setConfig(database.db, { SITE_NAME: 'Crema' });
    const limited = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', SSR_CONCURRENCY: '1', SSR_QUEUE: '0' }),
      db: database.db,
      pool: database.pool,
      web: mountWeb(build),
    });
    // Holds the one render: its settings query waits for this lock.
    const lock = await database.pool.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table configs in access exclusive mode');
      const held = limited.inject({ method: 'GET', url: '/' });
      await expect
        .poll(async () => (await lock.query("select count(*)::int as n from pg_locks where relation = 'configs'::regclass and not granted")).rows[0].n)
        .toBeGreaterThan(0);
      // The same guest page: it waits for the render under way instead of taking a slot.
      const sameGuestPage = limited.inject({ method: 'GET', url: '/' });

      const page = await limited.inject({ method: 'GET', url: '/courses/', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('2');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Сервер перегружен');
      expect(page.body).not.toContain('<script');
      const data = await limited.inject({ method: 'GET', url: '/courses/', headers: { cookie: 'hideCookiesPanel=1', accept: '*/*' } });
      expect(data.statusCode).toBe(503);
      expect(data.headers['retry-after']).toBe('2');
      expect(data.json()).toEqual({ detail: 'Сервер перегружен. Повторите запрос через несколько секунд.' });

      await lock.query('commit');
      const [first, second] = await Promise.all([held, sameGuestPage]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain('Направления обучения');
      // The slot is free again.
      expect((await limited.inject({ method: 'GET', url: '/courses/', headers: { cookie: 'hideCookiesPanel=1' } })).statusCode).toBe(200);
    } finally {
      lock.release();
      await limited.close();
      await database.drop();
    }
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('pageRouteMatcher', () => {
  it('names the route that shows a path, its data requests too, for the metrics', () => {
    const route = pageRouteMatcher(build);
    for (const url of ['/courses/', '/courses/?category=3', '/courses.data', '/courses/_.data']) expect(route(url), url).toBe('routes/courses/catalog');
    expect(route('/')).toBe('routes/home');
    expect(route('/_root.data')).toBe('routes/home');
  });
});
