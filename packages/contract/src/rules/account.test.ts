import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  missingProfileFields,
  nameProblem,
  normaliseName,
  parseIsoDate,
  passportGivenCodeDigits,
  passportSeriesDigits,
  pastDateProblem,
  snilsDigits,
  storedPhone,
} from './account.ts';

describe('account rules', () => {
  it('accepts names of letters, spaces, hyphens and apostrophes', () => {
    for (const name of ['Анна', 'Анна-Мария', "Д'Артаньян", 'О’Нил', 'Мамин Сибиряк', 'Jean-Luc', 'Ёлкина']) {
      expect(nameProblem(normaliseName(name)), name).toBeNull();
    }
    for (const name of ['Анна2', '-Анна', 'Анна-', 'А.Б.', '<b>', "''"]) expect(nameProblem(name), name).toBe(ACCOUNT_TEXTS.nameLetters);
    expect(normaliseName('  Анна   Мария ')).toBe('Анна Мария');
  });

  it('reads the masked phone forms as 7 and ten digits', () => {
    for (const phone of ['+7 (916) 123-45-67', '+7 916-123-45-67', '8 916 123 45 67', '+79161234567', '9161234567']) {
      expect(storedPhone(phone), phone).toBe('79161234567');
    }
    for (const phone of ['+7 916 123 45 6', '+1 916 123 45 67', '8-916-123-45-67-8', 'телефон', '8916123456a']) {
      expect(storedPhone(phone), phone).toBeNull();
    }
  });

  it('reads a phone as people type or paste it: 8, 7 or +7 first, any spaces, brackets, dashes, a label', () => {
    for (const phone of [
      '8 916 123-45-67',
      '89161234567',
      '8 (916) 123-45-67',
      '8(916)1234567',
      '8-916-123-45-67',
      '8.916.123.45.67',
      '7 916 123 45 67',
      '+7 916 123 45 67',
      '+7(916)123-45-67',
      ' +7 916 123 45 67 ',
      '(916) 123-45-67',
      'тел. 8 (916) 123 45 67',
      'Тел.: +7 916 123-45-67',
      'Телефон: 8 916 123 45 67',
      'tel:+79161234567',
    ]) {
      expect(storedPhone(phone), phone).toBe('79161234567');
    }
    // Ten digits are a national number even when they start with 8 (toll-free, St Petersburg).
    expect(storedPhone('800 555-35-35')).toBe('78005553535');
    expect(storedPhone('8 800 555-35-35')).toBe('78005553535');
    expect(storedPhone('8 812 345-67-89')).toBe('78123456789');
    for (const phone of ['8 916 123 45', 'тел. 8 916 123 4', 'звоните 8 916 123 45 67', '8 916 123 45 67 доб. 5', '+8 916 123 45 67']) {
      expect(storedPhone(phone), phone).toBeNull();
    }
  });

  it('reads real dates only and checks past dates against today in Moscow', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('29.02.2024')).toBe('2024-02-29');
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-2-1')).toBeNull();
    const today = '2026-11-23';
    expect(pastDateProblem('2026-11-23', { today })).toBeNull();
    expect(pastDateProblem('2026-11-24', { today })).toBe(ACCOUNT_TEXTS.dateInFuture);
    expect(pastDateProblem('1906-11-23', { today })).toBeNull();
    expect(pastDateProblem('1906-11-22', { today })).toBe(ACCOUNT_TEXTS.dateTooOld);
    expect(pastDateProblem('2012-11-23', { today, minAge: 14 })).toBeNull();
    expect(pastDateProblem('2012-11-24', { today, minAge: 14 })).toBe(ACCOUNT_TEXTS.accountTooYoung);
    expect(pastDateProblem('2010-02-28', { today: '2024-02-29', minAge: 14 })).toBeNull();
  });

  it('reads passport parts and SNILS in their masked forms', () => {
    expect(passportSeriesDigits('45 10')).toBe('4510');
    expect(passportSeriesDigits('451')).toBeNull();
    expect(passportGivenCodeDigits('770-001')).toBe('770001');
    expect(passportGivenCodeDigits('770 001')).toBe('770001');
    expect(passportGivenCodeDigits('7700011')).toBeNull();
    expect(snilsDigits('112-233-445 95')).toBe('11223344595');
    expect(snilsDigits('112-233-445 96')).toBeNull();
    expect(snilsDigits('112.233.445 95')).toBeNull();
  });

  it('lists what a complete profile still lacks', () => {
    const full = {
      last_name: 'И',
      first_name: 'И',
      patronymic: 'И',
      birth_date: '1990-01-01',
      phone: '79161234567',
      email: 'a@b.ru',
      passport_series: '4510',
      passport_number: '734519',
      passport_given_code: '770001',
      passport_given_date: '2015-01-01',
      passport_given_location: 'ОВД',
      snils: '11223344595',
    };
    expect(missingProfileFields(full)).toEqual([]);
    expect(missingProfileFields({ ...full, patronymic: ' ', snils: null })).toEqual(['patronymic', 'snils']);
  });
});
