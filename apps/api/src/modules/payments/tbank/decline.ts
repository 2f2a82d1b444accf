// Why a T-Bank payment failed, in words for the payer (the payment page after a declined card).
// Card declines come as ErrorCode 1000 + the ISO 8583 response code of the card's bank (1051: 51,
// not enough money); the status word says the rest (time ran out, the 3-D Secure check failed, we
// cancelled it). The payer is told what to do next; the code itself is kept for the accountant.

/** ISO 8583 response codes (ErrorCode − 1000) grouped by what the payer can do about them. */
const ISO_REASONS: [codes: number[], text: string][] = [
  [[51], 'Недостаточно средств на карте. Пополните карту или оплатите другой картой.'],
  [[33, 54], 'Истёк срок действия карты. Оплатите другой картой.'],
  [[14, 15, 56], 'Неверный номер карты. Проверьте номер или оплатите другой картой.'],
  [[55, 75, 82, 86], 'Неверно введены данные карты (срок действия или CVC). Проверьте их и попробуйте ещё раз.'],
  [[61, 65], 'Превышен лимит операций по карте. Оплатите другой картой или обратитесь в банк, выпустивший карту.'],
  [[4, 7, 41, 43, 62], 'Карта заблокирована. Оплатите другой картой или обратитесь в банк, выпустивший карту.'],
  [[57, 58], 'Банк, выпустивший карту, запретил эту операцию. Оплатите другой картой или обратитесь в банк.'],
  [[91, 96], 'Банк, выпустивший карту, сейчас не отвечает. Попробуйте ещё раз через несколько минут.'],
];

const GENERAL = 'Банк отклонил оплату. Попробуйте ещё раз, оплатите другой картой или обратитесь в банк, выпустивший карту.';

const BY_STATUS: Record<string, string> = {
  AUTH_FAIL: 'Оплата не подтверждена: проверка 3-D Secure не пройдена. Попробуйте ещё раз.',
  DEADLINE_EXPIRED: 'Время на оплату истекло. Нажмите «Оплатить», чтобы начать заново.',
  CANCELED: 'Оплата отменена.',
  REVERSED: 'Оплата отменена, деньги вернутся на карту.',
};

/**
 * The payer's explanation of a failed payment, from the provider's status word and the ErrorCode
 * of its last notification (absent when the failure was learnt by GetState).
 */
export function declineReason(providerStatus: string | null, errorCode: string | null | undefined): string {
  const code = Number(errorCode);
  if (Number.isInteger(code) && code > 1000 && code < 1100) {
    const iso = code - 1000;
    const found = ISO_REASONS.find(([codes]) => codes.includes(iso));
    if (found) return found[1];
  }
  return (providerStatus && BY_STATUS[providerStatus]) || GENERAL;
}
