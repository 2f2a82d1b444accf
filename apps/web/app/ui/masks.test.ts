import { describe, expect, it } from 'vitest';
import createMask from 'imask/esm/masked/factory';
import 'imask/esm/masked/pattern';
import { MASK, phoneComplete, sendDate, sendText, showDate, showMasked, showPhone, type MaskOptions } from './masks.ts';

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

/** What a phone field shows after `keys` are typed one by one (as imask's input handler splices them in). */
function typeKeys(options: MaskOptions, keys: string, start = ''): string {
  const masked = createMask(options);
  masked.value = start;
  for (const key of keys) masked.splice(masked.displayValue.length, 0, key, 'NONE', { input: true, raw: true });
  return masked.value;
}

/** What a phone field shows after `text` is pasted (or autofilled) into it at once. */
function paste(options: MaskOptions, text: string, start = ''): string {
  const masked = createMask(options);
  masked.value = start;
  masked.splice(masked.displayValue.length, 0, text, 'NONE', { input: true, raw: true });
  return masked.value;
}

const WRITTEN = [
  '8 916 123-45-67',
  '89161234567',
  '8 (916) 123-45-67',
  '8(916)123 45 67',
  '8-916-123-45-67',
  '+7 916 123-45-67',
  '+7 (916) 123-45-67',
  '+79161234567',
  '7 916 123 45 67',
  '79161234567',
  '9161234567',
  '(916) 123-45-67',
  'тел. 8 (916) 123 45 67',
  'Телефон: +7 916 123 45 67',
];

describe('phone fields read a number as Russians write it', () => {
  it.each(WRITTEN)('typed %j shows +7 916-123-45-67 (and +7 (916) 123 45 67)', (written) => {
    expect(typeKeys(MASK.orderPhone, written)).toBe('+7 916-123-45-67');
    expect(typeKeys(MASK.phone, written)).toBe('+7 (916) 123 45 67');
  });

  it.each(WRITTEN)('pasted %j shows +7 916-123-45-67 (and +7 (916) 123 45 67)', (written) => {
    expect(paste(MASK.orderPhone, written)).toBe('+7 916-123-45-67');
    expect(paste(MASK.phone, written)).toBe('+7 (916) 123 45 67');
    // Into a field that already shows '+7' (typed, or left after deleting the rest).
    expect(paste(MASK.orderPhone, written, '+7')).toBe('+7 916-123-45-67');
  });

  it('takes a leading 8 or 7 for the prefix: the field shows +7 at once', () => {
    expect(typeKeys(MASK.orderPhone, '8')).toBe('+7');
    expect(typeKeys(MASK.orderPhone, '7')).toBe('+7');
    expect(typeKeys(MASK.orderPhone, '+')).toBe('+');
    expect(typeKeys(MASK.orderPhone, '89')).toBe('+7 9');
    expect(typeKeys(MASK.orderPhone, '9')).toBe('+7 9');
  });

  it('after +7 every key is a digit of the number (+7 800 …, +7 812 …)', () => {
    expect(typeKeys(MASK.orderPhone, '88005553535')).toBe('+7 800-555-35-35');
    expect(typeKeys(MASK.orderPhone, '+78005553535')).toBe('+7 800-555-35-35');
    expect(typeKeys(MASK.orderPhone, '8005553535', '+7')).toBe('+7 800-555-35-35');
    expect(typeKeys(MASK.phone, '8 812 345 67 89')).toBe('+7 (812) 345 67 89');
    expect(paste(MASK.orderPhone, '800 555-35-35')).toBe('+7 800-555-35-35');
  });

  it('shows a stored or autofilled number the same way', () => {
    expect(showPhone('79161234567', MASK.orderPhone)).toBe('+7 916-123-45-67');
    const masked = createMask(MASK.orderPhone);
    masked.value = '+7 916-123-45-67';
    expect(masked.value).toBe('+7 916-123-45-67');
    masked.value = '8 916 123 45 67';
    expect(masked.value).toBe('+7 916-123-45-67');
  });

  it('leaves the rest of the number alone when a digit inside it is deleted', () => {
    const masked = createMask(MASK.orderPhone);
    masked.value = '+7 987-654-32-10';
    // Backspace over the 9: the tail '87-654-32-10' moves up, its 8 is not a prefix.
    masked.splice(3, 1, '', 'LEFT', { input: true, raw: true });
    expect(masked.value).toBe('+7 876-543-21-0');
  });
});
