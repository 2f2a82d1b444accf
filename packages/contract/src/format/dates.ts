/** IANA time zone in which all dates and times are shown to users. */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

/** Calendar date and wall-clock time in Moscow; month is 1-based. */
export interface MoscowDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// The offset is mandatory: without it JS would read the string in the *runtime's* local
// time zone, and the same string would mean different instants on server and client.
const INSTANT_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

const DDMMYYYY_RE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

// 'dd.mm.yyyy' has room for four-digit years only.
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

// Built once: constructing Intl.DateTimeFormat is expensive relative to formatting.
// Only numeric parts are read, so the locale merely has to use Latin digits; h23 avoids
// the '24:00' that some engines produce for midnight with hour12: false. Marked pure: a module that
// imports these helpers is then free of side effects, and the bundler drops it where nothing uses it.
const moscowFormatter = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: MOSCOW_TIME_ZONE,
  numberingSystem: 'latn',
  era: 'short',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function pad4(n: number): string {
  return String(n).padStart(4, '0');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function invalid(value: unknown): RangeError {
  return new RangeError(`Invalid date: ${String(value)}`);
}

function parseOffsetMinutes(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 23 || minutes > 59) return Number.NaN;
  return sign * (hours * 60 + minutes);
}

// Parsed by hand because Date.parse accepts only a subset of ISO 8601 reliably
// (e.g. a space separator or a '+03' offset are implementation-defined).
function parseInstant(value: string): number {
  const m = INSTANT_RE.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, frac, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const ms = frac === undefined ? 0 : Number(frac.slice(0, 3).padEnd(3, '0'));
  if (!isValidCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) {
    return Number.NaN;
  }
  const offsetMinutes = parseOffsetMinutes(offset ?? '');
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime() - offsetMinutes * 60_000;
}

/** Returns the Moscow calendar date and time of an instant, or of a 'YYYY-MM-DD' date (as its midnight). */
export function moscowDateParts(value: Date | string): MoscowDateParts {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY_RE.exec(value);
    if (dateOnly) {
      // A date-only value is a calendar date, not an instant: converting it through
      // Date would shift it by the runtime's offset (new Date('2024-03-01') is UTC midnight).
      const year = Number(dateOnly[1]);
      const month = Number(dateOnly[2]);
      const day = Number(dateOnly[3]);
      if (!isValidCalendarDate(year, month, day)) throw invalid(value);
      return { year, month, day, hour: 0, minute: 0 };
    }
  }
  const time = typeof value === 'string' ? parseInstant(value) : value.getTime();
  if (Number.isNaN(time)) throw invalid(value);

  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of moscowFormatter.formatToParts(time)) parts[part.type] = part.value;
  const result = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
  // 'en-US' numbers BC years from 1 upwards, so the era is the only way to spot them.
  if (parts.era !== 'AD' || !isValidCalendarDate(result.year, result.month, result.day)) {
    throw invalid(value);
  }
  return result;
}

/** Formats a date as 'dd.mm.yyyy' in Moscow time; a 'YYYY-MM-DD' string is kept as that calendar date. */
export function formatDate(value: Date | string): string {
  const p = moscowDateParts(value);
  return `${pad2(p.day)}.${pad2(p.month)}.${pad4(p.year)}`;
}

/** Formats the Moscow wall-clock time of an instant as 'HH:mm'. */
export function formatTime(value: Date | string): string {
  const p = moscowDateParts(value);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** Formats an instant as 'dd.mm.yyyy HH:mm' in Moscow time. */
export function formatDateTime(value: Date | string): string {
  const p = moscowDateParts(value);
  return `${pad2(p.day)}.${pad2(p.month)}.${pad4(p.year)} ${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** Parses user input 'dd.mm.yyyy' into 'YYYY-MM-DD'; returns null for a bad format or a non-existent date. */
export function toIsoDate(ddmmyyyy: string): string | null {
  const m = DDMMYYYY_RE.exec(ddmmyyyy.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (!isValidCalendarDate(year, month, day)) return null;
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}`;
}

/** Converts 'YYYY-MM-DD' into 'dd.mm.yyyy'; throws RangeError for anything else. */
export function fromIsoDate(iso: string): string {
  const m = DATE_ONLY_RE.exec(iso);
  if (!m) throw invalid(iso);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (!isValidCalendarDate(year, month, day)) throw invalid(iso);
  return `${pad2(day)}.${pad2(month)}.${pad4(year)}`;
}

/** The Moscow calendar date of an instant as 'YYYY-MM-DD' (today in Moscow: `moscowIsoDate(new Date())`). */
export function moscowIsoDate(value: Date | string): string {
  const p = moscowDateParts(value);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** The calendar date `days` after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addDays(iso: string, days: number): string {
  const m = DATE_ONLY_RE.exec(iso);
  if (!m || !isValidCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) throw invalid(iso);
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  return `${pad4(date.getUTCFullYear())}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** The day of the week of a 'YYYY-MM-DD' date: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(iso: string): number {
  const m = DATE_ONLY_RE.exec(iso);
  if (!m || !isValidCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) throw invalid(iso);
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.getUTCDay();
}

/** The instant of a Moscow wall-clock time ('HH:mm') on a 'YYYY-MM-DD' date. */
export function moscowInstant(iso: string, hhmm: string): Date {
  const time = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!time) throw invalid(hhmm);
  return new Date(parseInstant(`${iso}T${hhmm}:00${moscowOffsetOn(iso)}`));
}

// Moscow's UTC offset at noon of a date, as '+HH:MM' (UTC+3 all year since 2014; history differs).
function moscowOffsetOn(iso: string): string {
  const noonUtc = parseInstant(`${iso}T12:00:00Z`);
  const p = moscowDateParts(new Date(noonUtc));
  const local = new Date(0);
  local.setUTCFullYear(p.year, p.month - 1, p.day);
  local.setUTCHours(p.hour, p.minute, 0, 0);
  const minutes = Math.round((local.getTime() - noonUtc) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}
