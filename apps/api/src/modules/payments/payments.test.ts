import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { PaymentProtocolError, PaymentRefusedError, PaymentUnavailableError } from './errors.ts';
import type { CreatePaymentInput } from './provider.ts';
import { buildReceipt } from './receipt.ts';
import { TbankClient, TbankProvider } from './tbank/client.ts';
import { signRequest, verifyToken } from './tbank/token.ts';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from './testbank/credentials.ts';
import { TEST_CARDS, testBank } from './testbank/plugin.ts';

// The test bank runs as a real HTTP server of its own (with a short notification back-off), and
// the client calls it over the network exactly as it would call the provider; notifications go
// to a small HTTP receiver standing in for our notification route.
let bank: FastifyInstance;
let bankUrl: string;
let receiver: Server;
let receiverUrl: string;
let provider: TbankProvider;

interface Delivery {
  path: string;
  body: Record<string, unknown>;
}
const deliveries: Delivery[] = [];
/** How many times each path answers something other than OK before accepting. */
const failuresLeft = new Map<string, number>();

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  bank = Fastify({ logger: false });
  await bank.register(testBank, {
    prefix: TESTBANK_PREFIX,
    terminalKey: TESTBANK_TERMINAL_KEY,
    password: TESTBANK_PASSWORD,
    retryDelaysMs: [20, 20, 20],
  });
  bankUrl = await bank.listen({ host: '127.0.0.1', port: 0 });
  receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '';
      deliveries.push({ path, body: JSON.parse(raw) as Record<string, unknown> });
      const left = failuresLeft.get(path) ?? 0;
      if (left > 0) {
        failuresLeft.set(path, left - 1);
        // Alternate the ways of not saying OK: a 500, and a 200 whose body is not exactly OK.
        res.writeHead(left % 2 === 0 ? 500 : 200).end(left % 2 === 0 ? 'error' : 'ok');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  receiverUrl = await listen(receiver);
  provider = new TbankProvider(
    'testbank',
    new TbankClient({ apiUrl: `${bankUrl}${TESTBANK_PREFIX}/v2`, terminalKey: TESTBANK_TERMINAL_KEY, password: TESTBANK_PASSWORD }),
  );
});
afterAll(async () => {
  await bank?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

let orderCounter = 0;
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const attemptId = `order-${++orderCounter}-${Date.now()}`;
  return {
    attemptId,
    amountKopecks: 1_250_000,
    description: 'Курс «Бариста с нуля», группа с 1 декабря',
    receipt: buildReceipt({ title: 'Бариста с нуля', amountKopecks: 1_250_000, learners: 2, email: 'payer@example.ru', taxation: 'usn_income', tax: 'none' }),
    notificationUrl: `${receiverUrl}/notify/${attemptId}`,
    successUrl: 'http://127.0.0.1:3000/tbank-payment-callback/?result=success',
    failUrl: 'http://127.0.0.1:3000/tbank-payment-callback/?result=fail',
    ...overrides,
  };
}

const deliveredTo = (attemptId: string) => deliveries.filter((d) => d.path === `/notify/${attemptId}`);
const statusesTo = (attemptId: string) => deliveredTo(attemptId).map((d) => d.body.Status);

/** Posts the card form as a browser would; returns the answer without following redirects. */
function payWithCard(paymentUrl: string, card: string, extra: Record<string, string> = {}) {
  return fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, expiry: '12/39', cvc: '123', ...extra }),
    redirect: 'manual',
  });
}

describe('test bank over real HTTP', () => {
  it('pays with the success card: form, redirect to SuccessURL, AUTHORIZED and CONFIRMED notified with valid tokens', async () => {
    const input = paymentInput();
    const created = await provider.createPayment(input);
    expect(created).toMatchObject({ attemptId: input.attemptId, amountKopecks: 1_250_000, providerStatus: 'NEW', state: 'new' });
    expect(created.paymentUrl).toBe(`${bankUrl}${TESTBANK_PREFIX}/pay/${created.providerPaymentId}/`);

    const form = await fetch(created.paymentUrl);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('12\u00a0500\u00a0₽');
    expect(html).toContain('Курс «Бариста с нуля», группа с 1 декабря');
    expect(html).toContain('4300 0000 0000 0777');
    expect(html).toContain('Номер карты');
    // The inline style is allowed by its hash; nothing else may load or run.
    expect(form.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect((await provider.getPayment(created.providerPaymentId)).providerStatus).toBe('FORM_SHOWED');

    const paid = await payWithCard(created.paymentUrl, '4300 0000 0000 0777');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/tbank-payment-callback/');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      result: 'success',
      Success: 'true',
      ErrorCode: '0',
      OrderId: input.attemptId,
      PaymentId: created.providerPaymentId,
      Amount: '1250000',
    });

    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['AUTHORIZED', 'CONFIRMED']), { timeout: 5000 });
    const [authorized, confirmed] = deliveredTo(input.attemptId).map((d) => provider.parseNotification(d.body));
    expect(authorized).toMatchObject({ providerPaymentId: created.providerPaymentId, attemptId: input.attemptId, amountKopecks: 1_250_000, state: 'pending', success: true });
    expect(confirmed).toMatchObject({ providerStatus: 'CONFIRMED', state: 'confirmed', errorCode: '0' });
    expect(confirmed?.raw).toMatchObject({ Pan: '430000******0777', ExpDate: '1239', TerminalKey: TESTBANK_TERMINAL_KEY });
    // A notification changed in transit is refused.
    expect(provider.parseNotification({ ...confirmed!.raw, Amount: 100 })).toBeNull();

    expect(await provider.getPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'CONFIRMED', state: 'confirmed', amountKopecks: 1_250_000 });
    // The paid form cannot be paid again: it leads back to the shop.
    const again = await payWithCard(created.paymentUrl, TEST_CARDS.success);
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('Success')).toBe('true');
    expect(statusesTo(input.attemptId)).toHaveLength(2);

    // A part is refunded with its own receipt; a receipt that does not sum to the part is refused.
    const refundReceipt = (kopecks: number) => ({ ...input.receipt, Items: [{ ...input.receipt.Items[0]!, Price: kopecks, Amount: kopecks }] });
    await expect(provider.cancelPayment(created.providerPaymentId, { amountKopecks: 250_000, receipt: refundReceipt(250_001) })).rejects.toThrow(/сумма позиций чека не равна Amount/);
    expect(await provider.cancelPayment(created.providerPaymentId, { amountKopecks: 250_000, receipt: refundReceipt(250_000) })).toMatchObject({ providerStatus: 'PARTIAL_REFUNDED', state: 'confirmed' });
    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['AUTHORIZED', 'CONFIRMED', 'PARTIAL_REFUNDED']), { timeout: 5000 });
    // Cancel without an amount refunds the rest, and the refund is notified too.
    expect(await provider.cancelPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'REFUNDED', state: 'refunded' });
    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['AUTHORIZED', 'CONFIRMED', 'PARTIAL_REFUNDED', 'REFUNDED']), { timeout: 5000 });
    await expect(provider.cancelPayment(created.providerPaymentId)).rejects.toBeInstanceOf(PaymentRefusedError);
  });

  it('declines the declined card: REJECTED with the reason, back to FailURL', async () => {
    const input = paymentInput();
    const created = await provider.createPayment(input);
    const res = await payWithCard(created.paymentUrl, TEST_CARDS.declined);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('result')).toBe('fail');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ Success: 'false', ErrorCode: '1051', Message: 'Недостаточно средств на карте', OrderId: input.attemptId });
    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['REJECTED']), { timeout: 5000 });
    expect(provider.parseNotification(deliveredTo(input.attemptId)[0]!.body)).toMatchObject({ state: 'rejected', success: false, errorCode: '1051' });
    expect(await provider.getPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'REJECTED', state: 'rejected' });
  });

  it('asks for 3-D Secure, then pays; a refused check fails the payment', async () => {
    const input = paymentInput();
    const created = await provider.createPayment(input);
    const res = await payWithCard(created.paymentUrl, TEST_CARDS.threeDs);
    expect(res.status).toBe(303);
    const threeDsUrl = new URL(res.headers.get('location')!, bankUrl).toString();
    expect(threeDsUrl).toBe(`${bankUrl}${TESTBANK_PREFIX}/3ds/${created.providerPaymentId}/`);
    expect((await provider.getPayment(created.providerPaymentId)).providerStatus).toBe('3DS_CHECKING');
    // Back on the card form (or sending it again) leads to the pending confirmation.
    expect((await fetch(created.paymentUrl, { redirect: 'manual' })).headers.get('location')).toBe(`${TESTBANK_PREFIX}/3ds/${created.providerPaymentId}/`);
    expect((await payWithCard(created.paymentUrl, TEST_CARDS.success)).headers.get('location')).toBe(`${TESTBANK_PREFIX}/3ds/${created.providerPaymentId}/`);
    const confirmPage = await fetch(threeDsUrl);
    expect(await confirmPage.text()).toContain('Подтвердить');
    const confirmed = await fetch(threeDsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=confirm',
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    expect(new URL(confirmed.headers.get('location')!).searchParams.get('Success')).toBe('true');
    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['AUTHORIZED', 'CONFIRMED']), { timeout: 5000 });

    const other = await provider.createPayment(paymentInput());
    await payWithCard(other.paymentUrl, TEST_CARDS.threeDs);
    const refused = await fetch(`${bankUrl}${TESTBANK_PREFIX}/3ds/${other.providerPaymentId}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=cancel',
      redirect: 'manual',
    });
    expect(new URL(refused.headers.get('location')!).searchParams.get('Success')).toBe('false');
    expect(await provider.getPayment(other.providerPaymentId)).toMatchObject({ providerStatus: 'AUTH_FAIL', state: 'rejected' });
  });

  it('sends a notification again until the receiver answers exactly OK', async () => {
    const input = paymentInput();
    failuresLeft.set(`/notify/${input.attemptId}`, 3);
    const created = await provider.createPayment(input);
    await payWithCard(created.paymentUrl, TEST_CARDS.success);
    // Three refusals (500, 200 "ok", 500) spread over both notifications, then both accepted.
    await vi.waitFor(
      () => {
        const statuses = statusesTo(input.attemptId);
        expect(statuses.length).toBe(5);
        expect(statuses.filter((s) => s === 'AUTHORIZED').length).toBeGreaterThanOrEqual(2);
        expect(statuses).toContain('CONFIRMED');
        expect(failuresLeft.get(`/notify/${input.attemptId}`)).toBe(0);
      },
      { timeout: 5000 },
    );
    // Every attempt is signed.
    for (const d of deliveredTo(input.attemptId)) expect(verifyToken(d.body, TESTBANK_PASSWORD)).toBe(true);
  });

  it('gives up after the last retry', async () => {
    const input = paymentInput();
    failuresLeft.set(`/notify/${input.attemptId}`, 100);
    const created = await provider.createPayment(input);
    await payWithCard(created.paymentUrl, TEST_CARDS.declined);
    // One attempt plus three retries, then silence.
    await vi.waitFor(() => expect(statusesTo(input.attemptId)).toEqual(['REJECTED', 'REJECTED', 'REJECTED', 'REJECTED']), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statusesTo(input.attemptId)).toHaveLength(4);
  });

  it('cancels an unpaid payment; its form then says so', async () => {
    const created = await provider.createPayment(paymentInput());
    expect(await provider.cancelPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'CANCELED', state: 'rejected', amountKopecks: 1_250_000 });
    const form = await fetch(created.paymentUrl);
    expect(form.status).toBe(410);
    expect(await form.text()).toContain('Платёж отменён');
  });

  it('refunds part of a paid payment, then the rest', async () => {
    const created = await provider.createPayment(paymentInput());
    await payWithCard(created.paymentUrl, TEST_CARDS.success);
    expect(await provider.cancelPayment(created.providerPaymentId, { amountKopecks: 625_000 })).toMatchObject({ providerStatus: 'PARTIAL_REFUNDED', state: 'confirmed' });
    await expect(provider.cancelPayment(created.providerPaymentId, { amountKopecks: 625_001 })).rejects.toMatchObject({ errorCode: '9999' });
    expect(await provider.cancelPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'REFUNDED', state: 'refunded' });
  });

  it('shows form errors in Russian and keeps the payment open', async () => {
    const created = await provider.createPayment(paymentInput());
    const cases: [Record<string, string>, string][] = [
      [{ card: '1234' }, 'Введите номер карты: 16 цифр.'],
      [{ card: TEST_CARDS.success, expiry: '01/20' }, 'Введите срок действия карты в виде ММ/ГГ, не в прошлом.'],
      [{ card: TEST_CARDS.success, cvc: '12' }, 'Введите CVC: 3 цифры с обратной стороны карты.'],
      [{ card: '4111111111111111' }, 'Тестовый банк принимает только тестовые карты из списка ниже.'],
    ];
    for (const [fields, message] of cases) {
      const res = await payWithCard(created.paymentUrl, fields.card!, fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect((await provider.getPayment(created.providerPaymentId)).state).toBe('new');
    expect((await fetch(`${bankUrl}${TESTBANK_PREFIX}/pay/123/`)).status).toBe(404);
  });

  it('expires the link after RedirectDueDate', async () => {
    // A minute ahead, so a slow machine still finds the link open before the clock is moved past it.
    const created = await provider.createPayment(paymentInput({ expiresAt: new Date(Date.now() + 60_000) }));
    expect((await provider.getPayment(created.providerPaymentId)).state).toBe('new');
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    try {
      expect(await provider.getPayment(created.providerPaymentId)).toMatchObject({ providerStatus: 'DEADLINE_EXPIRED', state: 'rejected' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a bad Token, another terminal and a receipt that does not add up, like the provider', async () => {
    const wrongPassword = new TbankClient({ apiUrl: `${bankUrl}${TESTBANK_PREFIX}/v2`, terminalKey: TESTBANK_TERMINAL_KEY, password: 'wrong' });
    const error = await wrongPassword.init({ Amount: 100, OrderId: 'bad-token' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRefusedError);
    expect(error).toMatchObject({ errorCode: '204', method: 'Init', retryable: false });
    // Neither the password nor a token ever reaches an error message.
    expect(String((error as Error).message)).not.toMatch(/wrong|[0-9a-f]{64}/);

    const otherTerminal = new TbankClient({ apiUrl: `${bankUrl}${TESTBANK_PREFIX}/v2`, terminalKey: 'Other', password: TESTBANK_PASSWORD });
    await expect(otherTerminal.getState('1')).rejects.toMatchObject({ errorCode: '202' });

    // The client refuses such a receipt itself; sent by hand, the bank refuses it too.
    const receipt = buildReceipt({ title: 'Курс', amountKopecks: 1000, learners: 1, email: 'a@b.ru', taxation: 'usn_income', tax: 'none' });
    await expect(provider.client.init({ Amount: 999, OrderId: 'x', Receipt: receipt })).rejects.toBeInstanceOf(RangeError);
    const raw = signRequest({ TerminalKey: TESTBANK_TERMINAL_KEY, Amount: 999, OrderId: 'x', Receipt: receipt }, TESTBANK_PASSWORD);
    const res = await fetch(`${bankUrl}${TESTBANK_PREFIX}/v2/Init`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(raw) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ Success: false, ErrorCode: '9999', Details: 'Receipt: сумма позиций чека не равна Amount' });

    await expect(provider.getPayment('404404')).rejects.toMatchObject({ errorCode: '7' });
    await expect(provider.client.init({ Amount: 10.5, OrderId: 'x' })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('client failures', () => {
  const client = (apiUrl: string, timeoutMs = 5000) => new TbankClient({ apiUrl, terminalKey: 'T', password: 'secret-password', timeoutMs });

  it('turns an unreachable provider, a timeout, an HTTP error and a non-protocol answer into typed errors', async () => {
    const closed = createServer();
    const closedUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    await expect(client(closedUrl).getState('1')).rejects.toMatchObject({ name: 'PaymentUnavailableError', reason: 'network', retryable: true });

    const answers: Record<string, (res: ServerResponse) => void> = {
      '/silent/GetState': () => undefined,
      '/500/GetState': (res) => res.writeHead(502).end('Bad Gateway'),
      '/html/GetState': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      '/fields/GetState': (res) => res.writeHead(200).end(JSON.stringify({ Success: true, ErrorCode: '0', Status: 'CONFIRMED' })),
    };
    const server = createServer((req, res) => answers[req.url ?? '']?.(res));
    const base = await listen(server);
    try {
      const timeout = await client(`${base}/silent`, 200).getState('1').catch((e: unknown) => e);
      expect(timeout).toBeInstanceOf(PaymentUnavailableError);
      expect(timeout).toMatchObject({ reason: 'timeout' });
      await expect(client(`${base}/500`).getState('1')).rejects.toMatchObject({ reason: 'http', httpStatus: 502 });
      await expect(client(`${base}/html`).getState('1')).rejects.toBeInstanceOf(PaymentProtocolError);
      const fields = await client(`${base}/fields`).getState('1').catch((e: unknown) => e);
      expect(fields).toBeInstanceOf(PaymentProtocolError);
      expect((fields as Error).message).toContain('TerminalKey');
      expect((fields as Error).message).not.toContain('secret-password');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('test bank in the app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is mounted outside production for this machine only', async () => {
    const local = await t.app.inject({ method: 'GET', url: `${TESTBANK_PREFIX}/pay/1/` });
    expect(local.statusCode).toBe(404);
    expect(local.body).toContain('Платёж не найден');
    const remote = await t.app.inject({ method: 'POST', url: `${TESTBANK_PREFIX}/v2/Init`, payload: {}, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ detail: expect.any(String) });
    // The default terminal answers: a signed GetState of an unknown payment is refused in the protocol's shape.
    const signed = signRequest({ TerminalKey: TESTBANK_TERMINAL_KEY, PaymentId: '1' }, TESTBANK_PASSWORD);
    const state = await t.app.inject({ method: 'POST', url: `${TESTBANK_PREFIX}/v2/GetState`, payload: signed });
    expect(state.json()).toMatchObject({ Success: false, ErrorCode: '7' });
    // A development tool, not part of the API document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/dev/'))).toEqual([]);
  });

  it('is absent in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SECRET_KEY: 'p'.repeat(40), SMTP_URL: 'smtp://mail.example.ru:587' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: `${TESTBANK_PREFIX}/pay/1/` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Платёж не найден');
    } finally {
      await prod.close();
    }
  });
});
