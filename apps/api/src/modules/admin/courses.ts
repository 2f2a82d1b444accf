// A course owner's courses (decision 0035): the list with
// search and status, a new draft, the editable course, publishing with its checks, deletion that
// never takes away what people paid for.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import slugify from 'slugify';
import {
  STUDENT_FORMS,
  ageRangeProblems,
  formatCount,
  type AdminCourse,
  type AdminCourseCard,
  type AdminCoursePatch,
  type Paginated,
} from '@crema/contract';
import type { z } from 'zod';
import type { adminCourseCreateSchema, adminCoursesQuerySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findOne } from '../../db/find.ts';
import { categories, courseModules, courses, lessons, orders, userCourses, type Course } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { SignedInActor } from '../auth/actor.ts';
import type { MediaStore } from '../media/images.ts';
import { recordAudit } from '../audit/record.ts';
import { sanitizeRichText } from './html.ts';
import { assertCourseKeys } from './uploads.ts';
import { ADMIN_TEXTS, ownedBy } from './scopes.ts';

type CoursesQuery = z.output<typeof adminCoursesQuerySchema>;
type CourseCreate = z.output<typeof adminCourseCreateSchema>;

/** Enrolments that still give access: what deletion must not take away. */
const liveEnrolment = and(eq(userCourses.courseId, courses.id), eq(userCourses.isActive, true));

/** GET /api/admin/courses/: the actor's courses, drafts and published, newest change first. */
export async function listAdminCourses(
  db: Executor,
  media: MediaStore,
  actor: SignedInActor,
  query: CoursesQuery,
  url: string,
): Promise<Paginated<AdminCourseCard>> {
  const conditions: (SQL | undefined)[] = [ownedBy(actor)];
  if (query.status) conditions.push(eq(courses.isPublished, query.status === 'published'));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(courses.title, like), ilike(courses.slug, like)));
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      isPublished: courses.isPublished,
      isKids: courses.isKids,
      image: courses.image,
      priceKopecks: courses.priceKopecks,
      updatedAt: courses.updatedAt,
      category: { id: categories.id, name: categories.name },
      modulesCount: sql<number>`(select count(*) from ${courseModules} where ${courseModules.courseId} = ${courses.id})`.mapWith(Number),
      lessonsCount: sql<number>`(select count(*) from ${lessons} join ${courseModules} on ${courseModules.id} = ${lessons.moduleId} where ${courseModules.courseId} = ${courses.id})`.mapWith(Number),
      learnersCount: sql<number>`(select count(*) from ${userCourses} where ${liveEnrolment})`.mapWith(Number),
    })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .where(where)
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const results = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      is_published: row.isPublished,
      is_kids: row.isKids,
      category: row.category,
      image: await media.image(row.image),
      price: row.priceKopecks,
      modules_count: row.modulesCount,
      lessons_count: row.lessonsCount,
      learners_count: row.learnersCount,
      updated_at: row.updatedAt.toISOString(),
    })),
  );
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results };
}

/** A course address from its title: Russian transliterated, lower case, hyphens. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, locale: 'ru', trim: true }).slice(0, 80).replace(/-+$/, '');
  // An address of digits only would read as an id (courseKeyCondition).
  return !slug || /^\d+$/.test(slug) ? `course-${slug || 'new'}` : slug;
}

export async function freeSlug(db: Executor, base: string): Promise<string> {
  const taken = new Set(
    (await db.select({ slug: courses.slug }).from(courses).where(or(eq(courses.slug, base), ilike(courses.slug, `${base}-%`)))).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertCategory(db: Executor, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw ApiError.fields({ category_id: [ADMIN_TEXTS.categoryMissing] });
}

/** POST /api/admin/courses/: a new draft owned by the actor. */
export async function createAdminCourse(db: Executor, media: MediaStore, actor: SignedInActor, body: CourseCreate): Promise<AdminCourse> {
  await assertCategory(db, body.category_id);
  // A made-up address may meet a concurrent one; one retry with a fresh look is enough.
  for (let attempt = 0; ; attempt += 1) {
    const slug = body.slug ?? (await freeSlug(db, slugFromTitle(body.title)));
    try {
      const course = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(courses)
          .values({ title: body.title, slug, categoryId: body.category_id, isKids: body.is_kids ?? false, ownerId: actor.user.id, isPublished: false })
          .returning();
        await recordAudit(tx, actor, { action: 'course.create', entity: 'course', entityId: row!.id, courseId: row!.id, summary: row!.title, after: row });
        return row!;
      });
      return toAdminCourse(db, media, course);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (body.slug !== undefined || attempt > 0) throw ApiError.fields({ slug: [ADMIN_TEXTS.slugTaken] });
    }
  }
}

/** What a course lacks to be published (title, price, at least one published lesson). */
async function publishProblems(db: Executor, course: Course): Promise<string[]> {
  const problems: string[] = [];
  if (!course.title.trim()) problems.push(ADMIN_TEXTS.publish.title);
  if (course.priceKopecks === null) problems.push(ADMIN_TEXTS.publish.price);
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(courseModules.courseId, course.id), eq(lessons.isPublished, true)))
    .limit(1);
  if (!lesson) problems.push(ADMIN_TEXTS.publish.lesson);
  return problems;
}

/** Enrolments in the course: the active ones (learners), or all, hidden ones included. */
async function learnersOf(db: Executor, courseId: number, activeOnly = true): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userCourses)
    .where(and(eq(userCourses.courseId, courseId), activeOnly ? eq(userCourses.isActive, true) : undefined));
  return row?.n ?? 0;
}

export async function toAdminCourse(db: Executor, media: MediaStore, course: Course): Promise<AdminCourse> {
  const [problems, learners, image] = await Promise.all([publishProblems(db, course), learnersOf(db, course.id), media.image(course.image)]);
  return {
    id: course.id,
    title: course.title,
    slug: course.slug,
    category_id: course.categoryId,
    is_kids: course.isKids,
    short_description: course.shortDescription,
    description: course.description,
    price: course.priceKopecks,
    old_price: course.oldPriceKopecks,
    duration_hours: course.durationHours,
    duration_text: course.durationText,
    age_min: course.ageMin,
    age_max: course.ageMax,
    format: course.format,
    level: course.level,
    image,
    image_key: course.image,
    og_image_key: course.ogImage,
    seo_title: course.seoTitle,
    seo_description: course.seoDescription,
    seo_h1: course.seoH1,
    seo_keywords: course.seoKeywords,
    og_title: course.ogTitle,
    og_description: course.ogDescription,
    is_published: course.isPublished,
    publish_problems: problems,
    learners_count: learners,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
  };
}

/** One of the actor's courses, optionally locked for an update; 404 for anyone else's. */
export function ownedCourse(db: Executor, actor: SignedInActor, courseId: number, lock = false): Promise<Course> {
  const query = db.select().from(courses).where(and(eq(courses.id, courseId), ownedBy(actor)));
  return findOne(lock ? query.for('update') : query, ADMIN_TEXTS.courseNotFound);
}

/** GET /api/admin/courses/{id}/ */
export async function getAdminCourse(db: Executor, media: MediaStore, actor: SignedInActor, courseId: number): Promise<AdminCourse> {
  return toAdminCourse(db, media, await ownedCourse(db, actor, courseId));
}

/**
 * PATCH /api/admin/courses/{id}/: the fields given. With `updated_at`, a course changed since that
 * version answers 409 instead of overwriting someone's edit. Publishing checks the course is
 * complete and answers what is missing under `is_published`.
 */
export async function patchAdminCourse(
  db: Executor,
  media: MediaStore,
  actor: SignedInActor,
  courseId: number,
  body: AdminCoursePatch,
): Promise<AdminCourse> {
  if (body.category_id !== undefined) await assertCategory(db, body.category_id);
  try {
    const updated = await db.transaction(async (tx) => {
      const course = await ownedCourse(tx, actor, courseId, true);
      if (body.updated_at !== undefined && new Date(body.updated_at).getTime() !== course.updatedAt.getTime()) {
        throw new ApiError('conflict', ADMIN_TEXTS.conflict);
      }
      // The age range as it will be: the ends sent over the stored ones (either may come alone).
      const ages = ageRangeProblems({
        min: body.age_min === undefined ? course.ageMin : body.age_min,
        max: body.age_max === undefined ? course.ageMax : body.age_max,
      });
      if (ages.age_min || ages.age_max) throw ApiError.fields(Object.fromEntries(Object.entries(ages).map(([key, message]) => [key, [message]])));
      await assertCourseKeys(tx, actor, course.id, [
        ['image', body.image],
        ['og_image', body.og_image],
      ]);
      const values: Partial<typeof courses.$inferInsert> = {
        title: body.title,
        slug: body.slug,
        categoryId: body.category_id,
        isKids: body.is_kids,
        shortDescription: body.short_description,
        description: body.description === undefined || body.description === null ? body.description : sanitizeRichText(body.description),
        priceKopecks: body.price,
        oldPriceKopecks: body.old_price,
        durationHours: body.duration_hours,
        durationText: body.duration_text,
        ageMin: body.age_min,
        ageMax: body.age_max,
        format: body.format,
        level: body.level,
        seoTitle: body.seo_title,
        seoDescription: body.seo_description,
        seoH1: body.seo_h1,
        seoKeywords: body.seo_keywords,
        ogTitle: body.og_title,
        ogDescription: body.og_description,
        image: body.image,
        ogImage: body.og_image,
        isPublished: body.is_published,
      };
      const [row] = await tx
        .update(courses)
        .set({ ...values, updatedAt: sql`greatest(now(), ${courses.updatedAt} + interval '1 millisecond')` })
        .where(eq(courses.id, course.id))
        .returning();
      if (body.is_published === true) {
        const problems = await publishProblems(tx, row!);
        if (problems.length) throw ApiError.fields({ is_published: problems });
      }
      await recordAudit(tx, actor, { action: 'course.update', entity: 'course', entityId: course.id, courseId: course.id, summary: row!.title, before: course, after: row });
      return row!;
    });
    return toAdminCourse(db, media, updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.fields({ slug: [ADMIN_TEXTS.slugTaken] });
    throw error;
  }
}

/**
 * DELETE /api/admin/courses/{id}/: a course nobody studies or has ordered. One with learners or
 * orders stays (unpublish it instead): access and payment records are never taken away.
 */
export async function deleteAdminCourse(db: Executor, actor: SignedInActor, courseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const learners = await learnersOf(tx, course.id, false);
    if (learners > 0) throw ApiError.fields({ non_field_errors: [ADMIN_TEXTS.hasLearners(formatCount(learners, STUDENT_FORMS))] });
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.courseId, course.id)).limit(1);
    if (order) throw ApiError.fields({ non_field_errors: [ADMIN_TEXTS.hasOrders] });
    await tx.delete(courses).where(eq(courses.id, course.id));
    await recordAudit(tx, actor, { action: 'course.delete', entity: 'course', entityId: course.id, courseId: course.id, summary: course.title, before: course });
  });
}
