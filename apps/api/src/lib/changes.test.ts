import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse, buildOwner, setConfig, signInAs } from '../test/factories.ts';
import { CHANGES_CHANNEL, ContentChanges, type ContentTopic } from './changes.ts';

// Two server processes on one database, as several Crema processes run in production: each keeps
// its content cache for a minute, so only the change feed can make an edit through one visible
// through the other before then.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
const apps: FastifyInstance[] = [];
const quiet = { warn: () => undefined };

async function process(): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '60000' });
  const app = await buildApp({ config, db: database.db, pool: database.pool });
  // A change made through this process, as a staff route declares it (the routes' own tests walk theirs).
  app.post('/test/phone/', { config: { changes: ['settings'] } }, async (request) => {
    await setConfig(database.db, { FOOTER_PHONE: String((request.body as { phone: string }).phone) });
    return { ok: true };
  });
  app.post('/test/failed/', { config: { changes: ['settings'] } }, async (_request, reply) => {
    await setConfig(database.db, { FOOTER_PHONE: 'не сохранено' });
    return reply.status(409).send({ detail: 'конфликт' });
  });
  await app.ready();
  apps.push(app);
  return app;
}

const phoneOf = async (app: FastifyInstance) =>
  (await app.inject({ method: 'POST', url: '/api/configs/', payload: { keys: ['FOOTER_PHONE'] } })).json<Record<string, string>>().FOOTER_PHONE;

/** Waits (a few seconds at most) until `check` holds. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
}

beforeAll(async () => {
  database = await createTestDatabase();
  await setConfig(database.db, { FOOTER_PHONE: '+7 495 000-00-01' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
});

describe('content changes across processes', () => {
  it('a change through one process is read at once there and soon through the other', async () => {
    const [one, two] = [await process(), await process()];
    // Both keep the old phone.
    expect(await phoneOf(one)).toBe('+7 495 000-00-01');
    expect(await phoneOf(two)).toBe('+7 495 000-00-01');
    await setConfig(database.db, { FOOTER_PHONE: 'написано в базе мимо сайта' });
    expect(await phoneOf(two), 'kept for the TTL without a change message').toBe('+7 495 000-00-01');

    expect((await one.inject({ method: 'POST', url: '/test/phone/', payload: { phone: '+7 495 000-00-02' } })).statusCode).toBe(200);
    expect(await phoneOf(one), 'the process that made the change, as soon as it answered').toBe('+7 495 000-00-02');
    await eventually(async () => (await phoneOf(two)) === '+7 495 000-00-02');
  });

  it('a course owner’s edit reaches the catalogue of both processes', async () => {
    const [one, two] = [await process(), await process()];
    const owner = await buildOwner(database.db);
    const course = await buildCourse(database.db, { ownerId: owner.id, title: 'Эспрессо: основы' });
    const titleOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: `/api/courses/${course.id}/` })).json<{ title: string }>().title;
    expect(await titleOf(one)).toBe('Эспрессо: основы');
    expect(await titleOf(two)).toBe('Эспрессо: основы');
    const session = await signInAs(one, owner);
    const renamed = await one.inject({ method: 'PATCH', url: `/api/admin/courses/${course.id}/`, headers: session.headers, payload: { title: 'Эспрессо с нуля' } });
    expect(renamed.statusCode).toBe(200);
    expect(await titleOf(one)).toBe('Эспрессо с нуля');
    await eventually(async () => (await titleOf(two)) === 'Эспрессо с нуля');
  });

  it('a route declaring a change must be one that changes something, with known topics', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, pool: database.pool });
    apps.push(app);
    expect(() => app.get('/test/read/', { config: { changes: ['pages'] } }, async () => ({}))).toThrow(/GET changes nothing/);
    expect(() => app.post('/test/odd/', { config: { changes: ['weather' as ContentTopic] } }, async () => ({}))).toThrow(/unknown content topic/);
  });

  it('a refused change drops nothing', async () => {
    const [one, two] = [await process(), await process()];
    await setConfig(database.db, { FOOTER_PHONE: '+7 495 000-00-03' });
    // Not kept yet by these two: read, then kept.
    await phoneOf(one);
    await phoneOf(two);
    expect((await one.inject({ method: 'POST', url: '/test/failed/' })).statusCode).toBe(409);
    // A message from a refused change would reach `two` within milliseconds; give it time to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await phoneOf(one)).toBe('+7 495 000-00-03');
    expect(await phoneOf(two)).toBe('+7 495 000-00-03');
  });

  it('only the topics named reach a handler, and a process does not handle its own message twice', async () => {
    const sender = new ContentChanges(database.pool, quiet);
    const receiver = new ContentChanges(database.pool, quiet);
    await Promise.all([sender.listen(), receiver.listen()]);
    const own: ContentTopic[][] = [];
    const heard: ContentTopic[][] = [];
    sender.on(['menus', 'pages'], (topics) => own.push([...topics]));
    receiver.on(['menus'], (topics) => heard.push([...topics]));
    await sender.publish(['pages', 'menus', 'catalog']);
    await sender.publish(['catalog']);
    await eventually(async () => heard.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([['menus']]);
    expect(own, 'once, at once, not again from the database').toEqual([['pages', 'menus']]);
    // Anything else on the channel is ignored.
    await database.pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, 'не JSON']);
    await database.pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ origin: 'x', topics: ['nonsense'] })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toHaveLength(1);
    await Promise.all([sender.close(), receiver.close()]);
  });

  it('a process that lost its connection drops everything when back, and hears changes again', async () => {
    const sender = new ContentChanges(database.pool, quiet);
    const receiver = new ContentChanges(database.pool, quiet, 50);
    await receiver.listen();
    const heard: ContentTopic[][] = [];
    receiver.on(['settings', 'learning'], (topics) => heard.push([...topics]));
    // The database cuts the listening connection (a restart, a failover).
    await database.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'crema-changes' and datname = current_database()`);
    await eventually(async () => heard.length > 0);
    expect(heard[0], 'messages may have been missed meanwhile').toEqual(['settings', 'learning']);
    await eventually(async () => {
      await sender.publish(['settings']);
      return heard.length >= 2;
    });
    expect(heard.at(-1)).toEqual(['settings']);
    await Promise.all([sender.close(), receiver.close()]);
  });
});
