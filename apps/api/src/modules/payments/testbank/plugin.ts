// The built-in test bank: a local stand-in for T-Bank internet acquiring API v2, for development
// and tests only (never production; app.ts mounts it at /dev/testbank/, for this machine only).
// It speaks the real protocol — Init / GetState / Cancel with the same fields and Token rules, a
// card form at PaymentURL, redirects to SuccessURL / FailURL with the provider's query fields, and
// signed notifications with retries — so the same client (tbank/client.ts) pays here and there.
// Payments live in process memory, bounded (decision 0021): it is a dev-only fake served by one
// process, and a restart only loses test payments nobody owes money for.
//
// Test cards (the stand-in's own): 4300 0000 0000 0777 succeeds; 4000 0000 0000 0119 is declined
// (insufficient funds); 5000 0000 0000 0009 asks for 3-D Secure first. Any future expiry, any CVC.
// ErrorCode values of refusals are the stand-in's own; like the real API, "0" alone means success.
import { createHash, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formatPrice } from '@crema/contract';
import { localOnly } from '../../../plugins/local-only.ts';
import { escapeHtml } from '../../mail/templates.ts';
import { receiptTotal, type ReceiptItem } from '../receipt.ts';
import type { TbankStatus } from '../tbank/statuses.ts';
import { signRequest, verifyToken } from '../tbank/token.ts';
import { Notifier } from './notifier.ts';

export interface TestBankOptions {
  terminalKey: string;
  password: string;
  /** Notification back-off (default: 2 s, 10 s, 1 min, 5 min, 30 min). */
  retryDelaysMs?: readonly number[];
}

export const TEST_CARDS = {
  success: '4300000000000777',
  declined: '4000000000000119',
  threeDs: '5000000000000009',
} as const;

const MAX_PAYMENTS = 5000;
const DEFAULT_LINK_MS = 24 * 60 * 60 * 1000;

interface TestPayment {
  paymentId: string;
  orderId: string;
  amount: number;
  refunded: number;
  description: string;
  status: TbankStatus;
  errorCode: string;
  message: string;
  notificationUrl?: string;
  successUrl?: string;
  failUrl?: string;
  data?: Record<string, string>;
  dueAt: number;
  pan?: string;
  expDate?: string;
  cardId?: number;
}

type Body = Record<string, unknown>;

/** A refusal in the provider's shape (HTTP 200, Success false, a non-zero ErrorCode). */
function refusal(terminalKey: unknown, errorCode: string, message: string, details = '') {
  return { Success: false, ErrorCode: errorCode, TerminalKey: typeof terminalKey === 'string' ? terminalKey : '', Message: message, Details: details };
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
};

/** Problems with an Init request's fields, in Russian, or an empty list. */
/** What is wrong with a 54-ФЗ receipt sent for `amount` kopecks (Init's payment, Cancel's refund). */
function receiptProblems(value: unknown, amount: unknown): string[] {
  const problems: string[] = [];
  const receipt = value as { Items?: unknown; Email?: unknown; Phone?: unknown; Taxation?: unknown } | null;
  const items = receipt?.Items;
  if (!Array.isArray(items) || items.length < 1 || items.length > 100) {
    problems.push('Receipt.Items: от 1 до 100 позиций');
  } else if (typeof amount === 'number') {
    const bad = items.some((i: Partial<ReceiptItem>) => {
      const price = i?.Price ?? -1;
      const quantity = i?.Quantity ?? -1;
      return typeof i?.Name !== 'string' || i.Name.length > 128 || !Number.isSafeInteger(i.Amount) || price * quantity !== i.Amount;
    });
    if (bad) problems.push('Receipt.Items: Name до 128 символов, Amount = Price × Quantity в копейках');
    else if (receiptTotal({ Items: items as ReceiptItem[] }) !== amount) problems.push('Receipt: сумма позиций чека не равна Amount');
  }
  if (!receipt?.Email && !receipt?.Phone) problems.push('Receipt: нужен Email или Phone покупателя');
  if (typeof receipt?.Taxation !== 'string') problems.push('Receipt.Taxation: система налогообложения');
  return problems;
}

function initProblems(body: Body): string[] {
  const problems: string[] = [];
  const amount = body.Amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) problems.push('Amount: целое число копеек больше нуля');
  if (typeof body.OrderId !== 'string' || body.OrderId.length < 1 || body.OrderId.length > 36) problems.push('OrderId: строка до 36 символов');
  if (body.Description !== undefined && (typeof body.Description !== 'string' || body.Description.length > 140)) {
    problems.push('Description: строка до 140 символов');
  }
  for (const key of ['NotificationURL', 'SuccessURL', 'FailURL'] as const) {
    if (body[key] !== undefined && !isHttpUrl(body[key])) problems.push(`${key}: адрес http(s)`);
  }
  if (body.RedirectDueDate !== undefined && (typeof body.RedirectDueDate !== 'string' || Number.isNaN(Date.parse(body.RedirectDueDate)))) {
    problems.push('RedirectDueDate: дата в формате ISO 8601');
  }
  if (body.DATA !== undefined) {
    const data = body.DATA;
    const ok = typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).length <= 20;
    if (!ok || Object.values(data as Body).some((v) => typeof v !== 'string')) problems.push('DATA: до 20 строковых пар');
  }
  if (body.Receipt !== undefined) problems.push(...receiptProblems(body.Receipt, amount));
  return problems;
}

const PAGE_STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1b1f24}' +
  'main{max-width:440px;margin:32px auto;padding:24px;background:#fff;border-radius:12px}' +
  'h1{font-size:22px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:8px 0}' +
  'label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font:inherit}' +
  '.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#b3261e}' +
  'button{width:100%;margin-top:16px;padding:12px;font:inherit;cursor:pointer}' +
  'table{width:100%;border-collapse:collapse;margin-top:20px;font-size:14px}td{padding:4px 0;border-top:1px solid #dde2e8}';
// The page's only inline code is this style, allowed by its hash: nothing else may run or load.
const PAGE_CSP =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; ` +
  "img-src data:; base-uri 'none'; frame-ancestors 'none'";

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>` +
        `<body><main>${body}</main></body></html>`,
    );
}

const groupCard = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export const testBank: FastifyPluginAsync<TestBankOptions> = async (app, options) => {
  const payments = new Map<string, TestPayment>();
  const notifier = new Notifier({ log: app.log, ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}) });
  app.addHook('onClose', async () => notifier.close());

  // A development tool, like /dev/mail/: kept out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // It takes any test card and signs as the terminal: only this machine may use it.
  app.addHook('onRequest', localOnly);
  // The card form posts a form, as a browser does (scoped to this plugin).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const newPaymentId = (): string => {
    let id: string;
    do id = String(randomInt(1_000_000_000, 9_999_999_999));
    while (payments.has(id));
    return id;
  };

  /** The payment, its link expiry applied. */
  const find = (paymentId: unknown): TestPayment | undefined => {
    const payment = payments.get(String(paymentId));
    if (payment && (payment.status === 'NEW' || payment.status === 'FORM_SHOWED') && payment.dueAt <= Date.now()) {
      payment.status = 'DEADLINE_EXPIRED';
    }
    return payment;
  };

  const notificationOf = (p: TestPayment, status: TbankStatus, success: boolean, errorCode: string) =>
    signRequest(
      {
        TerminalKey: options.terminalKey,
        OrderId: p.orderId,
        Success: success,
        Status: status,
        PaymentId: Number(p.paymentId),
        ErrorCode: errorCode,
        Amount: p.amount,
        ...(p.cardId !== undefined ? { CardId: p.cardId, Pan: p.pan, ExpDate: p.expDate } : {}),
        ...(p.data ? { DATA: p.data } : {}),
      },
      options.password,
    );

  /** Moves the payment through `statuses`, notifying the merchant of each (in the background). */
  const advance = (p: TestPayment, statuses: TbankStatus[], success: boolean, errorCode = '0', message = '') => {
    const bodies = statuses.map((status) => {
      p.status = status;
      return notificationOf(p, status, success, errorCode);
    });
    p.errorCode = errorCode;
    p.message = message;
    if (p.notificationUrl) void notifier.send(p.notificationUrl, bodies);
  };

  /** Common checks of an API call: a JSON object from our terminal with a valid Token. */
  const authorize = (request: FastifyRequest): { body: Body } | { refused: ReturnType<typeof refusal> } => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { refused: refusal(undefined, '9999', 'Неверные параметры', 'Ожидается JSON-объект') };
    }
    const b = body as Body;
    if (b.TerminalKey !== options.terminalKey) return { refused: refusal(b.TerminalKey, '202', 'Терминал не найден') };
    if (!verifyToken(b, options.password)) {
      return { refused: refusal(b.TerminalKey, '204', 'Неверный токен. Проверьте пару TerminalKey/Password.') };
    }
    return { body: b };
  };

  app.post('/v2/Init', async (request) => {
    const checked = authorize(request);
    if ('refused' in checked) return checked.refused;
    const body = checked.body;
    const problems = initProblems(body);
    if (problems.length > 0) return refusal(body.TerminalKey, '9999', 'Неверные параметры', problems.join('; '));
    while (payments.size >= MAX_PAYMENTS) payments.delete(payments.keys().next().value as string);
    const paymentId = newPaymentId();
    const payment: TestPayment = {
      paymentId,
      orderId: body.OrderId as string,
      amount: body.Amount as number,
      refunded: 0,
      description: typeof body.Description === 'string' ? body.Description : '',
      status: 'NEW',
      errorCode: '0',
      message: '',
      ...(typeof body.NotificationURL === 'string' ? { notificationUrl: body.NotificationURL } : {}),
      ...(typeof body.SuccessURL === 'string' ? { successUrl: body.SuccessURL } : {}),
      ...(typeof body.FailURL === 'string' ? { failUrl: body.FailURL } : {}),
      ...(body.DATA ? { data: body.DATA as Record<string, string> } : {}),
      dueAt: typeof body.RedirectDueDate === 'string' ? Date.parse(body.RedirectDueDate) : Date.now() + DEFAULT_LINK_MS,
    };
    payments.set(paymentId, payment);
    return {
      Success: true,
      ErrorCode: '0',
      TerminalKey: options.terminalKey,
      Status: payment.status,
      PaymentId: paymentId,
      OrderId: payment.orderId,
      Amount: payment.amount,
      PaymentURL: `${request.protocol}://${request.host}${app.prefix}/pay/${paymentId}/`,
    };
  });

  app.post('/v2/GetState', async (request) => {
    const checked = authorize(request);
    if ('refused' in checked) return checked.refused;
    const payment = find(checked.body.PaymentId);
    if (!payment) return refusal(options.terminalKey, '7', 'Платёж не найден');
    return {
      Success: true,
      ErrorCode: '0',
      Message: 'OK',
      TerminalKey: options.terminalKey,
      Status: payment.status,
      PaymentId: payment.paymentId,
      OrderId: payment.orderId,
      Amount: payment.amount,
    };
  });

  app.post('/v2/Cancel', async (request) => {
    const checked = authorize(request);
    if ('refused' in checked) return checked.refused;
    const payment = find(checked.body.PaymentId);
    if (!payment) return refusal(options.terminalKey, '7', 'Платёж не найден');
    const original = payment.amount;
    const remaining = original - payment.refunded;
    const requested = checked.body.Amount;
    if (requested !== undefined && (typeof requested !== 'number' || !Number.isSafeInteger(requested) || requested <= 0 || requested > remaining)) {
      return refusal(options.terminalKey, '9999', 'Неверные параметры', `Amount: от 1 до ${remaining} копеек`);
    }
    // A refund's receipt (54-ФЗ) is checked as Init's is, against the sum returned.
    if (checked.body.Receipt !== undefined) {
      const problems = receiptProblems(checked.body.Receipt, typeof requested === 'number' ? requested : remaining);
      if (problems.length) return refusal(options.terminalKey, '9999', 'Неверные параметры', problems.join('; '));
    }
    switch (payment.status) {
      case 'NEW':
      case 'FORM_SHOWED':
        // Nothing was paid: no notification, as nothing changes for the merchant's money.
        payment.status = 'CANCELED';
        payment.refunded = original;
        break;
      case 'AUTHORIZED':
        payment.refunded = original;
        advance(payment, ['REVERSED'], true);
        break;
      case 'CONFIRMED':
      case 'PARTIAL_REFUNDED': {
        payment.refunded += typeof requested === 'number' ? requested : remaining;
        advance(payment, [payment.refunded === original ? 'REFUNDED' : 'PARTIAL_REFUNDED'], true);
        break;
      }
      default:
        return refusal(options.terminalKey, '3', 'Неверный статус платежа', `Платёж в статусе ${payment.status} нельзя отменить`);
    }
    return {
      Success: true,
      ErrorCode: '0',
      TerminalKey: options.terminalKey,
      Status: payment.status,
      PaymentId: payment.paymentId,
      OrderId: payment.orderId,
      OriginalAmount: original,
      NewAmount: original - payment.refunded,
    };
  });

  /** Back to the merchant with the provider's query fields (or a page of ours without the URL). */
  const finish = (reply: FastifyReply, p: TestPayment) => {
    const success = p.status === 'CONFIRMED';
    const target = success ? p.successUrl : p.failUrl;
    if (!target) {
      return page(reply, 200, 'Тестовый банк', success ? '<h1>Оплата прошла</h1>' : `<h1>Оплата не прошла</h1><p>${escapeHtml(p.message)}</p>`);
    }
    const url = new URL(target);
    const fields: Record<string, string> = {
      Success: String(success),
      ErrorCode: p.errorCode,
      Message: success ? 'None' : p.message,
      Details: '',
      Amount: String(p.amount),
      OrderId: p.orderId,
      PaymentId: p.paymentId,
    };
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    return reply.redirect(url.toString(), 303);
  };

  const cardForm = (p: TestPayment, values: Record<string, string> = {}, error = '') => {
    const cards = [
      [TEST_CARDS.success, 'оплата проходит'],
      [TEST_CARDS.declined, 'отказ: недостаточно средств'],
      [TEST_CARDS.threeDs, 'нужно подтверждение 3-D Secure'],
    ]
      .map(([card, what]) => `<tr><td>${groupCard(card!)}</td><td>${what}</td></tr>`)
      .join('');
    return (
      `<p>Тестовый банк Crema — деньги не списываются</p><h1>Оплата картой</h1>` +
      `<p class="amount">${escapeHtml(formatPrice(p.amount))}</p><p>${escapeHtml(p.description)}</p>` +
      (error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="${app.prefix}/pay/${p.paymentId}/">` +
      `<label for="card">Номер карты</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(values.card ?? '')}" required>` +
      `<div class="row"><div><label for="expiry">Срок действия (ММ/ГГ)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" value="${escapeHtml(values.expiry ?? '')}" required></div>` +
      `<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>` +
      `<button type="submit">Оплатить ${escapeHtml(formatPrice(p.amount))}</button></form>` +
      `<table><caption>Тестовые карты (любой будущий срок, любой CVC)</caption>${cards}</table>`
    );
  };

  /** The page for a payment that is no longer waiting for a card. */
  const settled = (reply: FastifyReply, p: TestPayment) => {
    if (p.status === '3DS_CHECKING') return reply.redirect(`${app.prefix}/3ds/${p.paymentId}/`, 303);
    if (p.status === 'DEADLINE_EXPIRED') return page(reply, 410, 'Срок оплаты истёк', '<h1>Срок оплаты истёк</h1><p>Вернитесь в магазин и начните оплату заново.</p>');
    if (p.status === 'CANCELED') return page(reply, 410, 'Платёж отменён', '<h1>Платёж отменён</h1><p>Вернитесь в магазин и начните оплату заново.</p>');
    return finish(reply, p);
  };

  const notFound = (reply: FastifyReply) => page(reply, 404, 'Платёж не найден', '<h1>Платёж не найден</h1><p>Ссылка на оплату неверна или устарела.</p>');

  app.get<{ Params: { id: string } }>('/pay/:id/', async (request, reply) => {
    const p = find(request.params.id);
    if (!p) return notFound(reply);
    if (p.status !== 'NEW' && p.status !== 'FORM_SHOWED') return settled(reply, p);
    p.status = 'FORM_SHOWED';
    return page(reply, 200, 'Оплата картой — тестовый банк', cardForm(p));
  });

  app.post<{ Params: { id: string } }>('/pay/:id/', async (request, reply) => {
    const p = find(request.params.id);
    if (!p) return notFound(reply);
    if (p.status !== 'NEW' && p.status !== 'FORM_SHOWED') return settled(reply, p);
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const card = (form.card ?? '').replace(/[\s-]/g, '');
    const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry ?? '');
    const values = { card: form.card ?? '', expiry: form.expiry ?? '' };
    const again = (error: string) => page(reply, 400, 'Оплата картой — тестовый банк', cardForm(p, values, error));
    if (!/^\d{16}$/.test(card)) return again('Введите номер карты: 16 цифр.');
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    const now = new Date();
    if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
      return again('Введите срок действия карты в виде ММ/ГГ, не в прошлом.');
    }
    if (!/^\d{3}$/.test((form.cvc ?? '').trim())) return again('Введите CVC: 3 цифры с обратной стороны карты.');
    if (!(Object.values(TEST_CARDS) as string[]).includes(card)) return again('Тестовый банк принимает только тестовые карты из списка ниже.');
    p.pan = `${card.slice(0, 6)}******${card.slice(-4)}`;
    p.expDate = `${expiry[1]}${expiry[2]}`;
    p.cardId = Number(card.slice(-6));
    if (card === TEST_CARDS.threeDs) {
      p.status = '3DS_CHECKING';
      return reply.redirect(`${app.prefix}/3ds/${p.paymentId}/`, 303);
    }
    if (card === TEST_CARDS.declined) advance(p, ['REJECTED'], false, '1051', 'Недостаточно средств на карте');
    else advance(p, ['AUTHORIZED', 'CONFIRMED'], true);
    return finish(reply, p);
  });

  app.get<{ Params: { id: string } }>('/3ds/:id/', async (request, reply) => {
    const p = find(request.params.id);
    if (!p) return notFound(reply);
    if (p.status !== '3DS_CHECKING') return reply.redirect(`${app.prefix}/pay/${p.paymentId}/`, 303);
    return page(
      reply,
      200,
      'Подтверждение 3-D Secure — тестовый банк',
      `<p>Тестовый банк Crema</p><h1>Подтверждение оплаты</h1><p class="amount">${escapeHtml(formatPrice(p.amount))}</p>` +
        `<p>Карта ${escapeHtml(p.pan ?? '')}. Банк, выпустивший карту, просит подтвердить платёж.</p>` +
        `<form method="post" action="${app.prefix}/3ds/${p.paymentId}/">` +
        `<button type="submit" name="decision" value="confirm">Подтвердить</button>` +
        `<button type="submit" name="decision" value="cancel">Отменить</button></form>`,
    );
  });

  app.post<{ Params: { id: string } }>('/3ds/:id/', async (request, reply) => {
    const p = find(request.params.id);
    if (!p) return notFound(reply);
    if (p.status !== '3DS_CHECKING') return reply.redirect(`${app.prefix}/pay/${p.paymentId}/`, 303);
    const decision = ((request.body ?? {}) as Record<string, string | undefined>).decision;
    if (decision === 'confirm') advance(p, ['AUTHORIZED', 'CONFIRMED'], true);
    else advance(p, ['AUTH_FAIL'], false, '101', 'Платёж не подтверждён: проверка 3-D Secure не пройдена');
    return finish(reply, p);
  });
};
