import type { SitemapEntry } from '@crema/contract';
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
