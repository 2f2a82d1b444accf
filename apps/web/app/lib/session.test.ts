import { describe, expect, it } from 'vitest';
import { sitePath } from '@crema/contract/rules';
import { signInHref } from './session.ts';

describe('signInHref', () => {
  it('a sign-in link carries the page to return to, which the dialogs follow as a path of this site', () => {
    expect(signInHref('/user/courses/')).toBe('/?login&next=%2Fuser%2Fcourses%2F');
    expect(sitePath(new URLSearchParams(signInHref('/user/orders/?page=2').slice(2)).get('next'))).toBe('/user/orders/?page=2');
  });
});
