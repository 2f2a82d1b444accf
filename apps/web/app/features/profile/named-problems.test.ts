import { describe, expect, it } from 'vitest';
import { namedProblems } from './named-problems.ts';

describe('namedProblems (unknown fields listed separately below the student form)', () => {
  const fields = ['last_name', 'first_name', 'phone'];

  it('keeps the form’s fields under them and names the unknown ones', () => {
    const { problems } = namedProblems(
      { last_name: ['Укажите фамилию.'], nickname: ['Неизвестное поле.'], extra: 'Неизвестное поле.' },
      fields,
    );
    expect(problems.fields).toEqual({ last_name: ['Укажите фамилию.'] });
    expect(problems.general).toEqual(['nickname: Неизвестное поле.', 'extra: Неизвестное поле.']);
  });

  it('puts detail and non_field_errors first, unnamed', () => {
    const { problems } = namedProblems({ detail: 'Нельзя удалить.', other: ['Неизвестное поле.'] }, fields);
    expect(problems.general).toEqual(['Нельзя удалить.', 'other: Неизвестное поле.']);
  });

  it('falls back to the general server message for a body it cannot read', () => {
    expect(namedProblems('oops', fields).problems.general).toHaveLength(1);
    expect(namedProblems({}, fields).problems.general[0]).toMatch(/Ошибка обращения к сервису/);
  });
});
