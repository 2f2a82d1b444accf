import type { Banner, Category, Configs, MenuKey, MenuLink } from '@crema/contract';

/** Same shape as `fetch` for the calls the site makes; on the server it is in-process. */
export type ApiFetch = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Response>;

/** A failed API call; loaders let 404 through as "no such page" and the rest as a 500 page. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`API ${path} ответил ${status}`);
    this.name = 'ApiRequestError';
  }
}

async function json<T>(fetcher: ApiFetch, path: string, init?: Parameters<ApiFetch>[1]): Promise<T> {
  const res = await fetcher(path, init);
  const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, body, path);
  return body as T;
}

/** The one typed client of the site; every call of spec §7 the site uses goes through here. */
export function createApi(fetcher: ApiFetch) {
  return {
    configs: (keys?: string[]) => json<Configs>(fetcher, '/api/configs/', { method: 'POST', body: { keys } }),
    menu: (key: MenuKey) => json<MenuLink[]>(fetcher, `/api/menus/${key}/`),
    categories: (type?: 'adult' | 'kids') =>
      json<Category[]>(fetcher, `/api/categories/${type ? `?type=${type}` : ''}`),
    banners: (key?: string) =>
      json<Banner[]>(fetcher, `/api/banners/${key ? `?key=${encodeURIComponent(key)}` : ''}`),
  };
}
export type Api = ReturnType<typeof createApi>;
