import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImageOpts, Subsection } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, courseSubsections, subsections } from '../../db/schema/index.ts';
import type { MediaService } from '../media/images.ts';
import { publishedCourses } from './scopes.ts';

/**
 * Every subsection with the number of its published courses. Empty ones are listed too (count
 * 0): the site hides them, and whoever edits the catalogue sees that they exist.
 */
export async function listSubsections(db: Executor, media: MediaService, imageOpts?: ImageOpts): Promise<Subsection[]> {
  const rows = await db
    .select({
      id: subsections.id,
      title: subsections.title,
      slug: subsections.slug,
      image: subsections.image,
      count: sql<number>`count(${courses.id})::int`,
    })
    .from(subsections)
    .leftJoin(courseSubsections, eq(courseSubsections.subsectionId, subsections.id))
    .leftJoin(courses, and(eq(courses.id, courseSubsections.courseId), publishedCourses))
    .groupBy(subsections.id)
    .orderBy(asc(subsections.sort), asc(subsections.title), asc(subsections.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      image: await media.image(row.image, imageOpts),
      count: row.count,
    })),
  );
}
