import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PAGE_BLOCK_TYPES, type PageBlockData } from './blocks.ts';
import { categories, courses } from './catalog.ts';
import { createdAt, ruText, seoColumns, updatedAt } from './columns.ts';

/** 'course' and 'category' items keep their target's id; the public menu resolves the address on read. */
export const menuItemTypeEnum = pgEnum('menu_item_type', ['direct_link', 'page', 'course', 'category']);
/** 'page' rows are content pages (/{slug}/), 'post' rows are blog posts. */
export const pageKindEnum = pgEnum('page_kind', ['post', 'page']);
export const pageBlockTypeEnum = pgEnum('page_block_type', PAGE_BLOCK_TYPES);

/** Site settings read by the shell (SITE_NAME, FOOTER_PHONE, …). */
export const configs = pgTable('configs', {
  key: text().primaryKey(),
  value: text().notNull().default(''),
  /** What the setting is for, shown to whoever edits it. */
  description: text(),
  /** Raised by every save from the settings screen: a form opened at an older one gets 409 (decision 0074). */
  version: integer().notNull().default(1),
  updatedAt: updatedAt(),
});

/** A named menu: 'header_menu', 'footer_menu' or 'noschool_header' (the non-school site's header). */
export const menus = pgTable('menus', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  key: text().notNull().unique(),
  title: text().notNull(),
  /** Bumped by every staff change of the menu's items: a save made from an older copy is refused (409). */
  version: integer().notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One link of a menu; children point at their parent (two levels in practice). */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    /** Parent item; null for a top-level item. */
    parentId: integer(),
    title: text().notNull(),
    /** Stable machine name of the item (used by the front end for icons and tests). */
    slug: text().notNull(),
    type: menuItemTypeEnum().notNull().default('direct_link'),
    /** Where the link goes; for type 'page' the page's path ('/about/'). */
    url: text(),
    /** The content page a 'page' item shows. */
    pageId: integer().references(() => pages.id, { onDelete: 'set null' }),
    /** The course a 'course' item opens (/courses/{slug}/); hidden while the course is not published. */
    courseId: integer().references(() => courses.id, { onDelete: 'set null' }),
    /** The catalogue category a 'category' item opens (/courses/?category={id}). */
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    /** '_self' or '_blank'. */
    target: text().notNull().default('_self'),
    sort: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    index().on(t.menuId, t.parentId, t.sort),
    index().on(t.parentId),
    index().on(t.pageId),
    index().on(t.courseId),
    index().on(t.categoryId),
    check('menu_items_target', sql`${t.target} in ('_self', '_blank')`),
    check('menu_items_direct_link_url', sql`${t.type} <> 'direct_link' or ${t.url} is not null`),
  ],
);

/** A banner shown at a position (`key`): 'header' (the first active one), 'discount', 'main' (home slider). */
export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The position the banner is shown at. */
    key: text().notNull(),
    title: text().notNull(),
    link: text(),
    buttonText: text(),
    text: text(),
    /** The desktop (and default) image. */
    image: text(),
    /** The image for phones (narrow screens); without it phones get `image`. */
    imageMobile: text(),
    /** Shown from this instant on; null — from the start. */
    showFrom: timestamp({ withTimezone: true }),
    /** Shown until this instant; null — with no end. */
    showUntil: timestamp({ withTimezone: true }),
    sort: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    /** Bumped by every staff edit: a form saved from an older copy is refused (409). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.key, t.sort), check('banners_window', sql`${t.showFrom} is null or ${t.showUntil} is null or ${t.showFrom} < ${t.showUntil}`)],
);

/** Content pages (/{slug}/) and blog posts: one table, told apart by `kind`. */
export const pages = pgTable(
  'pages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Path segment: /{slug}/ for pages, /blog/{slug}/ for posts; unique across both. */
    slug: text().notNull().unique(),
    title: text().notNull(),
    kind: pageKindEnum().notNull(),
    /** Lead shown in lists and as the fallback description. */
    excerpt: text(),
    /** Cover image (lists use 400 px). */
    image: text(),
    /** Visible from this instant; null = immediately. Lists are ordered newest publish_from first. */
    publishFrom: timestamp({ withTimezone: true }),
    isPublished: boolean().notNull().default(false),
    /** The name shown on a post as its author ('Анна Смирнова'); null — none shown. */
    author: text(),
    ...seoColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.kind, t.publishFrom)],
);

/**
 * Addresses a page had while it was public: an old slug answers with a permanent redirect to the
 * page's current address (decision 0070). A slug here is no other page's slug.
 */
export const pageSlugs = pgTable(
  'page_slugs',
  {
    slug: text().primaryKey(),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.pageId)],
);

/** The body of a page, block by block. */
export const pageBlocks = pgTable(
  'page_blocks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer()
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    type: pageBlockTypeEnum().notNull(),
    sort: integer().notNull().default(0),
    /** Shape depends on `type`, see PageBlockDataByType. */
    data: jsonb().$type<PageBlockData>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.pageId, t.sort)],
);

/**
 * A thematic selection of courses ('Для начинающих', 'Подарочные сертификаты' …). Its count is the
 * number of published courses linked through course_subsections — computed, never stored; only
 * subsections with count > 0 are shown.
 */
export const subsections = pgTable('subsections', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  title: ruText().notNull(),
  slug: text().notNull().unique(),
  image: text(),
  sort: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which courses a subsection contains. */
export const courseSubsections = pgTable(
  'course_subsections',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    subsectionId: integer()
      .notNull()
      .references(() => subsections.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.subsectionId] }), index().on(t.subsectionId)],
);

/** Where a visitor came from (utm_source and the like), attached to orders for the statistics. */
export const statisticsSources = pgTable('statistics_sources', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Machine key matched against utm_source, e.g. 'yandex_direct'. */
  key: text().notNull().unique(),
  title: text().notNull(),
  sort: integer().notNull().default(0),
  createdAt: createdAt(),
});

export type SiteConfig = typeof configs.$inferSelect;
export type Menu = typeof menus.$inferSelect;
export type MenuItem = typeof menuItems.$inferSelect;
export type Banner = typeof banners.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type PageBlock = typeof pageBlocks.$inferSelect;
export type PageSlug = typeof pageSlugs.$inferSelect;
export type Subsection = typeof subsections.$inferSelect;
export type StatisticsSource = typeof statisticsSources.$inferSelect;
