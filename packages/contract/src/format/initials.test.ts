import { describe, it, expect } from 'vitest';
import { avatarLetters, fullName, holderInitials, initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials({ first_name: 'иван', last_name: 'петров' })).toBe('ИП');
    expect(initials({ first_name: 'Иван', last_name: 'Петров' })).toBe('ИП');
  });

  it('puts the first name first regardless of property order', () => {
    expect(initials({ last_name: 'Сидорова', first_name: 'Анна' })).toBe('АС');
  });

  it('trims whitespace', () => {
    expect(initials({ first_name: '  иван ', last_name: '\tпетров\n' })).toBe('ИП');
  });

  it('skips missing parts', () => {
    expect(initials({ first_name: 'иван' })).toBe('И');
    expect(initials({ last_name: 'петров' })).toBe('П');
    expect(initials({ first_name: null, last_name: 'петров' })).toBe('П');
    expect(initials({ first_name: '   ', last_name: 'петров' })).toBe('П');
    expect(initials({ first_name: 'иван', last_name: '' })).toBe('И');
  });

  it('returns an empty string when both are missing', () => {
    expect(initials({})).toBe('');
    expect(initials({ first_name: null, last_name: null })).toBe('');
    expect(initials({ first_name: ' ', last_name: '' })).toBe('');
  });

  it('handles Ё, including its decomposed form', () => {
    expect(initials({ first_name: 'ёлка', last_name: 'ёжиков' })).toBe('ЁЁ');
    const decomposed = 'е\u0308жиков';
    expect(decomposed).toHaveLength(7);
    expect(initials({ last_name: decomposed })).toBe('Ё');
  });

  it('handles Latin names', () => {
    expect(initials({ first_name: 'john', last_name: 'smith' })).toBe('JS');
    expect(initials({ first_name: 'émile', last_name: 'zola' })).toBe('ÉZ');
  });

  it('uses only the first letter of compound names', () => {
    expect(initials({ first_name: 'анна-мария', last_name: 'римская-корсакова' })).toBe('АР');
  });
});

describe('fullName', () => {
  it('joins last name, first name and patronymic', () => {
    expect(fullName({ last_name: 'Петров', first_name: 'Иван', patronymic: 'Сергеевич' })).toBe(
      'Петров Иван Сергеевич',
    );
  });

  it('skips blank parts', () => {
    expect(fullName({ last_name: 'Петров', first_name: 'Иван' })).toBe('Петров Иван');
    expect(fullName({ last_name: 'Петров', first_name: 'Иван', patronymic: null })).toBe('Петров Иван');
    expect(fullName({ last_name: '  ', first_name: 'Иван', patronymic: 'Сергеевич' })).toBe('Иван Сергеевич');
    expect(fullName({ first_name: 'Иван' })).toBe('Иван');
  });

  it('normalises whitespace to single spaces', () => {
    expect(fullName({ last_name: ' Петров ', first_name: 'Иван\t', patronymic: '\nСергеевич' })).toBe(
      'Петров Иван Сергеевич',
    );
    expect(fullName({ last_name: 'Петров', first_name: 'Анна   Мария' })).toBe('Петров Анна Мария');
  });

  it('returns an empty string when nothing is filled in', () => {
    expect(fullName({})).toBe('');
    expect(fullName({ last_name: null, first_name: '', patronymic: ' ' })).toBe('');
  });
});

describe('avatarLetters', () => {
  it('takes the initials of the names known, else the e-mail’s first letter', () => {
    expect(avatarLetters({ first_name: 'анна', last_name: 'Петрова', email: 'a.petrova@example.ru' })).toBe('АП');
    expect(avatarLetters({ first_name: 'анна', last_name: null, email: 'a.petrova@example.ru' })).toBe('А');
    expect(avatarLetters({ first_name: ' ', last_name: 'петрова', email: 'x@example.ru' })).toBe('П');
    expect(avatarLetters({ first_name: null, last_name: null, email: 'maria@example.ru' })).toBe('M');
    expect(avatarLetters({ first_name: 'ёлка', email: 'e@example.ru' })).toBe('Ё');
  });
});

describe('holderInitials', () => {
  it('names a certificate holder by initials of first name and patronymic, then the surname', () => {
    expect(holderInitials({ last_name: 'Иванова', first_name: 'ирина', patronymic: 'Петровна' })).toBe('И. П. Иванова');
    expect(holderInitials({ last_name: ' Иванова ', first_name: 'Ирина', patronymic: null })).toBe('И. Иванова');
    expect(holderInitials({ last_name: 'Ёлкина', first_name: 'е\u0308ва', patronymic: '' })).toBe('Ё. Ёлкина');
  });
});
