import type { CoursesQuery } from '@crema/contract';
import { COURSE_DURATION_MAX, COURSE_ORDERINGS, COURSE_SEARCH_MAX, type Audience, type CourseOrdering } from '@crema/contract/rules';
import { CARD_IMAGE } from './CatalogImage.tsx';

/** Courses per catalogue page. */
export const CATALOG_PAGE_SIZE = 12;
/** Card images: 16:10, cropped to fill. */


/**
 * The catalogue's state, read from the page address. The page URL says `category`;
 * the rest uses the API's own names. Anything malformed is dropped rather than failing the page.
 */
export interface CatalogState {
  type?: Audience;
  category?: number;
  attributes: number[];
  subsections: number[];
  search?: string;
  ordering?: CourseOrdering;
  minDuration?: number;
  maxDuration?: number;
  page: number;
}

function positiveInt(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** A duration in hours from the address or the form: 0 to COURSE_DURATION_MAX, anything else ignored. */
export function durationHours(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,5}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n <= COURSE_DURATION_MAX ? n : undefined;
}

function idList(values: string[]): number[] {
  const ids = values.map(positiveInt).filter((n): n is number => n !== undefined);
  return [...new Set(ids)].slice(0, 50);
}

/** Reads the catalogue state from a page's query string. */
export function parseCatalogParams(params: URLSearchParams): CatalogState {
  const type = params.get('type');
  const ordering = params.get('ordering');
  const search = params.get('search')?.replace(/\s+/g, ' ').trim().slice(0, COURSE_SEARCH_MAX);
  const minDuration = durationHours(params.get('min_duration'));
  const maxDuration = durationHours(params.get('max_duration'));
  return {
    type: type === 'adult' || type === 'kids' ? type : undefined,
    category: positiveInt(params.get('category')),
    attributes: idList(params.getAll('attributes')),
    subsections: idList(params.getAll('subsections')),
    search: search || undefined,
    ordering: (COURSE_ORDERINGS as readonly string[]).includes(ordering ?? '') ? (ordering as CourseOrdering) : undefined,
    minDuration,
    // An upside-down range means the visitor swapped the fields; keep the upper bound only if it makes sense.
    maxDuration: maxDuration !== undefined && minDuration !== undefined && maxDuration < minDuration ? undefined : maxDuration,
    page: Math.min(positiveInt(params.get('page')) ?? 1, 100_000),
  };
}

/** The GET /api/courses/ query for a catalogue state. */
export function toApiQuery(state: CatalogState): CoursesQuery & { image_opts: string } {
  return {
    type: state.type,
    categories: state.category ? [state.category] : undefined,
    attributes: state.attributes.length ? state.attributes : undefined,
    subsections: state.subsections.length ? state.subsections : undefined,
    search: state.search,
    ordering: state.ordering,
    min_duration: state.minDuration,
    max_duration: state.maxDuration,
    page: state.page,
    page_size: CATALOG_PAGE_SIZE,
    image_opts: CARD_IMAGE.opts,
  };
}

/** The catalogue address of a state; empty values and page 1 are left out. */
export function catalogHref(state: Partial<CatalogState>): string {
  const params = new URLSearchParams();
  if (state.type) params.set('type', state.type);
  if (state.category) params.set('category', String(state.category));
  for (const id of state.attributes ?? []) params.append('attributes', String(id));
  for (const id of state.subsections ?? []) params.append('subsections', String(id));
  if (state.search) params.set('search', state.search);
  if (state.ordering) params.set('ordering', state.ordering);
  if (state.minDuration !== undefined) params.set('min_duration', String(state.minDuration));
  if (state.maxDuration !== undefined) params.set('max_duration', String(state.maxDuration));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return `/courses/${query ? `?${query}` : ''}`;
}

/** True when anything narrows the list beyond the audience and category (the indexable pages). */
export function hasRefinements(state: CatalogState): boolean {
  return (
    state.attributes.length > 0 ||
    state.subsections.length > 0 ||
    !!state.search ||
    !!state.ordering ||
    state.minDuration !== undefined ||
    state.maxDuration !== undefined
  );
}

/** True when the visitor narrowed the list in any way (the empty state then offers a reset). */
export function isFiltered(state: CatalogState): boolean {
  return hasRefinements(state) || !!state.type || !!state.category;
}

