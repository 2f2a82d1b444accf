import { describe, expect, it } from 'vitest';
import { pageLinks } from './paging.ts';

describe('pageLinks', () => {
  it('links the neighbours, keeping the query and its repeated keys', () => {
    expect(pageLinks('/api/reviews/?on_main=true&x=1&x=2&page=2', 2, 10, 35)).toEqual({
      next: '/api/reviews/?on_main=true&x=1&x=2&page=3',
      previous: '/api/reviews/?on_main=true&x=1&x=2',
    });
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(pageLinks('/api/pages/', 1, 10, 10)).toEqual({ next: null, previous: null });
    expect(pageLinks('/api/pages/?page=4', 4, 10, 40)).toEqual({ next: null, previous: '/api/pages/?page=3' });
  });

  it('links a page past the end back to the last page', () => {
    expect(pageLinks('/api/pages/?page=9', 9, 10, 25)).toEqual({ next: null, previous: '/api/pages/?page=3' });
    expect(pageLinks('/api/pages/?page=9', 9, 10, 0)).toEqual({ next: null, previous: '/api/pages/' });
  });
});
