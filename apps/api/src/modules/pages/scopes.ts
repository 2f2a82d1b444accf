import { and, isNull, lte, or, eq, sql, type SQL } from 'drizzle-orm';
import { pages } from '../../db/schema/index.ts';

/** Published, and its publish_from (if any) has come: a post scheduled for later is not public yet. */
export const visiblePages: SQL = and(eq(pages.isPublished, true), or(isNull(pages.publishFrom), lte(pages.publishFrom, sql`now()`)))!;
