import { describe, it, expect } from 'vitest';
import { MASKS, applyMask, isMaskComplete, isValidSnils, maskPhone, normalizePhone, unmask } from './masks.ts';

// Simulates a controlled input: every keystroke is appended to the current masked value,
// which is then re-masked. Returns the value shown after each keystroke.
function typeInto(keys: string, format: (value: string) => string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const key of keys) {
    value = format(value + key);
    shown.push(value);
  }
  return shown;
}

// Control number computed independently from the published rule, to cross-check isValidSnils.
function snilsControlNumber(first9: string): string {
  const digits = [...first9].map(Number);
  const sum = digits.reduce((acc, d, i) => acc + d * (9 - i), 0);
  let control: number;
  if (sum < 100) control = sum;
  else if (sum === 100 || sum === 101) control = 0;
  else {
    control = sum % 101;
    if (control === 100) control = 0;
  }
  return String(control).padStart(2, '0');
}

function weightedSum(first9: string): number {
  return [...first9].reduce((acc, d, i) => acc + Number(d) * (9 - i), 0);
}

describe('MASKS', () => {
  it('matches the spec', () => {
    expect(MASKS).toEqual({
      phone: '+7 (###) ###-##-##',
      phoneOrder: '+7 ###-###-##-##',
      passportSeries: '## ##',
      passportNumber: '######',
      passportIssuerCode: '### ###',
      date: '##.##.####',
      snils: '###-###-### ##',
    });
  });
});

describe('unmask', () => {
  it('keeps digits only', () => {
    expect(unmask('+7 (916) 123-45-67')).toBe('79161234567');
    expect(unmask('12.03.2024')).toBe('12032024');
    expect(unmask('abc')).toBe('');
    expect(unmask('')).toBe('');
  });
});

describe('applyMask', () => {
  it('formats a date progressively without trailing literals', () => {
    expect(typeInto('12032024', (v) => applyMask(v, MASKS.date))).toEqual([
      '1',
      '12',
      '12.0',
      '12.03',
      '12.03.2',
      '12.03.20',
      '12.03.202',
      '12.03.2024',
    ]);
    expect(applyMask('', MASKS.date)).toBe('');
    expect(applyMask('12', MASKS.date)).toBe('12');
    expect(applyMask('123', MASKS.date)).toBe('12.3');
  });

  it('lets Backspace remove a literal', () => {
    // Deleting the '0' from '12.0' leaves '12.', which must not be turned back into '12.'.
    expect(applyMask('12.', MASKS.date)).toBe('12');
    expect(applyMask('123-456-', MASKS.snils)).toBe('123-456');
  });

  it('drops digits beyond the mask', () => {
    expect(applyMask('120320241999', MASKS.date)).toBe('12.03.2024');
    expect(applyMask('1234567', MASKS.passportNumber)).toBe('123456');
  });

  it('ignores junk in pasted text', () => {
    expect(applyMask('  12/03/2024 г.', MASKS.date)).toBe('12.03.2024');
    expect(applyMask('дата: 12-03-2024!', MASKS.date)).toBe('12.03.2024');
    expect(applyMask('серия 45 10', MASKS.passportSeries)).toBe('45 10');
    expect(applyMask('abc', MASKS.date)).toBe('');
  });

  it.each([
    ['passportSeries', '4510', '45 10'],
    ['passportSeries', '451', '45 1'],
    ['passportNumber', '123456', '123456'],
    ['passportIssuerCode', '770001', '770 001'],
    ['passportIssuerCode', '770-001', '770 001'],
    ['passportIssuerCode', '7700', '770 0'],
    ['snils', '11223344595', '112-233-445 95'],
    ['snils', '1122334459', '112-233-445 9'],
    ['snils', '112233445', '112-233-445'],
    ['snils', '1122', '112-2'],
  ] as const)('%s: %j → %j', (name, input, expected) => {
    expect(applyMask(input, MASKS[name])).toBe(expected);
  });

  it('emits a leading literal before the first digit', () => {
    expect(applyMask('1', '(###)')).toBe('(1');
    expect(applyMask('', '(###)')).toBe('');
  });

  it('is idempotent for masks without digit literals', () => {
    for (const mask of [MASKS.date, MASKS.snils, MASKS.passportSeries, MASKS.passportIssuerCode]) {
      for (const input of ['1', '12', '123', '1234567', '11223344595', 'x1y2z3']) {
        const once = applyMask(input, mask);
        expect(applyMask(once, mask)).toBe(once);
      }
    }
  });
});

describe('isMaskComplete', () => {
  it.each([
    ['12.03.2024', MASKS.date, true],
    ['12.03.202', MASKS.date, false],
    ['12032024', MASKS.date, false],
    ['12-03-2024', MASKS.date, false],
    ['12.03.2024 ', MASKS.date, false],
    ['ab.cd.efgh', MASKS.date, false],
    ['', MASKS.date, false],
    ['112-233-445 95', MASKS.snils, true],
    ['112-233-445 9', MASKS.snils, false],
    ['45 10', MASKS.passportSeries, true],
    ['123456', MASKS.passportNumber, true],
    ['770 001', MASKS.passportIssuerCode, true],
    ['+7 (916) 123-45-67', MASKS.phone, true],
    ['+7 (916) 123-45-6', MASKS.phone, false],
    ['+7 916-123-45-67', MASKS.phoneOrder, true],
    ['+7 916-123-45-67', MASKS.phone, false],
  ])('%j with %j → %s', (value, mask, expected) => {
    expect(isMaskComplete(value, mask)).toBe(expected);
  });

  it('accepts every full applyMask result', () => {
    expect(isMaskComplete(applyMask('11223344595', MASKS.snils), MASKS.snils)).toBe(true);
    expect(isMaskComplete(maskPhone('89161234567'), MASKS.phone)).toBe(true);
  });
});

describe('maskPhone', () => {
  it.each([
    '89161234567',
    '79161234567',
    '+79161234567',
    '+7 916 123-45-67',
    '+7 (916) 123-45-67',
    '8 (916) 123-45-67',
    '8-916-123-45-67',
    '9161234567',
    '916 123 45 67',
    'тел.: +7 (916) 123 45 67',
    '  +7 916 1234567 ',
  ])('pastes %j as +7 (916) 123-45-67', (input) => {
    expect(maskPhone(input)).toBe('+7 (916) 123-45-67');
  });

  it('is stable on its own output', () => {
    expect(maskPhone('+7 (916) 123-45-67')).toBe('+7 (916) 123-45-67');
    expect(maskPhone('+7 (916) 123-4')).toBe('+7 (916) 123-4');
  });

  it('ignores digits beyond a full number', () => {
    expect(maskPhone('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
    expect(maskPhone('891612345678')).toBe('+7 (916) 123-45-67');
  });

  it('types a number starting with 8 one key at a time', () => {
    expect(typeInto('89161234567', (v) => maskPhone(v))).toEqual([
      '+7',
      '+7 (9',
      '+7 (91',
      '+7 (916',
      '+7 (916) 1',
      '+7 (916) 12',
      '+7 (916) 123',
      '+7 (916) 123-4',
      '+7 (916) 123-45',
      '+7 (916) 123-45-6',
      '+7 (916) 123-45-67',
    ]);
  });

  it('types a number starting with +7 or 7 one key at a time', () => {
    const plus = typeInto('+79161234567', (v) => maskPhone(v));
    expect(plus[0]).toBe('');
    expect(plus[1]).toBe('+7');
    expect(plus.at(-1)).toBe('+7 (916) 123-45-67');
    expect(typeInto('79161234567', (v) => maskPhone(v)).at(-1)).toBe('+7 (916) 123-45-67');
  });

  it('types a number without a prefix one key at a time', () => {
    const shown = typeInto('9161234567', (v) => maskPhone(v));
    expect(shown[0]).toBe('+7 (9');
    expect(shown.at(-1)).toBe('+7 (916) 123-45-67');
  });

  it('lets Backspace clear the field', () => {
    expect(maskPhone('+7 (9')).toBe('+7 (9');
    expect(maskPhone('+7 (')).toBe('+7');
    expect(maskPhone('+7 ')).toBe('+7');
    expect(maskPhone('+')).toBe('');
    expect(maskPhone('')).toBe('');
  });

  it('keeps a 10-digit national number starting with 8 (e.g. St Petersburg)', () => {
    expect(maskPhone('812 345-67-89')).toBe('+7 (812) 345-67-89');
    expect(maskPhone('8 812 345-67-89')).toBe('+7 (812) 345-67-89');
    expect(maskPhone('+7 812 345 67 89')).toBe('+7 (812) 345-67-89');
  });

  it('supports the order-form mask', () => {
    expect(maskPhone('89161234567', MASKS.phoneOrder)).toBe('+7 916-123-45-67');
    expect(maskPhone('+7 (916) 123-45-67', MASKS.phoneOrder)).toBe('+7 916-123-45-67');
    expect(maskPhone('+7 916-12', MASKS.phoneOrder)).toBe('+7 916-12');
    expect(maskPhone('8', MASKS.phoneOrder)).toBe('+7');
    expect(typeInto('89161234567', (v) => maskPhone(v, MASKS.phoneOrder)).at(-1)).toBe('+7 916-123-45-67');
  });
});

describe('normalizePhone', () => {
  it.each([
    '89161234567',
    '79161234567',
    '+79161234567',
    '+7 (916) 123-45-67',
    '8 (916) 123-45-67',
    '9161234567',
    ' 916-123-45-67 ',
  ])('%j → +79161234567', (input) => {
    expect(normalizePhone(input)).toBe('+79161234567');
  });

  it('keeps 10-digit national numbers as they are', () => {
    expect(normalizePhone('8123456789')).toBe('+78123456789');
    expect(normalizePhone('88123456789')).toBe('+78123456789');
  });

  it.each([
    '',
    'abc',
    '+7',
    '916123456',
    '+7 (916) 123-45-6',
    '891612345678',
    '91612345678',
    '+380441234567',
    '+1 212 555 1234',
  ])('returns null for %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('agrees with maskPhone on complete numbers', () => {
    for (const input of ['89161234567', '+7 916 123 45 67', '8123456789']) {
      expect(normalizePhone(maskPhone(input))).toBe(normalizePhone(input));
    }
  });
});

describe('isValidSnils', () => {
  it('accepts the well-known sample 112-233-445 95', () => {
    expect(weightedSum('112233445')).toBe(95);
    expect(isValidSnils('112-233-445 95')).toBe(true);
    expect(isValidSnils('11223344595')).toBe(true);
    expect(isValidSnils(' 112-233-445-95 ')).toBe(true);
  });

  it('rejects a wrong control number', () => {
    expect(isValidSnils('112-233-445 96')).toBe(false);
    expect(isValidSnils('112-233-445 59')).toBe(false);
    expect(isValidSnils('112-233-446 95')).toBe(false);
  });

  it.each([
    ['123456789', 165, '64'],
    ['050234316', 100, '00'],
    ['016103396', 101, '00'],
    ['700201621', 102, '01'],
    ['820981233', 201, '00'],
    ['368898975', 302, '00'],
    ['999999999', 405, '01'],
    ['500100006', 57, '57'],
  ])('covers every branch of the rule: %s (sum %d) → %s', (first9, sum, control) => {
    expect(weightedSum(first9)).toBe(sum);
    expect(snilsControlNumber(first9)).toBe(control);
    expect(isValidSnils(first9 + control)).toBe(true);
    expect(isValidSnils(applyMask(first9 + control, MASKS.snils))).toBe(true);
    const wrong = String((Number(control) + 1) % 100).padStart(2, '0');
    expect(isValidSnils(first9 + wrong)).toBe(false);
  });

  it('agrees with the independent implementation on many numbers', () => {
    // Deterministic LCG so the test is reproducible.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 500; i++) {
      const first9 = String(1_001_999 + (next() % 998_998_001)).padStart(9, '0');
      const control = snilsControlNumber(first9);
      expect(isValidSnils(first9 + control)).toBe(true);
      const wrong = String((Number(control) + 1 + (next() % 99)) % 100).padStart(2, '0');
      expect(isValidSnils(first9 + wrong)).toBe(false);
    }
  });

  it('does not check the control number up to 001-001-998', () => {
    expect(isValidSnils('001-001-998 00')).toBe(true);
    expect(isValidSnils('001-001-998 77')).toBe(true);
    expect(isValidSnils('000-000-001 42')).toBe(true);
    // The first checked number: 0*9+0*8+1*7+0*6+0*5+1*4+9*3+9*2+9*1 = 65.
    expect(isValidSnils('001-001-999 65')).toBe(true);
    expect(isValidSnils('001-001-999 77')).toBe(false);
  });

  it.each(['', '112-233-445', '112-233-445 9', '112-233-445 950', 'abc-def-ghi jk', '112.233.445 95', '1122334459a'])(
    'rejects malformed %j',
    (input) => {
      expect(isValidSnils(input)).toBe(false);
    },
  );
});
