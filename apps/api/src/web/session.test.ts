import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { deriveKey } from '../lib/keys.ts';
import { SessionUsers } from '../modules/auth/session-users.ts';
import { JWT_AUDIENCE, JWT_ISSUER } from '../modules/auth/tokens.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildOwner, buildUser } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';

// The signed-in site: the root loader knows the visitor, private pages are guarded, and the
// server renews an expired access token from the refresh cookie before rendering.
const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const PASSWORD = 'crema-demo-2026';

let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  await buildOwner(database.db, { email: 'owner@school.example', lastName: 'Орлова', firstName: 'Вера', password: PASSWORD });
  await buildUser(database.db, { email: 'student@school.example', lastName: 'Смирнов', firstName: 'Алексей', password: PASSWORD });
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

type Jar = Record<string, string>;

function setCookies(res: LightMyRequestResponse): string[] {
  const value = res.headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** Applies a response's Set-Cookie lines to a jar, as a browser would (Max-Age=0 removes). */
function store(jar: Jar, res: LightMyRequestResponse): Jar {
  const next = { ...jar };
  for (const line of setCookies(res)) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (/max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line) || value === '') delete next[name];
    else next[name] = value;
  }
  return next;
}

const header = (jar: Jar) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

let ipCounter = 0;
async function signIn(email: string): Promise<Jar> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    headers: { 'x-crema-client': 'web', 'x-forwarded-for': `10.77.0.${++ipCounter}` },
    payload: { username: email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return store({}, res);
}

const page = (url: string, jar: Jar = {}) =>
  app.inject({ method: 'GET', url, headers: Object.keys(jar).length ? { cookie: header(jar) } : {} });

/** An access token of the same session and user that expired a minute ago. */
async function expired(access: string): Promise<string> {
  const claims = decodeJwt(access);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid as string, token_type: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(now - 7300)
    .setExpirationTime(now - 60)
    .sign(deriveKey(config.secretKey, 'jwt-access'));
}

const profileButton = /aria-label="Профиль: ([^"]+)"[^>]*>\s*<span class="avatar" aria-hidden="true">([^<]+)<\/span>/;

describe('the signed-in header', () => {
  it('a guest sees «Войти» and costs no user call', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Войти');
    expect(res.body).not.toMatch(profileButton);
  });

  it('a signed-in visitor sees the profile button with initials; the page is private', async () => {
    const jar = await signIn('owner@school.example');
    const res = await page('/', jar);
    expect(res.statusCode).toBe(200);
    const match = profileButton.exec(res.body);
    expect(match?.[1]).toBe('Орлова Вера');
    expect(match?.[2]).toBe('ВО');
    expect(res.body).toContain('Администрирование');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a page reads the signed-in person once for all its calls; the next page reads them again', async () => {
    const jar = await signIn('student@school.example');
    const reads = vi.spyOn(SessionUsers.prototype as unknown as { read: () => Promise<unknown> }, 'read');
    try {
      // The progress page: the root's and the page's six calls for the signed-in.
      expect((await page('/user/progress/', jar)).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await page('/user/courses/', jar)).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });

  it('an access token still within its time, of a session ended since: the next page is a guest’s', async () => {
    const jar = await signIn('student@school.example');
    // The token's signature is checked and remembered by this page…
    expect(profileButton.test((await page('/', jar)).body)).toBe(true);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { cookie: header(jar), 'x-crema-client': 'web', 'x-csrf-token': jar.crema_csrf! },
    });
    expect(logout.statusCode).toBe(204);
    // …but whether its session is live is read for every page: the same cookies are signed out now.
    const res = await page('/', { crema_access: jar.crema_access! });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(profileButton);
    expect((await page('/user/courses/', { crema_access: jar.crema_access! })).statusCode).toBe(302);
  });

  it('a student has no «Администрирование» in the dropdown', async () => {
    const res = await page('/', await signIn('student@school.example'));
    expect(profileButton.exec(res.body)?.[2]).toBe('АС');
    expect(res.body).toContain('Мое обучение');
    expect(res.body).not.toContain('Администрирование');
  });
});

describe('private pages', () => {
  it('send a guest to sign in and back', async () => {
    const res = await page('/user/courses/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login&next=%2Fuser%2Fcourses%2F');
    const withQuery = await page('/user/orders/?page=2');
    expect(withQuery.headers.location).toBe('/?login&next=%2Fuser%2Forders%2F%3Fpage%3D2');
    const admin = await page('/admin/courses/');
    expect(admin.statusCode).toBe(302);
    expect(admin.headers.location).toBe('/?login&next=%2Fadmin%2Fcourses%2F');
    // Unknown private addresses too: a guest learns nothing about what exists.
    expect((await page('/user/no-such-section/')).headers.location).toBe('/?login&next=%2Fuser%2Fno-such-section%2F');
    // The group's study layout asks for a signed-in person itself.
    expect((await page('/user/group/1/schedule/2/lessons/3/')).headers.location).toBe('/?login&next=%2Fuser%2Fgroup%2F1%2Fschedule%2F2%2Flessons%2F3%2F');
  });

  it('client navigations (/_.data) of a guest are sent to sign in as well; a member gets the data', async () => {
    const res = await page('/user/courses/_.data?_routes=routes%2Fuser%2Flayout,user-courses');
    expect(res.statusCode).toBe(202);
    expect(res.body).toContain('"/?login&next=%2Fuser%2Fcourses%2F"');
    const member = await page('/user/orders/_.data', await signIn('student@school.example'));
    expect(member.statusCode).toBe(200);
    // The orders page's own data: the route and its (empty) list of orders.
    expect(member.body).toContain('"user-orders"');
    expect(member.body).toContain('"orders",[]');
  });

  it('render for a signed-in visitor with the sidebar, noindex', async () => {
    const jar = await signIn('student@school.example');
    // Every account page renders its own content.
    for (const [path, heading, text] of [
      ['/user/courses/', 'Мое обучение', 'Вы пока не записаны ни на один курс'],
      ['/user/account/', 'Личные данные', 'Сохранить документы'],
      ['/user/students/', 'Данные учащихся', 'Учеников пока нет'],
      ['/user/orders/', 'Мои заказы', 'У вас пока нет заказов'],
      ['/user/schedule/', 'Расписание', 'Подключить календарь'],
      ['/user/group/', 'Мои группы', 'Вы пока не учитесь в группе'],
      ['/user/progress/', 'Успеваемость', 'У вас пока нет курсов'],
    ]) {
      const res = await page(path!, jar);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(`<h1 class="account__title">${heading}</h1>`);
      expect(res.body).toContain(text);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(res.body).toContain('aria-label="Личный кабинет"');
      expect(res.body).not.toContain('Управление курсами');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect((await page('/user/no-such-section/', jar)).statusCode).toBe(404);
    // A group the account does not study in: the 404 page, in the account frame and the study layout alike.
    for (const path of ['/user/group/1/', '/user/group/1/schedule/1/', '/user/group/1/schedule/lessons/1/', '/user/group/1/schedule/testing/1/']) {
      expect((await page(path, jar)).statusCode, path).toBe(404);
    }
    const home = await page('/user/', jar);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/user/courses/');
  });

  it('/admin/ is the 404 page for a student and open to a course owner', async () => {
    const student = await page('/admin/courses/', await signIn('student@school.example'));
    expect(student.statusCode).toBe(404);
    expect(student.body).toContain('Такой страницы нет');
    const owner = await signIn('owner@school.example');
    const res = await page('/admin/courses/', owner);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 id="admin-courses-title">Мои курсы</h1>');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect((await page('/user/courses/', owner)).body).toContain('Управление курсами');
    expect((await page('/admin/nothing-here/', owner)).statusCode).toBe(404);
  });
});

describe('session renewal on the server', () => {
  it('an expired access token with a live refresh cookie: rendered signed in, new cookies set', async () => {
    const jar = await signIn('student@school.example');
    const stale = { ...jar, crema_access: await expired(jar.crema_access!) };
    const res = await page('/user/courses/', stale);
    expect(res.statusCode).toBe(200);
    expect(profileButton.exec(res.body)?.[2]).toBe('АС');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const renewed = store(stale, res);
    expect(renewed.crema_access).toBeDefined();
    expect(renewed.crema_access).not.toBe(stale.crema_access);
    expect(renewed.crema_refresh).not.toBe(jar.crema_refresh);
    expect(setCookies(res).find((line) => line.startsWith('crema_access='))).toMatch(/HttpOnly/i);
    // The renewed cookies work for the API, and the spent refresh token is spent.
    const me = await app.inject({ method: 'GET', url: '/api/user/personal/', headers: { cookie: header(renewed) } });
    expect(me.json().email).toBe('student@school.example');
    // Without any access cookie at all, the same.
    const { crema_access: _gone, ...withoutAccess } = renewed;
    const again = await page('/', withoutAccess);
    expect(profileButton.exec(again.body)?.[2]).toBe('АС');
    expect(store(withoutAccess, again).crema_access).toBeDefined();
  });

  it('requests arriving together with the same refresh token share one renewal', async () => {
    const jar = await signIn('student@school.example');
    const { crema_access: _gone, ...stale } = jar;
    const [a, b] = await Promise.all([page('/', stale), page('/courses/', stale)]);
    expect(profileButton.exec(a.body)?.[2]).toBe('АС');
    expect(profileButton.exec(b.body)?.[2]).toBe('АС');
    const renewed = store(stale, a);
    expect(store(stale, b).crema_refresh).toBe(renewed.crema_refresh);
    // The family was not revoked as a reuse: the new pair still works.
    expect((await page('/user/courses/', renewed)).statusCode).toBe(200);
  });

  it('a revoked session: cookies cleared, the page rendered for a guest, never cached', async () => {
    const jar = await signIn('student@school.example');
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { cookie: header(jar), 'x-crema-client': 'web', 'x-csrf-token': jar.crema_csrf! },
    });
    expect(logout.statusCode).toBe(204);
    const { crema_access: _gone, ...stale } = jar;
    const res = await page('/', stale);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(profileButton);
    expect(res.body).toContain('Войти');
    // The session cookies are cleared; the known-browser mark (decision 0013) stays.
    expect(jar.crema_device).toBeDefined();
    expect(store(stale, res)).toEqual({ crema_device: jar.crema_device });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A private page then sends the visitor to sign in.
    const guarded = await page('/user/courses/', stale);
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/?login&next=%2Fuser%2Fcourses%2F');
  });

  it('a valid access token needs no renewal', async () => {
    const jar = await signIn('student@school.example');
    const res = await page('/user/account/', jar);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('student@school.example');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
