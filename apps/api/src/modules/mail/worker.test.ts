import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '../../test/app.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { enqueueMail, sendTemplate } from './service.ts';
import { createMailWorker, retryDelayMs, type MailWorker, type MailWorkerOptions } from './worker.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silent = { info() {}, warn() {}, error() {} };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const workers: MailWorker[] = [];

function worker(port: number, options: Partial<MailWorkerOptions> = {}): MailWorker {
  const w = createMailWorker({ db, smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Crema <no-reply@crema.test>', log: silent, ...options });
  workers.push(w);
  return w;
}

async function row(id: number) {
  const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  // Each test starts with an empty queue.
  await db.delete(mailOutbox);
});
afterAll(async () => {
  await database?.drop();
});

describe('mail worker', () => {
  it('delivers a due letter through SMTP and marks it sent', async () => {
    const smtp = await startSmtp();
    try {
      const id = await sendTemplate(db, { to: 'reader@example.com', template: 'login_code', data: { code: '5730', validMinutes: 10 } });
      expect(await worker(smtp.port).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['reader@example.com']);
      const raw = smtp.received[0]!.raw;
      // The subject is encoded (Cyrillic); the code itself is in the subject and in both bodies.
      expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(raw).toContain('5730');
      expect(raw).toMatch(/^From: Crema <no-reply@crema\.test>/m);
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
      const sent = await row(id!);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(sent.sentAt).toBeInstanceOf(Date);

      // Nothing is sent twice.
      expect(await worker(smtp.port).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("sends the row's extra headers: the one-click unsubscribe of an optional letter", async () => {
    const smtp = await startSmtp();
    try {
      const link = 'https://crema.example/api/mail/unsubscribe/?token=abc.def';
      await enqueueMail(db, {
        to: 'optional@example.com',
        subject: 'Открыт урок',
        html: '<p>Урок</p>',
        text: 'Урок',
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      expect(await worker(smtp.port).runOnce()).toMatchObject({ sent: 1 });
      // Long headers are folded on the wire: unfolded, they are as the row keeps them.
      const raw = smtp.received.find((r) => r.to.includes('optional@example.com'))!.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(raw).toContain(`List-Unsubscribe: <${link}>`);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    } finally {
      await smtp.close();
    }
  });

  it('refuses a header that could inject more headers', async () => {
    await expect(enqueueMail(db, { to: 'x@example.com', subject: 's', html: 'h', text: 't', headers: { 'List-Unsubscribe': '<https://a>\r\nBcc: y@example.com' } })).rejects.toThrow(/header/);
    await expect(enqueueMail(db, { to: 'x@example.com', subject: 's', html: 'h', text: 't', headers: { 'Bad Name': 'v' } })).rejects.toThrow(/header/);
  });

  it('keeps a letter while the server is down and delivers it once the server is back', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const id = await enqueueMail(db, { to: 'patient@example.com', subject: 'Код для входа: 8080', html: '<p>8080</p>', text: '8080' });
    const w = worker(port, { retryBaseMs: 30_000 });

    const before = Date.now();
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(before + 25_000);

    // Not due yet: the back-off is respected.
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const up = await startSmtp(port);
    try {
      // The back-off has passed (moved into the past rather than waited for).
      await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
      expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(up.received).toHaveLength(1);
      expect(up.received[0]!.raw).toContain('8080');
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await up.close();
    }
  });

  it('gives up after the last attempt and marks the letter failed', async () => {
    const down = await startSmtp();
    await down.close();
    const id = await enqueueMail(db, { to: 'lost@example.com', subject: 's', html: 'h', text: 't' });
    const w = worker(down.port, { maxAttempts: 2 });
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('never sends a letter twice when two workers claim at the same time', async () => {
    const smtp = await startSmtp();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        ids.push(await enqueueMail(db, { to: `many${i}@example.com`, subject: `Письмо ${i}`, html: `<p>${i}</p>`, text: String(i) }));
      }
      const a = worker(smtp.port, { batchSize: 4 });
      const b = worker(smtp.port, { batchSize: 4 });
      const rounds = [];
      // Both poll concurrently until the queue is empty.
      for (let i = 0; i < 6; i += 1) rounds.push(...(await Promise.all([a.runOnce(), b.runOnce()])));
      expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(12);
      const recipients = smtp.received.flatMap((m) => m.to).sort();
      expect(recipients).toEqual(ids.map((_, i) => `many${i}@example.com`).sort());
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('runs by itself once started and stops cleanly', async () => {
    const smtp = await startSmtp();
    try {
      const w = worker(smtp.port, { pollIntervalMs: 50 });
      w.start();
      const id = await enqueueMail(db, { to: 'timer@example.com', subject: 'По таймеру', html: '<p>t</p>', text: 't' });
      const until = Date.now() + 5000;
      while ((await row(id)).status !== 'sent' && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect((await row(id)).status).toBe('sent');
      await w.stop();
      await enqueueMail(db, { to: 'after-stop@example.com', subject: 'После остановки', html: '<p>s</p>', text: 's' });
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received.map((m) => m.to[0])).toEqual(['timer@example.com']);
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, 30_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(1000, 30_000, 3_600_000)).toBe(3_600_000);
  });
});
