import { describe, expect, it } from 'vitest';
import { kopecksToRubles, rublesToKopecks } from './money.ts';

describe('prices in the course form', () => {
  it('reads rubles as typed and sends kopecks', () => {
    expect(rublesToKopecks('4900')).toBe(490000);
    expect(rublesToKopecks('4 900,5')).toBe(490050);
    expect(rublesToKopecks('0')).toBe(0);
    expect(rublesToKopecks(' ')).toBeNull();
    expect(rublesToKopecks('12.345')).toBeUndefined();
    expect(rublesToKopecks('-5')).toBeUndefined();
    expect(rublesToKopecks('десять')).toBeUndefined();
  });
  it('shows kopecks as rubles', () => {
    expect(kopecksToRubles(490000)).toBe('4900');
    expect(kopecksToRubles(490005)).toBe('4900,05');
    expect(kopecksToRubles(null)).toBe('');
  });
});
