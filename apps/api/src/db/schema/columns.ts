import { customType, timestamp } from 'drizzle-orm/pg-core';

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
