// Catalogue categories ('направления') for the school's staff (decision 0072): the whole list with
// the number of courses in each, create, edit with the version check, delete an empty one, order.
import { asc, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteCategory, siteCategoryBodySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findOne } from '../../db/find.ts';
import { categories, courses, type Category } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { assertVersion, assertWholeOrder, coursesNamed, DICTIONARY_TEXTS, nextVersion } from './shared.ts';

type Body = z.output<typeof siteCategoryBodySchema>;

// Written out whole: in a one-table query the builder leaves column names unqualified, and inside
// the subquery an unqualified `id` would be the inner table's.
const coursesIn = sql<number>`(select count(*) from courses c where c.category_id = categories.id)::int`;

const toCategory = (row: Category & { coursesCount: number }): SiteCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  audience: row.audience,
  description: row.description,
  sort: row.sort,
  courses_count: row.coursesCount,
  updated_at: row.updatedAt.toISOString(),
});

const journal = (row: Category) => ({ name: row.name, slug: row.slug, audience: row.audience, description: row.description, sort: row.sort });

/** GET …/catalog/categories/: every category in the catalogue's order. */
export async function listSiteCategories(db: Executor): Promise<SiteCategory[]> {
  const rows = await db
    .select({ category: categories, coursesCount: coursesIn })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name), asc(categories.id));
  return rows.map((row) => toCategory({ ...row.category, coursesCount: row.coursesCount }));
}

export async function getSiteCategory(db: Executor, id: number): Promise<SiteCategory> {
  const row = await findOne(db.select({ category: categories, coursesCount: coursesIn }).from(categories).where(eq(categories.id, id)), DICTIONARY_TEXTS.categoryNotFound);
  return toCategory({ ...row.category, coursesCount: row.coursesCount });
}

const lockCategory = (db: Executor, id: number) =>
  findOne(db.select().from(categories).where(eq(categories.id, id)).for('update'), DICTIONARY_TEXTS.categoryNotFound);

/** A taken address answers under `slug`, however the race went. */
async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.categorySlugTaken] });
    throw error;
  }
}

async function assertSlugFree(db: Executor, slug: string, except?: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (row && row.id !== except) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.categorySlugTaken] });
}

/** POST …/catalog/categories/: a new category, last in the order. */
export async function createSiteCategory(db: Executor, actor: StaffActor, body: Body): Promise<SiteCategory> {
  const id = await slugChecked(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, body.slug);
      const [last] = await tx.select({ sort: max(categories.sort) }).from(categories);
      const [row] = await tx
        .insert(categories)
        .values({ name: body.name, slug: body.slug, audience: body.audience, description: body.description ?? null, sort: (last?.sort ?? 0) + 1 })
        .returning();
      await recordAudit(tx, actor, { action: 'category.create', entity: 'category', entityId: row!.id, summary: row!.name, after: journal(row!) });
      return row!.id;
    }),
  );
  return getSiteCategory(db, id);
}

/** PATCH …/catalog/categories/{id}/: the form saved; 409 when the category changed since `updated_at`. */
export async function updateSiteCategory(db: Executor, actor: StaffActor, id: number, body: Body): Promise<SiteCategory> {
  await slugChecked(() =>
    db.transaction(async (tx) => {
      const category = await lockCategory(tx, id);
      assertVersion('Направление', body.updated_at, category.updatedAt);
      await assertSlugFree(tx, body.slug, id);
      if (body.audience !== category.audience) {
        const used = await coursesNamed(tx, eq(courses.categoryId, id));
        if (used) throw ApiError.fields({ audience: [DICTIONARY_TEXTS.audienceUsed(used)] });
      }
      const [after] = await tx
        .update(categories)
        .set({
          name: body.name,
          slug: body.slug,
          audience: body.audience,
          ...(body.description === undefined ? {} : { description: body.description }),
          updatedAt: nextVersion(categories.updatedAt),
        })
        .where(eq(categories.id, id))
        .returning();
      await recordAudit(tx, actor, { action: 'category.update', entity: 'category', entityId: id, summary: after!.name, before: journal(category), after: journal(after!) });
    }),
  );
  return getSiteCategory(db, id);
}

/** DELETE …/catalog/categories/{id}/: only an empty one; otherwise 409 naming its courses. */
export async function deleteSiteCategory(db: Executor, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await lockCategory(tx, id);
    const used = await coursesNamed(tx, eq(courses.categoryId, id));
    if (used) throw new ApiError('conflict', DICTIONARY_TEXTS.categoryUsed(used));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, { action: 'category.delete', entity: 'category', entityId: id, summary: category.name, before: journal(category) });
  });
}

/** PUT …/catalog/categories/order/: the whole list in its new order. */
export async function orderSiteCategories(db: Executor, actor: StaffActor, ids: number[]): Promise<SiteCategory[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sort), asc(categories.name), asc(categories.id)).for('update');
    assertWholeOrder(rows.map((row) => row.id), ids);
    for (const [index, id] of ids.entries()) await tx.update(categories).set({ sort: index + 1 }).where(eq(categories.id, id));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    await recordAudit(tx, actor, {
      action: 'category.reorder',
      entity: 'category',
      summary: 'Направления каталога',
      before: { order: rows.map((row) => row.name) },
      after: { order: ids.map((id) => names.get(id)) },
    });
  });
  return listSiteCategories(db);
}
