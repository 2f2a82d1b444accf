import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderStatusTitle } from './orders.ts';

describe('order statuses', () => {
  it('names every status in Russian, as "my orders" shows them', () => {
    expect(ORDER_STATUSES.map((s) => [s.id, orderStatusTitle(s.id)])).toEqual([
      ['new', 'Новый'],
      ['confirmed', 'Ожидает оплаты'],
      ['awaiting_payment', 'Ожидает оплаты'],
      ['paid', 'Оплачен'],
      ['cancelled', 'Отменён'],
      ['refunded', 'Возвращён'],
    ]);
  });
});
