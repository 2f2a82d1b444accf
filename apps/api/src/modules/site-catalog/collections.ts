// Collections ('подборки': the table `subsections`) for the school's staff (decision 0072): the
// whole list with their courses in order, create, edit (title, address, picture, which courses and
// in what order) with the version check, delete, order of the list.
import { asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteCollection, siteCollectionBodySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findOne } from '../../db/find.ts';
import { courses, courseSubsections, subsections, type Subsection } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import type { MediaService } from '../media/images.ts';
import { assertVersion, assertWholeOrder, coursesByIds, DICTIONARY_TEXTS, nextVersion } from './shared.ts';

type Body = z.output<typeof siteCollectionBodySchema>;

/** Pictures the school ships with its demo content. */
const SCHOOL_KEY_PREFIX = 'demo/';

const journal = (row: Subsection, courseTitles?: string[]) => ({
  title: row.title,
  slug: row.slug,
  image: row.image,
  sort: row.sort,
  ...(courseTitles ? { courses: courseTitles } : {}),
});

async function coursesOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, SiteCollection['courses']>();
  const rows = await db
    .select({ subsectionId: courseSubsections.subsectionId, id: courses.id, title: courses.title, is_published: courses.isPublished })
    .from(courseSubsections)
    .innerJoin(courses, eq(courses.id, courseSubsections.courseId))
    .where(inArray(courseSubsections.subsectionId, ids))
    .orderBy(asc(courseSubsections.sort), asc(courses.sort), asc(courses.title), asc(courses.id));
  const byCollection = new Map<number, SiteCollection['courses']>();
  for (const { subsectionId, ...course } of rows) {
    const list = byCollection.get(subsectionId) ?? [];
    list.push(course);
    byCollection.set(subsectionId, list);
  }
  return byCollection;
}

async function toCollections(db: Executor, media: MediaService, rows: Subsection[]): Promise<SiteCollection[]> {
  const byCollection = await coursesOf(db, rows.map((row) => row.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      image: await media.image(row.image),
      image_key: row.image,
      sort: row.sort,
      courses: byCollection.get(row.id) ?? [],
      updated_at: row.updatedAt.toISOString(),
    })),
  );
}

/** GET …/catalog/collections/: every collection in the site's order. */
export async function listSiteCollections(db: Executor, media: MediaService): Promise<SiteCollection[]> {
  const rows = await db.select().from(subsections).orderBy(asc(subsections.sort), asc(subsections.title), asc(subsections.id));
  return toCollections(db, media, rows);
}

export async function getSiteCollection(db: Executor, media: MediaService, id: number): Promise<SiteCollection> {
  const row = await findOne(db.select().from(subsections).where(eq(subsections.id, id)), DICTIONARY_TEXTS.collectionNotFound);
  return (await toCollections(db, media, [row]))[0]!;
}

const lockCollection = (db: Executor, id: number) =>
  findOne(db.select().from(subsections).where(eq(subsections.id, id)).for('update'), DICTIONARY_TEXTS.collectionNotFound);

async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.collectionSlugTaken] });
    throw error;
  }
}

async function assertSlugFree(db: Executor, slug: string, except?: number): Promise<void> {
  const [row] = await db.select({ id: subsections.id }).from(subsections).where(eq(subsections.slug, slug));
  if (row && row.id !== except) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.collectionSlugTaken] });
}

/** A picture the actor uploaded, one the school ships, or the one the collection already has. */
function assertImage(actor: StaffActor, key: string | null | undefined, current: string | null): void {
  if (!key || key === current || key.startsWith(`courses/${actor.user.id}/`) || key.startsWith(SCHOOL_KEY_PREFIX)) return;
  throw ApiError.fields({ image: [DICTIONARY_TEXTS.imageNotYours] });
}

/** The collection's courses become `ids`, in that order. */
async function setCourses(db: Executor, collectionId: number, ids: number[]): Promise<string[]> {
  const chosen = await coursesByIds(db, ids, 'course_ids');
  await db.delete(courseSubsections).where(eq(courseSubsections.subsectionId, collectionId));
  if (ids.length) await db.insert(courseSubsections).values(ids.map((courseId, index) => ({ courseId, subsectionId: collectionId, sort: index + 1 })));
  return chosen.map((course) => course.title);
}

async function courseTitles(db: Executor, collectionId: number): Promise<string[]> {
  return ((await coursesOf(db, [collectionId])).get(collectionId) ?? []).map((course) => course.title);
}

/** POST …/catalog/collections/: a new collection, last in the order. */
export async function createSiteCollection(db: Executor, media: MediaService, actor: StaffActor, body: Body): Promise<SiteCollection> {
  assertImage(actor, body.image, null);
  const id = await slugChecked(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, body.slug);
      const [last] = await tx.select({ sort: max(subsections.sort) }).from(subsections);
      const [row] = await tx
        .insert(subsections)
        .values({ title: body.title, slug: body.slug, image: body.image ?? null, sort: (last?.sort ?? 0) + 1 })
        .returning();
      const titles = await setCourses(tx, row!.id, body.course_ids ?? []);
      await recordAudit(tx, actor, { action: 'collection.create', entity: 'collection', entityId: row!.id, summary: row!.title, after: journal(row!, titles) });
      return row!.id;
    }),
  );
  return getSiteCollection(db, media, id);
}

/** PATCH …/catalog/collections/{id}/: the form saved; 409 when the collection changed since `updated_at`. */
export async function updateSiteCollection(db: Executor, media: MediaService, actor: StaffActor, id: number, body: Body): Promise<SiteCollection> {
  await slugChecked(() =>
    db.transaction(async (tx) => {
      const collection = await lockCollection(tx, id);
      assertVersion('Подборку', body.updated_at, collection.updatedAt);
      assertImage(actor, body.image, collection.image);
      await assertSlugFree(tx, body.slug, id);
      const before = await courseTitles(tx, id);
      const after = body.course_ids === undefined ? before : await setCourses(tx, id, body.course_ids);
      const [row] = await tx
        .update(subsections)
        .set({
          title: body.title,
          slug: body.slug,
          ...(body.image === undefined ? {} : { image: body.image }),
          updatedAt: nextVersion(subsections.updatedAt),
        })
        .where(eq(subsections.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'collection.update',
        entity: 'collection',
        entityId: id,
        summary: row!.title,
        before: journal(collection, before),
        after: journal(row!, after),
      });
    }),
  );
  return getSiteCollection(db, media, id);
}

/** DELETE …/catalog/collections/{id}/: the collection goes; its courses stay as they are. */
export async function deleteSiteCollection(db: Executor, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const collection = await lockCollection(tx, id);
    const titles = await courseTitles(tx, id);
    await tx.delete(subsections).where(eq(subsections.id, id));
    await recordAudit(tx, actor, { action: 'collection.delete', entity: 'collection', entityId: id, summary: collection.title, before: journal(collection, titles) });
  });
}

/** PUT …/catalog/collections/order/: the whole list in its new order. */
export async function orderSiteCollections(db: Executor, media: MediaService, actor: StaffActor, ids: number[]): Promise<SiteCollection[]> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: subsections.id, title: subsections.title })
      .from(subsections)
      .orderBy(asc(subsections.sort), asc(subsections.title), asc(subsections.id))
      .for('update');
    assertWholeOrder(rows.map((row) => row.id), ids);
    for (const [index, id] of ids.entries()) await tx.update(subsections).set({ sort: index + 1 }).where(eq(subsections.id, id));
    const titles = new Map(rows.map((row) => [row.id, row.title]));
    await recordAudit(tx, actor, {
      action: 'collection.reorder',
      entity: 'collection',
      summary: 'Подборки',
      before: { order: rows.map((row) => row.title) },
      after: { order: ids.map((id) => titles.get(id)) },
    });
  });
  return listSiteCollections(db, media);
}
