import { describe, expect, it } from 'vitest';
import { codeDigits, formatCountdown } from './CodeEntry.tsx';

describe('the code entry', () => {
  it('keeps the digits only, at most four: typed, pasted, or a line of the letter', () => {
    expect(codeDigits('12')).toBe('12');
    expect(codeDigits('a1-2 3x4')).toBe('1234');
    expect(codeDigits('Код для входа: 0427')).toBe('0427');
    expect(codeDigits('123456')).toBe('1234');
    expect(codeDigits('абв')).toBe('');
  });

  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(179)).toBe('2:59');
    expect(formatCountdown(45)).toBe('0:45');
    expect(formatCountdown(5)).toBe('0:05');
  });
});
