import { describe, expect, it } from 'vitest';
import { pageList } from './Pagination.tsx';

describe('pageList', () => {
  it('shows every page of a short list', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageList(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pageList(20, 20)).toEqual([1, null, 17, 18, 19, 20]);
  });

  it('fills a gap of one page with that page instead of an ellipsis', () => {
    expect(pageList(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  });
});
