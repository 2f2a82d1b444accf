import { customType, text, timestamp } from 'drizzle-orm/pg-core';

/** The ICU collation every sorted Russian text column uses ('Ё' between 'Е' and 'Ж', case-insensitive order). */
export const RU_COLLATION = 'ru-RU-x-icu';

/**
 * `text COLLATE "ru-RU-x-icu"`: Russian text that lists are ordered by (names, titles).
 * The collation lives on the column, so a plain `ORDER BY` sorts correctly on any server,
 * whatever the database's default collation is.
 */
export const ruText = customType<{ data: string; driverData: string }>({
  dataType: () => `text COLLATE "${RU_COLLATION}"`,
});

/** When the row was created. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** When the row was last changed; Drizzle refreshes it on every update it issues. */
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Search-engine and social-preview fields shared by courses and pages (seo {title,
 * description, h1, keywords}, og {title, description, image}). All optional: pages are meant to
 * fall back to the record's own title and description, then to the SITE_* settings.
 */
export const seoColumns = () => ({
  seoTitle: text(),
  seoDescription: text(),
  // Named explicitly: snake_case casing would make it 'seo_h_1'.
  seoH1: text('seo_h1'),
  seoKeywords: text(),
  ogTitle: text(),
  ogDescription: text(),
  /** Storage key of the preview image. */
  ogImage: text(),
});
