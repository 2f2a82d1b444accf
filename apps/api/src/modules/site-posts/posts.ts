// Blog posts and content pages for the school's staff (decision 0070): the list with filters, one
// post's form with its blocks, publishing now or from a Moscow date and time, taking it down and
// deleting it. A public page whose slug changes keeps the old one (page_slugs): the site answers
// the old address with a permanent redirect. A form saved from an older version answers 409.
import { and, asc, count, desc, eq, gt, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  SITE_POST_TEXTS,
  imageOptsSchema,
  moscowInstant,
  type Paginated,
  type SitePost,
  type SitePostBlock,
  type SitePostCard,
  type SitePostStatus,
  type sitePostCreateSchema,
  type sitePostScheduleSchema,
  type sitePostsQuerySchema,
  type sitePostUpdateSchema,
} from '@crema/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import {
  menuItems,
  menus,
  pageBlocks,
  pageSlugs,
  pages,
  RU_COLLATION,
  type Page,
  type PageBlockData,
  type PageBlockDataByType,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { sanitizeRichText } from '../admin/html.ts';
import { originalUrl, type MediaService } from '../media/images.ts';
import { pagePath, pageView } from '../pages/service.ts';
import { visiblePages } from '../pages/scopes.ts';

type ListQuery = z.output<typeof sitePostsQuerySchema>;
type CreateBody = z.output<typeof sitePostCreateSchema>;
type UpdateBody = z.output<typeof sitePostUpdateSchema>;
type ScheduleBody = z.output<typeof sitePostScheduleSchema>;

/** The preview's pictures: the reading column's width, as the public routes ask. */
const VIEW_OPTS = { image_opts: imageOptsSchema.parse('size:800') };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Each write moves updated_at forward by at least a millisecond: the version a form holds always changes. */
const nextVersion = sql`greatest(now(), ${pages.updatedAt} + interval '1 millisecond')`;

export function statusOf(page: Pick<Page, 'isPublished' | 'publishFrom'>, now = new Date()): SitePostStatus {
  if (!page.isPublished) return 'draft';
  return page.publishFrom && page.publishFrom > now ? 'scheduled' : 'published';
}

const STATUS_WHERE: Record<SitePostStatus, SQL> = {
  draft: eq(pages.isPublished, false),
  scheduled: and(eq(pages.isPublished, true), gt(pages.publishFrom, sql`now()`))!,
  published: visiblePages,
};

function toCard(page: Page): SitePostCard {
  return {
    id: page.id,
    kind: page.kind,
    slug: page.slug,
    title: page.title,
    author: page.author,
    status: statusOf(page),
    publish_from: page.publishFrom?.toISOString() ?? null,
    updated_at: page.updatedAt.toISOString(),
    url: pagePath(page.kind, page.slug),
  };
}

/** GET /api/admin/school/site/posts/: filtered, searched, sorted and paged on the server. */
export async function listPosts(db: Executor, _actor: StaffActor, query: ListQuery, url: string): Promise<Paginated<SitePostCard>> {
  const search = query.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const where = and(
    query.kind ? eq(pages.kind, query.kind) : undefined,
    query.status ? STATUS_WHERE[query.status] : undefined,
    like ? or(ilike(pages.title, like), ilike(pages.slug, like)) : undefined,
  );
  const order = {
    '-updated_at': [desc(pages.updatedAt), desc(pages.id)],
    '-publish_from': [sql`${pages.publishFrom} desc nulls last`, desc(pages.id)],
    title: [sql`${pages.title} collate "${sql.raw(RU_COLLATION)}"`, asc(pages.id)],
  }[query.sort];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(pages).where(where),
    db
      .select()
      .from(pages)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map(toCard) };
}

// ---------------------------------------------------------------- blocks: the API's shape and the stored one

function toStored(block: SitePostBlock): { type: keyof PageBlockDataByType; data: PageBlockData } {
  switch (block.type) {
    case 'text':
      return { type: 'text', data: { html: sanitizeRichText(block.html) } };
    case 'side_text_image':
      return {
        type: 'side_text_image',
        data: { ...(block.title ? { title: block.title } : {}), html: sanitizeRichText(block.html), image: block.image, imagePosition: block.image_position },
      };
    case 'image':
      return { type: 'image', data: { image: block.image, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) } };
    case 'quote':
      return {
        type: 'quote',
        data: { text: block.text, ...(block.author ? { author: block.author } : {}), ...(block.author_role ? { authorRole: block.author_role } : {}) },
      };
    case 'gallery':
      return {
        type: 'gallery',
        data: { images: block.images.map((item) => ({ image: item.image, alt: item.alt, ...(item.caption ? { caption: item.caption } : {}) })) },
      };
    case 'video':
      return {
        type: 'video',
        data: {
          url: block.url,
          ...(block.title ? { title: block.title } : {}),
          ...(block.poster ? { poster: block.poster } : {}),
          ...(block.duration_seconds ? { durationSeconds: block.duration_seconds } : {}),
        },
      };
    case 'cta':
      return { type: 'cta', data: { title: block.title, ...(block.text ? { text: block.text } : {}), buttonText: block.button_text, link: block.link } };
    case 'contacts':
      return { type: 'contacts', data: {} };
  }
}

function fromStored(row: { type: keyof PageBlockDataByType; data: unknown }): SitePostBlock {
  const d = row.data as Record<string, unknown>;
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : '');
  const maybe = (key: string) => (typeof d[key] === 'string' && d[key] !== '' ? (d[key] as string) : null);
  switch (row.type) {
    case 'text':
      return { type: 'text', html: text('html') };
    case 'side_text_image':
      return { type: 'side_text_image', title: maybe('title'), html: text('html'), image: text('image'), image_position: d.imagePosition === 'left' ? 'left' : 'right' };
    case 'image':
      return { type: 'image', image: text('image'), alt: text('alt'), caption: maybe('caption') };
    case 'quote':
      return { type: 'quote', text: text('text'), author: maybe('author'), author_role: maybe('authorRole') };
    case 'gallery': {
      const images = Array.isArray(d.images) ? (d.images as Record<string, unknown>[]) : [];
      return {
        type: 'gallery',
        images: images.map((item) => ({ image: String(item.image ?? ''), alt: String(item.alt ?? ''), caption: typeof item.caption === 'string' && item.caption ? item.caption : null })),
      };
    }
    case 'video':
      return { type: 'video', url: text('url'), title: maybe('title'), poster: maybe('poster'), duration_seconds: typeof d.durationSeconds === 'number' ? d.durationSeconds : null };
    case 'cta':
      return { type: 'cta', title: text('title'), text: maybe('text'), button_text: text('buttonText'), link: text('link') };
    case 'contacts':
      return { type: 'contacts' };
  }
}

/** Storage keys of pictures in a post's fields and blocks, each with the form field it stands in. */
function keysOf(body: { image: string | null; og_image: string | null; blocks: SitePostBlock[] }): [field: string, key: string][] {
  const keys: [string, string | null | undefined][] = [
    ['image', body.image],
    ['og_image', body.og_image],
  ];
  body.blocks.forEach((block, i) => {
    if (block.type === 'image' || block.type === 'side_text_image') keys.push([`blocks.${i}.image`, block.image]);
    if (block.type === 'video') keys.push([`blocks.${i}.poster`, block.poster], [`blocks.${i}.url`, block.url]);
    if (block.type === 'gallery') block.images.forEach((item, j) => keys.push([`blocks.${i}.images.${j}.image`, item.image]));
  });
  return keys.filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '' && !/^https?:\/\//i.test(entry[1]));
}

/** Files the school ships (the demo seed's pictures). */
const SCHOOL_KEY_PREFIX = 'demo/';
const NOT_YOURS = 'Этот файл загружен не вами и не относится к этой записи. Загрузите картинку заново.';

/**
 * A post shows only pictures its editor uploaded (`courses/<their id>/…`), the school's own
 * (`demo/…`) or ones the post already has — never a key learnt from someone's private materials.
 */
function assertKeys(actor: StaffActor, body: Parameters<typeof keysOf>[0], kept: Set<string>) {
  const own = `courses/${actor.user.id}/`;
  const refused = keysOf(body).filter(([, key]) => !key.startsWith(own) && !key.startsWith(SCHOOL_KEY_PREFIX) && !kept.has(key));
  if (refused.length) throw ApiError.fields(Object.fromEntries(refused.map(([field]) => [field, [NOT_YOURS]])));
}

// ---------------------------------------------------------------- one post

async function findPage(db: Executor, id: number, lock = false): Promise<Page> {
  const query = db.select().from(pages).where(eq(pages.id, id));
  const [page] = lock ? await query.for('update') : await query;
  if (!page) throw ApiError.notFound(SITE_POST_TEXTS.notFound);
  return page;
}

async function blocksOf(db: Executor, pageId: number): Promise<SitePostBlock[]> {
  const rows = await db
    .select({ type: pageBlocks.type, data: pageBlocks.data })
    .from(pageBlocks)
    .where(eq(pageBlocks.pageId, pageId))
    .orderBy(asc(pageBlocks.sort), asc(pageBlocks.id));
  return rows.map(fromStored);
}

function assertVersion(page: Page, given: string) {
  if (new Date(given).getTime() !== page.updatedAt.getTime()) throw new ApiError('conflict', SITE_POST_TEXTS.conflict);
}

/** GET /api/admin/school/site/posts/{id}/ */
export async function getPost(db: Executor, media: MediaService, _actor: StaffActor, id: number): Promise<SitePost> {
  const page = await findPage(db, id);
  const [blocks, former, view] = await Promise.all([
    blocksOf(db, id),
    db.select({ slug: pageSlugs.slug }).from(pageSlugs).where(eq(pageSlugs.pageId, id)).orderBy(asc(pageSlugs.createdAt)),
    pageView(db, media, id, VIEW_OPTS),
  ]);
  const urls = Object.fromEntries(keysOf({ image: page.image, og_image: page.ogImage, blocks }).map(([, key]) => [key, originalUrl(key)]));
  return {
    ...toCard(page),
    excerpt: page.excerpt,
    image: page.image,
    seo_title: page.seoTitle,
    seo_description: page.seoDescription,
    og_image: page.ogImage,
    blocks,
    urls,
    old_slugs: former.map((row) => row.slug),
    view,
  };
}

/** The slug is free for page `selfId` (or a new page): no other page has it now or had it as public. */
async function assertSlugFree(tx: Executor, slug: string, selfId: number | null) {
  const [taken] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.slug, slug), selfId === null ? undefined : ne(pages.id, selfId)));
  if (taken) throw ApiError.fields({ slug: [SITE_POST_TEXTS.slugTaken] });
  const [former] = await tx.select({ pageId: pageSlugs.pageId }).from(pageSlugs).where(eq(pageSlugs.slug, slug));
  if (former && former.pageId !== selfId) throw ApiError.fields({ slug: [SITE_POST_TEXTS.slugFormer] });
}

/** Two saves racing for one slug: the database's unique index answers, in the form's words. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
    if (cause?.code === '23505' && /slug/.test(cause.constraint ?? '')) throw ApiError.fields({ slug: [SITE_POST_TEXTS.slugTaken] });
    throw error;
  }
}

function columnsOf(body: CreateBody | UpdateBody) {
  return {
    title: body.title,
    slug: body.slug,
    excerpt: body.excerpt,
    image: body.image,
    author: body.author,
    seoTitle: body.seo_title,
    seoDescription: body.seo_description,
    ogImage: body.og_image,
  };
}

async function writeBlocks(tx: Executor, pageId: number, blocks: SitePostBlock[]) {
  await tx.delete(pageBlocks).where(eq(pageBlocks.pageId, pageId));
  if (blocks.length) await tx.insert(pageBlocks).values(blocks.map((block, sort) => ({ pageId, sort, ...toStored(block) })));
}

/** What the journal keeps of a post: its fields and its body. */
function journalOf(page: Pick<Page, 'title' | 'slug' | 'excerpt' | 'image' | 'author' | 'seoTitle' | 'seoDescription' | 'ogImage'>, blocks: SitePostBlock[]) {
  return {
    title: page.title,
    slug: page.slug,
    excerpt: page.excerpt,
    image: page.image,
    author: page.author,
    seo_title: page.seoTitle,
    seo_description: page.seoDescription,
    og_image: page.ogImage,
    // The body as text: the journal keeps its beginning and length, enough to see that it changed.
    blocks: JSON.stringify(blocks),
  };
}

/** POST /api/admin/school/site/posts/: a draft. */
export async function createPost(db: Db, media: MediaService, actor: StaffActor, body: CreateBody): Promise<SitePost> {
  assertKeys(actor, body, new Set());
  const id = await slugSafe(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, body.slug, null);
      const [page] = await tx
        .insert(pages)
        .values({ kind: body.kind, ...columnsOf(body), isPublished: false })
        .returning();
      await writeBlocks(tx, page!.id, body.blocks);
      await recordAudit(tx, actor, { action: 'post.create', entity: 'post', entityId: page!.id, summary: page!.title, after: { kind: body.kind, ...journalOf(page!, body.blocks) } });
      return page!.id;
    }),
  );
  return getPost(db, media, actor, id);
}

/** PUT /api/admin/school/site/posts/{id}/: the whole form; 409 when the post changed since `updated_at`. */
export async function updatePost(db: Db, media: MediaService, actor: StaffActor, id: number, body: UpdateBody): Promise<SitePost> {
  await slugSafe(() =>
    db.transaction(async (tx) => {
      const page = await findPage(tx, id, true);
      assertVersion(page, body.updated_at);
      const before = await blocksOf(tx, id);
      assertKeys(actor, body, new Set(keysOf({ image: page.image, og_image: page.ogImage, blocks: before }).map(([, key]) => key)));
      if (body.slug !== page.slug) {
        await assertSlugFree(tx, body.slug, id);
        // Back to an address it had: that address is its own again, not a redirect.
        await tx.delete(pageSlugs).where(and(eq(pageSlugs.slug, body.slug), eq(pageSlugs.pageId, id)));
        // A public page's old address keeps working: it redirects here (decision 0070).
        if (statusOf(page) === 'published') await tx.insert(pageSlugs).values({ slug: page.slug, pageId: id }).onConflictDoNothing();
      }
      const [after] = await tx
        .update(pages)
        .set({ ...columnsOf(body), updatedAt: nextVersion })
        .where(eq(pages.id, id))
        .returning();
      await writeBlocks(tx, id, body.blocks);
      await recordAudit(tx, actor, { action: 'post.update', entity: 'post', entityId: id, summary: after!.title, before: journalOf(page, before), after: journalOf(after!, body.blocks) });
    }),
  );
  return getPost(db, media, actor, id);
}

/** Publishing: now (`at` null) or from a future instant. */
async function setPublished(db: Db, media: MediaService, actor: StaffActor, id: number, version: string, at: Date | null) {
  await db.transaction(async (tx) => {
    const page = await findPage(tx, id, true);
    assertVersion(page, version);
    const now = new Date();
    // Published now: from this moment, unless it has been out since earlier (its date stays).
    const publishFrom = at ?? (page.isPublished && page.publishFrom && page.publishFrom <= now ? page.publishFrom : now);
    await tx.update(pages).set({ isPublished: true, publishFrom, updatedAt: nextVersion }).where(eq(pages.id, id));
    await recordAudit(tx, actor, {
      action: at ? 'post.schedule' : 'post.publish',
      entity: 'post',
      entityId: id,
      summary: page.title,
      before: { status: statusOf(page), publish_from: page.publishFrom?.toISOString() ?? null },
      after: { status: at ? 'scheduled' : 'published', publish_from: publishFrom.toISOString() },
    });
  });
  return getPost(db, media, actor, id);
}

/** POST …/{id}/publish/: public from now on. */
export function publishPost(db: Db, media: MediaService, actor: StaffActor, id: number, version: string) {
  return setPublished(db, media, actor, id, version, null);
}

/** POST …/{id}/schedule/: public from a Moscow date and time in the future. */
export function schedulePost(db: Db, media: MediaService, actor: StaffActor, id: number, body: ScheduleBody) {
  let at: Date;
  try {
    at = moscowInstant(body.date, body.time);
  } catch {
    throw ApiError.fields({ date: ['Такой даты нет.'] });
  }
  if (at.getTime() <= Date.now()) throw ApiError.fields({ time: [SITE_POST_TEXTS.pastTime] });
  return setPublished(db, media, actor, id, body.updated_at, at);
}

/** POST …/{id}/unpublish/: a draft again (its address answers 404 until it is published again). */
export async function unpublishPost(db: Db, media: MediaService, actor: StaffActor, id: number, version: string) {
  await db.transaction(async (tx) => {
    const page = await findPage(tx, id, true);
    assertVersion(page, version);
    if (!page.isPublished) throw new ApiError('conflict', SITE_POST_TEXTS.notPublished);
    await tx.update(pages).set({ isPublished: false, updatedAt: nextVersion }).where(eq(pages.id, id));
    await recordAudit(tx, actor, {
      action: 'post.unpublish',
      entity: 'post',
      entityId: id,
      summary: page.title,
      before: { status: statusOf(page) },
      after: { status: 'draft' },
    });
  });
  return getPost(db, media, actor, id);
}

/** DELETE …/{id}/: gone with its blocks and old addresses; a page a menu links to answers 409. */
export async function deletePost(db: Db, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const page = await findPage(tx, id, true);
    const used = await tx
      .selectDistinct({ title: menus.title })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(eq(menuItems.pageId, id));
    if (used.length) throw new ApiError('conflict', SITE_POST_TEXTS.inMenu(used.map((m) => `«${m.title}»`).join(', ')));
    const blocks = await blocksOf(tx, id);
    await tx.delete(pages).where(eq(pages.id, id));
    await recordAudit(tx, actor, { action: 'post.delete', entity: 'post', entityId: id, summary: page.title, before: { kind: page.kind, ...journalOf(page, blocks) } });
  });
}
