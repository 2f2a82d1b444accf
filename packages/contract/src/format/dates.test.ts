import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  addDays,
  moscowInstant,
  moscowIsoDate,
  weekdayOf,
  MOSCOW_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatTime,
  fromIsoDate,
  moscowDateParts,
  toIsoDate,
} from './dates.ts';

describe('formatDate / formatTime / formatDateTime for instants', () => {
  it('converts an instant just after Moscow midnight to the next calendar day', () => {
    const value = '2024-03-01T21:30:00Z';
    expect(formatDate(value)).toBe('02.03.2024');
    expect(formatTime(value)).toBe('00:30');
    expect(formatDateTime(value)).toBe('02.03.2024 00:30');
  });

  it.each([
    ['2024-03-01T20:59:59Z', '01.03.2024 23:59'],
    ['2024-03-01T21:00:00Z', '02.03.2024 00:00'],
    ['2024-03-01T00:00:00Z', '01.03.2024 03:00'],
    ['2023-12-31T21:00:00Z', '01.01.2024 00:00'],
    ['2023-12-31T20:59:00Z', '31.12.2023 23:59'],
    ['2024-02-28T21:00:00Z', '29.02.2024 00:00'],
    ['2024-03-01T12:05:00Z', '01.03.2024 15:05'],
  ])('%s → %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it('prints midnight as 00:00, never 24:00', () => {
    expect(formatTime('2024-06-14T21:00:00Z')).toBe('00:00');
  });

  it('accepts Date objects', () => {
    const date = new Date(Date.UTC(2024, 2, 1, 21, 30));
    expect(formatDate(date)).toBe('02.03.2024');
    expect(formatTime(date)).toBe('00:30');
    expect(formatDateTime(date)).toBe('02.03.2024 00:30');
  });

  it.each([
    ['2024-03-01T21:30:00.000Z', '02.03.2024 00:30'],
    ['2024-03-01T21:30:59.999999Z', '02.03.2024 00:30'],
    ['2024-03-01T21:30Z', '02.03.2024 00:30'],
    ['2024-03-01t21:30:00z', '02.03.2024 00:30'],
    ['2024-03-02T00:30:00+03:00', '02.03.2024 00:30'],
    ['2024-03-02T00:30:00+0300', '02.03.2024 00:30'],
    ['2024-03-02T00:30:00+03', '02.03.2024 00:30'],
    ['2024-03-01 21:30:00+00', '02.03.2024 00:30'],
    ['2024-03-01 21:30:00.123456+00', '02.03.2024 00:30'],
    ['2024-03-01T16:30:00-05:00', '02.03.2024 00:30'],
    ['2024-03-02T07:00:00+06:30', '02.03.2024 03:30'],
  ])('parses ISO variant %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it('agrees with Date parsing for standard ISO strings', () => {
    const value = '2024-03-01T21:30:00.000Z';
    expect(formatDateTime(value)).toBe(formatDateTime(new Date(value)));
  });

  it('uses the tz database rather than a fixed +3 offset', () => {
    // Moscow has been UTC+3 all year since 26.10.2014 …
    expect(formatTime('2024-01-15T12:00:00Z')).toBe('15:00');
    expect(formatTime('2024-07-15T12:00:00Z')).toBe('15:00');
    // … was UTC+4 all year between 27.03.2011 and 26.10.2014 …
    expect(formatTime('2013-01-15T12:00:00Z')).toBe('16:00');
    expect(formatTime('2014-10-25T12:00:00Z')).toBe('16:00');
    expect(formatTime('2014-10-26T12:00:00Z')).toBe('15:00');
    // … and observed DST before that.
    expect(formatTime('2010-01-15T12:00:00Z')).toBe('15:00');
    expect(formatTime('2010-07-15T12:00:00Z')).toBe('16:00');
  });
});

describe('formatDate for date-only strings', () => {
  it.each([
    ['2024-03-01', '01.03.2024'],
    ['2024-01-01', '01.01.2024'],
    ['2023-12-31', '31.12.2023'],
    ['2024-02-29', '29.02.2024'],
    ['2000-02-29', '29.02.2000'],
    ['0999-05-09', '09.05.0999'],
  ])('%s → %s without time-zone shifting', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it('treats a calendar date as its start of day', () => {
    expect(formatDateTime('2024-03-01')).toBe('01.03.2024 00:00');
    expect(formatTime('2024-03-01')).toBe('00:00');
  });

  it.each(['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '0000-01-01'])(
    'rejects the non-existent date %s',
    (value) => {
      expect(() => formatDate(value)).toThrow(RangeError);
    },
  );
});

describe('invalid input', () => {
  it.each([
    '',
    'hello',
    '2024-3-1',
    '01.03.2024',
    '2024/03/01',
    '2024-03-01T25:00:00Z',
    '2024-03-01T24:00:00Z',
    '2024-03-01T12:60:00Z',
    '2024-03-01T12:00:60Z',
    '2024-02-30T12:00:00Z',
    '2024-03-01T12:00:00+24:00',
    '2024-03-01T12:00:00+03:60',
    ' 2024-03-01T12:00:00Z',
  ])('throws RangeError for %j', (value) => {
    expect(() => formatDate(value)).toThrow(RangeError);
    expect(() => formatTime(value)).toThrow(RangeError);
    expect(() => formatDateTime(value)).toThrow(RangeError);
  });

  it('rejects strings without an offset, whose instant would depend on the runtime time zone', () => {
    expect(() => formatDateTime('2024-03-01T21:30:00')).toThrow(RangeError);
    expect(() => formatDateTime('2024-03-01 21:30')).toThrow(RangeError);
  });

  it('throws RangeError for an invalid Date', () => {
    expect(() => formatDate(new Date('nope'))).toThrow(RangeError);
    expect(() => formatTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDateTime(new Date(8.64e15 + 1))).toThrow(RangeError);
  });

  it('throws RangeError for instants outside years 1–9999', () => {
    expect(() => formatDate(new Date(8.64e15))).toThrow(RangeError);
    expect(() => formatDate(new Date(-8.64e15))).toThrow(RangeError);
  });
});

describe('moscowDateParts', () => {
  it('returns numeric Moscow parts of an instant', () => {
    expect(moscowDateParts('2024-03-01T21:30:00Z')).toEqual({ year: 2024, month: 3, day: 2, hour: 0, minute: 30 });
    expect(moscowDateParts(new Date(Date.UTC(2024, 11, 31, 20, 59)))).toEqual({
      year: 2024,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
    });
  });

  it('returns a date-only value as midnight of that date', () => {
    expect(moscowDateParts('2024-03-01')).toEqual({ year: 2024, month: 3, day: 1, hour: 0, minute: 0 });
  });
});

describe('independence from the runtime time zone', () => {
  // Each instant falls on a different calendar date in UTC than in Moscow, so a result
  // computed with the runtime's local zone (UTC on CI, anything in a browser) would differ.
  it.each([
    ['2024-03-01T21:30:00Z', '02.03.2024 00:30'],
    ['2024-03-31T22:15:00Z', '01.04.2024 01:15'],
    ['2024-12-31T23:59:00Z', '01.01.2025 02:59'],
    ['2024-02-28T22:00:00Z', '29.02.2024 01:00'],
  ])('%s is %s in Moscow', (value, expected) => {
    const date = new Date(value);
    const utcDate = `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(formatDate(value).startsWith(utcDate)).toBe(false);
    expect(formatDateTime(value)).toBe(expected);
    expect(formatDateTime(date)).toBe(expected);
  });

  it('gives the Moscow date even when the runtime zone is far from Moscow', () => {
    // Reference: what the runtime's own Intl produces for the same instant in other zones.
    const instant = new Date('2024-03-01T21:30:00Z');
    const dayIn = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric' }).format(instant);
    expect(dayIn('America/Los_Angeles')).toBe('1');
    expect(dayIn('Pacific/Kiritimati')).toBe('2');
    expect(dayIn(MOSCOW_TIME_ZONE)).toBe('2');
    expect(formatDate(instant)).toBe('02.03.2024');
  });

  // The only way to really change the zone is a fresh process with TZ set. This needs tsx
  // to load TypeScript; it is hoisted from another workspace, hence the guard.
  const tsx = (() => {
    try {
      return createRequire(import.meta.url).resolve('tsx');
    } catch {
      return null;
    }
  })();

  it.skipIf(tsx === null).each(['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kamchatka', 'UTC'])(
    'produces identical output in a process with TZ=%s',
    (tz) => {
      const inputs = ['2024-03-01T21:30:00Z', '2024-03-01', '2023-12-31', '2024-12-31T23:59:00Z', '2024-01-01T00:00:00+03:00'];
      const moduleUrl = new URL('./index.ts', import.meta.url).href;
      const script = `
        const f = await import(${JSON.stringify(moduleUrl)});
        const inputs = ${JSON.stringify(inputs)};
        const offset = new Date('2024-03-01T00:00:00Z').getTimezoneOffset();
        console.log(JSON.stringify({ offset, out: inputs.map((v) => [f.formatDate(v), f.formatDateTime(v)]) }));
      `;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        env: { ...process.env, TZ: tz },
        encoding: 'utf8',
      });
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      const result = JSON.parse(child.stdout) as { offset: number; out: [string, string][] };
      const expectedOffset = { 'America/Los_Angeles': 480, 'Pacific/Kiritimati': -840, 'Asia/Kamchatka': -720, UTC: 0 }[tz];
      // Proves the child really ran in the requested zone.
      expect(result.offset).toBe(expectedOffset);
      expect(result.out).toEqual(inputs.map((v) => [formatDate(v), formatDateTime(v)]));
      expect(result.out).toEqual([
        ['02.03.2024', '02.03.2024 00:30'],
        ['01.03.2024', '01.03.2024 00:00'],
        ['31.12.2023', '31.12.2023 00:00'],
        ['01.01.2025', '01.01.2025 02:59'],
        ['01.01.2024', '01.01.2024 00:00'],
      ]);
    },
    20_000,
  );
});

describe('toIsoDate', () => {
  it.each([
    ['01.03.2024', '2024-03-01'],
    ['29.02.2024', '2024-02-29'],
    ['29.02.2000', '2000-02-29'],
    ['31.12.1999', '1999-12-31'],
    ['31.01.2024', '2024-01-31'],
    ['30.04.2024', '2024-04-30'],
    [' 01.03.2024 ', '2024-03-01'],
  ])('%j → %s', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
  });

  it.each([
    '31.02.2024',
    '30.02.2024',
    '29.02.2023',
    '29.02.1900',
    '31.04.2024',
    '31.06.2024',
    '31.09.2024',
    '31.11.2024',
    '32.01.2024',
    '00.01.2024',
    '01.00.2024',
    '01.13.2024',
    '01.01.0000',
    '1.3.2024',
    '01.3.2024',
    '01.03.24',
    '01/03/2024',
    '01-03-2024',
    '2024-03-01',
    '01.03.2024x',
    '01.03.20245',
    '01.03.',
    '',
    'дд.мм.гггг',
  ])('rejects %j', (input) => {
    expect(toIsoDate(input)).toBeNull();
  });
});

describe('fromIsoDate', () => {
  it.each([
    ['2024-03-01', '01.03.2024'],
    ['2024-02-29', '29.02.2024'],
    ['1999-12-31', '31.12.1999'],
  ])('%s → %s', (input, expected) => {
    expect(fromIsoDate(input)).toBe(expected);
  });

  it.each(['2024-02-30', '2023-02-29', '2024-3-1', '01.03.2024', '2024-03-01T00:00:00Z', ''])(
    'throws RangeError for %j',
    (input) => {
      expect(() => fromIsoDate(input)).toThrow(RangeError);
    },
  );

  it('round-trips with toIsoDate', () => {
    for (const iso of ['2024-01-01', '2024-02-29', '2025-12-31', '0001-01-01', '9999-12-31']) {
      expect(toIsoDate(fromIsoDate(iso))).toBe(iso);
    }
  });
});

describe('Moscow calendar arithmetic', () => {
  it('moscowIsoDate gives the Moscow date of an instant, a day ahead of UTC late in the evening', () => {
    expect(moscowIsoDate(new Date('2024-03-01T20:59:00Z'))).toBe('2024-03-01');
    expect(moscowIsoDate(new Date('2024-03-01T21:00:00Z'))).toBe('2024-03-02');
    expect(moscowIsoDate('2024-12-31')).toBe('2024-12-31');
  });

  it('addDays moves across months, leap days and years either way', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2024-03-10', 0)).toBe('2024-03-10');
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });

  it('weekdayOf counts from Sunday', () => {
    expect(weekdayOf('2024-03-03')).toBe(0);
    expect(weekdayOf('2024-03-09')).toBe(6);
    expect(() => weekdayOf('03.03.2024')).toThrow(RangeError);
  });

  it('moscowInstant reads a Moscow wall-clock time, with the offset of that date', () => {
    expect(moscowInstant('2024-03-01', '19:00').toISOString()).toBe('2024-03-01T16:00:00.000Z');
    // Summer time of 2010 (UTC+4).
    expect(moscowInstant('2010-07-01', '19:00').toISOString()).toBe('2010-07-01T15:00:00.000Z');
    expect(() => moscowInstant('2024-03-01', '7pm')).toThrow(RangeError);
  });
});
