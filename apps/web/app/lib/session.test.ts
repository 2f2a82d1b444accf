import { describe, expect, it } from 'vitest';
import { safeNext, signInHref } from './session.ts';

describe('safeNext', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(safeNext('/user/courses/')).toBe('/user/courses/');
    expect(safeNext('/user/orders/?page=2#top')).toBe('/user/orders/?page=2#top');
  });

  it('refuses other origins and anything odd', () => {
    for (const next of [null, '', 'user/courses/', '//evil.example/', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', 'javascript:alert(1)']) {
      expect(safeNext(next), String(next)).toBeNull();
    }
  });

  it('a sign-in link carries the page to return to', () => {
    expect(signInHref('/user/courses/')).toBe('/?login&next=%2Fuser%2Fcourses%2F');
    expect(safeNext(new URLSearchParams(signInHref('/user/orders/?page=2').slice(2)).get('next'))).toBe('/user/orders/?page=2');
  });
});
