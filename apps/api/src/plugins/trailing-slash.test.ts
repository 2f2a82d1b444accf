import { describe, expect, it } from 'vitest';
import { needsTrailingSlash } from './trailing-slash.ts';

describe('needsTrailingSlash', () => {
  it.each([
    ['/courses', true],
    ['/courses/', false],
    ['/', false],
    ['/user/courses/12', true],
    ['/api/menus/header_menu', false],
    ['/api', false],
    ['/robots.txt', false],
    ['/assets/root-abc.js', false],
    ['/courses.data', false],
    ['/apiary', true],
    ['/__manifest', false],
    ['/dev/testbank/v2/Init', false],
    ['/dev/testbank/pay/123', true],
  ])('%s → %s', (path, expected) => {
    expect(needsTrailingSlash(path)).toBe(expected);
  });
});
