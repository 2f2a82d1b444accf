import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildOwner, buildUser, setConfig, signInAs } from '../../test/factories.ts';
import { deriveKey } from '../../lib/keys.ts';

let t: TestContext;
/** The password of the student built below. */
const PASSWORD = 'crema-demo-2026';

beforeAll(async () => {
  t = await createTestApp();
  await buildOwner(t.database.db, { email: 'owner@school.example', lastName: 'Орлова', firstName: 'Вера', phone: '79161234501' });
  await buildUser(t.database.db, {
    email: 'student@school.example',
    password: PASSWORD,
    lastName: 'Смирнов',
    firstName: 'Алексей',
    patronymic: 'Игоревич',
    phone: '79161234502',
    birthDate: '1992-04-17',
    gender: 'male',
    isQuestionnaireCompleted: true,
  });
  await setConfig(t.database.db, { SITE_NAME: 'Школа кофе' });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each test speaks from its own address, so per-IP limits of one test do not leak into another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

interface Call {
  method?: 'GET' | 'POST' | 'PATCH';
  payload?: unknown;
  ip?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

function call(url: string, { method = 'POST', payload, ip = '10.9.9.9', headers = {}, cookies }: Call = {}) {
  return t.app.inject({ method, url, payload: payload as object, remoteAddress: ip, headers, cookies });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, values)).rows as T[];
}

/** The code of the newest letter to `email`. */
const lastCode = (email: string) => lastMailedCode(t.database, email);

/** Lets `email` ask for another code now (as if the 180 s had passed). */
async function skipCountdown(email: string) {
  await query(`update rate_limits set window_starts_at = now() - interval '2 days' where key like $1`, [`%:${email}`]);
}

async function signInByCode(email: string, ip = freshIp()) {
  await skipCountdown(email);
  expect((await call('/api/auth/send_code/email/', { payload: { email }, ip })).statusCode).toBe(200);
  const res = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: await lastCode(email) }, ip });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string; user: { id: number; email: string } };
}

const personal = (access: string) => call('/api/user/personal/', { method: 'GET', headers: { 'jwt-access-token': `Bearer ${access}` } });

describe('POST /api/auth/send_code/email/', () => {
  it('mails a 4-digit code that lives 10 minutes and is stored only as a hash', async () => {
    const email = 'codes@example.ru';
    const res = await call('/api/auth/send_code/email/', { payload: { email: '  Codes@Example.RU ' }, ip: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: `Код отправлен на ${email}.`, resend_after: 180 });
    const code = await lastCode(email);
    expect(code).toMatch(/^\d{4}$/);
    const rows = await query<Record<string, unknown> & { ttl_s: number }>(
      `select *, extract(epoch from expires_at - created_at)::int as ttl_s from auth_codes where email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ttl_s).toBe(600);
    expect(rows[0]!.purpose).toBe('login');
    for (const value of Object.values(rows[0]!)) expect(String(value)).not.toBe(code);
    expect(String(rows[0]!.code_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second code within 180 s with 429 and Retry-After, allows it after', async () => {
    const email = 'countdown@example.ru';
    const ip = freshIp();
    expect((await call('/api/auth/send_code/email/', { payload: { email }, ip })).statusCode).toBe(200);
    const again = await call('/api/auth/send_code/email/', { payload: { email }, ip });
    expect(again.statusCode).toBe(429);
    const retry = Number(again.headers['retry-after']);
    expect(retry).toBeGreaterThan(170);
    expect(retry).toBeLessThanOrEqual(180);
    expect(again.json().detail).toMatch(/Запросить новое можно через \d+ (секунд|минут)/);
    await skipCountdown(email);
    expect((await call('/api/auth/send_code/email/', { payload: { email }, ip })).statusCode).toBe(200);
  });

  it('limits sends per IP (20 an hour) whatever the addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await call('/api/auth/send_code/email/', { payload: { email: `ip-${i}@example.ru` }, ip });
      expect(res.statusCode).toBe(200);
    }
    const over = await call('/api/auth/send_code/email/', { payload: { email: 'ip-last@example.ru' }, ip });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toMatch(/с вашего адреса/);
    // Another address is not affected.
    expect((await call('/api/auth/send_code/email/', { payload: { email: 'ip-last@example.ru' }, ip: freshIp() })).statusCode).toBe(200);
  });

  it('accepts a Cyrillic address and lower-cases it; rejects a malformed one in Russian', async () => {
    const ok = await call('/api/auth/send_code/email/', { payload: { email: 'Иван@Пример.РФ' }, ip: freshIp() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toContain('иван@пример.рф');
    for (const email of ['ivan', 'ivan@', '@example.ru', 'iv an@example.ru', 'ivan@example', 'ivan@@example.ru', '']) {
      const bad = await call('/api/auth/send_code/email/', { payload: { email }, ip: freshIp() });
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().email[0]).toMatch(/адрес электронной почты/);
    }
  });
});

describe('POST /api/auth/token/email/', () => {
  it('registers a new address on the right code, with the e-mail verified, and the code works once', async () => {
    const email = 'иван@пример.рф';
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const code = await lastCode(email);
    const res = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email: 'ИВАН@пример.рф', code }, ip });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email, is_course_owner: false, has_password: false });
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [user] = await query<{ email_verified_at: Date | null }>('select email_verified_at from users where email = $1', [email]);
    expect(user?.email_verified_at).toBeInstanceOf(Date);
    const again = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code }, ip });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: ['Код не подходит или устарел. Осталось попыток: 4.'] });
  });

  it('signs in an existing account (an owner) without creating another', async () => {
    const body = await signInByCode('owner@school.example');
    expect(body.user).toMatchObject({ email: 'owner@school.example', is_course_owner: true, first_name: 'Вера' });
    const [count] = await query<{ n: number }>(`select count(*)::int as n from users where lower(email) = 'owner@school.example'`);
    expect(count?.n).toBe(1);
  });

  it('counts wrong entries and kills the code at the fifth', async () => {
    const email = 'wrong@example.ru';
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const code = await lastCode(email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let left = 4; left >= 1; left--) {
      const res = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: wrong }, ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: [`Код не подходит или устарел. Осталось попыток: ${left}.`] });
    }
    const fifth = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: wrong }, ip });
    expect(fifth.json()).toEqual({ code: ['Код не подходит или устарел. Попытки закончились — запросите новый код.'] });
    const right = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code }, ip });
    expect(right.statusCode).toBe(400);
    expect(right.json().code[0]).toMatch(/запросите новый код/);
  });

  it('limits wrong codes per IP across addresses (30 in 10 minutes)', async () => {
    const entryIp = freshIp();
    for (let i = 0; i < 6; i++) {
      const email = `wrong-ip-${i}@example.ru`;
      await call('/api/auth/send_code/email/', { payload: { email }, ip: freshIp() });
      const wrong = (await lastCode(email)) === '0000' ? '1111' : '0000';
      for (let n = 0; n < 5; n++) {
        expect((await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: wrong }, ip: entryIp })).statusCode).toBe(400);
      }
    }
    const email = 'wrong-ip-last@example.ru';
    await call('/api/auth/send_code/email/', { payload: { email }, ip: freshIp() });
    const code = await lastCode(email);
    const blocked = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code }, ip: entryIp });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Слишком много неверных кодов/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address's IP is not affected.
    expect((await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code }, ip: freshIp() })).statusCode).toBe(200);
  });

  it('caps letters to an address at 10 a day from one client and 10 an hour from anywhere: the owner waits an hour at most', async () => {
    const email = 'daily@example.ru';
    const attacker = freshIp();
    const countdownOver = () =>
      query(`update rate_limits set window_starts_at = now() - interval '200 seconds' where key like 'send:%:email:' || $1`, [email]);
    for (let i = 0; i < 10; i++) {
      await countdownOver();
      expect((await call('/api/auth/send_code/email/', { payload: { email }, ip: attacker })).statusCode).toBe(200);
    }
    await countdownOver();
    const eleventh = await call('/api/auth/send_code/email/', { payload: { email }, ip: attacker });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().detail).toMatch(/за сутки/);
    // Another client is held up by the address's hourly cap only, and told for how long.
    const owner = freshIp();
    const held = await call('/api/auth/send_code/email/', { payload: { email }, ip: owner });
    expect(held.statusCode).toBe(429);
    expect(held.json().detail).toMatch(/^Слишком много писем на этот адрес\. Попробуйте через \d+ минут/);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // An hour later the owner gets a code again; the attacker's client still does not.
    await query(`update rate_limits set window_starts_at = now() - interval '61 minutes' where key = $1`, [`send:hour:${email}`]);
    expect((await call('/api/auth/send_code/email/', { payload: { email }, ip: owner })).statusCode).toBe(200);
    await countdownOver();
    expect((await call('/api/auth/send_code/email/', { payload: { email }, ip: attacker })).json().detail).toMatch(/за сутки/);
  });

  it('refuses an expired code', async () => {
    const email = 'expired@example.ru';
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const code = await lastCode(email);
    await query(`update auth_codes set expires_at = now() - interval '1 second' where email = $1`, [email]);
    const res = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code }, ip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Код не подходит или устарел. Осталось попыток: 4.'] });
  });

  it('voids the old code when a new one is sent', async () => {
    const email = 'renew@example.ru';
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const first = await lastCode(email);
    let second = first;
    // The new code may, once in 10 000, repeat the old one; send until it differs.
    while (second === first) {
      await skipCountdown(email);
      expect((await call('/api/auth/send_code/email/', { payload: { email }, ip })).statusCode).toBe(200);
      second = await lastCode(email);
    }
    const old = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: first }, ip });
    expect(old.statusCode).toBe(400);
    expect((await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: second }, ip })).statusCode).toBe(200);
  });

  it('accepts only four digits', async () => {
    for (const code of ['123', '12345', 'abcd', '12 4']) {
      const res = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email: 'x@example.ru', code }, ip: freshIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().code[0]).toBe('Код — четыре цифры.');
    }
  });
});

describe('POST /api/auth/token/ (password)', () => {
  it('signs a student in with their password; the hash is argon2id', async () => {
    const res = await call('/api/auth/token/', { payload: { username: ' Student@school.example ', password: ` ${PASSWORD} ` }, ip: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'student@school.example', has_password: true });
    const [row] = await query<{ password_hash: string }>(`select password_hash from users where email = 'student@school.example'`);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers the same for an unknown address and a wrong password', async () => {
    const unknown = await call('/api/auth/token/', { payload: { username: 'nobody@example.ru', password: 'whatever-123' }, ip: freshIp() });
    const wrong = await call('/api/auth/token/', { payload: { username: 'owner@school.example', password: 'whatever-123' }, ip: freshIp() });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Неверный e-mail или пароль.' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('after 5 failures from anywhere an address waits, stepping up; the owner is told once; the right password then works', async () => {
    // A fresh account of its own, so other tests can still use the ones built above.
    const email = 'locked@example.ru';
    await buildUser(t.database.db, { email, password: 'right-password' });
    for (let i = 0; i < 6; i++) {
      const res = await call('/api/auth/token/', { payload: { username: email, password: `wrong-${i}-pass` }, ip: freshIp() });
      expect(res.statusCode).toBe(401);
    }
    const waiting = await call('/api/auth/token/', { payload: { username: email, password: 'right-password' }, ip: freshIp() });
    expect(waiting.statusCode).toBe(429);
    const retry = Number(waiting.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(waiting.json().detail).toMatch(/^Слишком много неудачных попыток для этого адреса\. Попробуйте через \d+ секунд/);
    // The wait is over: one more wrong guess makes the next wait 5 minutes.
    await query(`update rate_limits set blocked_until = now() where key = $1`, [`guess:any:${email}`]);
    expect((await call('/api/auth/token/', { payload: { username: email, password: 'wrong-again' }, ip: freshIp() })).statusCode).toBe(401);
    const longer = await call('/api/auth/token/', { payload: { username: email, password: 'right-password' }, ip: freshIp() });
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(240);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(300);
    const letters = await query<{ subject: string }>(`select subject from mail_outbox where "to" = $1`, [email]);
    expect(letters.map((l) => l.subject)).toEqual(['Неудачные попытки входа']);
    await query(`update rate_limits set blocked_until = now() where key = $1`, [`guess:any:${email}`]);
    expect((await call('/api/auth/token/', { payload: { username: email, password: 'right-password' }, ip: freshIp() })).statusCode).toBe(200);
    // A success forgets the failures: five free ones again.
    expect(await query(`select 1 from rate_limits where key = $1`, [`guess:any:${email}`])).toHaveLength(0);
  });

  it('limits failures per IP across accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await call('/api/auth/token/', { payload: { username: `spray-${i}@example.ru`, password: 'password-1' }, ip });
      expect(res.statusCode).toBe(401);
    }
    const over = await call('/api/auth/token/', { payload: { username: 'student@school.example', password: PASSWORD }, ip });
    expect(over.statusCode).toBe(429);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and the spent token is refused', async () => {
    const first = await signInByCode('rotate@example.ru');
    const next = await call('/api/auth/token/refresh/', { payload: { refresh: first.refresh } });
    expect(next.statusCode).toBe(200);
    const second = next.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await personal(second.access)).statusCode).toBe(200);
    const stored = await query<{ token_hash: string }>('select token_hash from refresh_tokens');
    expect(stored.some((r) => r.token_hash === first.refresh || r.token_hash === second.refresh)).toBe(false);
  });

  it('reuse of a spent token revokes the whole family: the reused and the newest both fail', async () => {
    const first = await signInByCode('reuse@example.ru');
    const second = (await call('/api/auth/token/refresh/', { payload: { refresh: first.refresh } })).json();
    const reuse = await call('/api/auth/token/refresh/', { payload: { refresh: first.refresh } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toMatch(/Войдите снова/);
    const newest = await call('/api/auth/token/refresh/', { payload: { refresh: second.refresh } });
    expect(newest.statusCode).toBe(401);
    // The access token of the revoked session stops working too.
    expect((await personal(second.access)).statusCode).toBe(401);
  });

  it('refuses an expired or unknown refresh token', async () => {
    const session = await signInByCode('old-refresh@example.ru');
    await query(`update refresh_tokens set expires_at = now() - interval '1 second'`);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: session.refresh } })).statusCode).toBe(401);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: 'x'.repeat(43) } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout/', () => {
  it('ends the session: its refresh and access tokens stop working, other sessions stay', async () => {
    const a = await signInByCode('logout@example.ru');
    const b = await signInByCode('logout@example.ru');
    const res = await call('/api/auth/logout/', { payload: { refresh: a.refresh } });
    expect(res.statusCode).toBe(204);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: a.refresh } })).statusCode).toBe(401);
    expect((await personal(a.access)).statusCode).toBe(401);
    expect((await personal(b.access)).statusCode).toBe(200);
  });

  it('ends the session of the access token when no refresh token is given', async () => {
    const a = await signInByCode('logout2@example.ru');
    const res = await call('/api/auth/logout/', { headers: { 'jwt-access-token': `Bearer ${a.access}` } });
    expect(res.statusCode).toBe(204);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: a.refresh } })).statusCode).toBe(401);
  });
});

describe('access tokens (JWT)', () => {
  // This installation's own key (the test app's is random), so forged tokens are right but for the part a test changes.
  let secret: string;
  let key: Uint8Array;
  let user: { id: number };
  let sid: string;
  beforeAll(async () => {
    secret = t.app.deps.config.secretKey;
    key = deriveKey(secret, 'jwt-access');
    const session = await signInByCode('jwt@example.ru');
    user = session.user;
    const [row] = await query<{ family_id: string }>(`select family_id from refresh_tokens where user_id = $1`, [user.id]);
    sid = row!.family_id;
  });

  function forge(overrides: { alg?: string; iss?: string; aud?: string; exp?: number; type?: string; key?: Uint8Array } = {}) {
    return new SignJWT({ sid, token_type: overrides.type ?? 'access' })
      .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(overrides.iss ?? 'crema')
      .setAudience(overrides.aud ?? 'crema:api')
      .setIssuedAt()
      .setExpirationTime(overrides.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(overrides.key ?? key);
  }

  it('accepts a well-formed token (the forging helper itself is right)', async () => {
    expect((await personal(await forge())).statusCode).toBe(200);
  });

  it('refuses wrong algorithm, alg none, wrong iss/aud, expired, wrong type, wrong key', async () => {
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: String(user.id), sid, token_type: 'access', iss: 'crema', aud: 'crema:api', iat: 1, exp: 4_000_000_000 }),
    ).toString('base64url')}.`;
    const bad = [
      await forge({ alg: 'HS512' }),
      none,
      await forge({ iss: 'someone-else' }),
      await forge({ aud: 'another-api' }),
      await forge({ exp: Math.floor(Date.now() / 1000) - 60 }),
      await forge({ type: 'refresh' }),
      await forge({ type: 'password_change', key: deriveKey(secret, 'jwt-password_change') }),
      await forge({ key: deriveKey(secret, 'something-else') }),
    ];
    for (const token of bad) {
      const res = await personal(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual({ detail: 'Войдите, чтобы продолжить.' });
    }
  });

  it('refuses a refresh token used as an access token', async () => {
    const session = await signInByCode('jwt2@example.ru');
    expect((await personal(session.refresh)).statusCode).toBe(401);
  });
});

describe('a development installation without SECRET_KEY', () => {
  // The key the source used to carry as the development default: with it and a live session id,
  // anyone could mint access and password-change tokens of a running instance.
  const published = 'crema-development-secret-do-not-use-in-production';
  let dev: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crema-dev-key-'));
    dev = await createTestApp({ NODE_ENV: 'development', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await dev?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function forgeFor(userId: number, secret: string, type: 'access' | 'password_change', claims: Record<string, string>) {
    return new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer('crema')
      .setAudience('crema:api')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(deriveKey(secret, `jwt-${type}`));
  }
  /** A change token for a user without a password: everything in it follows from the key and the id. */
  const forgeChange = (userId: number, secret: string) =>
    forgeFor(userId, secret, 'password_change', {
      pwv: createHmac('sha256', deriveKey(secret, 'password-fingerprint')).update(`${userId}:`).digest('base64url').slice(0, 22),
    });

  it('keeps its own random key in DATA_DIR, never the published one', async () => {
    const secret = dev.app.deps.config.secretKey;
    expect(secret).not.toBe(published);
    expect((await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim()).toBe(secret);
  });

  it('refuses access tokens forged with the published key for a live session', async () => {
    const user = await buildUser(dev.database.db, { email: 'dev-key@example.ru' });
    const { sessionId } = await signInAs(dev.app, user);
    const get = async (secret: string) =>
      dev.app.inject({
        method: 'GET',
        url: '/api/user/personal/',
        headers: { 'jwt-access-token': `Bearer ${await forgeFor(user.id, secret, 'access', { sid: sessionId })}` },
      });
    expect((await get(dev.app.deps.config.secretKey)).statusCode).toBe(200); // the forging helper is right
    const forged = await get(published);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: 'Войдите, чтобы продолжить.' });
  });

  it('refuses a password-change token forged with the published key (no takeover)', async () => {
    const user = await buildUser(dev.database.db, { email: 'dev-takeover@example.ru' });
    const setPassword = async (secret: string, password: string) =>
      dev.app.inject({
        method: 'PATCH',
        url: '/api/auth/set-password/change/',
        payload: { access_token: await forgeChange(user.id, secret), password, confirm_password: password },
      });
    const forged = await setPassword(published, 'Taken-over-2026');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ non_field_errors: ['Подтверждение смены пароля устарело. Запросите новый код.'] });
    // With the installation's real key the same token works: the refusal above is the key's doing.
    expect((await setPassword(dev.app.deps.config.secretKey, 'Owner-chosen-2026')).statusCode).toBe(200);
  });
});

describe('GET /api/user/personal/', () => {
  it('401 for a guest, the user for a token (with or without the trailing slash)', async () => {
    const guest = await call('/api/user/personal/', { method: 'GET' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Войдите, чтобы продолжить.' });
    const { access } = await signInByCode('student@school.example');
    for (const url of ['/api/user/personal/', '/api/user/personal']) {
      const res = await call(url, { method: 'GET', headers: { 'jwt-access-token': `Bearer ${access}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: 'student@school.example',
        first_name: 'Алексей',
        last_name: 'Смирнов',
        patronymic: 'Игоревич',
        phone: '79161234502',
        birth_date: '1992-04-17',
        gender: 'male',
        is_course_owner: false,
        is_staff: false,
        is_curator: false,
        is_questionnaire_completed: true,
        data_refusal: false,
      });
      expect(res.json()).not.toHaveProperty('password_hash');
    }
  });
});

describe('web session cookies and CSRF', () => {
  async function webSignIn(email: string) {
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const res = await call('/api/auth/token/email/', {
      payload: { email, code: await lastCode(email), consent_personal_data: true },
      headers: { 'x-crema-client': 'web' },
      ip,
    });
    expect(res.statusCode).toBe(200);
    const jar = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    return { res, jar, cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])) };
  }

  it('sets httpOnly SameSite=Lax cookies and keeps tokens out of the body', async () => {
    const { res, jar } = await webSignIn('web@example.ru');
    expect(Object.keys(res.json())).toEqual(['user']);
    expect(jar.crema_access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 });
    expect(jar.crema_refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2_592_000 });
    expect(jar.crema_csrf?.httpOnly).toBeFalsy();
    expect(jar.crema_csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(jar.crema_access?.secure).toBeFalsy();
  });

  it('cookie-authenticated GET needs no CSRF token; unsafe calls need it', async () => {
    const { cookies } = await webSignIn('csrf@example.ru');
    const access = { crema_access: cookies.crema_access!, crema_csrf: cookies.crema_csrf! };
    expect((await call('/api/user/personal/', { method: 'GET', cookies: access })).statusCode).toBe(200);

    const ip = freshIp();
    await call('/api/auth/change/', { payload: { email: 'csrf@example.ru' }, ip });
    const payload = { code: await lastCode('csrf@example.ru'), password: 'cookie-pass-1', confirm_password: 'cookie-pass-1' };
    const missing = await call('/api/auth/set-password/', { payload, cookies: access, ip });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toMatch(/[а-я]/);
    const wrong = await call('/api/auth/set-password/', { payload, cookies: access, ip, headers: { 'x-csrf-token': 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(403);
    const crossSite = await call('/api/auth/set-password/', {
      payload,
      cookies: access,
      ip,
      headers: { 'x-csrf-token': cookies.crema_csrf!, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const ok = await call('/api/auth/set-password/', {
      payload,
      cookies: access,
      ip,
      headers: { 'x-csrf-token': cookies.crema_csrf!, origin: 'http://localhost:80' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a POST that only reads (site settings) needs no CSRF token with the session cookie', async () => {
    const { cookies } = await webSignIn('csrf-read@example.ru');
    const session = { crema_access: cookies.crema_access!, crema_csrf: cookies.crema_csrf! };
    const res = await call('/api/configs/', { payload: { keys: ['SITE_NAME'] }, cookies: session });
    expect(res.statusCode).toBe(200);
    expect(res.json().SITE_NAME).toBeTruthy();
  });

  it('a CSRF cookie of another session does not fit', async () => {
    const a = await webSignIn('csrf-a@example.ru');
    const b = await webSignIn('csrf-b@example.ru');
    const res = await call('/api/auth/logout/', {
      cookies: { crema_access: a.cookies.crema_access!, crema_csrf: b.cookies.crema_csrf! },
      headers: { 'x-csrf-token': b.cookies.crema_csrf! },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refreshing by cookie: a CSRF value of another session does not fit either', async () => {
    const a = await webSignIn('csrf-refresh-a@example.ru');
    const b = await webSignIn('csrf-refresh-b@example.ru');
    const res = await call('/api/auth/token/refresh/', {
      cookies: { crema_refresh: a.cookies.crema_refresh!, crema_csrf: b.cookies.crema_csrf! },
      headers: { 'x-crema-client': 'web', 'x-csrf-token': b.cookies.crema_csrf! },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an opaque origin and a cross-site Referer when no Origin is sent', async () => {
    const { cookies } = await webSignIn('csrf-origin@example.ru');
    const session = { crema_access: cookies.crema_access!, crema_csrf: cookies.crema_csrf! };
    const token = { 'x-csrf-token': cookies.crema_csrf! };
    expect((await call('/api/auth/logout/', { cookies: session, headers: { ...token, origin: 'null' } })).statusCode).toBe(403);
    expect(
      (await call('/api/auth/logout/', { cookies: session, headers: { ...token, referer: 'https://evil.example/page' } })).statusCode,
    ).toBe(403);
    expect(
      (await call('/api/auth/logout/', { cookies: session, headers: { ...token, referer: 'http://localhost/courses/' } })).statusCode,
    ).toBe(204);
  });

  it('header-authenticated unsafe calls need no CSRF token', async () => {
    const { access } = await signInByCode('header@example.ru');
    const res = await call('/api/auth/logout/', { headers: { 'jwt-access-token': `Bearer ${access}` } });
    expect(res.statusCode).toBe(204);
  });

  it('refresh and logout by cookie need the CSRF token; logout clears the cookies', async () => {
    const { cookies } = await webSignIn('web-refresh@example.ru');
    const noCsrf = await call('/api/auth/token/refresh/', { cookies, headers: { 'x-crema-client': 'web' } });
    expect(noCsrf.statusCode).toBe(403);
    const refreshed = await call('/api/auth/token/refresh/', {
      cookies,
      headers: { 'x-crema-client': 'web', 'x-csrf-token': cookies.crema_csrf! },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = Object.fromEntries(refreshed.cookies.map((c) => [c.name, c.value]));
    expect(next.crema_refresh).not.toBe(cookies.crema_refresh);
    expect(next.crema_csrf).toBe(cookies.crema_csrf);

    expect((await call('/api/auth/logout/', { cookies: next })).statusCode).toBe(403);
    const out = await call('/api/auth/logout/', { cookies: next, headers: { 'x-csrf-token': next.crema_csrf! } });
    expect(out.statusCode).toBe(204);
    const cleared = Object.fromEntries(out.cookies.map((c) => [c.name, c.value]));
    expect(cleared).toEqual({ crema_access: '', crema_refresh: '', crema_csrf: '' });
    expect((await call('/api/user/personal/', { method: 'GET', cookies: { crema_access: next.crema_access! } })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('signed in: code + current password + new password; other sessions end, this one stays', async () => {
    const email = 'changer@example.ru';
    const here = await signInByCode(email);
    const elsewhere = await signInByCode(email);
    const auth = { 'jwt-access-token': `Bearer ${here.access}` };
    const ip = freshIp();
    // First password: a code-only account needs no current password.
    await call('/api/auth/change/', { payload: { email }, ip });
    const first = await call('/api/auth/set-password/', {
      payload: { code: await lastCode(email), password: 'first-password', confirm_password: 'first-password' },
      headers: auth,
      ip,
    });
    expect(first.statusCode).toBe(200);
    expect((await personal(elsewhere.access)).statusCode).toBe(401);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: elsewhere.refresh } })).statusCode).toBe(401);
    expect((await personal(here.access)).statusCode).toBe(200);

    // Now the current password is required and checked.
    await skipCountdown(email);
    await call('/api/auth/change/', { payload: { email }, ip });
    const code = await lastCode(email);
    const wrong = await call('/api/auth/set-password/', {
      payload: { code, current_password: 'not-it-at-all', password: 'second-password', confirm_password: 'second-password' },
      headers: auth,
      ip,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: ['Текущий пароль указан неверно.'] });
    const right = await call('/api/auth/set-password/', {
      payload: { code, current_password: 'first-password', password: 'second-password', confirm_password: 'second-password' },
      headers: auth,
      ip,
    });
    expect(right.statusCode).toBe(200);
    expect((await call('/api/auth/token/', { payload: { username: email, password: 'second-password' }, ip: freshIp() })).statusCode).toBe(200);
  });

  it('by e-mail code: change → code → token → PATCH; the token works once; sessions end', async () => {
    const email = 'student@school.example';
    const session = await signInByCode(email);
    const ip = freshIp();
    await skipCountdown(email);
    const sent = await call('/api/auth/change/', { payload: { email }, ip });
    expect(sent.statusCode).toBe(200);
    const exchanged = await call('/api/auth/change/code/', { payload: { email, code: await lastCode(email) }, ip });
    expect(exchanged.statusCode).toBe(200);
    const { access_token } = exchanged.json();
    const body = { access_token, password: 'brand-new-pass', confirm_password: 'brand-new-pass' };
    const done = await call('/api/auth/set-password/change/', { method: 'PATCH', payload: body, ip });
    expect(done.statusCode).toBe(200);
    expect(done.json().detail).toMatch(/Пароль изменён/);
    expect((await call('/api/auth/set-password/change/', { method: 'PATCH', payload: body, ip })).json()).toEqual({
      non_field_errors: ['Подтверждение смены пароля устарело. Запросите новый код.'],
    });
    expect((await personal(session.access)).statusCode).toBe(401);
    expect((await call('/api/auth/token/', { payload: { username: email, password: 'brand-new-pass' }, ip: freshIp() })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and does the same work: a code row nobody can type, a letter saying there is no account', async () => {
    const known = await call('/api/auth/change/', { payload: { email: 'owner@school.example' }, ip: freshIp() });
    const ghost = await call('/api/auth/change/', { payload: { email: 'ghost@example.ru' }, ip: freshIp() });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.json().detail).toContain('Если адрес ghost@example.ru зарегистрирован');
    expect(ghost.json().detail.replace('ghost@example.ru', '*')).toBe(known.json().detail.replace('owner@school.example', '*'));
    const rows = (email: string) =>
      query<{ purpose: string; live: boolean }>(
        `select purpose, consumed_at is null and expires_at > now() as live from auth_codes where email = $1 and purpose = 'password_change'`,
        [email],
      );
    expect(await rows('ghost@example.ru')).toEqual(await rows('owner@school.example'));
    const [letter] = await query<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = 'ghost@example.ru'`);
    expect(letter?.subject).toBe('Смена пароля');
    expect(letter?.text).toContain('учётной записи с ним нет');
    expect(letter?.text).not.toMatch(/\d{4}/);
  });

  it('checks the password rules with Russian messages', async () => {
    const cases: Array<[string, string, string]> = [
      ['short', 'short', 'Пароль должен быть не короче 8 символов.'],
      ['1234567890', '1234567890', 'Пароль не может состоять только из цифр.'],
      ['long-enough-1', 'long-enough-2', 'Пароли не совпадают.'],
    ];
    for (const [password, confirm, message] of cases) {
      const res = await call('/api/auth/set-password/change/', {
        method: 'PATCH',
        payload: { access_token: 'whatever', password, confirm_password: confirm },
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().non_field_errors).toContain(message);
    }
  });
});

describe('password restore', () => {
  it('answers identically for known and unknown addresses; the same rows; the unknown one is told there is no account', async () => {
    const known = await call('/api/auth/restore/', { payload: { email: 'owner@school.example' }, ip: freshIp() });
    const unknown = await call('/api/auth/restore/', { payload: { email: 'stranger@example.ru' }, ip: freshIp() });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().detail.replace('owner@school.example', '*')).toBe(unknown.json().detail.replace('stranger@example.ru', '*'));
    expect(await query(`select 1 from mail_outbox where "to" = 'stranger@example.ru' and text like '%?restore=%'`)).toHaveLength(0);
    expect(await query(`select 1 from mail_outbox where "to" = 'stranger@example.ru' and subject = 'Восстановление пароля'`)).toHaveLength(1);
    expect(await query(`select 1 from mail_outbox where "to" = 'owner@school.example' and text like '%?restore=%'`)).toHaveLength(1);
    const tokens = (email: string) => query(`select purpose, attempts from auth_codes where email = $1 and purpose = 'password_restore'`, [email]);
    expect(await tokens('stranger@example.ru')).toEqual(await tokens('owner@school.example'));
  });

  it('the mailed link sets the password once and ends every session', async () => {
    const email = 'restorer@example.ru';
    const session = await signInByCode(email);
    await call('/api/auth/restore/', { payload: { email }, ip: freshIp() });
    const [mail] = await query<{ text: string }>(`select text from mail_outbox where "to" = $1 order by id desc limit 1`, [email]);
    const link = /(http\S+\?restore=(\S+))/.exec(mail!.text);
    expect(link?.[1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?restore=/);
    const token = decodeURIComponent(link![2]!);
    const stored = await query<{ code_hash: string }>(`select code_hash from auth_codes where email = $1 and purpose = 'password_restore'`, [email]);
    expect(stored[0]!.code_hash).not.toContain(token.split('.')[1]!);

    const body = { access_token: token, password: 'restored-pass', confirm_password: 'restored-pass' };
    const first = await call('/api/auth/set-password/restore/', { method: 'PATCH', payload: body, ip: freshIp() });
    expect(first.statusCode).toBe(200);
    const second = await call('/api/auth/set-password/restore/', { method: 'PATCH', payload: body, ip: freshIp() });
    expect(second.statusCode).toBe(400);
    expect(second.json().non_field_errors[0]).toMatch(/недействительна или устарела/);
    expect((await call('/api/auth/token/refresh/', { payload: { refresh: session.refresh } })).statusCode).toBe(401);
    expect((await call('/api/auth/token/', { payload: { username: email, password: 'restored-pass' }, ip: freshIp() })).statusCode).toBe(200);
  });

  it('refuses an expired or forged link token', async () => {
    const email = 'owner@school.example';
    await skipCountdown(email);
    await call('/api/auth/restore/', { payload: { email }, ip: freshIp() });
    const [mail] = await query<{ text: string }>(`select text from mail_outbox where "to" = $1 order by id desc limit 1`, [email]);
    const token = decodeURIComponent(/\?restore=(\S+)/.exec(mail!.text)![1]!);
    const [id, secret] = token.split('.') as [string, string];
    const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const body = (access_token: string) => ({ access_token, password: 'restored-pass', confirm_password: 'restored-pass' });
    expect((await call('/api/auth/set-password/restore/', { method: 'PATCH', payload: body(forged) })).statusCode).toBe(400);
    await query(`update auth_codes set expires_at = now() - interval '1 second' where id = $1`, [Number(id)]);
    expect((await call('/api/auth/set-password/restore/', { method: 'PATCH', payload: body(token) })).statusCode).toBe(400);
  });
});

describe('rate limits live in PostgreSQL', () => {
  it('keeps the counters in the rate_limits table', async () => {
    const ip = freshIp();
    await call('/api/auth/send_code/email/', { payload: { email: 'stored@example.ru' }, ip });
    const rows = await query<{ key: string; count: number }>(`select key, count from rate_limits where key like '%stored@example.ru'`);
    expect(rows.map((r) => r.key).sort()).toEqual([
      `send:client:${ip}:stored@example.ru`,
      'send:hour:stored@example.ru',
      'send:login:email:stored@example.ru',
    ]);
  });
});

describe('OpenAPI document', () => {
  it('lists every sign-in call with a Russian summary and its error statuses', async () => {
    const doc = (await call('/api/docs/json', { method: 'GET' })).json();
    const expected: Array<[string, string, string[]]> = [
      ['/api/auth/send_code/email/', 'post', ['200', '400', '429']],
      ['/api/auth/token/email/', 'post', ['200', '400', '429']],
      ['/api/auth/token/', 'post', ['200', '400', '401', '429']],
      ['/api/auth/token/refresh/', 'post', ['200', '401', '403']],
      ['/api/auth/logout/', 'post', ['204', '403']],
      ['/api/auth/restore/', 'post', ['200', '429']],
      ['/api/auth/set-password/restore/', 'patch', ['200', '400']],
      ['/api/auth/change/', 'post', ['200', '429']],
      ['/api/auth/change/code/', 'post', ['200', '400']],
      ['/api/auth/set-password/change/', 'patch', ['200', '400']],
      ['/api/auth/set-password/', 'post', ['200', '401', '403']],
      ['/api/user/personal/', 'get', ['200', '401']],
    ];
    for (const [path, method, statuses] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op.summary).toMatch(/[а-я]/i);
      for (const status of statuses) expect(Object.keys(op.responses), `${path} ${status}`).toContain(status);
    }
  });

  it('documents the 204 of logout without a body and the passwords as strings', async () => {
    const doc = (await call('/api/docs/json', { method: 'GET' })).json();
    const logout = doc.paths['/api/auth/logout/'].post.responses['204'];
    expect(logout.description).toMatch(/[а-я]/);
    expect(logout).not.toHaveProperty('content');
    const schemas = doc.components.schemas;
    for (const id of ['SetPasswordRequest', 'SetPasswordRequestInput', 'ChangeOwnPasswordRequest', 'ChangeOwnPasswordRequestInput']) {
      for (const field of ['password', 'confirm_password']) expect(schemas[id]?.properties[field]?.type, `${id}.${field}`).toBe('string');
    }
    for (const id of ['PasswordTokenRequest', 'PasswordTokenRequestInput']) {
      expect(schemas[id].properties.password.type).toBe('string');
      expect(schemas[id].properties.username.type).toBe('string');
    }
    expect(schemas.SendCodeRequest.properties.email.type).toBe('string');
  });

  it('takes invitations (admin/audience.test.ts): a body without the link is a field error', async () => {
    const res = await call('/api/auth/token/invitation/', { payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('token');
  });
});

describe('Cache-Control: no-store on token and personal answers', () => {
  it('every sign-in answer carrying a token, its errors, and /api/user/*', async () => {
    const email = 'nostore@example.ru';
    const ip = freshIp();
    const sent = await call('/api/auth/send_code/email/', { payload: { email }, ip });
    const wrong = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: '9999' === (await lastCode(email)) ? '8888' : '9999' }, ip });
    const byCode = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email, code: await lastCode(email) }, ip });
    const { access, refresh } = byCode.json();
    const refreshed = await call('/api/auth/token/refresh/', { payload: { refresh } });
    const byPassword = await call('/api/auth/token/', { payload: { username: 'student@school.example', password: PASSWORD }, ip: freshIp() });
    await skipCountdown('student@school.example');
    await call('/api/auth/change/', { payload: { email: 'student@school.example' }, ip });
    const changeToken = await call('/api/auth/change/code/', {
      payload: { email: 'student@school.example', code: await lastCode('student@school.example') },
      ip,
    });
    expect(changeToken.statusCode).toBe(200);
    const me = await personal(access);
    const guest = await call('/api/user/personal/', { method: 'GET' });
    for (const res of [sent, wrong, byCode, refreshed, byPassword, changeToken, me, guest]) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
    // Other API answers keep their own caching.
    expect((await call('/api/configs/', { payload: { keys: ['SITE_NAME'] } })).headers['cache-control']).not.toBe('no-store');
  });
});

describe('e-mail addresses are NFKC-normalised wherever they enter', () => {
  it('a full-width address is the same account, by password and by code', async () => {
    const email = 'wide@school.example';
    await buildUser(t.database.db, { email, password: PASSWORD });
    const res = await call('/api/auth/token/', { payload: { username: 'ｗｉｄｅ@school.example', password: PASSWORD }, ip: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    const sent = await call('/api/auth/send_code/email/', { payload: { email: 'Ｗide@school.example' }, ip: freshIp() });
    expect(sent.json().detail).toBe(`Код отправлен на ${email}.`);
    const signedIn = await call('/api/auth/token/email/', { payload: { consent_personal_data: true, email: 'ｗide@school.example', code: await lastCode(email) }, ip: freshIp() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(res.json().user.id);
    expect(await query(`select id from users where email like '%ide@school.example'`)).toHaveLength(1);
  });
});
