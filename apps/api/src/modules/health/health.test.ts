import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health/', () => {
  it('reports the database as up, with a request id header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up', latency_ms: expect.any(Number) } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps a sane incoming request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234567890' } });
    expect(res.headers['x-request-id']).toBe('lb-1234567890');
  });

  it('echoes the proxy’s request id and writes it on the JSON log lines as reqId; refuses an odd one', async () => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('../../logger.ts');
    const { buildApp } = await import('../../app.ts');
    const { loadConfig } = await import('../../config.ts');
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', SECRET_KEY: 'k'.repeat(40), SMTP_URL: 'smtp://localhost:2525', PUBLIC_URL: 'https://crema.example' });
    const app = await buildApp({ config, db: t.database.db, pool: t.database.pool, logger: createLogger(config, sink) });
    try {
      const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
      // nginx's $request_id: 32 hexadecimal characters.
      const id = '0f9e8d7c6b5a49382716a5b4c3d2e1f0';
      const res = await fetch(`${base}/api/health/live/`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
      const odd = await fetch(`${base}/api/health/live/`, { headers: { 'x-request-id': 'short' } });
      const own = odd.headers.get('x-request-id');
      expect(own).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const access = lines.filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/health/live/');
      expect(access.map((l) => l.reqId)).toEqual([id, own]);
    } finally {
      await app.close();
    }
  });

  it('reports 503 and the database as down when it cannot be reached', async () => {
    const { createTestDatabase } = await import('../../test/app.ts');
    const { buildApp } = await import('../../app.ts');
    const { loadConfig } = await import('../../config.ts');
    const database = await createTestDatabase();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: database.db, pool: database.pool });
    await database.drop(); // the pool is closed and the database gone
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down', latency_ms: null } });
    await app.close();
  });
});

describe('errors', () => {
  it('unknown API paths are JSON 404s in Russian', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('an unexpected failure is a 500 with the generic Russian detail, never the real error', async () => {
    const { createTestDatabase } = await import('../../test/app.ts');
    const { buildApp } = await import('../../app.ts');
    const { loadConfig } = await import('../../config.ts');
    const database = await createTestDatabase();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: database.db, pool: database.pool });
    await database.drop();
    const res = await app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Ошибка обращения к сервису' });
    await app.close();
  });

  it('serves the OpenAPI document with every content call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    for (const p of ['/api/configs/', '/api/menus/{key}/', '/api/categories/', '/api/banners/', '/api/banners/{id}/', '/api/health/', '/api/health/live/', '/api/health/ready/']) {
      expect(paths).toContain(p);
    }
  });
});

describe('trailing slash', () => {
  it('redirects a page path permanently to the slash form, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/courses?category=3&x=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/courses/?category=3&x=1');
  });

  it('keeps the method of a non-GET request with 308', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/some/page' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/some/page/');
  });

  it('never builds an off-site redirect from a double-slash path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '//evil.example/path' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example/path/');
  });

  it('leaves files and API paths alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).not.toBe(301);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
