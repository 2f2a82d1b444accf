import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildBanner, buildCourse, setConfig } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';
import pino from 'pino';

// The server-rendered site over the real API and database (`npm test` builds it first).
const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

let app: FastifyInstance;
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
    const counterScript = /<script>window\.dataLayer/g;
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
    const res = await app.inject({ method: 'GET', url: '/?restore=12.secret-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const takeOut = head.indexOf("searchParams.delete('restore')");
    expect(takeOut).toBeGreaterThan(0);
    expect(head.indexOf('<script>window.dataLayer')).toBeGreaterThan(takeOut);
    expect(head.slice(0, takeOut)).not.toMatch(/<script[^>]*src=/);
    expect(res.body).not.toContain('secret-token');
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
