import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Attribute, ImageOpts, Paginated, Review, Subsection, Teacher } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  courses,
  courseSubsections,
  reviews,
  subsections,
  teachers,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { MediaService } from '../media/images.ts';

const MAX_ID = 2_147_483_647;

/** A course path key (slug or numeric id) as a condition on `courses`. */
export function courseKeyCondition(key: string): SQL {
  const id = /^\d{1,10}$/.test(key) ? Number(key) : NaN;
  return id > 0 && id <= MAX_ID ? or(eq(courses.slug, key), eq(courses.id, id))! : eq(courses.slug, key);
}

// ---------------------------------------------------------------- attributes

/** Attributes with their values (list attributes only), optionally by flags; in their sort order. */
export async function listAttributes(
  db: Db,
  flags: { is_tab?: boolean; is_filter?: boolean; is_group?: boolean; is_title?: boolean } = {},
  id?: number,
): Promise<Attribute[]> {
  const rows = await db
    .select({
      id: attributes.id,
      name: attributes.name,
      slug: attributes.slug,
      type: attributes.type,
      isTab: attributes.isTab,
      isFilter: attributes.isFilter,
      isGroup: attributes.isGroup,
      isTitle: attributes.isTitle,
      valueId: attributeValues.id,
      value: attributeValues.value,
    })
    .from(attributes)
    .leftJoin(attributeValues, eq(attributeValues.attributeId, attributes.id))
    .where(
      and(
        id === undefined ? undefined : eq(attributes.id, id),
        flags.is_tab === undefined ? undefined : eq(attributes.isTab, flags.is_tab),
        flags.is_filter === undefined ? undefined : eq(attributes.isFilter, flags.is_filter),
        flags.is_group === undefined ? undefined : eq(attributes.isGroup, flags.is_group),
        flags.is_title === undefined ? undefined : eq(attributes.isTitle, flags.is_title),
      ),
    )
    .orderBy(asc(attributes.sort), asc(attributes.id), asc(attributeValues.sort), asc(attributeValues.id));
  const byId = new Map<number, Attribute>();
  for (const row of rows) {
    let attribute = byId.get(row.id);
    if (!attribute) {
      attribute = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        type: row.type,
        is_tab: row.isTab,
        is_filter: row.isFilter,
        is_group: row.isGroup,
        is_title: row.isTitle,
        values: [],
      };
      byId.set(row.id, attribute);
    }
    if (row.valueId !== null && row.value !== null) attribute.values.push({ id: row.valueId, value: row.value });
  }
  return [...byId.values()];
}

/** One attribute by id, or 404. */
export async function getAttribute(db: Db, id: number): Promise<Attribute> {
  const [attribute] = await listAttributes(db, {}, id);
  if (!attribute) throw ApiError.notFound('Атрибут не найден.');
  return attribute;
}

// ---------------------------------------------------------------- reviews

const reviewColumns = {
  id: reviews.id,
  name: reviews.name,
  rating: reviews.rating,
  publishedAt: reviews.publishedAt,
  text: reviews.text,
  onMain: reviews.onMain,
  onNoschool: reviews.onNoschool,
  courseId: courses.id,
  courseSlug: courses.slug,
  courseTitle: courses.title,
};

/**
 * Reviews with their course; the course is joined only while it is published, so a review of a
 * hidden course shows no link to a page that would be a 404.
 */
export function selectReviews(db: Db) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(courses, and(eq(courses.id, reviews.courseId), eq(courses.isPublished, true)))
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
  };
}

/** Published reviews, newest first, DRF-paginated; `course` (slug or id) keeps one published course's. */
export async function listReviews(
  db: Db,
  query: { on_main?: boolean; on_noschool?: boolean; course?: string; page: number; page_size: number },
  url: string,
): Promise<Paginated<Review>> {
  const where = and(
    eq(reviews.isPublished, true),
    query.on_main === undefined ? undefined : eq(reviews.onMain, query.on_main),
    query.on_noschool === undefined ? undefined : eq(reviews.onNoschool, query.on_noschool),
    query.course === undefined
      ? undefined
      : sql`${reviews.courseId} in (select ${courses.id} from ${courses} where ${courseKeyCondition(query.course)} and ${courses.isPublished})`,
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
export async function getReview(db: Db, id: number): Promise<Review> {
  const [row] = await selectReviews(db).where(and(eq(reviews.id, id), eq(reviews.isPublished, true)));
  if (!row) throw ApiError.notFound('Отзыв не найден.');
  return toReview(row);
}

// ---------------------------------------------------------------- teachers

export const teacherColumns = {
  id: teachers.id,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
  position: teachers.position,
  bio: teachers.bio,
  photo: teachers.photo,
  onMain: teachers.onMain,
  onNoschool: teachers.onNoschool,
};
type TeacherRow = { [K in keyof typeof teacherColumns]: (typeof teachers.$inferSelect)[K] };

/** The API shape of a teacher row; the photo at `imageOpts` or its original size. */
export async function toTeacher(media: MediaService, row: TeacherRow, imageOpts?: ImageOpts): Promise<Teacher> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    position: row.position,
    bio: row.bio,
    photo: await media.image(row.photo, imageOpts),
    on_main: row.onMain,
    on_noschool: row.onNoschool,
  };
}

/** Teachers in the school's order, optionally only those for the home page or the non-school site. */
export async function listTeachers(
  db: Db,
  media: MediaService,
  query: { on_main?: boolean; on_noschool?: boolean; image_opts?: ImageOpts },
): Promise<Teacher[]> {
  const rows = await db
    .select(teacherColumns)
    .from(teachers)
    .where(
      and(
        query.on_main === undefined ? undefined : eq(teachers.onMain, query.on_main),
        query.on_noschool === undefined ? undefined : eq(teachers.onNoschool, query.on_noschool),
      ),
    )
    .orderBy(asc(teachers.sort), asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id));
  return Promise.all(rows.map((row) => toTeacher(media, row, query.image_opts)));
}

// ---------------------------------------------------------------- subsections

/**
 * Every subsection with the number of its published courses. Empty ones are listed too (count
 * 0): the site hides them, and whoever edits the catalogue sees that they exist.
 */
export async function listSubsections(db: Db, media: MediaService, imageOpts?: ImageOpts): Promise<Subsection[]> {
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
    .leftJoin(courses, and(eq(courses.id, courseSubsections.courseId), eq(courses.isPublished, true)))
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
