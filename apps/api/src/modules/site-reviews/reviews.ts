// Reviews for staff (decision 0073): the moderation queue with filters, search and paging on the
// server; publishing, hiding, the school's reply and a fixed typo, each with the version the screen
// was opened at (a stale one answers 409) and recorded in the audit trail. Only published reviews
// are on the site and count in a course's rating (catalog/scopes.ts).
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { moscowIsoDate, type Paginated, type ReviewStatus, type SiteReview, type SiteReviewsQuery } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses, reviews, users, type Review } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';

export const REVIEW_TEXTS = {
  notFound: 'Отзыв не найден.',
  conflict: 'Отзыв изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  alreadyPublished: 'Отзыв уже опубликован.',
  alreadyHidden: 'Отзыв уже скрыт.',
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function selectSiteReviews(db: Executor) {
  return db
    .select({
      review: reviews,
      course: { id: courses.id, title: courses.title, slug: courses.slug },
      authorEmail: users.email,
    })
    .from(reviews)
    .leftJoin(courses, eq(courses.id, reviews.courseId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .$dynamic();
}
type Row = Awaited<ReturnType<ReturnType<typeof selectSiteReviews>['execute']>>[number];

function toSiteReview({ review, course, authorEmail }: Row): SiteReview {
  return {
    id: review.id,
    status: review.status,
    name: review.name,
    rating: review.rating,
    text: review.text,
    published_at: review.publishedAt,
    course: course && course.id !== null ? { id: course.id, title: course.title, slug: course.slug } : null,
    author: review.authorId !== null && authorEmail ? { id: review.authorId, email: authorEmail } : null,
    reply: review.reply,
    replied_at: review.repliedAt?.toISOString() ?? null,
    on_main: review.onMain,
    on_noschool: review.onNoschool,
    version: review.version,
    created_at: review.createdAt.toISOString(),
  };
}

/** GET /api/admin/school/site/reviews/: new ones first, then the newest; filters, search and paging on the server. */
export async function listSiteReviews(db: Executor, query: SiteReviewsQuery, url: string): Promise<Paginated<SiteReview>> {
  const search = query.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const where: SQL | undefined = and(
    query.status ? eq(reviews.status, query.status) : undefined,
    query.course ? eq(reviews.courseId, query.course) : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    like ? or(ilike(reviews.name, like), ilike(reviews.text, like)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectSiteReviews(db)
      .where(where)
      .orderBy(sql`${reviews.status} = 'new' desc`, desc(reviews.createdAt), desc(reviews.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ count: count() }).from(reviews).where(where),
  ]);
  const total = counted?.count ?? 0;
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map(toSiteReview) };
}

/** GET /api/admin/school/site/reviews/new-count/: how many wait for staff (the tab's number). */
export async function countNewReviews(db: Executor): Promise<{ count: number }> {
  const [row] = await db.select({ count: count() }).from(reviews).where(eq(reviews.status, 'new'));
  return { count: row?.count ?? 0 };
}

/** One review, or 404. */
export async function getSiteReview(db: Executor, id: number): Promise<SiteReview> {
  const [row] = await selectSiteReviews(db).where(eq(reviews.id, id));
  if (!row) throw ApiError.notFound(REVIEW_TEXTS.notFound);
  return toSiteReview(row);
}

/** The review locked for a change, checked against the version the screen had. */
async function lockReview(db: Executor, id: number, version: number): Promise<Review> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw ApiError.notFound(REVIEW_TEXTS.notFound);
  if (row.version !== version) throw new ApiError('conflict', REVIEW_TEXTS.conflict);
  return row;
}

const summaryOf = (row: Review) => `${row.name}, ${row.rating} из 5`;

/** PATCH /api/admin/school/site/reviews/{id}/: a typo in the text or the name, the home page flags. */
export async function updateSiteReview(
  db: Executor,
  actor: StaffActor,
  id: number,
  body: { version: number; name?: string; text?: string; on_main?: boolean; on_noschool?: boolean },
): Promise<SiteReview> {
  await db.transaction(async (tx) => {
    const before = await lockReview(tx, id, body.version);
    const [after] = await tx
      .update(reviews)
      .set({ name: body.name, text: body.text, onMain: body.on_main, onNoschool: body.on_noschool, version: sql`${reviews.version} + 1` })
      .where(eq(reviews.id, id))
      .returning();
    const kept = (r: Review) => ({ name: r.name, text: r.text, onMain: r.onMain, onNoschool: r.onNoschool });
    await recordAudit(tx, actor, { action: 'review.update', entity: 'review', entityId: id, courseId: before.courseId, summary: summaryOf(after!), before: kept(before), after: kept(after!) });
  });
  return getSiteReview(db, id);
}

/**
 * POST …/reviews/{id}/publish/ and …/hide/: onto the site (its date becomes today's for a new one)
 * or off it; the course's rating follows at once.
 */
export async function setReviewStatus(db: Executor, actor: StaffActor, id: number, version: number, status: Exclude<ReviewStatus, 'new'>): Promise<SiteReview> {
  await db.transaction(async (tx) => {
    const before = await lockReview(tx, id, version);
    if (before.status === status) {
      throw ApiError.fields({ non_field_errors: [status === 'published' ? REVIEW_TEXTS.alreadyPublished : REVIEW_TEXTS.alreadyHidden] });
    }
    // A learner's review goes on the site dated the day it is published.
    const publishedAt = status === 'published' && before.status === 'new' ? moscowIsoDate(new Date()) : before.publishedAt;
    await tx.update(reviews).set({ status, publishedAt, version: sql`${reviews.version} + 1` }).where(eq(reviews.id, id));
    await recordAudit(tx, actor, {
      action: status === 'published' ? 'review.publish' : 'review.hide',
      entity: 'review',
      entityId: id,
      courseId: before.courseId,
      summary: summaryOf(before),
      before: { status: before.status },
      after: { status },
    });
  });
  return getSiteReview(db, id);
}

/** POST …/reviews/{id}/reply/: the school's reply under the review (an empty one takes it away). */
export async function replyToReview(db: Executor, actor: StaffActor, id: number, body: { version: number; reply: string | null }): Promise<SiteReview> {
  await db.transaction(async (tx) => {
    const before = await lockReview(tx, id, body.version);
    await tx
      .update(reviews)
      .set({ reply: body.reply, repliedAt: body.reply ? sql`now()` : null, version: sql`${reviews.version} + 1` })
      .where(eq(reviews.id, id));
    await recordAudit(tx, actor, {
      action: 'review.reply',
      entity: 'review',
      entityId: id,
      courseId: before.courseId,
      summary: summaryOf(before),
      before: { reply: before.reply },
      after: { reply: body.reply },
    });
  });
  return getSiteReview(db, id);
}
