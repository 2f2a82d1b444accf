// PostgreSQL away or restarting (decision 0075): API calls and pages answer 503 with Retry-After in
// Russian within a few seconds, never hang or 500; readiness says so, liveness does not; the pool
// recovers by itself once the server is back. The app reaches PostgreSQL through a TCP relay the
// test switches: open (passing through), refusing (nothing listens: a server down), or silent
// (connections accepted and never answered: a host gone or a network cut).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DATABASE_UNAVAILABLE, SHUTTING_DOWN } from '../../errors.ts';
import { buildCourse, buildUser, signInAs, type TestSession } from '../../test/factories.ts';
import { loadWebBuild, mountWeb } from '../../web/ssr.ts';

type Mode = 'open' | 'refusing' | 'silent';

/** A relay on a fixed local port to the test PostgreSQL server. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  mode: Mode = 'refusing';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async set(mode: Mode) {
    this.mode = mode;
    // A server going down cuts every connection it had.
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (mode === 'refusing') {
      const server = this.server;
      this.server = undefined;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      return;
    }
    if (this.server) return;
    const server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('error', () => {});
      client.on('close', () => this.sockets.delete(client));
      if (this.mode === 'silent') return;
      const upstream = net.connect(this.target);
      this.sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }
}

const build = await loadWebBuild();
let relay: Relay;
let database: Database;
let admin: Database;
let name: string;
let app: FastifyInstance;
let base: string;
/** A learner's session opened while PostgreSQL was there: its access token stays valid without it. */
let learner: TestSession;

beforeAll(async () => {
  const serverUrl = new URL(inject('pgServerUrl'));
  name = `crema_test_${randomBytes(5).toString('hex')}`;
  admin = openDatabase(`${inject('pgServerUrl')}/postgres`, { max: 1 });
  await admin.pool.query(`create database ${name} template ${inject('pgTemplate')}`);
  relay = new Relay({ host: serverUrl.hostname, port: Number(serverUrl.port) });
  await relay.set('open');
  const relayed = new URL(inject('pgServerUrl'));
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  database = openDatabase(`${relayed.href.replace(/\/$/, '')}/${name}`, { max: 4, connectTimeoutMs: 1000, onIdleError: () => {} });
  await buildCourse(database.db, { title: 'Бариста с нуля' });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', PAGE_CACHE_TTL_MS: '0' });
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  learner = await signInAs(app, await buildUser(database.db));
});
afterAll(async () => {
  await relay?.set('open');
  await app?.close();
  await database?.close();
  await admin?.pool.query(`drop database if exists ${name} with (force)`);
  await admin?.close();
  await relay?.set('refusing');
});

/** A request over HTTP, timed. */
async function get(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  return { res, body, seconds: (performance.now() - started) / 1000 };
}

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('with PostgreSQL reachable', () => {
  it('is live and ready, and serves calls and pages', async () => {
    expect((await get('/api/health/live/')).res.status).toBe(200);
    const ready = await get('/api/health/ready/');
    expect(ready.res.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    expect(ready.res.headers.get('cache-control')).toBe('no-store');
    expect((await get('/api/courses/')).res.status).toBe(200);
    expect((await get('/courses/', HTML)).res.status).toBe(200);
  });

  it('labels page requests by their route id in the metrics, never by the raw path', async () => {
    expect((await get('/courses/', HTML)).res.status).toBe(200);
    expect((await get('/courses.data')).res.status).toBe(200);
    expect((await get('/no-such-page-5e7b1c/', HTML)).res.status).toBe(404);
    const text = await app.metrics.text();
    expect(text).toMatch(/^crema_http_requests_total\{method="GET",route="routes\/courses\/catalog",status_code="200"\} [2-9]/m);
    expect(text).not.toContain('5e7b1c');
    expect(text).not.toContain('route="/*"');
  });
});

describe.each(['refusing', 'silent'] as const)('with PostgreSQL away (%s)', (mode) => {
  beforeAll(async () => {
    await relay.set(mode);
  });

  it('stays live but not ready', async () => {
    const live = await get('/api/health/live/');
    expect(live.res.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({ status: 'live' });
    const ready = await get('/api/health/ready/');
    expect(ready.res.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ detail: DATABASE_UNAVAILABLE });
    expect(Number(ready.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ready.seconds).toBeLessThan(3);
  });

  it('answers an API call 503 with Retry-After and a Russian detail, quickly', async () => {
    const { res, body, seconds } = await get('/api/courses/');
    expect(res.status).toBe(503);
    expect(JSON.parse(body)).toEqual({ detail: DATABASE_UNAVAILABLE });
    expect(DATABASE_UNAVAILABLE).toMatch(/^Сервис временно недоступен/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(seconds).toBeLessThan(3);
    // The old health call keeps its own answer.
    expect((await get('/api/health/')).res.status).toBe(503);
  });

  it('answers a page 503 with Retry-After and the site’s error page in Russian', async () => {
    const { res, body, seconds } = await get('/courses/', HTML);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).not.toMatch(/public/);
    expect(body).toMatch(/<html lang="ru">/);
    expect(body).toContain('Ошибка обращения к сервису');
    expect(body).toMatch(/Код ошибки: (<!-- -->)?503/);
    expect(seconds).toBeLessThan(6);
  });

  it('answers a signed-in visitor’s page 503 too (the session renewal needs the database first)', async () => {
    const { res, body, seconds } = await get('/courses/', { ...HTML, cookie: 'crema_refresh=not-a-real-token' });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body).toContain('<html lang="ru">');
    expect(body).toContain(DATABASE_UNAVAILABLE);
    // One wait for the database, not one for the renewal and another for the page's calls.
    expect(seconds).toBeLessThan(2);
  });

  it('answers a page 503 to someone with a valid access token, whose user the render cannot read', async () => {
    // No refresh cookie: nothing to renew, so the first to need the database is the render's read of the user.
    const { res, body, seconds } = await get('/user/courses/', { ...HTML, cookie: `crema_access=${learner.access}` });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).not.toMatch(/public/);
    expect(body).toContain('<html lang="ru">');
    expect(body).toContain(DATABASE_UNAVAILABLE);
    expect(seconds).toBeLessThan(3);
  });

  it('counts the answers it gave for the database', async () => {
    expect(await app.metrics.dbUnavailable.get()).toMatchObject({ values: [{ value: expect.any(Number) }] });
    expect((await app.metrics.dbUnavailable.get()).values[0]!.value).toBeGreaterThan(0);
  });

  it('recovers by itself once PostgreSQL is back', async () => {
    await relay.set('open');
    const ready = await get('/api/health/ready/');
    expect(ready.res.status).toBe(200);
    const courses = await get('/api/courses/');
    expect(courses.res.status).toBe(200);
    expect(courses.body).toContain('Бариста с нуля');
    const page = await get('/courses/', HTML);
    expect(page.res.status).toBe(200);
    expect(page.body).toContain('Бариста с нуля');
  });
});

describe('shutting down', () => {
  it('readiness turns 503 first, while liveness and the rest still answer', async () => {
    app.lifecycle.stopping = true;
    try {
      const ready = await get('/api/health/ready/');
      expect(ready.res.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ detail: SHUTTING_DOWN });
      expect(Number(ready.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await get('/api/health/live/')).res.status).toBe(200);
      expect((await get('/api/courses/')).res.status).toBe(200);
    } finally {
      app.lifecycle.stopping = false;
    }
  });
});
