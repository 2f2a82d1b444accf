import { describe, it, expect } from 'vitest';
import { MINUS, NBSP, RUBLE_SIGN, formatPrice, formatRubles, groupDigits } from './money.ts';

// Expectations are written with ordinary spaces for readability; the output must use NBSP.
const nb = (text: string): string => text.replace(/ /g, NBSP);

describe('constants', () => {
  it('NBSP is U+00A0 and MINUS is U+2212', () => {
    expect(NBSP).toBe('\u00A0');
    expect(NBSP.codePointAt(0)).toBe(0xa0);
    expect(MINUS.codePointAt(0)).toBe(0x2212);
    expect(RUBLE_SIGN).toBe('₽');
  });
});

describe('groupDigits', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['12', '12'],
    ['123', '123'],
    ['1234', '1 234'],
    ['12500', '12 500'],
    ['123456', '123 456'],
    ['1234567', '1 234 567'],
    ['1234567890', '1 234 567 890'],
  ])('%j → %j', (input, expected) => {
    expect(groupDigits(input)).toBe(nb(expected));
  });
});

describe('formatPrice', () => {
  it.each([
    [1_250_000, '12 500 ₽'],
    [1_250_050, '12 500,50 ₽'],
    [1_250_005, '12 500,05 ₽'],
    [150_000, '1 500 ₽'],
    [100_000, '1 000 ₽'],
    [99_900, '999 ₽'],
    [100, '1 ₽'],
    [5, '0,05 ₽'],
    [50, '0,50 ₽'],
    [0, '0 ₽'],
    [100_000_000, '1 000 000 ₽'],
    [123_456_789_012, '1 234 567 890,12 ₽'],
  ])('%d kopecks → %j', (kopecks, expected) => {
    expect(formatPrice(kopecks)).toBe(nb(expected));
  });

  it('shows zero kopecks only when asked', () => {
    expect(formatPrice(1_250_000, { withKopecks: true })).toBe(nb('12 500,00 ₽'));
    expect(formatPrice(0, { withKopecks: true })).toBe(nb('0,00 ₽'));
    expect(formatPrice(1_250_050, { withKopecks: false })).toBe(nb('12 500,50 ₽'));
    expect(formatPrice(1_250_000, { withKopecks: false })).toBe(nb('12 500 ₽'));
  });

  it('uses a real minus sign for negative amounts', () => {
    expect(formatPrice(-1_250_000)).toBe(nb('−12 500 ₽'));
    expect(formatPrice(-50)).toBe(nb('−0,50 ₽'));
    expect(formatPrice(-1)).toBe(nb('−0,01 ₽'));
    expect(formatPrice(-1_250_000)).not.toContain('-');
    expect(formatPrice(-1_250_000).startsWith(MINUS)).toBe(true);
  });

  it('prints negative zero without a sign', () => {
    expect(formatPrice(-0)).toBe(nb('0 ₽'));
  });

  it('never contains a breakable space', () => {
    for (const kopecks of [0, 5, 150_000, 1_250_050, -99_999_999, Number.MAX_SAFE_INTEGER]) {
      expect(formatPrice(kopecks, { withKopecks: true })).not.toMatch(/[ \u202F]/);
    }
  });

  it('handles the largest safe integer exactly', () => {
    expect(formatPrice(Number.MAX_SAFE_INTEGER)).toBe(nb('90 071 992 547 409,91 ₽'));
  });

  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'rejects non-integer or unsafe kopecks: %d',
    (kopecks) => {
      expect(() => formatPrice(kopecks)).toThrow(RangeError);
    },
  );
});

describe('formatRubles', () => {
  it.each([
    [12_500, '12 500 ₽'],
    [1_500, '1 500 ₽'],
    [1_500.5, '1 500,50 ₽'],
    [0.1 + 0.2, '0,30 ₽'],
    [19.99, '19,99 ₽'],
    [0.005, '0,01 ₽'],
    [-0.005, '−0,01 ₽'],
    [-12_500.5, '−12 500,50 ₽'],
    [0, '0 ₽'],
  ])('%d rubles → %j', (rubles, expected) => {
    expect(formatRubles(rubles)).toBe(nb(expected));
  });

  it('passes withKopecks through', () => {
    expect(formatRubles(12_500, { withKopecks: true })).toBe(nb('12 500,00 ₽'));
  });

  it('agrees with formatPrice', () => {
    for (const rubles of [0, 1, 999, 1000, 9999, 10_000, 123_456]) {
      expect(formatRubles(rubles)).toBe(formatPrice(rubles * 100));
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %d', (rubles) => {
    expect(() => formatRubles(rubles)).toThrow(RangeError);
  });
});
