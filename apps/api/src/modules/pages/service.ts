import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  imageOptsSchema,
  type ImageOpts,
  type PageBlock,
  type PageCard,
  type PageExtended,
  type Paginated,
  type SitemapEntry,
  type PAGE_ORDERINGS,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import {
  courses,
  groups,
  pageBlocks,
  pageSlugs,
  pages,
  RU_COLLATION,
  type CtaBlockData,
  type GalleryBlockData,
  type ImageBlockData,
  type PageBlockDataByType,
  type QuoteBlockData,
  type SideTextImageBlockData,
  type TextBlockData,
  type VideoBlockData,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import { originalUrl, type MediaService } from '../media/images.ts';
import { toOg, toSeo } from '../catalog/seo.ts';
import { publishedCourses } from '../catalog/scopes.ts';
import { publishedGroups } from '../schedule/scopes.ts';
import { visiblePages } from './scopes.ts';

/** List covers at 400 px unless asked otherwise. */
const LIST_IMAGE = imageOptsSchema.parse('size:400');
/** Side-text images at 615 px unless asked otherwise. */
const SIDE_TEXT_IMAGE = imageOptsSchema.parse('size:615');


/** Where a page lives on the site. */
export function pagePath(kind: 'post' | 'page', slug: string): string {
  return kind === 'post' ? `/blog/${slug}/` : `/${slug}/`;
}

const cardColumns = {
  id: pages.id,
  slug: pages.slug,
  kind: pages.kind,
  title: pages.title,
  excerpt: pages.excerpt,
  image: pages.image,
  publishFrom: pages.publishFrom,
};
type CardRow = { [K in keyof typeof cardColumns]: (typeof pages.$inferSelect)[K] };

async function toCard(media: MediaService, row: CardRow, imageOpts: ImageOpts | undefined): Promise<PageCard> {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    excerpt: row.excerpt,
    image: await media.image(row.image, imageOpts),
    publish_from: row.publishFrom?.toISOString() ?? null,
    url: pagePath(row.kind, row.slug),
  };
}

/** A page without publish_from has always been out: first among the oldest, last among the newest. */
function orderBy(ordering: (typeof PAGE_ORDERINGS)[number]): SQL[] {
  switch (ordering) {
    case '-publish_from':
      return [sql`${pages.publishFrom} desc nulls last`, desc(pages.id)];
    case 'publish_from':
      return [sql`${pages.publishFrom} asc nulls first`, asc(pages.id)];
    case 'title':
      return [sql`${pages.title} collate "${sql.raw(RU_COLLATION)}"`, asc(pages.id)];
  }
}

/** GET /api/pages/: public posts (or pages), DRF-paginated. */
export async function listPages(
  db: Db,
  media: MediaService,
  query: { kind: 'post' | 'page'; ordering: (typeof PAGE_ORDERINGS)[number]; image_opts?: ImageOpts; page: number; page_size: number },
  url: string,
): Promise<Paginated<PageCard>> {
  const where = and(eq(pages.kind, query.kind), visiblePages);
  const [rows, [counted]] = await Promise.all([
    db
      .select(cardColumns)
      .from(pages)
      .where(where)
      .orderBy(...orderBy(query.ordering))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ count: count() }).from(pages).where(where),
  ]);
  const total = counted?.count ?? 0;
  return {
    count: total,
    ...pageLinks(url, query.page, query.page_size, total),
    results: await Promise.all(rows.map((row) => toCard(media, row, query.image_opts ?? LIST_IMAGE))),
  };
}

// ---------------------------------------------------------------- blocks

interface BlockImageOpts {
  image?: ImageOpts;
  sideTextImage: ImageOpts;
}

/** The API shape of a stored block; images resolved to URLs, camelCase data keys in snake_case. */
export async function toBlock(
  media: MediaService,
  row: { id: number; type: keyof PageBlockDataByType; data: unknown },
  opts: BlockImageOpts,
): Promise<PageBlock> {
  const { id } = row;
  switch (row.type) {
    case 'text': {
      const data = row.data as TextBlockData;
      return { id, type: 'text', html: data.html ?? '' };
    }
    case 'side_text_image': {
      const data = row.data as SideTextImageBlockData;
      return {
        id,
        type: 'side_text_image',
        title: data.title ?? null,
        html: data.html ?? '',
        image: await media.image(data.image, opts.sideTextImage),
        image_position: data.imagePosition === 'left' ? 'left' : 'right',
      };
    }
    case 'image': {
      const data = row.data as ImageBlockData;
      return { id, type: 'image', image: await media.image(data.image, opts.image), alt: data.alt ?? '', caption: data.caption ?? null };
    }
    case 'quote': {
      const data = row.data as QuoteBlockData;
      return { id, type: 'quote', text: data.text ?? '', author: data.author ?? null, author_role: data.authorRole ?? null };
    }
    case 'gallery': {
      const data = row.data as GalleryBlockData;
      return {
        id,
        type: 'gallery',
        images: await Promise.all(
          (data.images ?? []).map(async (item) => ({
            image: await media.image(item.image, opts.image),
            alt: item.alt ?? '',
            caption: item.caption ?? null,
          })),
        ),
      };
    }
    case 'video': {
      const data = row.data as VideoBlockData;
      return {
        id,
        type: 'video',
        // An embeddable player link stays as it is; an uploaded file becomes its media URL.
        url: data.url ? originalUrl(data.url) : '',
        title: data.title ?? null,
        poster: await media.image(data.poster, opts.image),
        duration_seconds: data.durationSeconds ?? null,
      };
    }
    case 'cta': {
      const data = row.data as CtaBlockData;
      return { id, type: 'cta', title: data.title ?? '', text: data.text ?? null, button_text: data.buttonText ?? '', link: data.link ?? '' };
    }
    case 'contacts':
      return { id, type: 'contacts' };
  }
}

const extendedColumns = {
  ...cardColumns,
  seoTitle: pages.seoTitle,
  seoDescription: pages.seoDescription,
  seoH1: pages.seoH1,
  seoKeywords: pages.seoKeywords,
  ogTitle: pages.ogTitle,
  ogDescription: pages.ogDescription,
  ogImage: pages.ogImage,
  author: pages.author,
  updatedAt: pages.updatedAt,
};

/**
 * GET /api/pages/{slug}/extended/: one public page or post with its blocks, or 404. A slug the page
 * had while it was public (decision 0070) answers with the page itself under its current slug: the
 * site redirects there permanently.
 */
export async function getPage(
  db: Db,
  media: MediaService,
  slug: string,
  query: { block_side_text_image_opts?: ImageOpts; image_opts?: ImageOpts },
): Promise<PageExtended> {
  const [page] = await db.select({ id: pages.id }).from(pages).where(and(eq(pages.slug, slug), visiblePages));
  if (page) return pageView(db, media, page.id, query, visiblePages);
  const [former] = await db
    .select({ id: pages.id })
    .from(pageSlugs)
    .innerJoin(pages, eq(pages.id, pageSlugs.pageId))
    .where(and(eq(pageSlugs.slug, slug), visiblePages));
  if (!former) throw ApiError.notFound('Страница не найдена.');
  return pageView(db, media, former.id, query, visiblePages);
}

/** A page with its blocks as the site shows it (`where`: which pages count; staff previews see drafts too). */
export async function pageView(
  db: Executor,
  media: MediaService,
  id: number,
  query: { block_side_text_image_opts?: ImageOpts; image_opts?: ImageOpts },
  where?: SQL,
): Promise<PageExtended> {
  const [page] = await db.select(extendedColumns).from(pages).where(and(eq(pages.id, id), where));
  if (!page) throw ApiError.notFound('Страница не найдена.');
  const blockRows = await db
    .select({ id: pageBlocks.id, type: pageBlocks.type, data: pageBlocks.data })
    .from(pageBlocks)
    .where(eq(pageBlocks.pageId, page.id))
    .orderBy(asc(pageBlocks.sort), asc(pageBlocks.id));
  const opts: BlockImageOpts = { image: query.image_opts, sideTextImage: query.block_side_text_image_opts ?? SIDE_TEXT_IMAGE };
  const [card, og, blocks] = await Promise.all([
    toCard(media, page, query.image_opts),
    toOg(media, page, page.excerpt, page.image),
    Promise.all(blockRows.map((row) => toBlock(media, row, opts))),
  ]);
  return { ...card, og, seo: toSeo(page, page.excerpt), blocks, author: page.author, updated_at: page.updatedAt.toISOString() };
}

// ---------------------------------------------------------------- sitemap

const latest = (dates: (Date | null | undefined)[]): string | null => {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
};

/**
 * GET /api/sitemap/: every public path once — the fixed sections, each published course, each
 * public post and page — with when it last changed (a section: its newest item).
 */
export async function sitemap(db: Db): Promise<SitemapEntry[]> {
  const [courseRows, pageRows, [schedule]] = await Promise.all([
    db
      .select({ slug: courses.slug, updatedAt: courses.updatedAt })
      .from(courses)
      .where(publishedCourses)
      .orderBy(asc(courses.sort), asc(courses.id)),
    db
      .select({ slug: pages.slug, kind: pages.kind, updatedAt: pages.updatedAt })
      .from(pages)
      .where(visiblePages)
      .orderBy(asc(pages.kind), sql`${pages.publishFrom} desc nulls last`, asc(pages.slug)),
    db
      .select({ updatedAt: sql<Date | null>`max(${groups.updatedAt})`.mapWith(groups.updatedAt) })
      .from(groups)
      .innerJoin(courses, eq(courses.id, groups.courseId))
      .where(and(publishedGroups, publishedCourses)),
  ]);
  const posts = pageRows.filter((row) => row.kind === 'post');
  const contentPages = pageRows.filter((row) => row.kind === 'page');
  const coursesChanged = latest(courseRows.map((row) => row.updatedAt));
  const entries: SitemapEntry[] = [
    { path: '/', updated_at: latest([...courseRows, ...pageRows].map((row) => row.updatedAt)) },
    { path: '/courses/', updated_at: coursesChanged },
    { path: '/blog/', updated_at: latest(posts.map((row) => row.updatedAt)) },
    { path: '/schedule/', updated_at: latest([schedule?.updatedAt]) },
    ...courseRows.map((row) => ({ path: `/courses/${row.slug}/`, updated_at: row.updatedAt.toISOString() })),
    ...posts.map((row) => ({ path: pagePath('post', row.slug), updated_at: row.updatedAt.toISOString() })),
    ...contentPages.map((row) => ({ path: pagePath('page', row.slug), updated_at: row.updatedAt.toISOString() })),
  ];
  // A content page whose slug is a section's ('courses', 'blog') must not list that path twice.
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
}
