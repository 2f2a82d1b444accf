// A course's age range and a learner's age against it (the order and the application of a kids'
// course). No zod: the site shows the range and the refusal with the same words the server answers.
import { pluralRu, type PluralForms } from '../format/plural.ts';
import { formatDate, moscowIsoDate } from '../format/dates.ts';

/** A course's learners' age in full years; null at either end = no limit there. */
export interface AgeRange {
  min: number | null;
  max: number | null;
}

// The years' forms live here, not with the other nouns in format/plural.ts: that file is on every
// page's first load, and only the order and application forms say ages.
/** Age: 'ребёнку 1 год, 2 года, 5 лет'. */
export const YEAR_FORMS = ['год', 'года', 'лет'] as const satisfies PluralForms;
/** Age after 'для детей', 'от', 'до' (genitive): '1 года', '2 лет', '5 лет', '21 года'. */
export const YEARS_OF_FORMS = ['года', 'лет', 'лет'] as const satisfies PluralForms;

/** The ages the course builder takes for either end of the range. */
export const COURSE_AGE_BOUNDS = { min: 1, max: 99 } as const;

export const AGE_TEXTS = {
  notWhole: 'Возраст — целое число лет.',
  // COURSE_AGE_BOUNDS' numbers (the test holds them together).
  outOfBounds: 'Возраст — от 1 до 99 лет.',
  minAboveMax: 'Возраст «от» не может быть больше возраста «до».',
} as const;

/** A course has an age range when either end is set. */
export function hasAgeRange(range: AgeRange): boolean {
  return range.min !== null || range.max !== null;
}

/**
 * Full years of a person born on `birth` on the date `on` (both 'YYYY-MM-DD', calendar dates in
 * Moscow). A birthday on 29 February comes on 1 March in a year without one.
 */
export function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

/**
 * The range as people read it after 'для детей': '10–14 лет', 'от 7 лет', 'до 21 года', '10 лет';
 * null without a limit.
 */
export function ageRangeText(range: AgeRange): string | null {
  const { min, max } = range;
  if (min !== null && max !== null) return min === max ? `${min} ${pluralRu(min, YEARS_OF_FORMS)}` : `${min}–${max} ${pluralRu(max, YEARS_OF_FORMS)}`;
  if (min !== null) return `от ${min} ${pluralRu(min, YEARS_OF_FORMS)}`;
  if (max !== null) return `до ${max} ${pluralRu(max, YEARS_OF_FORMS)}`;
  return null;
}

/** Who the course is for: 'Курс для детей 10–14 лет' (a kids' course) or 'Курс для учеников от 16 лет'. */
export function courseAgeTitle(range: AgeRange, kids: boolean): string | null {
  const text = ageRangeText(range);
  return text ? `Курс для ${kids ? 'детей' : 'учеников'} ${text}` : null;
}

/**
 * The date the age is counted on: the start of the chosen group ('YYYY-MM-DD'), else today in
 * Moscow; a start already past counts as today.
 */
export function ageCountedOn(groupStartsOn: string | null, now: Date = new Date()): string {
  const today = moscowIsoDate(now);
  return groupStartsOn && groupStartsOn > today ? groupStartsOn : today;
}

/**
 * The hint next to a birth-date field: the range and the day the age is counted on; null without a
 * range. `groupStartsOn` undefined: the course runs in groups and none is chosen yet.
 */
export function ageRangeHint(range: AgeRange, kids: boolean, groupStartsOn: string | null | undefined, now: Date = new Date()): string | null {
  const title = courseAgeTitle(range, kids);
  if (!title) return null;
  if (groupStartsOn === undefined) return `${title}: возраст считается на начало занятий выбранной группы.`;
  const on = ageCountedOn(groupStartsOn, now);
  return on === moscowIsoDate(now) ? `${title}: возраст считается на сегодня.` : `${title}: возраст считается на начало занятий, ${formatDate(on)}.`;
}

/**
 * Why a learner born on `birth` may not take the course, or null: their age on the group's start
 * (else today) is outside the range. 'Курс для детей 10–14 лет, а ребёнку к началу занятий будет 5 лет.'
 */
export function ageProblem(
  birth: string,
  range: AgeRange,
  options: { kids: boolean; groupStartsOn?: string | null; now?: Date },
): string | null {
  const title = courseAgeTitle(range, options.kids);
  if (!title) return null;
  const now = options.now ?? new Date();
  const on = ageCountedOn(options.groupStartsOn ?? null, now);
  const age = ageOn(birth, on);
  const who = options.kids ? 'ребёнку' : 'ученику';
  // A date after the day counted on is a slip of the keyboard, not an age (the form's own checks may not catch it).
  const today = on === moscowIsoDate(now);
  if (birth > on) return `Проверьте дату рождения: она позже ${today ? 'сегодняшнего дня' : 'начала занятий'}.`;
  if ((range.min === null || age >= range.min) && (range.max === null || age <= range.max)) return null;
  const years = `${age} ${pluralRu(age, YEAR_FORMS)}`;
  return today ? `${title}, а ${who} сейчас ${years}.` : `${title}, а ${who} к началу занятий будет ${years}.`;
}

/**
 * The builder's check of a range (either end may be null): each end a whole number within
 * COURSE_AGE_BOUNDS, 'от' not above 'до'. Problems keyed age_min / age_max.
 */
export function ageRangeProblems(range: AgeRange): { age_min?: string; age_max?: string } {
  const problems: { age_min?: string; age_max?: string } = {};
  const check = (value: number | null) => {
    if (value === null) return null;
    if (!Number.isInteger(value)) return AGE_TEXTS.notWhole;
    return value < COURSE_AGE_BOUNDS.min || value > COURSE_AGE_BOUNDS.max ? AGE_TEXTS.outOfBounds : null;
  };
  const min = check(range.min);
  const max = check(range.max);
  if (min) problems.age_min = min;
  if (max) problems.age_max = max;
  if (!min && !max && range.min !== null && range.max !== null && range.min > range.max) problems.age_min = AGE_TEXTS.minAboveMax;
  return problems;
}
