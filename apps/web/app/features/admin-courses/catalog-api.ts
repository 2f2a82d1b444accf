import type { Attribute, CourseCatalog, CourseCatalogBody, Subsection } from '@crema/contract';
import { json, type ApiFetch } from '../../api/client.ts';

// A course's attributes and collections (decision 0072): the settings page's loader reads them, its
// lazily loaded section saves them; apart from api/admin.ts, which every builder page loads first.

export function createCourseCatalogApi(fetcher: ApiFetch) {
  const url = (courseId: number) => `/api/admin/courses/${courseId}/catalog/`;
  return {
    get: (courseId: number) => json<CourseCatalog>(fetcher, url(courseId)),
    set: (courseId: number, body: CourseCatalogBody) => json<CourseCatalog>(fetcher, url(courseId), { method: 'PUT', body }),
    /** What the site offers (public calls): the attributes with their values, the collections. */
    attributes: () => json<Attribute[]>(fetcher, '/api/attributes/'),
    collections: () => json<Subsection[]>(fetcher, '/api/subsections/'),
  };
}
