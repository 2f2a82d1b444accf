/**
 * DRF-style `next` and `previous` of a paginated list: the same path and query (repeated keys
 * kept) with another `page`; the first page is linked without `page`, as DRF does. A page past
 * the end links back to the last page.
 */
export function pageLinks(
  url: string,
  page: number,
  pageSize: number,
  count: number,
): { next: string | null; previous: string | null } {
  const [path = '', query = ''] = url.split('?', 2);
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const link = (target: number) => {
    const params = new URLSearchParams(query);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}
