// What the rest of the API uses from the payments module: the configured provider (or none).
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { TbankClient, TbankProvider } from './tbank/client.ts';

export type { CreatePaymentInput, CreatedPayment, PaymentProvider, PaymentState, ProviderNotification, ProviderPayment } from './provider.ts';
export { PaymentProtocolError, PaymentProviderError, PaymentRefusedError, PaymentUnavailableError } from './errors.ts';
export { buildReceipt, type PaymentReceipt } from './receipt.ts';

/**
 * The provider for `config.payments`: T-Bank, or the built-in test bank outside production;
 * null when card payments are off (production without a terminal: the order page says
 * 'Оплата картой временно недоступна').
 */
export function createPaymentProvider(config: Pick<Config, 'payments'>, options: { fetch?: typeof globalThis.fetch } = {}): PaymentProvider | null {
  const payments = config.payments;
  if (payments === null) return null;
  const client = new TbankClient({
    apiUrl: payments.apiUrl,
    terminalKey: payments.terminalKey,
    password: payments.password,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return new TbankProvider(payments.provider, client);
}
