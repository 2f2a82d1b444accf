import { MINUS, NBSP, groupDigits } from './money.ts';

/** Russian noun forms for 1, 2–4 and 5+ items: ['курс', 'курса', 'курсов']. */
export type PluralForms = readonly [one: string, few: string, many: string];

export const COURSE_FORMS = ['курс', 'курса', 'курсов'] as const satisfies PluralForms;
export const STUDENT_FORMS = ['студент', 'студента', 'студентов'] as const satisfies PluralForms;
export const LESSON_FORMS = ['урок', 'урока', 'уроков'] as const satisfies PluralForms;
export const MODULE_FORMS = ['модуль', 'модуля', 'модулей'] as const satisfies PluralForms;
export const HOUR_FORMS = ['час', 'часа', 'часов'] as const satisfies PluralForms;
export const DAY_FORMS = ['день', 'дня', 'дней'] as const satisfies PluralForms;
export const WEEK_FORMS = ['неделя', 'недели', 'недель'] as const satisfies PluralForms;
export const MONTH_FORMS = ['месяц', 'месяца', 'месяцев'] as const satisfies PluralForms;
export const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const satisfies PluralForms;
export const MINUTE_FORMS = ['минута', 'минуты', 'минут'] as const satisfies PluralForms;
export const TEST_FORMS = ['тест', 'теста', 'тестов'] as const satisfies PluralForms;
export const GROUP_FORMS = ['группа', 'группы', 'групп'] as const satisfies PluralForms;
export const SEAT_FORMS = ['место', 'места', 'мест'] as const satisfies PluralForms;
export const SESSION_FORMS = ['занятие', 'занятия', 'занятий'] as const satisfies PluralForms;
export const SECOND_FORMS = ['секунда', 'секунды', 'секунд'] as const satisfies PluralForms;

/** Picks the Russian plural form for n: 1 курс, 2 курса, 5 курсов, 21 курс, 1,5 курса. */
export function pluralRu(n: number, forms: PluralForms): string {
  if (!Number.isFinite(n)) throw new RangeError(`pluralRu expects a finite number, got ${n}`);
  const [one, few, many] = forms;
  // Fractions agree with the genitive singular ('1,5 курса', '0,5 часа') whatever the digits.
  if (!Number.isInteger(n)) return few;
  const abs = Math.abs(n);
  const mod10 = abs % 10;
  const mod100 = abs % 100;
  // 11–14 end in 1–4 but are "many": 11 курсов, 112 курсов.
  if (mod100 >= 11 && mod100 <= 14) return many;
  if (mod10 === 1) return one;
  if (mod10 >= 2 && mod10 <= 4) return few;
  return many;
}

// String() switches to exponent notation below 1e-6 and from 1e21; expanding its
// shortest round-trip digits avoids both 'e' and the float noise toFixed would add.
function toPlainDecimal(abs: number): string {
  const text = String(abs);
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const point = 1 + Number(m[3]);
  if (point <= 0) return '0.' + '0'.repeat(-point) + digits;
  return digits.padEnd(point, '0');
}

/** Formats a number for running text: NBSP groups from 10 000 up, decimal comma, '−' for negatives. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`formatNumber expects a finite number, got ${n}`);
  const [intPart = '', fracPart = ''] = toPlainDecimal(Math.abs(n)).split('.');
  // Russian typography leaves four-digit numbers ungrouped in text ('1500 курсов').
  const grouped = intPart.length > 4 ? groupDigits(intPart) : intPart;
  const sign = n < 0 ? MINUS : '';
  return sign + grouped + (fracPart ? ',' + fracPart : '');
}

/** Formats a count with its noun: formatCount(12, COURSE_FORMS) → '12 курсов' (NBSP before the noun). */
export function formatCount(n: number, forms: PluralForms): string {
  return `${formatNumber(n)}${NBSP}${pluralRu(n, forms)}`;
}

/** A group's free places as people read them: 'Осталось 3 места', 'Мест нет'; null with no limit. */
export function formatSeatsLeft(seatsLeft: number | null): string | null {
  if (seatsLeft === null) return null;
  if (seatsLeft <= 0) return 'Мест нет';
  return `Осталось ${formatCount(seatsLeft, SEAT_FORMS)}`;
}

/** A file's size as people read it: '820 КБ' (1 КБ at least), '12,4 МБ' (one decimal). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} КБ`;
  return `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} МБ`;
}
