import { formatDateTime } from '@crema/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { setConfig } from '../../test/factories.ts';
import { configs, mailOutbox } from '../../db/schema/index.ts';
import { enqueueMail, sendTemplate } from './service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const letter = (to: string, subject: string) => ({ to, subject, html: `<p>${subject}</p>`, text: subject });

describe('the outbox', () => {
  it('keeps nothing from a transaction that rolls back, and the letter of one that commits', async () => {
    const rollback = new Error('rollback');
    await expect(
      t.database.db.transaction(async (tx) => {
        await sendTemplate(tx, { to: 'gone@example.com', template: 'login_code', data: { code: '1111', validMinutes: 10 } });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'gone@example.com'))).toEqual([]);

    const id = await t.database.db.transaction((tx) =>
      sendTemplate(tx, { to: 'kept@example.com', template: 'login_code', data: { code: '2222', validMinutes: 10 } }),
    );
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ to: 'kept@example.com', subject: 'Код для входа: 2222', status: 'pending', attempts: 0 });
    expect(row!.text).toContain('Код действует 10\u00a0минут.');
  });

  it('signs letters with the school name from SITE_NAME', async () => {
    await setConfig(t.database.db, { SITE_NAME: 'Школа «Зерно» <тест>' });
    try {
      const id = await sendTemplate(t.database.db, {
        to: 'school@example.com',
        template: 'password_restore_link',
        data: { url: 'https://crema.example/restore/?token=abc', validMinutes: 30 },
      });
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      expect(row!.text).toContain('Школа «Зерно» <тест>');
      expect(row!.html).toContain('Школа «Зерно» &lt;тест&gt;');
      expect(row!.text).toContain('https://crema.example/restore/?token=abc');
    } finally {
      await t.database.db.delete(configs).where(eq(configs.key, 'SITE_NAME'));
    }
  });

  it('refuses a recipient that could inject headers', async () => {
    await expect(enqueueMail(t.database.db, letter('a@example.com\r\nBcc: x@example.com', 'x'))).rejects.toThrow(/recipient/);
  });
});

describe('/dev/mail.json and /dev/mail/', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    // Separate statements so each gets its own creation time.
    for (const [to, subject] of [
      ['first@example.com', 'Первое'],
      ['other@example.com', 'Второе <b>жирное</b>'],
      ['First@Example.com', 'Третье'],
    ] as const) {
      ids.push(await enqueueMail(t.database.db, letter(to, subject)));
    }
  });

  it('lists letters newest first, with what browser tests need', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json() as { id: number; created_at: string }[];
    const mine = list.filter((m) => ids.includes(m.id)).map((m) => m.id);
    expect(mine).toEqual([...ids].reverse());
    // Newest first across the whole list, not only these three.
    const times = list.map((m) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.find((m) => m.id === ids[1])).toEqual({
      id: ids[1],
      to: 'other@example.com',
      subject: 'Второе <b>жирное</b>',
      text: 'Второе <b>жирное</b>',
      html: '<p>Второе <b>жирное</b></p>',
      status: 'pending',
      attempts: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sent_at: null,
      template: null,
      deliver_after: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      headers: {},
    });
  });

  it('filters by address, ignoring case, and limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=first@example.com' });
    expect(res.json().map((m: { id: number }) => m.id)).toEqual([ids[2], ids[0]]);
    const latest = await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=FIRST@example.com&limit=1' });
    expect(latest.json().map((m: { subject: string }) => m.subject)).toEqual(['Третье']);
    const none = await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=nobody@example.com' });
    expect(none.json()).toEqual([]);
  });

  it('shows the list as a page, newest first, escaped, with Moscow dates and links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<h1>Почта для разработки</h1>');
    const at = (id: number) => html.indexOf(`href="/dev/mail/${id}/"`);
    expect(at(ids[2]!)).toBeGreaterThan(-1);
    expect(at(ids[2]!)).toBeLessThan(at(ids[1]!));
    expect(at(ids[1]!)).toBeLessThan(at(ids[0]!));
    expect(html).toContain('Второе &lt;b&gt;жирное&lt;/b&gt;');
    expect(html).not.toContain('<b>жирное</b>');
    expect(html).toMatch(/<td class="date">\d\d\.\d\d\.\d{4} \d\d:\d\d<\/td>/);
  });

  it('redirects /dev/mail to the page with the slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/dev/mail/');
  });

  it('answers only this machine: any other client gets a plain 404 without the letters', async () => {
    const urls = ['/dev/mail.json', '/dev/mail/', `/dev/mail/${ids[0]}/`];
    for (const remoteAddress of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      for (const url of urls) {
        expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode, `${remoteAddress} ${url}`).toBe(200);
      }
    }
    for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', '2001:db8::1']) {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Не найдено.' });
      }
    }
  });

  it('is not opened to the world by a reverse proxy on this machine', async () => {
    // TRUST_PROXY is off here, so the proxy's own 127.0.0.1 is the client address; the header gives it away.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }, { forwarded: 'for=203.0.113.9' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
    const local = await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(local.statusCode).toBe(200);
  });

  it('shows one letter: its HTML in a sandboxed frame and its text', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/mail/${ids[1]}/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('srcdoc="&lt;p&gt;Второе &lt;b&gt;жирное&lt;/b&gt;&lt;/p&gt;"');
    expect(res.body).toMatch(/<iframe sandbox="[^"]*"/);
    expect(res.body).not.toMatch(/<iframe sandbox="[^"]*allow-scripts/);
    expect(res.body).toContain('<pre>Второе &lt;b&gt;жирное&lt;/b&gt;</pre>');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/999999/' })).statusCode).toBe(404);
  });

  it('shows a letter held for the morning with its hour, template and headers', async () => {
    const morning = new Date(Date.now() + 5 * 3600_000);
    const id = await enqueueMail(t.database.db, {
      ...letter('held@example.com', 'Открыт урок'),
      template: 'lesson_opened',
      notBefore: morning,
      headers: { 'List-Unsubscribe': '<https://crema.example/api/mail/unsubscribe/?token=a.b>' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${id}/` });
    expect(page.body).toContain(`в очереди, отправка не раньше ${formatDateTime(morning)}`);
    expect(page.body).toContain('<dt>Шаблон</dt><dd>lesson_opened</dd>');
    expect(page.body).toContain('<dt>List-Unsubscribe</dt><dd>&lt;https://crema.example/api/mail/unsubscribe/?token=a.b&gt;</dd>');
    const json = (await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=held@example.com' })).json();
    expect(json[0]).toMatchObject({ template: 'lesson_opened', deliver_after: morning.toISOString() });
  });
});

describe('in production', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      SECRET_KEY: 'k3Jx9q-production-secret-0123456789abcdef',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    await enqueueMail(prod.database.db, letter('secret@example.com', 'Код для входа: 9999'));
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('has no mailbox pages', async () => {
    for (const url of ['/dev/mail.json', '/dev/mail/', '/dev/mail/1/', '/dev/mail.json?to=secret@example.com']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('9999');
    }
  });
});
