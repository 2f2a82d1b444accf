// Sign-in answers that say nothing about an address, guessing budgets that are
// checked and counted in one step, and limits the owner cannot be locked out by (decision 0013).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMailedCode, type TestContext } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';

let t: TestContext;
const PASSWORD = 'right-password-1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
function freshIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

function post(url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}, cookies?: Record<string, string>) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers, cookies });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, values)).rows as T[];
}

/** The code of the newest letter to `email`. */
const lastCode = (email: string) => lastMailedCode(t.database, email);

/** A four-digit code other than `code`. */
const other = (code: string) => (code === '0000' ? '1111' : '0000');

/** Every key of rate_limits that names `email`, with `email` replaced by `*`. */
async function limitKeys(email: string): Promise<string[]> {
  const rows = await query<{ key: string; count: number }>(`select key, count from rate_limits where key like '%' || $1 || '%'`, [email]);
  return rows.map((r) => `${r.key.replace(email, '*').replace(/\d+\.\d+\.\d+\.\d+/, 'IP')}=${r.count}`).sort();
}

describe('the same answers for every address', () => {
  it('a wrong password-change code: the same body for an account and for no account, requested or not', async () => {
    const known = 'enum-known@example.ru';
    const unknown = 'enum-unknown@example.ru';
    await buildUser(t.database.db, { email: known, password: PASSWORD });
    // Nothing requested yet.
    const first = await post('/api/auth/change/code/', { email: known, code: '1234' });
    const second = await post('/api/auth/change/code/', { email: unknown, code: '1234' });
    expect(first.statusCode).toBe(400);
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual({ code: ['Код не подходит или устарел. Осталось попыток: 4.'] });
    // After POST /api/auth/change/ for both: still the same, attempt for attempt.
    await post('/api/auth/change/', { email: known });
    await post('/api/auth/change/', { email: unknown });
    const wrong = other(await lastCode(known));
    for (let i = 0; i < 5; i++) {
      const a = await post('/api/auth/change/code/', { email: known, code: wrong });
      const b = await post('/api/auth/change/code/', { email: unknown, code: wrong });
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
    }
  });

  it('a login code: an address that signed in before answers like one that never did', async () => {
    const used = 'enum-used@example.ru';
    const fresh = 'enum-fresh@example.ru';
    await post('/api/auth/send_code/email/', { email: used });
    expect((await post('/api/auth/token/email/', { email: used, code: await lastCode(used), consent_personal_data: true })).statusCode).toBe(200);
    const a = await post('/api/auth/token/email/', { email: used, code: '4321' });
    const b = await post('/api/auth/token/email/', { email: fresh, code: '4321' });
    expect(a.statusCode).toBe(400);
    expect(b.body).toBe(a.body);
    // An expired code answers the same too.
    await post('/api/auth/send_code/email/', { email: fresh });
    await query(`update auth_codes set expires_at = now() - interval '1 second' where email = $1`, [fresh]);
    const expired = await post('/api/auth/token/email/', { email: fresh, code: await lastCode(fresh) });
    expect(expired.json()).toEqual({ code: ['Код не подходит или устарел. Осталось попыток: 3.'] });
    expect((await post('/api/auth/token/email/', { email: used, code: '4321' })).body).toBe(expired.body);
  });

  it('restore and change do the same work for an account and for no account: rows, counters, letters', async () => {
    const known = 'work-known@example.ru';
    const unknown = 'work-unknown@example.ru';
    await buildUser(t.database.db, { email: known, password: PASSWORD });
    for (const url of ['/api/auth/restore/', '/api/auth/change/']) {
      const ip = freshIp();
      const a = await post(url, { email: known }, ip);
      const b = await post(url, { email: unknown }, ip);
      expect(b.body.replace(unknown, '*')).toBe(a.body.replace(known, '*'));
    }
    const rows = (email: string) =>
      query(`select purpose, attempts, consumed_at is null as open from auth_codes where email = $1 order by id`, [email]);
    expect(await rows(unknown)).toEqual(await rows(known));
    expect(await limitKeys(unknown)).toEqual(await limitKeys(known));
    const letters = (email: string) => query(`select count(*)::int as n from mail_outbox where "to" = $1`, [email]);
    expect(await letters(unknown)).toEqual(await letters(known));
  });
});

describe('limits are checked and counted in one step', () => {
  it('ten simultaneous wrong passwords after nine failures from one client: exactly one more is tried', async () => {
    const email = 'burst-client@example.ru';
    await buildUser(t.database.db, { email, password: PASSWORD });
    const ip = freshIp();
    // Nine failures of this client on this address already (10 allowed per 15 minutes).
    await query(`insert into rate_limits (key, count, window_starts_at) values ($1, 9, now())`, [`guess:client:${ip}:${email}`]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/api/auth/token/', { username: email, password: `wrong-pass-${i}` }, ip)),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });

  it('a burst of wrong passwords for one address from many clients: exactly the free five and the one that starts the wait', async () => {
    const email = 'burst-account@example.ru';
    await buildUser(t.database.db, { email, password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('/api/auth/token/', { username: email, password: `wrong-pass-${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(6);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(6);
    const [row] = await query<{ count: number }>(`select count from rate_limits where key = $1`, [`guess:any:${email}`]);
    expect(row?.count).toBe(6);
  });

  it('a burst of 36 wrong codes from one IP: exactly the 30 of the per-IP limit are tried', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => post('/api/auth/token/email/', { email: `burst-ip-${i}@example.ru`, code: '1234' }, ip)),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(30);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.json().detail).toMatch(/^Слишком много неверных кодов/);
  });

  it('IPv6: every address of one /64 counts as one client (a host there may take any of 2^64)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        post('/api/auth/token/email/', { email: `burst-v6-${i}@example.ru`, code: '1234' }, `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}`),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(30);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(2);
    // The next /64 is another client.
    expect((await post('/api/auth/token/email/', { email: 'burst-v6-next@example.ru', code: '1234' }, '2001:db8:77:2::1')).statusCode).toBe(400);
  });
});

describe('one guessing budget per address, across purposes', () => {
  it('wrong sign-in codes, password-change codes and passwords count together', async () => {
    const email = 'across@example.ru';
    await buildUser(t.database.db, { email, password: PASSWORD });
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/token/email/', { email, code: '1234' })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await post('/api/auth/change/code/', { email, code: '1234' })).statusCode).toBe(400);
    // The sixth failure is still tried (it starts the first wait); the seventh, of any kind, waits.
    expect((await post('/api/auth/token/', { username: email, password: 'not-the-password' })).statusCode).toBe(401);
    for (const [url, payload] of [
      ['/api/auth/token/email/', { email, code: '1234' }],
      ['/api/auth/change/code/', { email, code: '1234' }],
      ['/api/auth/token/', { username: email, password: PASSWORD }],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(429);
      expect(res.json().detail).toMatch(/для этого адреса/);
    }
  });

  it('an address without an account has the same budget and the same answers (and its owner gets no letter)', async () => {
    const email = 'across-nobody@example.ru';
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/token/', { username: email, password: 'whatever-123' })).statusCode).toBe(401);
    expect((await post('/api/auth/token/', { username: email, password: 'whatever-123' })).json().detail).toMatch(/для этого адреса/);
    expect(await query(`select 1 from mail_outbox where "to" = $1`, [email])).toHaveLength(0);
  });
});

describe('the owner is not kept out', () => {
  async function webSignIn(email: string, ip = freshIp()) {
    const res = await post('/api/auth/token/', { username: email, password: PASSWORD }, ip, { 'x-crema-client': 'web' });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(res.cookies.map((c) => [c.name, c]));
  }

  it('a browser that signed in before keeps its own budget while guessing from elsewhere makes the address wait', async () => {
    const email = 'owner-known@example.ru';
    await buildUser(t.database.db, { email, password: PASSWORD });
    const jar = await webSignIn(email);
    expect(jar.crema_device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 31_536_000 });
    const device = jar.crema_device!.value;
    // An attacker from many addresses spends the address's budget.
    for (let i = 0; i < 7; i++) await post('/api/auth/token/', { username: email, password: `guess-${i}-x` });
    const stranger = await post('/api/auth/token/', { username: email, password: PASSWORD }, freshIp(), { 'x-crema-client': 'web' });
    expect(stranger.statusCode).toBe(429);
    // The owner's browser still signs in, even from a new network.
    const owner = await post('/api/auth/token/', { username: email, password: PASSWORD }, freshIp(), { 'x-crema-client': 'web' }, { crema_device: device });
    expect(owner.statusCode).toBe(200);
  });

  it('the mark is bound to its address, and signing out keeps it', async () => {
    const a = 'mark-a@example.ru';
    const b = 'mark-b@example.ru';
    await buildUser(t.database.db, { email: a, password: PASSWORD });
    await buildUser(t.database.db, { email: b, password: PASSWORD });
    const jarA = await webSignIn(a);
    for (let i = 0; i < 7; i++) await post('/api/auth/token/', { username: b, password: `guess-${i}-x` });
    const withMarkOfA = await post('/api/auth/token/', { username: b, password: PASSWORD }, freshIp(), {}, { crema_device: jarA.crema_device!.value });
    expect(withMarkOfA.statusCode).toBe(429);
    const out = await post('/api/auth/logout/', {}, freshIp(), { 'x-csrf-token': jarA.crema_csrf!.value }, {
      crema_refresh: jarA.crema_refresh!.value,
      crema_csrf: jarA.crema_csrf!.value,
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.map((c) => c.name)).not.toContain('crema_device');
  });

  it('opening the mailed restore link marks the browser, so the owner can sign in during an attack', async () => {
    const email = 'owner-restore@example.ru';
    await buildUser(t.database.db, { email, password: PASSWORD });
    for (let i = 0; i < 7; i++) await post('/api/auth/token/', { username: email, password: `guess-${i}-x` });
    await post('/api/auth/restore/', { email });
    const [mail] = await query<{ text: string }>(`select text from mail_outbox where "to" = $1 and text like '%?restore=%'`, [email]);
    const token = decodeURIComponent(/\?restore=(\S+)/.exec(mail!.text)![1]!);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/set-password/restore/',
      payload: { access_token: token, password: 'new-password-2', confirm_password: 'new-password-2' },
      headers: { 'x-crema-client': 'web' },
      remoteAddress: freshIp(),
    });
    expect(set.statusCode).toBe(200);
    const device = set.cookies.find((c) => c.name === 'crema_device');
    expect(device?.httpOnly).toBe(true);
    const signIn = await post('/api/auth/token/', { username: email, password: 'new-password-2' }, freshIp(), {}, { crema_device: device!.value });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('PASSWORD_FAILURES_PER_IP_10MIN', () => {
  it('sets how many password sign-ins one IP may have counted in 10 minutes', async () => {
    const small = await createTestApp({ PASSWORD_FAILURES_PER_IP_10MIN: '2' });
    try {
      const ip = '10.9.0.1';
      const statuses: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const email = `ip-budget-${i}@example.ru`;
        await buildUser(small.database.db, { email, password: PASSWORD });
        const res = await small.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username: email, password: 'wrong-password-9' }, remoteAddress: ip });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await small.close();
    }
  });

  it('right passwords of one classroom arriving at once: those over the budget wait a moment, never ten minutes', async () => {
    const small = await createTestApp({ PASSWORD_FAILURES_PER_IP_10MIN: '2' });
    try {
      const ip = '10.9.0.2';
      const emails = Array.from({ length: 8 }, (_, i) => `classroom-${i}@example.ru`);
      for (const email of emails) await buildUser(small.database.db, { email, password: PASSWORD });
      const signIn = (email: string) => small.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username: email, password: PASSWORD }, remoteAddress: ip });
      const together = await Promise.all(emails.map(signIn));
      expect(together.some((res) => res.statusCode === 200)).toBe(true);
      expect(together.some((res) => res.statusCode === 429)).toBe(true);
      expect(together.every((res) => res.statusCode === 200 || res.statusCode === 429)).toBe(true);
      // The refused ones spent nothing and the right ones were given back: each signs in now.
      for (const [i, res] of together.entries()) {
        if (res.statusCode === 429) expect((await signIn(emails[i]!)).statusCode).toBe(200);
      }
    } finally {
      await small.close();
    }
  });
});
