import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCertificate, buildCourse, buildUser } from '../test/factories.ts';
import { VERIFY_LIMIT } from '../modules/certificates/public.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';

// The public check page of a certificate (decision 0085), server-rendered: valid with initials and
// surname, never indexed, an unknown number the page's own 404; and the lookups its render makes
// count the visitor's network, not the server's own address (`npm test` builds the site first).
const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_TTL_MS: '0' });

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let number: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const course = await buildCourse(database.db, { title: 'Латте-арт' });
  const user = await buildUser(database.db);
  number = (await buildCertificate(database.db, { courseId: course.id, userId: user.id, lastName: 'Иванова', firstName: 'Ирина', patronymic: 'Петровна', courseTitle: 'Латте-арт' })).number;
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const page = (path: string, ip: string) => app.inject({ method: 'GET', url: path, remoteAddress: ip });

describe('/certificates/{number}/', () => {
  it('shows a valid certificate with the course, the date and the holder as initials and surname, noindex', async () => {
    const res = await page(`/certificates/${number}/`, '10.9.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).toContain('Сертификат действителен');
    expect(res.body).toContain('Латте-арт');
    expect(res.body).toContain('И. П. Иванова');
    expect(res.body).not.toContain('Ирина');
  });

  it('answers an unknown number with the page’s own 404', async () => {
    const res = await page('/certificates/CR-2222-3333-4444/', '10.9.0.2');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Сертификат не найден');
  });

  it('counts each visitor’s network: one spends its checks, another still gets answers', async () => {
    for (let i = 0; i < VERIFY_LIMIT.limit; i += 1) await page('/certificates/CR-2222-3333-4444/', '10.9.0.3');
    const refused = await page(`/certificates/${number}/`, '10.9.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Слишком много проверок');
    const other = await page(`/certificates/${number}/`, '10.9.0.4');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('Сертификат действителен');
  });
});
