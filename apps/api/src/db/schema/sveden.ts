import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SvedenContent } from '@crema/contract';
import { users } from './users.ts';

/**
 * 'Сведения об образовательной организации' (decision 0042): one row per subsection (its key is
 * the address, `/sveden/{key}/`), its facts, groups, documents and extra pages as one JSON
 * document validated by the contract's `svedenContentSchema` on every write. A subsection without
 * a row is shown as 'Информация отсутствует'.
 */
export const svedenSections = pgTable('sveden_sections', {
  key: text().primaryKey(),
  content: jsonb().$type<SvedenContent>().notNull(),
  /** The staff member who saved it last (null for the seed, or once they are deleted). */
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type SvedenSectionRow = typeof svedenSections.$inferSelect;
