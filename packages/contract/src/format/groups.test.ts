import { describe, expect, it } from 'vitest';
import { groupPhrase } from './groups.ts';

describe('groupPhrase', () => {
  it('does not repeat the word for a title that already says «Группа…»', () => {
    expect(groupPhrase('Группа с 14 декабря')).toBe('группа с 14 декабря');
    expect(groupPhrase('Группа с 14 декабря', { capital: true })).toBe('Группа с 14 декабря');
    expect(groupPhrase('группы выходного дня')).toBe('группы выходного дня');
  });

  it('puts another title in quotes after the word', () => {
    expect(groupPhrase('Вечерняя')).toBe('группа «Вечерняя»');
    expect(groupPhrase(' Групповой  поток ', { capital: true })).toBe('Группа «Групповой поток»');
  });
});
