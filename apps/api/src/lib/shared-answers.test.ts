import { describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers.ts';

const answer = (text: string, topics: ('menus' | 'settings' | 'catalog')[]) => ({
  topics,
  status: 200,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: Buffer.from(text),
});

describe('answers kept for page renders', () => {
  it('keeps an answer for the content cache’s time, then fetches again', () => {
    let now = 1_000;
    const shared = new SharedAnswers(5_000, 10, () => now);
    shared.keep('GET /api/menus/header_menu/', shared.mark(), answer('[1]', ['menus']));
    expect(shared.get('GET /api/menus/header_menu/')?.body.toString()).toBe('[1]');
    now += 4_999;
    expect(shared.get('GET /api/menus/header_menu/')).toBeDefined();
    now += 1;
    expect(shared.get('GET /api/menus/header_menu/')).toBeUndefined();
  });

  it('drops the answers of a changed topic only', () => {
    const shared = new SharedAnswers(60_000);
    shared.keep('menu', shared.mark(), answer('[1]', ['menus']));
    shared.keep('courses', shared.mark(), answer('[2]', ['catalog']));
    shared.drop(['menus', 'banners']);
    expect(shared.get('menu')).toBeUndefined();
    expect(shared.get('courses')).toBeDefined();
  });

  it('never keeps an answer fetched before a change that arrived while it was on its way', () => {
    const shared = new SharedAnswers(60_000);
    const since = shared.mark();
    shared.drop(['settings']);
    shared.keep('configs', since, answer('{}', ['settings']));
    expect(shared.get('configs')).toBeUndefined();
  });

  it('keeps nothing with the content cache off, and no more than its size', () => {
    const off = new SharedAnswers(0);
    off.keep('menu', off.mark(), answer('[1]', ['menus']));
    expect(off.enabled).toBe(false);
    expect(off.get('menu')).toBeUndefined();
    const small = new SharedAnswers(60_000, 2);
    for (const key of ['a', 'b', 'c']) small.keep(key, small.mark(), answer(key, ['menus']));
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')?.body.toString()).toBe('c');
  });
});
