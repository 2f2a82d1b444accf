import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { orders } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildOrder, buildUser } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';

// The payment pages as the server renders them: never kept by the guest page cache
// (the state changes with the bank's answer), the bank's way back decided by the order's state on
// the server and never by its query string, unknown codes the 404 page.
const build = await loadWebBuild();
// The guest page cache on, long enough to keep a page between two requests of a test.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE_TTL_MS: '60000' });

let app: FastifyInstance;
let db: Db;
let pool: Parameters<typeof buildApp>[0]['pool'];
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = database.db;
  pool = database.pool;
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

const page = (url: string) => app.inject({ method: 'GET', url });

async function unpaidOrder() {
  return buildOrder(db, { userId: (await buildUser(db)).id });
}

describe('/courses/payment/{code}/', () => {
  it('shows the order to anyone with the code, noindex, and is never cached: a paid order shows paid at once', async () => {
    const order = await unpaidOrder();
    const first = await page(`/courses/payment/${order.code}/`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toContain('<meta name="robots" content="noindex"/>');
    expect(first.body).toContain('Оплатить картой');
    expect(first.body).toMatch(/10\s000\s₽/);

    await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    const second = await page(`/courses/payment/${order.code}/`);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Заказ оплачен');
    expect(second.body).not.toContain('Оплатить картой');
  });

  it('is the 404 page for an unknown code', async () => {
    const res = await page('/courses/payment/no-such-order/');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Такой страницы нет');
  });
});

describe('/courses/payment/{code}/ with card payments off', () => {
  it('says card payment is unavailable instead of offering a button', async () => {
    const order = await unpaidOrder();
    const off = await buildApp({ config: { ...config, payments: null }, db, pool, web: mountWeb(build) });
    try {
      const res = await off.inject({ method: 'GET', url: `/courses/payment/${order.code}/` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Оплата картой временно недоступна');
      expect(res.body).not.toContain('Оплатить картой');
    } finally {
      await off.close();
    }
  });
});

describe('/tbank-payment-callback/', () => {
  it('sends the payer back to the payment page while the order is unpaid, whatever the query says', async () => {
    const order = await unpaidOrder();
    const res = await page(`/tbank-payment-callback/?code=${order.code}&Success=true&Status=CONFIRMED`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/courses/payment/${order.code}/`);
  });

  it('leads a paid order to the success page, even with a failure in the query', async () => {
    const order = await unpaidOrder();
    await db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    const res = await page(`/tbank-payment-callback/?code=${order.code}&Success=false&ErrorCode=1051`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/courses/payment-success/?code=${order.code}`);
    const success = await page(res.headers.location as string);
    expect(success.statusCode).toBe(200);
    expect(success.headers['cache-control']).toBe('no-store');
    expect(success.body).toContain('Оплата прошла успешно');
  });

  it('is the 404 page without a code or with an unknown one', async () => {
    expect((await page('/tbank-payment-callback/')).statusCode).toBe(404);
    expect((await page('/tbank-payment-callback/?code=no-such-order')).statusCode).toBe(404);
  });
});

describe('/courses/payment-success/', () => {
  it('sends an order that is not paid back to its payment page', async () => {
    const order = await unpaidOrder();
    const res = await page(`/courses/payment-success/?code=${order.code}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/courses/payment/${order.code}/`);
    expect((await page('/courses/payment-success/?code=no-such-order')).statusCode).toBe(404);
  });
});
