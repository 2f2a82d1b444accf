import { describe, expect, it } from 'vitest';
import { AGE_TEXTS, COURSE_AGE_BOUNDS, ageCountedOn, ageOn, ageProblem, ageRangeHint, ageRangeProblems, ageRangeText, courseAgeTitle } from './ages.ts';

const kids = { min: 10, max: 14 };
// 12:00 in Moscow on 1 September 2026.
const now = new Date('2026-09-01T09:00:00Z');

describe('ageOn', () => {
  it('counts full years by the calendar', () => {
    expect(ageOn('2016-09-01', '2026-09-01')).toBe(10);
    expect(ageOn('2016-09-02', '2026-09-01')).toBe(9);
    expect(ageOn('2012-09-02', '2027-09-01')).toBe(14);
    expect(ageOn('2012-09-01', '2027-09-01')).toBe(15);
  });

  it('has a leap-day birthday come on 1 March in a year without 29 February', () => {
    expect(ageOn('2016-02-29', '2026-02-28')).toBe(9);
    expect(ageOn('2016-02-29', '2026-03-01')).toBe(10);
    expect(ageOn('2016-02-29', '2028-02-29')).toBe(12);
  });
});

describe('ageRangeText', () => {
  it('reads the range in Russian', () => {
    expect(ageRangeText(kids)).toBe('10–14 лет');
    expect(ageRangeText({ min: 18, max: 21 })).toBe('18–21 года');
    expect(ageRangeText({ min: 7, max: null })).toBe('от 7 лет');
    expect(ageRangeText({ min: 1, max: null })).toBe('от 1 года');
    expect(ageRangeText({ min: null, max: 14 })).toBe('до 14 лет');
    expect(ageRangeText({ min: 12, max: 12 })).toBe('12 лет');
    expect(ageRangeText({ min: null, max: null })).toBeNull();
    expect(courseAgeTitle(kids, true)).toBe('Курс для детей 10–14 лет');
    expect(courseAgeTitle({ min: 16, max: null }, false)).toBe('Курс для учеников от 16 лет');
  });
});

describe('ageProblem', () => {
  const at = (birth: string, groupStartsOn: string | null = null) => ageProblem(birth, kids, { kids: true, groupStartsOn, now });

  it('takes a child of exactly 10 and one the day before the 15th birthday', () => {
    expect(at('2016-09-01')).toBeNull();
    expect(at('2011-09-02')).toBeNull();
  });

  it('refuses a child too young or too old, saying the age', () => {
    expect(at('2016-09-02')).toBe('Курс для детей 10–14 лет, а ребёнку сейчас 9 лет.');
    expect(at('2011-09-01')).toBe('Курс для детей 10–14 лет, а ребёнку сейчас 15 лет.');
    expect(at('2021-05-10')).toBe('Курс для детей 10–14 лет, а ребёнку сейчас 5 лет.');
    expect(at('2024-01-01')).toBe('Курс для детей 10–14 лет, а ребёнку сейчас 2 года.');
  });

  it('asks to check a birth date after the day counted on, never saying a negative age', () => {
    expect(at('2027-01-01')).toBe('Проверьте дату рождения: она позже сегодняшнего дня.');
    expect(at('2026-09-20', '2026-10-01')).toBe('Курс для детей 10–14 лет, а ребёнку к началу занятий будет 0 лет.');
    expect(at('2026-10-02', '2026-10-01')).toBe('Проверьте дату рождения: она позже начала занятий.');
  });

  it('counts the age on the group start', () => {
    // 10 on 1 October: too young today, in range at the start of an October group.
    expect(at('2016-10-01', '2026-10-01')).toBeNull();
    expect(at('2016-10-02', '2026-10-01')).toBe('Курс для детей 10–14 лет, а ребёнку к началу занятий будет 9 лет.');
    // 15 before the start: refused though 14 today.
    expect(at('2011-09-15', '2026-10-01')).toBe('Курс для детей 10–14 лет, а ребёнку к началу занятий будет 15 лет.');
  });

  it('counts a leap-day child on the group start', () => {
    // Born 29.02.2012: still 14 on 28.02.2027, 15 on 1 March.
    expect(at('2012-02-29', '2027-02-28')).toBeNull();
    expect(at('2012-02-29', '2027-03-01')).toBe('Курс для детей 10–14 лет, а ребёнку к началу занятий будет 15 лет.');
  });

  it('takes anyone when the course has no range, and counts one open end', () => {
    expect(ageProblem('2025-01-01', { min: null, max: null }, { kids: true, now })).toBeNull();
    expect(ageProblem('1950-01-01', { min: 7, max: null }, { kids: true, now })).toBeNull();
    expect(ageProblem('2021-01-01', { min: 7, max: null }, { kids: false, now })).toBe('Курс для учеников от 7 лет, а ученику сейчас 5 лет.');
  });

  it('counts in Moscow: late evening of 31 August in UTC is already 1 September there', () => {
    const lateUtc = new Date('2026-08-31T22:30:00Z');
    expect(ageCountedOn(null, lateUtc)).toBe('2026-09-01');
    expect(ageProblem('2016-09-01', kids, { kids: true, now: lateUtc })).toBeNull();
  });
});

describe('ageRangeHint', () => {
  it('names the range and the day the age is counted on', () => {
    expect(ageRangeHint(kids, true, null, now)).toBe('Курс для детей 10–14 лет: возраст считается на сегодня.');
    expect(ageRangeHint(kids, true, '2026-10-01', now)).toBe('Курс для детей 10–14 лет: возраст считается на начало занятий, 01.10.2026.');
    expect(ageRangeHint(kids, true, undefined, now)).toBe('Курс для детей 10–14 лет: возраст считается на начало занятий выбранной группы.');
    expect(ageRangeHint({ min: null, max: null }, true, null, now)).toBeNull();
  });
});

describe('ageRangeProblems', () => {
  it('takes an empty range, one end, or min ≤ max within bounds', () => {
    expect(ageRangeProblems({ min: null, max: null })).toEqual({});
    expect(ageRangeProblems({ min: 10, max: null })).toEqual({});
    expect(ageRangeProblems({ min: 12, max: 12 })).toEqual({});
  });

  it('refuses min above max and ages out of bounds, in Russian', () => {
    expect(ageRangeProblems({ min: 14, max: 10 })).toEqual({ age_min: 'Возраст «от» не может быть больше возраста «до».' });
    expect(ageRangeProblems({ min: 0, max: 100 })).toEqual({ age_min: 'Возраст — от 1 до 99 лет.', age_max: 'Возраст — от 1 до 99 лет.' });
    expect(ageRangeProblems({ min: 7.5, max: null })).toEqual({ age_min: 'Возраст — целое число лет.' });
    expect(AGE_TEXTS.outOfBounds).toBe(`Возраст — от ${COURSE_AGE_BOUNDS.min} до ${COURSE_AGE_BOUNDS.max} лет.`);
  });
});
