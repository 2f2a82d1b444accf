// A client of T-Bank internet acquiring API v2 (Init, GetState, Cancel): JSON POSTs to
// `${apiUrl}/{Method}` signed with the Token, answers checked with zod. The same client talks to
// the real provider and to the built-in test bank (testbank/), which speaks the same protocol.
// It never logs: errors carry the method, the provider's code and texts, never the password or
// a Token.
import { z } from 'zod';
import { PaymentProtocolError, PaymentRefusedError, PaymentUnavailableError } from '../errors.ts';
import type {
  CreatePaymentInput,
  CreatedPayment,
  PaymentProvider,
  PaymentProviderName,
  ProviderNotification,
  ProviderPayment,
} from '../provider.ts';
import { itemName, receiptTotal, type PaymentReceipt } from '../receipt.ts';
import { declineReason } from './decline.ts';
import { stateOf } from './statuses.ts';
import { signRequest, verifyToken } from './token.ts';

export interface TbankClientOptions {
  /** Base URL without the method, e.g. https://securepay.tinkoff.ru/v2 */
  apiUrl: string;
  terminalKey: string;
  password: string;
  /** Per call; the provider answers within seconds, a hung connection must not hold an order. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** PaymentId and amounts arrive as strings or numbers depending on the method. */
const id = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
const kopecks = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().nonnegative());

const baseAnswer = z.object({
  Success: z.boolean(),
  ErrorCode: z.union([z.string(), z.number()]).transform(String),
  Message: z.string().optional(),
  Details: z.string().optional(),
});

const initAnswer = z.object({
  TerminalKey: z.string(),
  Status: z.string(),
  PaymentId: id,
  OrderId: z.string(),
  Amount: kopecks,
  PaymentURL: z.url(),
});

const stateAnswer = z.object({
  TerminalKey: z.string(),
  Status: z.string(),
  PaymentId: id,
  OrderId: z.string(),
  Amount: kopecks,
});

const cancelAnswer = z.object({
  TerminalKey: z.string(),
  Status: z.string(),
  PaymentId: id,
  OrderId: z.string(),
  OriginalAmount: kopecks,
  NewAmount: kopecks,
});

const notification = z.object({
  TerminalKey: z.string(),
  OrderId: z.string(),
  Success: z.boolean(),
  Status: z.string(),
  PaymentId: id,
  ErrorCode: z.union([z.string(), z.number()]).transform(String),
  Amount: kopecks,
});

export interface InitRequest {
  Amount: number;
  OrderId: string;
  Description?: string;
  CustomerKey?: string;
  PayType?: 'O' | 'T';
  Language?: 'ru' | 'en';
  NotificationURL?: string;
  SuccessURL?: string;
  FailURL?: string;
  /** ISO 8601 with the offset, e.g. 2026-11-24T15:00:00+03:00 */
  RedirectDueDate?: string;
  DATA?: Record<string, string>;
  Receipt?: PaymentReceipt;
}

export type InitAnswer = z.output<typeof initAnswer>;
export type StateAnswer = z.output<typeof stateAnswer>;
export type CancelAnswer = z.output<typeof cancelAnswer>;

function assertKopecks(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what} must be a positive integer of kopecks, got ${value}`);
}

/** '2026-11-24T15:00:00+03:00': the provider's format (seconds, explicit Moscow offset). */
export function redirectDueDate(at: Date): string {
  const moscow = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  return `${moscow.toISOString().slice(0, 19)}+03:00`;
}

export class TbankClient {
  readonly #apiUrl: string;
  readonly #terminalKey: string;
  readonly #password: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;

  constructor(options: TbankClientOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#terminalKey = options.terminalKey;
    this.#password = options.password;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  get terminalKey(): string {
    return this.#terminalKey;
  }

  async init(request: InitRequest): Promise<InitAnswer> {
    assertKopecks(request.Amount, 'Amount');
    if (request.Receipt && receiptTotal(request.Receipt) !== request.Amount) {
      throw new RangeError(`Receipt items sum to ${receiptTotal(request.Receipt)}, Amount is ${request.Amount}`);
    }
    return this.#call('Init', { ...request }, initAnswer);
  }

  async getState(paymentId: string): Promise<StateAnswer> {
    return this.#call('GetState', { PaymentId: paymentId }, stateAnswer);
  }

  async cancel(paymentId: string, options: { Amount?: number; Receipt?: PaymentReceipt } = {}): Promise<CancelAnswer> {
    if (options.Amount !== undefined) assertKopecks(options.Amount, 'Amount');
    return this.#call('Cancel', { PaymentId: paymentId, ...options }, cancelAnswer);
  }

  /** A notification body whose Token is right and whose terminal is ours, parsed; else null. */
  parseNotification(body: unknown): z.output<typeof notification> | null {
    if (!verifyToken(body, this.#password)) return null;
    const parsed = notification.safeParse(body);
    if (!parsed.success || parsed.data.TerminalKey !== this.#terminalKey) return null;
    return parsed.data;
  }

  async #call<T extends z.ZodType>(method: string, params: Record<string, unknown>, schema: T): Promise<z.output<T>> {
    const body = signRequest({ TerminalKey: this.#terminalKey, ...params }, this.#password);
    let response: Response;
    try {
      response = await this.#fetch(`${this.#apiUrl}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const err = error as Error;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') {
        throw new PaymentUnavailableError(method, 'timeout', `нет ответа за ${this.#timeoutMs} мс`);
      }
      const cause = (err.cause as { code?: string } | undefined)?.code;
      throw new PaymentUnavailableError(method, 'network', cause ?? err.message);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const err = error as Error;
      const reason = err.name === 'TimeoutError' || err.name === 'AbortError' ? 'timeout' : 'network';
      throw new PaymentUnavailableError(method, reason, 'ответ оборвался');
    }
    if (!response.ok) throw new PaymentUnavailableError(method, 'http', `HTTP ${response.status}`, response.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProtocolError(method, 'ответ не JSON');
    }
    const head = baseAnswer.safeParse(json);
    if (!head.success) throw new PaymentProtocolError(method, 'нет Success или ErrorCode');
    if (!head.data.Success || head.data.ErrorCode !== '0') {
      throw new PaymentRefusedError(method, head.data.ErrorCode, head.data.Message ?? '', head.data.Details ?? '');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(ответ)'))].join(', ');
      throw new PaymentProtocolError(method, `неверные поля: ${fields}`);
    }
    return parsed.data;
  }
}

/** T-Bank (or the test bank, which speaks the same protocol) as a PaymentProvider. */
export class TbankProvider implements PaymentProvider {
  readonly notificationAnswer = { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };

  constructor(
    readonly name: PaymentProviderName,
    readonly client: TbankClient,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const answer = await this.client.init({
      Amount: input.amountKopecks,
      OrderId: input.attemptId,
      // The provider takes at most 140 characters here.
      Description: itemName(input.description, 140),
      PayType: 'O',
      Language: 'ru',
      NotificationURL: input.notificationUrl,
      SuccessURL: input.successUrl,
      FailURL: input.failUrl,
      ...(input.expiresAt ? { RedirectDueDate: redirectDueDate(input.expiresAt) } : {}),
      ...(input.data ? { DATA: input.data } : {}),
      Receipt: input.receipt,
    });
    // An answer for another order or amount is not ours to act upon.
    if (answer.OrderId !== input.attemptId || answer.Amount !== input.amountKopecks) {
      throw new PaymentProtocolError('Init', 'OrderId или Amount ответа не совпадают с запросом');
    }
    return {
      providerPaymentId: answer.PaymentId,
      attemptId: answer.OrderId,
      amountKopecks: answer.Amount,
      providerStatus: answer.Status,
      state: stateOf(answer.Status),
      paymentUrl: answer.PaymentURL,
    };
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const answer = await this.client.getState(providerPaymentId);
    return {
      providerPaymentId: answer.PaymentId,
      attemptId: answer.OrderId,
      amountKopecks: answer.Amount,
      providerStatus: answer.Status,
      state: stateOf(answer.Status),
    };
  }

  async cancelPayment(providerPaymentId: string, options: { amountKopecks?: number; receipt?: PaymentReceipt } = {}): Promise<ProviderPayment> {
    const answer = await this.client.cancel(providerPaymentId, {
      ...(options.amountKopecks !== undefined ? { Amount: options.amountKopecks } : {}),
      ...(options.receipt ? { Receipt: options.receipt } : {}),
    });
    return {
      providerPaymentId: answer.PaymentId,
      attemptId: answer.OrderId,
      amountKopecks: answer.OriginalAmount,
      providerStatus: answer.Status,
      state: stateOf(answer.Status),
    };
  }

  failureReason(payment: { providerStatus: string | null; rawNotification: unknown }): string {
    const raw = payment.rawNotification as { Status?: unknown; ErrorCode?: unknown } | null;
    // The notification's code explains the status it came with, not a later one learnt by GetState.
    const errorCode = raw && raw.Status === payment.providerStatus && typeof raw.ErrorCode === 'string' ? raw.ErrorCode : null;
    return declineReason(payment.providerStatus, errorCode);
  }

  parseNotification(body: unknown): ProviderNotification | null {
    const parsed = this.client.parseNotification(body);
    if (!parsed) return null;
    return {
      providerPaymentId: parsed.PaymentId,
      attemptId: parsed.OrderId,
      amountKopecks: parsed.Amount,
      providerStatus: parsed.Status,
      state: stateOf(parsed.Status),
      success: parsed.Success,
      errorCode: parsed.ErrorCode,
      raw: body as Record<string, unknown>,
    };
  }
}
