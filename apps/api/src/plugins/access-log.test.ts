import net from 'node:net';
import { Readable, Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { AccessLog } from './access-log.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse, buildUser, signInAs } from '../test/factories.ts';
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

describe('a client that leaves before the end of the answer', () => {
  /** Asks for `path` over a bare socket and hangs up at the first bytes of the answer. */
  const leaveEarly = (port: number, path: string) =>
    new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      socket.once('data', () => socket.destroy());
      socket.once('close', () => resolve());
    });

  it('is one line with the address, at the level of its access line: not an error, not a bare "stream closed prematurely"', async () => {
    const out = capture();
    const app = Fastify({ loggerInstance: createLogger({ nodeEnv: 'production', logLevel: 'debug' }, out.stream), logController: new AccessLog() });
    // An answer that is sent in parts and never ends by itself (a streamed page, a large file).
    const endless = () => new Readable({ read() { setTimeout(() => this.push('часть ответа\n'.repeat(100)), 10); } });
    app.get('/courses/', (_request, reply) => reply.type('text/html').send(endless()));
    app.get('/assets/big.js', (_request, reply) => reply.type('text/javascript').send(endless()));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    await leaveEarly(port, '/courses/?page=2');
    await leaveEarly(port, '/assets/big.js');
    // The server learns of the hang-up a moment later.
    for (let i = 0; i < 100 && out.lines.filter((line) => line.includes('"aborted":true')).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await app.close();

    const entries = out.lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; aborted?: boolean });
    expect(entries.filter((entry) => /prematurely|terminated/.test(entry.msg))).toEqual([]);
    expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);
    const left = entries.filter((entry) => entry.aborted);
    expect(left.map((entry) => [entry.level, entry.msg.replace(/ \d+ ms,/, ' … ms,')])).toEqual([
      [30, 'GET /courses/?page=2 200 … ms, the client left before the end'],
      [20, 'GET /assets/big.js 200 … ms, the client left before the end'],
    ]);
  });
});

describe('secrets and personal data never reach the log', () => {
  const out = capture();
  let app: FastifyInstance;
  let base: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' });
    const logger = createLogger({ nodeEnv: 'production', logLevel: 'debug' }, out.stream);
    app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(await loadWebBuild()), logger });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  // Each secret as it appears in a real address; none may be found in any line, access or error.
  const secret = {
    restore: '12.RestoreSecretAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ical: 'IcalSecretBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    invitation: 'InviteTokenCCCCCCCCCC',
    order: 'OrderCodeDDDDDDDD',
    oauthCode: 'OauthCodeEEEEEEEE',
    oauthState: 'OauthStateFFFFFFFF',
  };
  const personal = { lastName: 'Секретова', phone: '+7 916 555-44-33', digits: '79165554433' };

  async function visit(path: string, init: RequestInit = {}) {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
    await res.arrayBuffer();
    return res.status;
  }

  const addresses = [
    `/?restore=${encodeURIComponent(secret.restore)}`,
    `/ical/${secret.ical}.ics`,
    `//ical/${secret.ical}.ics`,
    `/invitation/${secret.invitation}/`,
    `/invitation/${secret.invitation}/_.data`,
    `/api/invitations/${secret.invitation}/`,
    `/courses/payment/${secret.order}/`,
    `/courses/payment/${secret.order}.data`,
    `/api/order/payment/${secret.order}/`,
    `/api/order/${secret.order}/claim/`,
    `/api/order/${secret.order}/confirm/`,
    `/api/order/${secret.order}/send_code/`,
    `/api/user/orders/${secret.order}/cancel/`,
    `/tbank-payment-callback/?code=${secret.order}&Success=true`,
    `/vk-callback/?code=${secret.oauthCode}&state=${secret.oauthState}&type=code`,
  ];

  it('writes the addresses of restore links, iCal feeds, invitations and orders with the secret as ***, in access and error lines', async () => {
    for (const path of addresses) await visit(path, path.includes('/claim/') || path.includes('/confirm/') || path.includes('/send_code/') || path.includes('/cancel/') ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : {});
    // The same addresses once their queries fail (tables gone): 500s, logged as errors with their causes.
    await database.pool.query('alter table calendar_feeds rename to calendar_feeds_gone; alter table course_links rename to course_links_gone; alter table orders rename to orders_gone');
    const failed = await Promise.all(
      [`/ical/${secret.ical}.ics`, `/api/invitations/${secret.invitation}/`, `/api/order/payment/${secret.order}/`, `/invitation/${secret.invitation}/`, `/courses/payment/${secret.order}/`].map((path) => visit(path)),
    );
    expect(failed.slice(0, 3)).toEqual([500, 500, 500]);
    await app.close(); // every onResponse hook has run

    const entries = out.lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string }; url?: string });
    const access = entries.filter((entry) => entry.req !== undefined).map((entry) => entry.req!.url);
    // Each address was logged, with the secret replaced.
    expect(access).toEqual(expect.arrayContaining([
      '/?restore=***',
      '/ical/***.ics',
      '//ical/***.ics',
      '/invitation/***/',
      '/invitation/***/_.data',
      '/api/invitations/***/',
      '/courses/payment/***/',
      '/courses/payment/***.data',
      '/api/order/payment/***/',
      '/api/order/***/claim/',
      '/api/order/***/confirm/',
      '/api/order/***/send_code/',
      '/api/user/orders/***/cancel/',
      '/tbank-payment-callback/?code=***&Success=true',
      '/vk-callback/?code=***&state=***&type=code',
    ]));
    // The failed queries are logged with their statements; the token they looked up is not.
    const failures = entries.filter((entry) => entry.level >= 50 && entry.msg === 'request failed') as { err?: { message: string } }[];
    expect(failures).toHaveLength(3);
    expect(failures.some((entry) => /^Failed query: select [\s\S]*"course_links"[\s\S]*\nparams: \*\*\*/.test(entry.err?.message ?? ''))).toBe(true);
    for (const value of Object.values(secret)) {
      expect(out.lines.filter((line) => line.includes(value))).toEqual([]);
    }
  }, 60_000);

  it('logs a failed query without its values: no parameters, no detail quoting the row', async () => {
    // An app of its own: the one above is closed.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' });
    const app = await buildApp({ config, db: database.db, pool: database.pool, logger: createLogger({ nodeEnv: 'production', logLevel: 'debug' }, out.stream) });
    const before = out.lines.length;
    const user = await buildUser(database.db, { lastName: 'Иванова' });
    const session = await signInAs(app, user);
    // Every change of a user row now fails, its detail quoting the whole row ('Failing row contains (…)').
    await database.pool.query('alter table users add constraint users_frozen check (false) not valid');
    const patched = await app.inject({
      method: 'PATCH',
      url: '/api/user/personal/',
      headers: session.headers,
      payload: { last_name: personal.lastName, phone: personal.phone },
    });
    expect(patched.statusCode).toBe(500);
    await app.close();
    const lines = out.lines.slice(before);
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string; stack: string } }).find((entry) => entry.msg === 'request failed');
    // The failure itself is there to read: the statement, its constraint.
    expect(failure?.err?.message).toMatch(/^Failed query: update "users"/);
    expect(failure?.err?.stack).toContain('users_frozen');
    for (const value of [personal.lastName, personal.digits, user.email]) {
      expect(lines.filter((line) => line.includes(value))).toEqual([]);
    }
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
