import type { OpenGraph, Seo } from '@crema/contract';
import type { MediaService } from '../media/images.ts';

/** The SEO and Open Graph columns courses and pages share (db/schema/columns.ts seoColumns). */
export interface SeoRow {
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  seoH1: string | null;
  seoKeywords: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}

/** A blank field counts as not filled in: the record's own title and description stand in. */
const filled = (value: string | null | undefined) => (value && value.trim() ? value : null);

/** seo {title, description, h1, keywords}: unset fields fall back to the title and `description`. */
export function toSeo(row: SeoRow, description: string | null): Seo {
  return {
    title: filled(row.seoTitle) ?? row.title,
    description: filled(row.seoDescription) ?? filled(description),
    h1: filled(row.seoH1) ?? row.title,
    keywords: filled(row.seoKeywords),
  };
}

/** og {title, description, image}: the preview image at its original size, else `image`. */
export async function toOg(media: MediaService, row: SeoRow, description: string | null, image: string | null): Promise<OpenGraph> {
  return {
    title: filled(row.ogTitle) ?? row.title,
    description: filled(row.ogDescription) ?? filled(description),
    image: await media.image(filled(row.ogImage) ?? image),
  };
}
