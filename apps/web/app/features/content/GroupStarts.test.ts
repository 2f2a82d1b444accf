import { describe, expect, it } from 'vitest';
import { seatsText } from './GroupStarts.tsx';

describe('seatsText', () => {
  it('agrees the noun with the number of free seats', () => {
    expect(seatsText(1)).toBe('Осталось 1 место');
    expect(seatsText(3)).toBe('Осталось 3 места');
    expect(seatsText(5)).toBe('Осталось 5 мест');
    expect(seatsText(21)).toBe('Осталось 21 место');
  });

  it('says a full group is full and says nothing of an unlimited one', () => {
    expect(seatsText(0)).toBe('Мест нет');
    expect(seatsText(null)).toBeNull();
  });
});
