import type { Route } from './+types/sitemap';
import type { LegalDocumentList, SvedenIndex } from '@crema/contract';
import { createApi, json } from '../api/client.ts';
import { schoolEntries, sitemapXml } from '../features/content/sitemap.ts';

/**
 * sitemap.xml: every public course, post and page from the API, then 'Сведения' and the legal
 * documents in force, with absolute URLs.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = createApi(context.api);
  const [entries, sveden, documents] = await Promise.all([api.sitemap(), json<SvedenIndex>(context.api, '/api/sveden/'), json<LegalDocumentList>(context.api, '/api/documents/')]);
  return new Response(sitemapXml(context.publicUrl, [...entries, ...schoolEntries(sveden, documents)]), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
