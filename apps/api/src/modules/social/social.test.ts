import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_CONSENT_REQUIRED } from '@crema/contract';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { FAKE_OAUTH_PREFIX, fakeOAuthProvider } from './fake-provider.ts';

// The fake provider runs as a real HTTP server of its own, so the API's token and user-info
// calls go over the network exactly as they would to id.vk.com and oauth.yandex.ru.
let fake: FastifyInstance;
let fakeUrl: string;
let t: TestContext;
const PUBLIC_URL = 'http://127.0.0.1:3000';
const YANDEX_SECRET = 'test-yandex-secret';

function providerEnv(base: string): Record<string, string> {
  return {
    VK_CLIENT_ID: 'test-vk',
    VK_AUTHORIZE_URL: `${base}/vk/authorize/`,
    VK_TOKEN_URL: `${base}/vk/oauth2/auth/`,
    VK_USER_INFO_URL: `${base}/vk/oauth2/user_info/`,
    YANDEX_CLIENT_ID: 'test-yandex',
    YANDEX_CLIENT_SECRET: YANDEX_SECRET,
    YANDEX_AUTHORIZE_URL: `${base}/yandex/authorize/`,
    YANDEX_TOKEN_URL: `${base}/yandex/token/`,
    YANDEX_USER_INFO_URL: `${base}/yandex/info/`,
  };
}

beforeAll(async () => {
  fake = Fastify({ logger: false });
  await fake.register(fakeOAuthProvider, { prefix: FAKE_OAUTH_PREFIX, yandexClientSecret: YANDEX_SECRET });
  const address = await fake.listen({ host: '127.0.0.1', port: 0 });
  fakeUrl = `${address}${FAKE_OAUTH_PREFIX}`;
  t = await createTestApp({ PUBLIC_URL, ...providerEnv(fakeUrl) });
  await buildUser(t.database.db, { email: 'student@school.example', firstName: 'Алексей' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const verifier = () => randomBytes(48).toString('base64url').slice(0, 64);
const challenge = (v: string) => createHash('sha256').update(v).digest('base64url');

interface Person {
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** Walks the provider's page as a browser would: authorize, 'Разрешить', back with the code. */
async function authorize(provider: 'vk' | 'yandex', person: Person = {}, codeVerifier = verifier()) {
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${PUBLIC_URL}/${provider}-callback/`;
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: provider === 'vk' ? 'test-vk' : 'test-yandex',
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge(codeVerifier),
    code_challenge_method: provider === 'vk' ? 's256' : 'S256',
    scope: 'email',
  });
  const pageRes = await fetch(`${fakeUrl}/${provider}/authorize/?${params}`);
  expect(pageRes.status).toBe(200);
  expect(await pageRes.text()).toContain('Разрешить');
  const decide = new URLSearchParams({
    client_id: params.get('client_id')!,
    redirect_uri: redirectUri,
    state,
    code_challenge: params.get('code_challenge')!,
    scope: 'email',
    email: person.email ?? '',
    first_name: person.first_name ?? 'Иван',
    last_name: person.last_name ?? 'Соцсетев',
    decision: 'allow',
  });
  const back = await fetch(`${fakeUrl}/${provider}/decide/?${decide}`, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  expect(location.searchParams.get('state')).toBe(state);
  return {
    code: location.searchParams.get('code')!,
    device_id: location.searchParams.get('device_id') ?? undefined,
    state,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
  };
}

/** The code exchange; the sign-up consent box counts as ticked unless the payload says otherwise. */
function exchange(provider: string, payload: object, { web = false, ip = freshIp(), app = t.app } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/social/${provider}/`,
    payload: { consent_personal_data: true, ...payload },
    remoteAddress: ip,
    headers: web ? { 'x-crema-client': 'web' } : {},
  });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, values)).rows as T[];
}

describe('GET /api/auth/social/providers/', () => {
  it('lists the configured providers with what the button needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/social/providers/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        provider: 'vk',
        name: 'VK ID',
        authorize_url: `${fakeUrl}/vk/authorize/`,
        client_id: 'test-vk',
        scope: 'email',
        code_challenge_method: 's256',
        callback_path: '/vk-callback/',
      },
      {
        provider: 'yandex',
        name: 'Яндекс ID',
        authorize_url: `${fakeUrl}/yandex/authorize/`,
        client_id: 'test-yandex',
        scope: 'login:email login:info',
        code_challenge_method: 'S256',
        callback_path: '/yandex-callback/',
      },
    ]);
    // The secret never leaves the server.
    expect(res.body).not.toContain(YANDEX_SECRET);
  });

  it('the stand-in provider answers only this machine (it signs anyone in as any address)', async () => {
    for (const [method, url] of [['GET', '/dev/oauth/vk/authorize/'], ['POST', '/dev/oauth/yandex/token/']] as const) {
      const res = await t.app.inject({ method, url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
    const local = await t.app.inject({ method: 'GET', url: '/dev/oauth/vk/authorize/', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).not.toBe(404);
  });

  it('is empty without configuration, the exchange answers 404 and the fake provider is not mounted', async () => {
    const bare = await createTestApp();
    try {
      const list = await bare.app.inject({ method: 'GET', url: '/api/auth/social/providers/' });
      expect(list.json()).toEqual([]);
      const res = await exchange(
        'vk',
        { code: 'x', code_verifier: verifier(), redirect_uri: 'http://127.0.0.1:3000/vk-callback/' },
        { app: bare.app },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Вход через VK ID не настроен.');
      const fakePage = await bare.app.inject({ method: 'GET', url: '/dev/oauth/vk/authorize/' });
      expect(fakePage.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/auth/social/vk/', () => {
  it('creates a new account from the VK profile and signs in', async () => {
    const grant = await authorize('vk', { email: 'New.VK@Example.ru', first_name: 'Анна', last_name: 'Вконтактова' });
    expect(grant.device_id).toBeTruthy();
    const res = await exchange('vk', grant);
    expect(res.statusCode).toBe(200);
    // Tokens are never cached.
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'new.vk@example.ru', first_name: 'Анна', last_name: 'Вконтактова', has_password: false });
    expect(typeof body.access).toBe('string');
    expect(typeof body.refresh).toBe('string');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/personal/', headers: { 'jwt-access-token': `Bearer ${body.access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('new.vk@example.ru');
    const [user] = await query<{ email_verified_at: Date | null }>('select email_verified_at from users where id = $1', [body.user.id]);
    expect(user!.email_verified_at).not.toBeNull();
    const links = await query<{ provider: string; provider_user_id: string }>('select * from social_accounts where user_id = $1', [
      body.user.id,
    ]);
    expect(links).toHaveLength(1);
    expect(links[0]!.provider).toBe('vk');

    // The same VK person again: the same account, no second link.
    const again = await exchange('vk', await authorize('vk', { email: 'new.vk@example.ru' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);
    expect(await query('select 1 from social_accounts where user_id = $1', [body.user.id])).toHaveLength(1);
  });

  it('a new person without the ticked consent box gets no account and a Russian field error; with it the account has both consent records', async () => {
    for (const consent of [undefined, false]) {
      const grant = await authorize('vk', { email: 'no.box@example.ru' });
      const payload = consent === undefined ? { ...grant } : { ...grant, consent_personal_data: consent };
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/social/vk/', payload, remoteAddress: freshIp() });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ consent_personal_data: [SIGN_UP_CONSENT_REQUIRED] });
    }
    expect(await query("select 1 from users where email = 'no.box@example.ru'")).toEqual([]);
    expect(await query("select 1 from social_accounts where email = 'no.box@example.ru'")).toEqual([]);
    const res = await exchange('vk', await authorize('vk', { email: 'no.box@example.ru' }), { ip: '10.99.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await query<{ kind: string; ip: string }>('select kind, ip from consents where user_id = $1 order by kind', [res.json().user.id]);
    expect(rows).toEqual([
      { kind: 'personal_data', ip: '10.99.0.1' },
      { kind: 'privacy_policy', ip: '10.99.0.1' },
    ]);
  });

  it('an existing account signs in through a provider without the box, and no consent is recorded for it', async () => {
    const user = await buildUser(t.database.db, { email: 'has.account@example.ru' });
    const grant = await authorize('vk', { email: 'has.account@example.ru' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/social/vk/', payload: grant, remoteAddress: freshIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(await query('select 1 from consents where user_id = $1', [user.id])).toEqual([]);
  });

  it('links an existing account with the same e-mail instead of creating another', async () => {
    const [before] = await query<{ id: number; first_name: string | null }>(
      `select id, first_name from users where lower(email) = 'student@school.example'`,
    );
    const res = await exchange('vk', await authorize('vk', { email: 'Student@School.example', first_name: 'Другое' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(before!.id);
    // The profile of an existing account is not overwritten by the provider's.
    expect(res.json().user.first_name).toBe(before!.first_name);
    expect(await query(`select 1 from users where lower(email) = 'student@school.example'`)).toHaveLength(1);
    const links = await query<{ provider: string }>('select provider from social_accounts where user_id = $1', [before!.id]);
    expect(links.map((l) => l.provider)).toEqual(['vk']);
  });

  it('refuses a replayed code with a clear Russian message', async () => {
    const grant = await authorize('vk', { email: 'replay@example.ru' });
    expect((await exchange('vk', grant)).statusCode).toBe(200);
    const replay = await exchange('vk', grant);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code[0]).toMatch(/VK ID не принял код входа: он уже использован или устарел/);
  });

  it('refuses a code presented with the wrong verifier (and the code is spent)', async () => {
    const grant = await authorize('vk', { email: 'verifier@example.ru' });
    const wrong = await exchange('vk', { ...grant, code_verifier: verifier() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code[0]).toMatch(/не принял код входа/);
    expect((await exchange('vk', grant)).statusCode).toBe(400);
    expect(await query(`select 1 from users where email = 'verifier@example.ru'`)).toHaveLength(0);
  });

  it('refuses a code bound to another device_id', async () => {
    const grant = await authorize('vk', { email: 'device@example.ru' });
    const res = await exchange('vk', { ...grant, device_id: 'someone-else' });
    expect(res.statusCode).toBe(400);
  });

  it('sets the session cookies for the site and returns only the user', async () => {
    const res = await exchange('vk', await authorize('vk', { email: 'web.vk@example.ru' }), { web: true });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['user']);
    const names = res.cookies.map((c) => c.name).sort();
    expect(names).toEqual(['crema_access', 'crema_csrf', 'crema_refresh']);
    const access = res.cookies.find((c) => c.name === 'crema_access')!;
    expect(access.httpOnly).toBe(true);
    expect(access.sameSite).toBe('Lax');
  });

  it('lets someone already signed in on the site switch accounts, with the session’s CSRF value', async () => {
    const first = await exchange('vk', await authorize('vk', { email: 'switch.one@example.ru' }), { web: true });
    const cookies = Object.fromEntries(first.cookies.map((c) => [c.name, c.value]));
    const grant = await authorize('vk', { email: 'switch.two@example.ru' });
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/social/vk/',
        payload: { ...grant, consent_personal_data: true },
        cookies,
        remoteAddress: freshIp(),
        headers: { 'x-crema-client': 'web', ...headers },
      });
    // Without the CSRF header a cookie-authenticated call is refused before the code is spent.
    expect((await call({})).statusCode).toBe(403);
    const res = await call({ 'x-csrf-token': cookies.crema_csrf! });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('switch.two@example.ru');
  });

  it('asks for the e-mail when the provider did not share one', async () => {
    const res = await exchange('vk', await authorize('vk', { email: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().email[0]).toBe(
      'VK ID не сообщил адрес электронной почты. Разрешите доступ к почте при входе или войдите по коду из письма.',
    );
  });

  it('accepts only this site’s callback page as redirect_uri', async () => {
    const grant = await authorize('vk', { email: 'redirect@example.ru' });
    const res = await exchange('vk', { ...grant, redirect_uri: 'https://evil.example/vk-callback/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().redirect_uri[0]).toMatch(/Адрес возврата не совпадает/);
  });

  it('validates the verifier shape in Russian', async () => {
    const res = await exchange('vk', { code: 'abc', code_verifier: 'short', redirect_uri: `${PUBLIC_URL}/vk-callback/` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code_verifier[0]).toBe('Неверная проверочная строка входа.');
  });
});

describe('POST /api/auth/social/yandex/', () => {
  it('signs in with Yandex ID (client secret and verifier) and creates the account', async () => {
    const grant = await authorize('yandex', { email: 'ya.user@yandex.ru', first_name: 'Яна' });
    expect(grant.device_id).toBeUndefined();
    const res = await exchange('yandex', grant);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'ya.user@yandex.ru', first_name: 'Яна' });
    const links = await query<{ provider: string }>('select provider from social_accounts where user_id = $1', [res.json().user.id]);
    expect(links.map((l) => l.provider)).toEqual(['yandex']);
    expect((await exchange('yandex', grant)).statusCode).toBe(400);
  });

  it('links VK and Yandex to one account through the shared e-mail', async () => {
    const vk = await exchange('vk', await authorize('vk', { email: 'both@example.ru' }));
    const ya = await exchange('yandex', await authorize('yandex', { email: 'both@example.ru' }));
    expect(ya.json().user.id).toBe(vk.json().user.id);
    const links = await query<{ provider: string }>('select provider from social_accounts where user_id = $1 order by provider', [
      vk.json().user.id,
    ]);
    expect(links.map((l) => l.provider)).toEqual(['vk', 'yandex']);
  });
});

describe('an unreachable provider', () => {
  it('answers 503 with a Russian detail', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    const down = await createTestApp({ PUBLIC_URL, ...providerEnv(fakeUrl), VK_TOKEN_URL: `http://127.0.0.1:${port}/token/` });
    try {
      const res = await exchange('vk', await authorize('vk', { email: 'down@example.ru' }), { app: down.app });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('VK ID сейчас не отвечает. Попробуйте войти ещё раз через минуту или войдите по коду из письма.');
    } finally {
      await down.close();
    }
  });
});
