import { describe, expect, it } from 'vitest';
import { MASK, phoneComplete, sendDate, sendText, showDate, showMasked, showPhone } from './masks.ts';

describe('form masks: what the API answers, as the fields show it', () => {
  it('shows stored digits through the site masks', () => {
    expect(showPhone('79161234567')).toBe('+7 (916) 123 45 67');
    expect(showPhone('79161234567', MASK.orderPhone)).toBe('+7 916-123-45-67');
    expect(phoneComplete('+7 916-123-45-67')).toBe(true);
    expect(phoneComplete('+7 916-123-45-6')).toBe(false);
    expect(showMasked('4510', MASK.passportSeries)).toBe('45 10');
    expect(showMasked('770001', MASK.passportGivenCode)).toBe('770 001');
    expect(showMasked('11223344595', MASK.snils)).toBe('112-233-445 95');
    expect(showDate('1990-03-15')).toBe('15.03.1990');
  });

  it('shows nothing for an empty or unreadable value', () => {
    expect(showPhone(null)).toBe('');
    expect(showMasked(undefined, MASK.snils)).toBe('');
    expect(showDate('15.03.1990')).toBe('');
  });

  it('sends a typed date as YYYY-MM-DD, anything else as typed, empty as null', () => {
    expect(sendDate('15.03.1990')).toBe('1990-03-15');
    expect(sendDate('15.03.19')).toBe('15.03.19');
    expect(sendDate('  ')).toBeNull();
    expect(sendText('  Анна ')).toBe('Анна');
    expect(sendText('')).toBeNull();
  });
});
