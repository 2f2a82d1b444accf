import { describe, expect, it } from 'vitest';
import { buildReceipt, itemName, receiptPhone, receiptTotal, splitKopecks } from './receipt.ts';

const base = { title: 'Бариста с нуля', taxation: 'usn_income', tax: 'none' } as const;

describe('54-ФЗ receipt', () => {
  it('one item for a payer studying themselves', () => {
    const receipt = buildReceipt({ ...base, amountKopecks: 1_250_000, learners: 1, email: 'payer@example.ru' });
    expect(receipt).toEqual({
      FfdVersion: '1.05',
      Email: 'payer@example.ru',
      Taxation: 'usn_income',
      Items: [
        {
          Name: 'Бариста с нуля',
          Price: 1_250_000,
          Quantity: 1,
          Amount: 1_250_000,
          Tax: 'none',
          PaymentMethod: 'full_prepayment',
          PaymentObject: 'service',
        },
      ],
    });
  });

  it('one item per student, an uneven total split without losing a kopeck', () => {
    const receipt = buildReceipt({ ...base, amountKopecks: 1_000_000, learners: 3, phone: '8 (999) 123-45-67', taxation: 'osn', tax: 'vat20' });
    expect(receipt.Items.map((i) => i.Amount)).toEqual([333_334, 333_333, 333_333]);
    expect(receiptTotal(receipt)).toBe(1_000_000);
    expect(receipt.Items.every((i) => i.Price * i.Quantity === i.Amount && i.Tax === 'vat20')).toBe(true);
    expect(receipt).toMatchObject({ Phone: '+79991234567', Taxation: 'osn' });
    expect(receipt).not.toHaveProperty('Email');
  });

  it('splitKopecks always sums to the total and differs by at most one kopeck', () => {
    for (const [total, parts] of [
      [1, 3],
      [100, 7],
      [999_999, 10],
      [0, 2],
      [1_250_000, 100],
    ] as const) {
      const shares = splitKopecks(total, parts);
      expect(shares).toHaveLength(parts);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      expect(shares.every(Number.isSafeInteger)).toBe(true);
    }
  });

  it('cuts long names to 128 characters', () => {
    const long = 'Латте-арт '.repeat(20);
    const name = itemName(long);
    expect(Array.from(name)).toHaveLength(128);
    expect(name.endsWith('…')).toBe(true);
    expect(buildReceipt({ ...base, title: long, amountKopecks: 100, learners: 1, email: 'a@b.ru' }).Items[0]?.Name).toBe(name);
    expect(itemName('  Эспрессо \n и   молоко ')).toBe('Эспрессо и молоко');
  });

  it('keeps both contacts when given; normalises phones', () => {
    const receipt = buildReceipt({ ...base, amountKopecks: 100, learners: 1, email: ' a@b.ru ', phone: '+7 999 000-00-00' });
    expect(receipt).toMatchObject({ Email: 'a@b.ru', Phone: '+79990000000' });
    expect(receiptPhone('12-34')).toBeNull();
    expect(receiptPhone('+375 29 123-45-67')).toBe('+375291234567');
  });

  it('refuses what no provider would accept', () => {
    expect(() => buildReceipt({ ...base, amountKopecks: 100, learners: 1 })).toThrow(/e-mail or phone/);
    expect(() => buildReceipt({ ...base, amountKopecks: 100, learners: 1, phone: '123' })).toThrow(/e-mail or phone/);
    expect(() => buildReceipt({ ...base, amountKopecks: 100.5, learners: 1, email: 'a@b.ru' })).toThrow(RangeError);
    expect(() => buildReceipt({ ...base, amountKopecks: 0, learners: 1, email: 'a@b.ru' })).toThrow(RangeError);
    expect(() => buildReceipt({ ...base, amountKopecks: 10_000, learners: 101, email: 'a@b.ru' })).toThrow(/at most 100/);
    expect(() => buildReceipt({ ...base, amountKopecks: 100, learners: 0, email: 'a@b.ru' })).toThrow(RangeError);
    expect(() => buildReceipt({ ...base, title: '  ', amountKopecks: 100, learners: 1, email: 'a@b.ru' })).toThrow(/name/);
  });
});
