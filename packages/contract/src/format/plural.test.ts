import { describe, it, expect } from 'vitest';
import { NBSP } from './money.ts';
import {
  formatFileSize,
  formatSeatsLeft,
  COURSE_FORMS,
  DAY_FORMS,
  HOUR_FORMS,
  LESSON_FORMS,
  MINUTE_FORMS,
  MODULE_FORMS,
  MONTH_FORMS,
  REVIEW_FORMS,
  SECOND_FORMS,
  STUDENT_FORMS,
  WEEK_FORMS,
  formatCount,
  formatNumber,
  pluralRu,
} from './plural.ts';
import type { PluralForms } from './plural.ts';

const nb = (text: string): string => text.replace(/ /g, NBSP);

describe('pluralRu', () => {
  it.each([
    [0, 'курсов'],
    [1, 'курс'],
    [2, 'курса'],
    [3, 'курса'],
    [4, 'курса'],
    [5, 'курсов'],
    [9, 'курсов'],
    [10, 'курсов'],
    [11, 'курсов'],
    [12, 'курсов'],
    [13, 'курсов'],
    [14, 'курсов'],
    [15, 'курсов'],
    [19, 'курсов'],
    [20, 'курсов'],
    [21, 'курс'],
    [22, 'курса'],
    [24, 'курса'],
    [25, 'курсов'],
    [100, 'курсов'],
    [101, 'курс'],
    [102, 'курса'],
    [111, 'курсов'],
    [112, 'курсов'],
    [114, 'курсов'],
    [121, 'курс'],
    [1000, 'курсов'],
    [1001, 'курс'],
    [1011, 'курсов'],
    [1_000_021, 'курс'],
  ])('%d → %s', (n, expected) => {
    expect(pluralRu(n, COURSE_FORMS)).toBe(expected);
  });

  it.each([1.5, 0.5, 2.5, 5.5, 11.5, 21.5, 0.1])('uses the "few" form for fraction %d', (n) => {
    expect(pluralRu(n, COURSE_FORMS)).toBe('курса');
    expect(pluralRu(n, HOUR_FORMS)).toBe('часа');
  });

  it('treats negative numbers by magnitude', () => {
    expect(pluralRu(-1, COURSE_FORMS)).toBe('курс');
    expect(pluralRu(-2, COURSE_FORMS)).toBe('курса');
    expect(pluralRu(-5, COURSE_FORMS)).toBe('курсов');
    expect(pluralRu(-11, COURSE_FORMS)).toBe('курсов');
    expect(pluralRu(-21, COURSE_FORMS)).toBe('курс');
  });

  it('works for feminine and soft-stem nouns', () => {
    expect(pluralRu(1, SECOND_FORMS)).toBe('секунда');
    expect(pluralRu(3, SECOND_FORMS)).toBe('секунды');
    expect(pluralRu(12, SECOND_FORMS)).toBe('секунд');
    expect(pluralRu(21, WEEK_FORMS)).toBe('неделя');
    expect(pluralRu(5, MODULE_FORMS)).toBe('модулей');
    expect(pluralRu(2, DAY_FORMS)).toBe('дня');
  });

  it('accepts ad-hoc tuples', () => {
    const forms: PluralForms = ['балл', 'балла', 'баллов'];
    expect(pluralRu(3, forms)).toBe('балла');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('rejects %d', (n) => {
    expect(() => pluralRu(n, COURSE_FORMS)).toThrow(RangeError);
  });
});

describe('form tuples', () => {
  it.each([
    [COURSE_FORMS, ['курс', 'курса', 'курсов']],
    [STUDENT_FORMS, ['студент', 'студента', 'студентов']],
    [LESSON_FORMS, ['урок', 'урока', 'уроков']],
    [MODULE_FORMS, ['модуль', 'модуля', 'модулей']],
    [HOUR_FORMS, ['час', 'часа', 'часов']],
    [DAY_FORMS, ['день', 'дня', 'дней']],
    [WEEK_FORMS, ['неделя', 'недели', 'недель']],
    [MONTH_FORMS, ['месяц', 'месяца', 'месяцев']],
    [REVIEW_FORMS, ['отзыв', 'отзыва', 'отзывов']],
    [MINUTE_FORMS, ['минута', 'минуты', 'минут']],
    [SECOND_FORMS, ['секунда', 'секунды', 'секунд']],
  ])('%j', (forms, expected) => {
    expect(forms).toEqual(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [1500, '1500'],
    [9999, '9999'],
    [10_000, '10 000'],
    [1_234_567, '1 234 567'],
    [1.5, '1,5'],
    [12_345.25, '12 345,25'],
    [-3, '−3'],
    [-10_000.5, '−10 000,5'],
    [1e21, '1 000 000 000 000 000 000 000'],
    [1.5e-7, '0,00000015'],
  ])('%d → %j', (n, expected) => {
    expect(formatNumber(n)).toBe(nb(expected));
  });

  it('rejects non-finite numbers', () => {
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatCount', () => {
  it.each([
    [0, COURSE_FORMS, '0 курсов'],
    [1, COURSE_FORMS, '1 курс'],
    [12, COURSE_FORMS, '12 курсов'],
    [21, DAY_FORMS, '21 день'],
    [3, LESSON_FORMS, '3 урока'],
    [1500, STUDENT_FORMS, '1500 студентов'],
    [10_000, STUDENT_FORMS, '10 000 студентов'],
    [10_001, REVIEW_FORMS, '10 001 отзыв'],
    [1_234_562, REVIEW_FORMS, '1 234 562 отзыва'],
    [1.5, HOUR_FORMS, '1,5 часа'],
    [0.5, MONTH_FORMS, '0,5 месяца'],
    [-3, DAY_FORMS, '−3 дня'],
    [45, MINUTE_FORMS, '45 минут'],
  ])('%d → %j', (n, forms, expected) => {
    expect(formatCount(n, forms)).toBe(nb(expected));
  });

  it('keeps the number and the noun together with NBSP', () => {
    expect(formatCount(12, COURSE_FORMS)).toBe(`12${NBSP}курсов`);
    expect(formatCount(12_345, COURSE_FORMS)).not.toContain(' ');
  });
});

describe('formatSeatsLeft', () => {
  it('says how many places are left, in the right form, with the number and noun kept together', () => {
    expect(formatSeatsLeft(1)).toBe(`Осталось 1${NBSP}место`);
    expect(formatSeatsLeft(3)).toBe(`Осталось 3${NBSP}места`);
    expect(formatSeatsLeft(5)).toBe(`Осталось 5${NBSP}мест`);
    expect(formatSeatsLeft(21)).toBe(`Осталось 21${NBSP}место`);
  });

  it('says a full group has none and an unlimited one nothing', () => {
    expect(formatSeatsLeft(0)).toBe('Мест нет');
    expect(formatSeatsLeft(-2)).toBe('Мест нет');
    expect(formatSeatsLeft(null)).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('says kilobytes (one at least) below a megabyte, megabytes with one decimal above', () => {
    expect(formatFileSize(10)).toBe('1 КБ');
    expect(formatFileSize(820 * 1024)).toBe('820 КБ');
    expect(formatFileSize(12.44 * 1024 * 1024)).toBe('12,4 МБ');
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12 МБ');
  });
});
