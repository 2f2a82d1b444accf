import { eq, type SQL } from 'drizzle-orm';
import { groups } from '../../db/schema/index.ts';

/** Groups anyone may see: published (their course must be published too: catalog's publishedCourses). */
export const publishedGroups: SQL = eq(groups.isPublished, true);
