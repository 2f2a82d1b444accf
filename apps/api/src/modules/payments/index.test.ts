import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createPaymentProvider } from './index.ts';
import { stateOf, TBANK_STATUSES } from './tbank/statuses.ts';

const PROD = { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.ru:587' };

describe('createPaymentProvider', () => {
  it('is the test bank in tests, T-Bank with a terminal, none in production without one', () => {
    expect(createPaymentProvider(loadConfig({ NODE_ENV: 'test' }))?.name).toBe('testbank');
    expect(createPaymentProvider(loadConfig({ ...PROD, TBANK_TERMINAL_KEY: 'k', TBANK_PASSWORD: 'p' }))?.name).toBe('tbank');
    expect(createPaymentProvider(loadConfig(PROD))).toBeNull();
  });

  it('calls the configured API address', async () => {
    const called: string[] = [];
    const fetch: typeof globalThis.fetch = async (url) => {
      called.push(String(url));
      return new Response(JSON.stringify({ Success: true, ErrorCode: '0', TerminalKey: 'k', Status: 'CONFIRMED', PaymentId: 42, OrderId: 'o', Amount: 100 }));
    };
    const provider = createPaymentProvider(loadConfig({ ...PROD, TBANK_TERMINAL_KEY: 'k', TBANK_PASSWORD: 'p' }), { fetch });
    expect(await provider?.getPayment('42')).toMatchObject({ providerPaymentId: '42', state: 'confirmed', amountKopecks: 100 });
    expect(called).toEqual(['https://securepay.tinkoff.ru/v2/GetState']);
  });
});

describe('T-Bank statuses', () => {
  it('only CONFIRMED is paid, only a full refund is refunded, unknown words stay pending', () => {
    const paid = TBANK_STATUSES.filter((s) => stateOf(s) === 'confirmed');
    expect(paid).toEqual(['CONFIRMED', 'REFUNDING', 'PARTIAL_REFUNDED']);
    expect(TBANK_STATUSES.filter((s) => stateOf(s) === 'refunded')).toEqual(['REFUNDED']);
    expect(TBANK_STATUSES.filter((s) => stateOf(s) === 'rejected')).toEqual(['DEADLINE_EXPIRED', 'CANCELED', 'AUTH_FAIL', 'REJECTED', 'REVERSED']);
    expect(stateOf('AUTHORIZED')).toBe('pending');
    expect(stateOf('SOMETHING_NEW')).toBe('pending');
  });
});
