import { describe, expect, it } from 'vitest';
import { progressHref, readFilters } from './query.ts';

describe('the progress page’s filters in its address', () => {
  it('reads whose, course, group and period; all time by default', () => {
    expect(readFilters(new URLSearchParams('student=3&course=12&group=7&period=month'))).toEqual({ student: 3, course: 12, group: 7, period: 'month' });
    expect(readFilters(new URLSearchParams(''))).toEqual({ student: undefined, course: undefined, group: undefined, period: 'all' });
  });

  it('drops malformed values instead of failing the page', () => {
    expect(readFilters(new URLSearchParams('student=-1&course=abc&group=0&period=decade'))).toEqual({
      student: undefined,
      course: undefined,
      group: undefined,
      period: 'all',
    });
    expect(readFilters(new URLSearchParams('course=99999999999')).course).toBeUndefined();
  });

  it('writes one address per view: the default period and empty filters left out', () => {
    expect(progressHref({})).toBe('/user/progress/');
    expect(progressHref({ period: 'all' })).toBe('/user/progress/');
    expect(progressHref({ student: 3, period: 'week' })).toBe('/user/progress/?student=3&period=week');
    expect(progressHref(readFilters(new URLSearchParams('period=year&course=5&student=2')))).toBe('/user/progress/?student=2&course=5&period=year');
  });
});
