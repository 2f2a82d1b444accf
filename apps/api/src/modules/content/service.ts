import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { PRIVATE_SETTING_KEYS, type Banner, type Category, type Configs, type ImageOpts, type MenuKey, type MenuLink, type Audience } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import { banners, categories, configs, courses, menuItems, menus, pages } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { MediaService } from '../media/images.ts';

/**
 * Site settings; with `keys`, only those that exist (unknown keys are simply absent). The school's
 * private ones (its mailbox for letters about applications) are never among them.
 */
export async function getConfigs(db: Db, keys?: readonly string[]): Promise<Configs> {
  const rows = await db
    .select({ key: configs.key, value: configs.value })
    .from(configs)
    .where(and(keys && keys.length > 0 ? inArray(configs.key, [...keys]) : undefined, notInArray(configs.key, [...PRIVATE_SETTING_KEYS])));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** What a menu item's address is made of: its own url, or its page's, course's or category's. */
export const menuTargetColumns = {
  pageSlug: pages.slug,
  courseSlug: courses.slug,
  coursePublished: courses.isPublished,
  categoryExists: categories.id,
};

type MenuTarget = { type: string; url: string | null; pageSlug: string | null; courseSlug: string | null; coursePublished: boolean | null; categoryExists: number | null };

/**
 * Where an item leads as the site shows it: a page's path, a published course's page, a category's
 * catalogue, or the item's own url; null when its course is not published or its target is gone.
 */
export function menuHref(row: MenuTarget): string | null {
  switch (row.type) {
    case 'page':
      return row.pageSlug ? `/${row.pageSlug}/` : row.url;
    case 'course':
      return row.courseSlug && row.coursePublished ? `/courses/${row.courseSlug}/` : null;
    case 'category':
      return row.categoryExists ? `/courses/?category=${row.categoryExists}` : null;
    default:
      return row.url;
  }
}

/** A whole menu as a tree, ordered by `sort`; inactive items (and items whose target is gone) and their children are left out. */
export async function getMenu(db: Db, key: MenuKey): Promise<MenuLink[]> {
  const rows = await db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      title: menuItems.title,
      slug: menuItems.slug,
      type: menuItems.type,
      url: menuItems.url,
      target: menuItems.target,
      ...menuTargetColumns,
    })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .leftJoin(pages, eq(pages.id, menuItems.pageId))
    .leftJoin(courses, eq(courses.id, menuItems.courseId))
    .leftJoin(categories, eq(categories.id, menuItems.categoryId))
    .where(and(eq(menus.key, key), eq(menuItems.isActive, true)))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));

  const links = new Map<number, MenuLink & { parentId: number | null }>();
  for (const row of rows) {
    const href = menuHref(row);
    if (href === null && (row.type === 'course' || row.type === 'category')) continue;
    const url = href ?? '';
    links.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      title: row.title,
      slug: row.slug,
      type: row.type,
      url,
      target: row.target === '_blank' ? '_blank' : '_self',
      children: [],
    });
  }
  const roots: MenuLink[] = [];
  for (const link of links.values()) {
    const parent = link.parentId === null ? null : links.get(link.parentId);
    if (link.parentId === null) roots.push(link);
    else if (parent) parent.children.push(link);
    // An item whose parent is inactive is hidden with it.
  }
  const strip = (link: MenuLink & { parentId?: number | null }): MenuLink => ({
    id: link.id,
    title: link.title,
    slug: link.slug,
    type: link.type,
    url: link.url,
    target: link.target,
    children: link.children.map(strip),
  });
  return roots.map(strip);
}

/** Categories for all audiences, or one; Russian alphabetical order after the manual sort. */
export async function listCategories(db: Db, audience?: Audience): Promise<Category[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, type: categories.audience })
    .from(categories)
    .where(audience ? eq(categories.audience, audience) : undefined)
    .orderBy(asc(categories.sort), asc(categories.name)); // the column sorts with the ru-RU ICU collation
  return rows;
}

const bannerColumns = {
  id: banners.id,
  key: banners.key,
  title: banners.title,
  text: banners.text,
  link: banners.link,
  buttonText: banners.buttonText,
  image: banners.image,
  imageMobile: banners.imageMobile,
};

/** Active, and inside its window of showing (an open end is no limit). */
const shownNow = () =>
  and(
    eq(banners.isActive, true),
    or(isNull(banners.showFrom), lte(banners.showFrom, sql`now()`)),
    or(isNull(banners.showUntil), gt(banners.showUntil, sql`now()`)),
  );

type BannerRow = { [K in keyof typeof bannerColumns]: (typeof banners.$inferSelect)[K] };

async function toBanner(media: MediaService, row: BannerRow, opts?: ImageOpts): Promise<Banner> {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    text: row.text,
    link: row.link,
    button_text: row.buttonText,
    image: await media.image(row.image, opts),
    image_mobile: row.imageMobile ? await media.image(row.imageMobile, opts) : null,
  };
}

/** Banners shown now (active, inside their window), optionally of one position (`header` — the first one is shown). */
export async function listBanners(db: Db, media: MediaService, options: { key?: string; imageOpts?: ImageOpts }): Promise<Banner[]> {
  const rows = await db
    .select(bannerColumns)
    .from(banners)
    .where(and(shownNow(), options.key ? eq(banners.key, options.key) : undefined))
    .orderBy(asc(banners.sort), asc(banners.id));
  return Promise.all(rows.map((row) => toBanner(media, row, options.imageOpts)));
}

/** One banner shown now by id, or 404. */
export async function getBanner(db: Db, media: MediaService, id: number, imageOpts?: ImageOpts): Promise<Banner> {
  const [row] = await db
    .select(bannerColumns)
    .from(banners)
    .where(and(eq(banners.id, id), shownNow()));
  if (!row) throw ApiError.notFound('Баннер не найден.');
  return toBanner(media, row, imageOpts);
}
