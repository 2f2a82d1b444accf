import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Paginated, Review } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { courses, reviews } from '../../db/schema/index.ts';
import { pageLinks } from '../../lib/paging.ts';
import { courseKeyCondition, publishedCourses, publishedReviews } from './scopes.ts';

const reviewColumns = {
  id: reviews.id,
  name: reviews.name,
  rating: reviews.rating,
  publishedAt: reviews.publishedAt,
  text: reviews.text,
  onMain: reviews.onMain,
  onNoschool: reviews.onNoschool,
  reply: reviews.reply,
  courseId: courses.id,
  courseSlug: courses.slug,
  courseTitle: courses.title,
};

/**
 * Reviews with their course; the course is joined only while it is published, so a review of a
 * hidden course shows no link to a page that would be a 404.
 */
export function selectReviews(db: Executor) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(courses, and(eq(courses.id, reviews.courseId), publishedCourses))
    .$dynamic();
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

/** The API shape of a review row of `selectReviews`. */
export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    name: row.name,
    rating: row.rating,
    published_at: row.publishedAt,
    text: row.text,
    on_main: row.onMain,
    on_noschool: row.onNoschool,
    course: row.courseId !== null && row.courseSlug !== null && row.courseTitle !== null
      ? { id: row.courseId, slug: row.courseSlug, title: row.courseTitle }
      : null,
    reply: row.reply,
  };
}

/** Published reviews, newest first, DRF-paginated; `course` (slug or id) keeps one published course's. */
export async function listReviews(
  db: Executor,
  query: { on_main?: boolean; on_noschool?: boolean; course?: string; page: number; page_size: number },
  url: string,
): Promise<Paginated<Review>> {
  const where = and(
    publishedReviews,
    query.on_main === undefined ? undefined : eq(reviews.onMain, query.on_main),
    query.on_noschool === undefined ? undefined : eq(reviews.onNoschool, query.on_noschool),
    query.course === undefined
      ? undefined
      : sql`${reviews.courseId} in (select ${courses.id} from ${courses} where ${and(courseKeyCondition(query.course), publishedCourses)})`,
  );
  const [rows, [counted]] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ count: count() }).from(reviews).where(where),
  ]);
  const total = counted?.count ?? 0;
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map(toReview) };
}

/** One published review, or 404. */
export async function getReview(db: Executor, id: number): Promise<Review> {
  return toReview(await findOne(selectReviews(db).where(and(eq(reviews.id, id), publishedReviews)), 'Отзыв не найден.'));
}
