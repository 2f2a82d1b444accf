import { describe, expect, it } from 'vitest';
import { catalogHref, hasRefinements, parseCatalogParams, toApiQuery } from './catalog-query.ts';

const parse = (query: string) => parseCatalogParams(new URLSearchParams(query));

describe('parseCatalogParams', () => {
  it('reads the page address: category, repeated attributes, search, ordering, paging', () => {
    expect(parse('type=kids&category=6&attributes=2&attributes=5&search=%20латте%20%20арт%20&ordering=-price&page=3')).toEqual({
      type: 'kids',
      category: 6,
      attributes: [2, 5],
      subsections: [],
      search: 'латте арт',
      ordering: '-price',
      minDuration: undefined,
      maxDuration: undefined,
      page: 3,
    });
  });

  it('drops malformed values instead of failing the page', () => {
    expect(parse('type=pets&category=abc&attributes=1&attributes=x&attributes=-2&attributes=1&ordering=cheap&page=0&search=')).toEqual({
      type: undefined,
      category: undefined,
      attributes: [1],
      subsections: [],
      search: undefined,
      ordering: undefined,
      minDuration: undefined,
      maxDuration: undefined,
      page: 1,
    });
  });

  it('keeps search within the API limit and ignores an upside-down duration range', () => {
    const state = parse(`search=${'к'.repeat(150)}&min_duration=20&max_duration=10`);
    expect(state.search).toHaveLength(100);
    expect(state.minDuration).toBe(20);
    expect(state.maxDuration).toBeUndefined();
    expect(parse('min_duration=0&max_duration=8')).toMatchObject({ minDuration: 0, maxDuration: 8 });
  });
});

describe('toApiQuery', () => {
  it('maps the page’s category to the API’s categories list and asks for card-sized images', () => {
    expect(toApiQuery(parse('category=3&attributes=7&page=2'))).toEqual({
      type: undefined,
      categories: [3],
      attributes: [7],
      subsections: undefined,
      search: undefined,
      ordering: undefined,
      min_duration: undefined,
      max_duration: undefined,
      page: 2,
      page_size: 12,
      image_opts: 'size:640x400,crop:center',
    });
  });
});

describe('catalogHref', () => {
  it('writes only what is set; page 1 is the bare address', () => {
    expect(catalogHref({})).toBe('/courses/');
    expect(catalogHref({ page: 1, attributes: [], search: '' })).toBe('/courses/');
    expect(catalogHref({ category: 2, attributes: [4, 5], search: 'бариста', page: 2 })).toBe(
      '/courses/?category=2&attributes=4&attributes=5&search=%D0%B1%D0%B0%D1%80%D0%B8%D1%81%D1%82%D0%B0&page=2',
    );
  });

  it('round-trips through parseCatalogParams', () => {
    const state = parse('type=adult&subsections=3&ordering=duration&min_duration=0&max_duration=30&page=4');
    expect(parse(catalogHref(state).split('?')[1] ?? '')).toEqual(state);
  });
});

describe('hasRefinements', () => {
  it('is false for the indexable views (audience, category, page) and true for anything else', () => {
    expect(hasRefinements(parse('type=kids&category=2&page=3'))).toBe(false);
    expect(hasRefinements(parse('search=латте'))).toBe(true);
    expect(hasRefinements(parse('attributes=1'))).toBe(true);
    expect(hasRefinements(parse('ordering=price'))).toBe(true);
    expect(hasRefinements(parse('max_duration=10'))).toBe(true);
  });
});

describe('orderings', () => {
  it('accepts every ordering of the contract', async () => {
    const { COURSE_ORDERINGS } = await import('@crema/contract/rules');
    for (const ordering of COURSE_ORDERINGS) expect(parse(`ordering=${ordering}`).ordering).toBe(ordering);
  });
});
