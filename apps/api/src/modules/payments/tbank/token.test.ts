import { describe, expect, it } from 'vitest';
import { computeToken, signRequest, verifyToken } from './token.ts';

// Vector 1: T-Bank's documentation, "Токен" (developer.tbank.ru/eacq/intro/developer/token): an
// Init request with these root fields, Receipt and DATA left out, password 11111111111111; the page
// shows the concatenation '19200Подарочная карта на 1000 рублей0000011111111111111MerchantTerminalKey'
// and this SHA-256.
const DOC_INIT = {
  TerminalKey: 'MerchantTerminalKey',
  Amount: 19200,
  OrderId: '00000',
  Description: 'Подарочная карта на 1000 рублей',
};
const DOC_INIT_PASSWORD = '11111111111111';
const DOC_INIT_TOKEN = '72dd466f8ace0a37a1f740ce5fb78101712bc0665d91a8108c7c8a0ccd426db2';

// Vector 2: T-Bank's documentation, "Токен HTTP(S)-уведомлений" (the notification example with
// the boolean Success and password 11111111111), as also checked by public SDK test suites.
const DOC_NOTIFICATION = {
  TerminalKey: '1234567890DEMO',
  OrderId: '000000',
  Success: true,
  Status: 'AUTHORIZED',
  PaymentId: '0000000',
  ErrorCode: '0',
  Amount: 1111,
  CardId: '000000',
  Pan: '200000******0000',
  ExpDate: '1111',
  RebillId: '000000',
  Token: '1c0964277d0213349243065a0d5b838b8e90d2d25f740d0f2767836e710e80c8',
};
const DOC_NOTIFICATION_PASSWORD = '11111111111';

describe('T-Bank Token', () => {
  it('matches the documented Init example', () => {
    expect(computeToken(DOC_INIT, DOC_INIT_PASSWORD)).toBe(DOC_INIT_TOKEN);
    expect(signRequest(DOC_INIT, DOC_INIT_PASSWORD).Token).toBe(DOC_INIT_TOKEN);
  });

  it('leaves nested objects, arrays, nulls and Token itself out', () => {
    const withNested = {
      ...DOC_INIT,
      Receipt: { Email: 'a@example.ru', Items: [{ Name: 'Курс', Amount: 19200 }] },
      DATA: { Phone: '+79990000000' },
      Shops: [],
      CustomerKey: null,
      Token: 'stale',
    };
    expect(computeToken(withNested, DOC_INIT_PASSWORD)).toBe(DOC_INIT_TOKEN);
  });

  it('matches the documented notification example (boolean Success as "true")', () => {
    expect(computeToken(DOC_NOTIFICATION, DOC_NOTIFICATION_PASSWORD)).toBe(DOC_NOTIFICATION.Token);
    expect(verifyToken(DOC_NOTIFICATION, DOC_NOTIFICATION_PASSWORD)).toBe(true);
    // Amount as a number or a string signs the same.
    expect(verifyToken({ ...DOC_NOTIFICATION, Amount: '1111' }, DOC_NOTIFICATION_PASSWORD)).toBe(true);
    // An upper-case hex token is the same token.
    expect(verifyToken({ ...DOC_NOTIFICATION, Token: DOC_NOTIFICATION.Token.toUpperCase() }, DOC_NOTIFICATION_PASSWORD)).toBe(true);
  });

  it('refuses a changed amount, status, a missing or added field, another password, a bad token', () => {
    const p = DOC_NOTIFICATION_PASSWORD;
    expect(verifyToken({ ...DOC_NOTIFICATION, Amount: 1112 }, p)).toBe(false);
    expect(verifyToken({ ...DOC_NOTIFICATION, Status: 'CONFIRMED' }, p)).toBe(false);
    expect(verifyToken({ ...DOC_NOTIFICATION, Success: false }, p)).toBe(false);
    const { RebillId: _dropped, ...missing } = DOC_NOTIFICATION;
    expect(verifyToken(missing, p)).toBe(false);
    expect(verifyToken({ ...DOC_NOTIFICATION, OrderId2: 'x' }, p)).toBe(false);
    expect(verifyToken(DOC_NOTIFICATION, 'другой пароль')).toBe(false);
    const { Token: _token, ...unsigned } = DOC_NOTIFICATION;
    expect(verifyToken(unsigned, p)).toBe(false);
    expect(verifyToken({ ...DOC_NOTIFICATION, Token: 'not-hex' }, p)).toBe(false);
    expect(verifyToken({ ...DOC_NOTIFICATION, Token: 123 }, p)).toBe(false);
    expect(verifyToken(null, p)).toBe(false);
    expect(verifyToken('OK', p)).toBe(false);
    expect(verifyToken([DOC_NOTIFICATION], p)).toBe(false);
  });

  it('signRequest keeps the body and a signed body verifies', () => {
    const body = { TerminalKey: 'Crema', Amount: 1_250_000, OrderId: 'o-1', Receipt: { Email: 'a@b.ru' } };
    const signed = signRequest(body, 'secret');
    expect(signed).toMatchObject(body);
    expect(body).not.toHaveProperty('Token');
    expect(verifyToken(signed, 'secret')).toBe(true);
    // The receipt is outside the signature (as at the provider), the amount inside it.
    expect(verifyToken({ ...signed, Receipt: { Email: 'x@y.ru' } }, 'secret')).toBe(true);
    expect(verifyToken({ ...signed, Amount: 1_250_001 }, 'secret')).toBe(false);
  });
});
