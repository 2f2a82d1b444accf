import type { Route } from './+types/sitemap';
import { createApi } from '../api/client.ts';
import { sitemapXml } from '../features/content/sitemap.ts';

/** sitemap.xml: every public course, post and page from the API, with absolute URLs. */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await createApi(context.api).sitemap();
  return new Response(sitemapXml(context.publicUrl, entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
