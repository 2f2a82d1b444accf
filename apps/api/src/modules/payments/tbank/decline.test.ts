import { describe, expect, it } from 'vitest';
import { declineReason } from './decline.ts';

describe('declineReason', () => {
  it('reads the card bank’s ISO 8583 code inside T-Bank’s 10xx ErrorCode', () => {
    expect(declineReason('REJECTED', '1051')).toMatch(/^Недостаточно средств/);
    expect(declineReason('REJECTED', '1054')).toMatch(/^Истёк срок действия карты/);
    expect(declineReason('REJECTED', '1057')).toMatch(/запретил эту операцию/);
    expect(declineReason('REJECTED', '1082')).toMatch(/CVC/);
  });

  it('falls back to the status word, then to a general explanation', () => {
    expect(declineReason('AUTH_FAIL', '101')).toMatch(/3-D Secure/);
    expect(declineReason('DEADLINE_EXPIRED', null)).toMatch(/^Время на оплату истекло/);
    expect(declineReason('REJECTED', '1099')).toMatch(/^Банк отклонил оплату/);
    expect(declineReason('REJECTED', 'abc')).toMatch(/^Банк отклонил оплату/);
    expect(declineReason(null, undefined)).toMatch(/^Банк отклонил оплату/);
  });
});
