import type { SiteAttribute, SiteAttributeBody, SiteCategory, SiteCategoryBody, SiteCollection, SiteCollectionBody } from '@crema/contract';
import { json, type ApiFetch } from '../../api/client.ts';

// The catalogue's dictionaries' calls (staff only, decision 0072). Kept beside their screens, not in
// api/admin.ts: that client is in every course builder page's first load, these only on the school's.

const ROOT = '/api/admin/school/site/catalog/';
const post = (body: unknown) => ({ method: 'POST', body });
const patch = (body: unknown) => ({ method: 'PATCH', body });
const put = (body: unknown) => ({ method: 'PUT', body });
const del = { method: 'DELETE' };

/** One dictionary: the whole list, one record, changes, the list's order. */
function dictionary<T, B>(fetcher: ApiFetch, kind: string) {
  const root = `${ROOT}${kind}/`;
  return {
    list: () => json<T[]>(fetcher, root),
    one: (id: number) => json<T>(fetcher, `${root}${id}/`),
    create: (body: B) => json<T>(fetcher, root, post(body)),
    update: (id: number, body: B) => json<T>(fetcher, `${root}${id}/`, patch(body)),
    remove: (id: number) => json<unknown>(fetcher, `${root}${id}/`, del),
    order: (ids: number[]) => json<T[]>(fetcher, `${root}order/`, put({ ids })),
  };
}

export function createCatalogApi(fetcher: ApiFetch) {
  return {
    categories: dictionary<SiteCategory, SiteCategoryBody>(fetcher, 'categories'),
    collections: dictionary<SiteCollection, SiteCollectionBody>(fetcher, 'collections'),
    attributes: dictionary<SiteAttribute, SiteAttributeBody>(fetcher, 'attributes'),
    /** A list attribute's values. */
    values: (id: number) => {
      const root = `${ROOT}attributes/${id}/values/`;
      return {
        add: (value: string) => json<SiteAttribute>(fetcher, root, post({ value })),
        rename: (valueId: number, value: string) => json<SiteAttribute>(fetcher, `${root}${valueId}/`, patch({ value })),
        remove: (valueId: number) => json<unknown>(fetcher, `${root}${valueId}/`, del),
        order: (ids: number[]) => json<SiteAttribute>(fetcher, `${root}order/`, put({ ids })),
      };
    },
  };
}
