import { describe, expect, it } from 'vitest';
import { emailSchema } from '../schemas/auth.ts';
import { isEmailAddress, normaliseEmail } from './auth.ts';

describe('normaliseEmail', () => {
  it('folds full-width and compatibility characters (NFKC), trims and lower-cases', () => {
    expect(normaliseEmail(' ｓｔｕｄｅｎｔ@ＣＲＥＭＡ.local ')).toBe('student@crema.local');
    expect(normaliseEmail('ﬁnn@example.ru')).toBe('finn@example.ru');
    expect(normaliseEmail('Иван@Пример.РФ')).toBe('иван@пример.рф');
    expect(isEmailAddress(normaliseEmail('ｓtudent@crema.local'))).toBe(true);
  });

  it('is what the API schema applies', () => {
    expect(emailSchema.parse('ｓtudent@crema.local')).toBe('student@crema.local');
  });
});
