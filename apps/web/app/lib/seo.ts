import type { MetaDescriptor } from 'react-router';
import type { RootData } from './root-data.ts';

/** What one page says about itself to search engines and link previews. */
export interface PageSeo {
  /** `<title>` without the site name; omitted on the home page (the site name alone). */
  title?: string | null;
  description?: string | null;
  keywords?: string | null;
  /** Path of the canonical URL ('/courses/latte-art/'); the query is never part of it unless given. */
  path: string;
  og?: { title?: string | null; description?: string | null; image?: string | null };
  /** Open Graph type: 'website' for lists and the home page, 'article' for posts. */
  type?: 'website' | 'article';
  noindex?: boolean;
}

const SEPARATOR = String.raw`\s+[—–|-]\s+`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `<title>`: the page's own title and the site name once ('Договор-оферта — Crema — школа
 * кофейного мастерства'). A title that already ends with the site name or its brand (the part
 * before its first dash, 'Crema'), as SEO titles typed by the school often do, loses that ending
 * first, so the brand is never doubled. No page title, or one that is only the brand: the site name.
 */
export function documentTitle(pageTitle: string | null | undefined, siteName: string): string {
  const brand = siteName.split(new RegExp(SEPARATOR))[0]!.trim();
  let title = pageTitle?.replace(/\s+/g, ' ').trim() ?? '';
  for (const name of new Set([siteName.trim(), brand])) {
    if (!name) continue;
    if (title.toLowerCase() === name.toLowerCase()) title = '';
    title = title.replace(new RegExp(`${SEPARATOR}${escapeRegExp(name)}$`, 'i'), '').trim();
  }
  return title ? `${title} — ${siteName}` : siteName;
}

/** Longest description kept; search engines cut longer ones anyway. */
const DESCRIPTION_MAX = 300;

export function clip(text: string | null | undefined): string | undefined {
  const plain = text?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (!plain) return undefined;
  return plain.length > DESCRIPTION_MAX ? `${plain.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : plain;
}

/** The absolute URL of a site path or of an image URL that is already absolute. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The root loader's data from a route's meta arguments (child meta replaces the root's). */
export function rootDataOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootData | undefined;
}

/**
 * Every head tag of a public page: title, description, keywords, canonical URL, Open Graph and
 * Twitter card, the school's META_TAGS. Missing fields fall back to the SITE_* settings.
 */
export function pageMeta(root: RootData | undefined, seo: PageSeo): MetaDescriptor[] {
  const configs = root?.configs ?? {};
  const publicUrl = root?.publicUrl ?? '';
  const siteName = configs.SITE_NAME || 'Crema';
  const title = documentTitle(seo.title, siteName);
  const description = clip(seo.description) ?? clip(configs.SITE_DESCRIPTION);
  const keywords = seo.keywords?.trim() || configs.SITE_KEYWORDS;
  const canonical = absoluteUrl(publicUrl, seo.path);
  const ogTitle = seo.og?.title?.trim() || seo.title || siteName;
  const ogDescription = clip(seo.og?.description) ?? description;
  const ogImage = seo.og?.image ? absoluteUrl(publicUrl, seo.og.image) : undefined;

  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:title', content: ogTitle },
    { property: 'og:url', content: canonical },
    { name: 'twitter:card', content: ogImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: ogTitle },
  ];
  if (description) tags.push({ name: 'description', content: description });
  if (keywords) tags.push({ name: 'keywords', content: keywords });
  if (ogDescription) {
    tags.push({ property: 'og:description', content: ogDescription });
    tags.push({ name: 'twitter:description', content: ogDescription });
  }
  if (ogImage) {
    tags.push({ property: 'og:image', content: ogImage });
    tags.push({ name: 'twitter:image', content: ogImage });
  }
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex' });
  tags.push(...(root?.metaTags ?? []));
  return tags;
}

/** One step of a breadcrumb trail; the last one is the current page. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped so text from the
 * database can never close the script element.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
