import type { MetaDescriptor } from 'react-router';
import { documentTitle, rootDataOf } from '../lib/seo.ts';

/** Head of a private page (the account, the study pages, the admin screens, payment): its title and `noindex` (never in search results). */
export function privateMeta(matches: Parameters<typeof rootDataOf>[0], title: string | undefined): MetaDescriptor[] {
  const siteName = rootDataOf(matches)?.configs.SITE_NAME || 'Crema';
  return [{ title: documentTitle(title, siteName) }, { name: 'robots', content: 'noindex' }];
}
