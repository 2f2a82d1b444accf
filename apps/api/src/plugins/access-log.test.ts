import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from '../web/ssr.ts';

/** A stream that keeps what is written to it, line by line. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('access log over real HTTP (production: JSON)', () => {
  const out = capture();
  let app: FastifyInstance;
  let base: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    await buildCourse(database.db, { title: 'Бариста с нуля' });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' });
    const logger = createLogger({ nodeEnv: 'production', logLevel: 'debug' }, out.stream);
    app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(await loadWebBuild()), logger });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const accessLines = () =>
    out.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; req?: object })
      .filter((entry) => entry.req !== undefined);

  it('writes one info line per page view; its assets and in-process API calls are debug', async () => {
    const page = await fetch(`${base}/courses/`);
    expect(page.status).toBe(200);
    const asset = (await page.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    // Each body is read whole, so the server has finished every answer before it closes.
    const script = await fetch(`${base}${asset}`);
    expect(script.status).toBe(200);
    await script.arrayBuffer();
    const health = await fetch(`${base}/api/health/`);
    expect(health.status).toBe(200);
    await health.json();
    await app.close(); // every onResponse hook has run

    const info = accessLines().filter((entry) => entry.level === 30);
    expect(info.map((entry) => entry.msg.replace(/ \d+ ms$/, ''))).toEqual(['GET /courses/ 200', 'GET /api/health/ 200']);
    expect(info[0]).toMatchObject({ req: { method: 'GET', url: '/courses/' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    const debug = accessLines().filter((entry) => entry.level === 20).map((entry) => entry.msg);
    expect(debug).toContainEqual(expect.stringMatching(new RegExp(`^GET ${asset} 200 \\d+ ms$`)));
    // The catalogue's loaders called the API in-process: those are there, but only at debug.
    expect(debug.some((msg) => msg.startsWith('GET /api/'))).toBe(true);
    // Fastify's own pair of lines per request is off.
    expect(out.lines.some((line) => line.includes('incoming request') || line.includes('request completed'))).toBe(false);
  }, 60_000);
});

describe('createLogger', () => {
  it('writes readable lines in development', async () => {
    const out = capture();
    const log = createLogger({ nodeEnv: 'development', logLevel: 'info' }, out.stream);
    log.info({ req: { method: 'GET', url: '/' }, res: { statusCode: 200 }, responseTime: 3 }, 'GET / 200 3 ms');
    log.debug('not at info');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/ 200 3 ms$/);
  });

  it('writes JSON in production', () => {
    const out = capture();
    createLogger({ nodeEnv: 'production', logLevel: 'info' }, out.stream).info('stopped');
    expect(JSON.parse(out.lines[0]!)).toMatchObject({ level: 30, msg: 'stopped' });
  });
});
