import type { LegalDocumentList, SitemapEntry, SvedenIndex } from '@crema/contract';
import { absoluteUrl } from '../../lib/seo.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** 'YYYY-MM-DD' (W3C date) of an ISO timestamp, or null when it is missing or not a date. */
function lastmod(updatedAt: string | null): string | null {
  if (!updatedAt) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(updatedAt)) return updatedAt;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** The sitemaps.org XML of the site's public paths, with absolute URLs; each path once. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = absoluteUrl(publicUrl, entry.path);
    if (seen.has(loc)) continue;
    seen.add(loc);
    const modified = lastmod(entry.updated_at);
    urls.push(`  <url>\n    <loc>${escapeXml(loc)}</loc>${modified ? `\n    <lastmod>${modified}</lastmod>` : ''}\n  </url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * 'Сведения об образовательной организации' (/sveden/ and each subsection, decision 0042) and the
 * legal documents at their permanent addresses (the version in force; earlier versions stay out of
 * the sitemap: they are kept for the record, not for search, decision 0043).
 */
export function schoolEntries(sveden: SvedenIndex, documents: LegalDocumentList): SitemapEntry[] {
  const changed = sveden.sections.map((s) => s.updated_at).filter((d): d is string => d !== null).sort();
  return [
    { path: '/sveden/', updated_at: changed.at(-1) ?? null },
    ...sveden.sections.map((s) => ({ path: `/sveden/${s.key}/`, updated_at: s.updated_at })),
    ...documents.map((d) => ({ path: d.url, updated_at: d.published_at })),
  ];
}
