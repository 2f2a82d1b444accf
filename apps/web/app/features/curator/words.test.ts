import { describe, expect, it } from 'vitest';
import { queueHref, waited } from './words.ts';

describe('the curators’ words', () => {
  it('says how long an answer waits, in minutes, hours, then days', () => {
    const now = '2026-11-29T12:00:00.000Z';
    expect(waited('2026-11-29T11:59:30.000Z', now)).toBe('меньше минуты');
    expect(waited('2026-11-29T11:59:00.000Z', now)).toBe('1 минута');
    expect(waited('2026-11-29T11:39:00.000Z', now)).toBe('21 минута');
    expect(waited('2026-11-29T07:00:00.000Z', now)).toBe('5 часов');
    expect(waited('2026-11-27T13:00:00.000Z', now)).toBe('47 часов');
    expect(waited('2026-11-26T12:00:00.000Z', now)).toBe('3 дня');
    // A clock a little behind the server's never says a negative time.
    expect(waited('2026-11-29T12:01:00.000Z', now)).toBe('меньше минуты');
  });

  it('keeps the queue’s filters in its address, the default status and the first page left out', () => {
    expect(queueHref({})).toBe('/curator/homework/');
    expect(queueHref({ status: 'waiting', course: 3 })).toBe('/curator/homework/?course=3');
    expect(queueHref({ status: 'accepted', course: 3, group: 7, lesson: 12 }, 2)).toBe('/curator/homework/?status=accepted&course=3&group=7&lesson=12&page=2');
  });
});
