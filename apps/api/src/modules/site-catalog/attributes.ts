// Course attributes ('характеристики') and their values for the school's staff (decision 0072):
// the whole list with how many courses use each, create, edit with the version check (the type
// stays while courses use it), delete an unused one, order; a list attribute's values added,
// renamed, ordered and deleted when no course has them.
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteAttribute, siteAttributeBodySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findOne } from '../../db/find.ts';
import { attributes, attributeValues, type Attribute } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { assertVersion, assertWholeOrder, coursesNamed, DICTIONARY_TEXTS, nextVersion } from './shared.ts';

type Body = z.output<typeof siteAttributeBodySchema>;

const journal = (row: Attribute) => ({
  name: row.name,
  slug: row.slug,
  type: row.type,
  is_tab: row.isTab,
  is_filter: row.isFilter,
  is_group: row.isGroup,
  is_title: row.isTitle,
  sort: row.sort,
});

/** Courses that have the attribute (any value); a condition on `courses`. */
const usingAttribute = (attributeId: number) =>
  sql`exists (select 1 from course_attributes ca where ca.course_id = courses.id and ca.attribute_id = ${attributeId})`;
/** Courses that have the value; a condition on `courses`. */
const usingValue = (valueId: number) =>
  sql`exists (select 1 from course_attributes ca where ca.course_id = courses.id and ca.attribute_value_id = ${valueId})`;

// The counts are written out whole: in a one-table query the builder leaves column names unqualified,
// and inside a subquery an unqualified `id` would be the inner table's.
async function readAttributes(db: Executor, id?: number): Promise<SiteAttribute[]> {
  const rows = await db
    .select({
      attribute: attributes,
      coursesCount: sql<number>`(select count(distinct ca.course_id) from course_attributes ca where ca.attribute_id = attributes.id)::int`,
    })
    .from(attributes)
    .where(id === undefined ? undefined : eq(attributes.id, id))
    .orderBy(asc(attributes.sort), asc(attributes.id));
  const values = await db
    .select({
      id: attributeValues.id,
      attributeId: attributeValues.attributeId,
      value: attributeValues.value,
      sort: attributeValues.sort,
      coursesCount: sql<number>`(select count(distinct ca.course_id) from course_attributes ca where ca.attribute_value_id = attribute_values.id)::int`,
    })
    .from(attributeValues)
    .where(id === undefined ? undefined : eq(attributeValues.attributeId, id))
    .orderBy(asc(attributeValues.sort), asc(attributeValues.id));
  return rows.map(({ attribute: a, coursesCount }) => ({
    id: a.id,
    name: a.name,
    slug: a.slug,
    type: a.type,
    is_tab: a.isTab,
    is_filter: a.isFilter,
    is_group: a.isGroup,
    is_title: a.isTitle,
    sort: a.sort,
    courses_count: coursesCount,
    values: values.filter((v) => v.attributeId === a.id).map((v) => ({ id: v.id, value: v.value, sort: v.sort, courses_count: v.coursesCount })),
    updated_at: a.updatedAt.toISOString(),
  }));
}

/** GET …/catalog/attributes/: every attribute with its values, in order. */
export const listSiteAttributes = (db: Executor) => readAttributes(db);

export async function getSiteAttribute(db: Executor, id: number): Promise<SiteAttribute> {
  return findOne(readAttributes(db, id), DICTIONARY_TEXTS.attributeNotFound);
}

const lockAttribute = (db: Executor, id: number) =>
  findOne(db.select().from(attributes).where(eq(attributes.id, id)).for('update'), DICTIONARY_TEXTS.attributeNotFound);

async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.attributeSlugTaken] });
    throw error;
  }
}

async function assertSlugFree(db: Executor, slug: string, except?: number): Promise<void> {
  const [row] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.slug, slug));
  if (row && row.id !== except) throw ApiError.fields({ slug: [DICTIONARY_TEXTS.attributeSlugTaken] });
}

const columnsOf = (body: Body) => ({
  name: body.name,
  slug: body.slug,
  type: body.type,
  ...(body.is_tab === undefined ? {} : { isTab: body.is_tab }),
  ...(body.is_filter === undefined ? {} : { isFilter: body.is_filter }),
  ...(body.is_group === undefined ? {} : { isGroup: body.is_group }),
  ...(body.is_title === undefined ? {} : { isTitle: body.is_title }),
});

/** POST …/catalog/attributes/: a new attribute, last in the order. */
export async function createSiteAttribute(db: Executor, actor: StaffActor, body: Body): Promise<SiteAttribute> {
  const id = await slugChecked(() =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, body.slug);
      const [last] = await tx.select({ sort: max(attributes.sort) }).from(attributes);
      const [row] = await tx.insert(attributes).values({ ...columnsOf(body), sort: (last?.sort ?? 0) + 1 }).returning();
      await recordAudit(tx, actor, { action: 'attribute.create', entity: 'attribute', entityId: row!.id, summary: row!.name, after: journal(row!) });
      return row!.id;
    }),
  );
  return getSiteAttribute(db, id);
}

/**
 * PATCH …/catalog/attributes/{id}/: the form saved; 409 when it changed since `updated_at`. The type
 * changes only while no course has the attribute; a list that stops being one loses its values.
 */
export async function updateSiteAttribute(db: Executor, actor: StaffActor, id: number, body: Body): Promise<SiteAttribute> {
  await slugChecked(() =>
    db.transaction(async (tx) => {
      const attribute = await lockAttribute(tx, id);
      assertVersion('Характеристику', body.updated_at, attribute.updatedAt);
      await assertSlugFree(tx, body.slug, id);
      if (body.type !== attribute.type) {
        const used = await coursesNamed(tx, usingAttribute(id));
        if (used) throw ApiError.fields({ type: [DICTIONARY_TEXTS.typeUsed(used)] });
        if (attribute.type === 'list') await tx.delete(attributeValues).where(eq(attributeValues.attributeId, id));
      }
      const [after] = await tx
        .update(attributes)
        .set({ ...columnsOf(body), updatedAt: nextVersion(attributes.updatedAt) })
        .where(eq(attributes.id, id))
        .returning();
      await recordAudit(tx, actor, { action: 'attribute.update', entity: 'attribute', entityId: id, summary: after!.name, before: journal(attribute), after: journal(after!) });
    }),
  );
  return getSiteAttribute(db, id);
}

/** DELETE …/catalog/attributes/{id}/: only one no course has; otherwise 409 naming the courses. */
export async function deleteSiteAttribute(db: Executor, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const attribute = await lockAttribute(tx, id);
    const used = await coursesNamed(tx, usingAttribute(id));
    if (used) throw new ApiError('conflict', DICTIONARY_TEXTS.attributeUsed(used));
    await tx.delete(attributes).where(eq(attributes.id, id));
    await recordAudit(tx, actor, { action: 'attribute.delete', entity: 'attribute', entityId: id, summary: attribute.name, before: journal(attribute) });
  });
}

/** PUT …/catalog/attributes/order/: the whole list in its new order. */
export async function orderSiteAttributes(db: Executor, actor: StaffActor, ids: number[]): Promise<SiteAttribute[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: attributes.id, name: attributes.name }).from(attributes).orderBy(asc(attributes.sort), asc(attributes.id)).for('update');
    assertWholeOrder(rows.map((row) => row.id), ids);
    for (const [index, id] of ids.entries()) await tx.update(attributes).set({ sort: index + 1 }).where(eq(attributes.id, id));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    await recordAudit(tx, actor, {
      action: 'attribute.reorder',
      entity: 'attribute',
      summary: 'Характеристики курсов',
      before: { order: rows.map((row) => row.name) },
      after: { order: ids.map((id) => names.get(id)) },
    });
  });
  return listSiteAttributes(db);
}

// ---------------------------------------------------------------- values

/** A value of the attribute, locked with it (the attribute row first: every value change takes it). */
async function lockValue(db: Executor, attributeId: number, valueId: number) {
  const attribute = await lockAttribute(db, attributeId);
  const value = await findOne(
    db.select().from(attributeValues).where(and(eq(attributeValues.id, valueId), eq(attributeValues.attributeId, attributeId))).for('update'),
    DICTIONARY_TEXTS.valueNotFound,
  );
  return { attribute, value };
}

async function assertValueFree(db: Executor, attributeId: number, value: string, except?: number): Promise<void> {
  const [row] = await db
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, attributeId), sql`lower(${attributeValues.value}) = lower(${value})`, except === undefined ? undefined : ne(attributeValues.id, except)));
  if (row) throw ApiError.fields({ value: [DICTIONARY_TEXTS.valueTaken] });
}

async function valueChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.fields({ value: [DICTIONARY_TEXTS.valueTaken] });
    throw error;
  }
}

/** POST …/catalog/attributes/{id}/values/: a new value of a list attribute, last in its order. */
export async function createAttributeValue(db: Executor, actor: StaffActor, attributeId: number, value: string): Promise<SiteAttribute> {
  await valueChecked(() =>
    db.transaction(async (tx) => {
      const attribute = await lockAttribute(tx, attributeId);
      if (attribute.type !== 'list') throw ApiError.fields({ non_field_errors: [DICTIONARY_TEXTS.valuesOnlyInLists] });
      await assertValueFree(tx, attributeId, value);
      const [last] = await tx.select({ sort: max(attributeValues.sort) }).from(attributeValues).where(eq(attributeValues.attributeId, attributeId));
      const [row] = await tx.insert(attributeValues).values({ attributeId, value, sort: (last?.sort ?? 0) + 1 }).returning();
      await recordAudit(tx, actor, { action: 'attribute.value_create', entity: 'attribute', entityId: attributeId, summary: `${attribute.name}: ${value}`, after: { value, value_id: row!.id } });
    }),
  );
  return getSiteAttribute(db, attributeId);
}

/** PATCH …/catalog/attributes/{id}/values/{valueId}/: the value renamed (courses keep it). */
export async function renameAttributeValue(db: Executor, actor: StaffActor, attributeId: number, valueId: number, value: string): Promise<SiteAttribute> {
  await valueChecked(() =>
    db.transaction(async (tx) => {
      const { attribute, value: before } = await lockValue(tx, attributeId, valueId);
      await assertValueFree(tx, attributeId, value, valueId);
      await tx.update(attributeValues).set({ value }).where(eq(attributeValues.id, valueId));
      await recordAudit(tx, actor, { action: 'attribute.value_update', entity: 'attribute', entityId: attributeId, summary: `${attribute.name}: ${value}`, before: { value: before.value }, after: { value } });
    }),
  );
  return getSiteAttribute(db, attributeId);
}

/** DELETE …/catalog/attributes/{id}/values/{valueId}/: only one no course has; otherwise 409 naming them. */
export async function deleteAttributeValue(db: Executor, actor: StaffActor, attributeId: number, valueId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { attribute, value } = await lockValue(tx, attributeId, valueId);
    const used = await coursesNamed(tx, usingValue(valueId));
    if (used) throw new ApiError('conflict', DICTIONARY_TEXTS.valueUsed(used));
    await tx.delete(attributeValues).where(eq(attributeValues.id, valueId));
    await recordAudit(tx, actor, { action: 'attribute.value_delete', entity: 'attribute', entityId: attributeId, summary: `${attribute.name}: ${value.value}`, before: { value: value.value } });
  });
}

/** PUT …/catalog/attributes/{id}/values/order/: the attribute's values in their new order. */
export async function orderAttributeValues(db: Executor, actor: StaffActor, attributeId: number, ids: number[]): Promise<SiteAttribute> {
  await db.transaction(async (tx) => {
    const attribute = await lockAttribute(tx, attributeId);
    const rows = await tx
      .select({ id: attributeValues.id, value: attributeValues.value })
      .from(attributeValues)
      .where(eq(attributeValues.attributeId, attributeId))
      .orderBy(asc(attributeValues.sort), asc(attributeValues.id))
      .for('update');
    assertWholeOrder(rows.map((row) => row.id), ids);
    for (const [index, id] of ids.entries()) await tx.update(attributeValues).set({ sort: index + 1 }).where(eq(attributeValues.id, id));
    const values = new Map(rows.map((row) => [row.id, row.value]));
    await recordAudit(tx, actor, {
      action: 'attribute.value_reorder',
      entity: 'attribute',
      entityId: attributeId,
      summary: attribute.name,
      before: { order: rows.map((row) => row.value) },
      after: { order: ids.map((id) => values.get(id)) },
    });
  });
  return getSiteAttribute(db, attributeId);
}
