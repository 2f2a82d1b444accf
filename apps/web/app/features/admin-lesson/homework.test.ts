import { describe, expect, it } from 'vitest';
import { deadlineAt, deadlineParts } from './homework.ts';
import { contentAsText, emptyBlock, hasContent } from './content.ts';

describe('the homework block in the lesson editor', () => {
  it('keeps a Moscow date and time as one moment and shows it back as typed', () => {
    expect(deadlineAt('2026-12-05', '23:59')).toBe('2026-12-05T20:59:00.000Z');
    expect(deadlineParts('2026-12-05T20:59:00.000Z')).toEqual({ date: '2026-12-05', time: '23:59' });
    expect(deadlineParts('2026-12-05T23:59:00+03:00')).toEqual({ date: '2026-12-05', time: '23:59' });
  });

  it('leaves the moment empty until both the date and the time are there (the server then asks for them)', () => {
    expect(deadlineAt('', '23:59')).toBe('');
    expect(deadlineAt('2026-12-05', '')).toBe('');
    expect(deadlineAt('2026-02-30', '10:00')).toBe('');
    expect(deadlineParts('')).toEqual({ date: '', time: '23:59' });
  });

  it('starts empty, text allowed, nothing waiting, no deadline; asks before deleting one with a task', () => {
    const block = emptyBlock('homework');
    expect(block).toMatchObject({ type: 'homework', title: '', html: '', gate: 'none', deadline: null, accepts: { text: true } });
    expect(hasContent(block)).toBe(false);
    expect(hasContent({ ...(block as Extract<typeof block, { type: 'homework' }>), html: '<p>Сварите эспрессо</p>' })).toBe(true);
    expect(contentAsText([{ key: 'p', blocks: [{ key: 'b', data: { ...(block as Extract<typeof block, { type: 'homework' }>), title: 'Эспрессо', html: '<p>Сварите</p>' } }] }])).toContain('[Домашнее задание] Эспрессо\nСварите');
  });
});
