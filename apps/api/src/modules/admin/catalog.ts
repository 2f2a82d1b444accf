// A course's place in the catalogue's dictionaries (decision 0072), set in its settings by its owner
// or the school's staff: its attribute values (a list attribute: chosen values; text and number: a
// value typed) and the collections it is in. Saved whole, with the version it was opened at.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { CourseCatalog, courseCatalogBodySchema } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { attributes, attributeValues, courseAttributes, courseSubsections, subsections } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { SignedInActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { ownedCourse } from './courses.ts';
import { sanitizeRichText } from './html.ts';

type Body = z.output<typeof courseCatalogBodySchema>;

export const COURSE_CATALOG_TEXTS = {
  conflict:
    'Характеристики или подборки курса изменили в другом окне или это сделал другой человек. Обновите страницу — ваши изменения не сохранены.',
  attributeMissing: (ids: number[]) => `Нет таких характеристик: ${ids.join(', ')}. Обновите страницу.`,
  valueMissing: (name: string) => `У характеристики «${name}» нет такого значения. Обновите страницу.`,
  valueNeeded: (name: string) => `Выберите значение характеристики «${name}».`,
  textNeeded: (name: string) => `Введите значение характеристики «${name}».`,
  notNumber: (name: string) => `«${name}» — число, например 12 или 2,5.`,
  oneValue: (name: string) => `У характеристики «${name}» может быть только одно значение.`,
  collectionMissing: (ids: number[]) => `Нет таких подборок: ${ids.join(', ')}. Обновите страницу.`,
} as const;

const NUMBER = /^-?\d+([.,]\d+)?$/;

async function readCatalog(db: Executor, courseId: number): Promise<Omit<CourseCatalog, 'version'> & { titles: { attributes: string[]; collections: string[] } }> {
  const rows = await db
    .select({ attributeId: courseAttributes.attributeId, valueId: courseAttributes.attributeValueId, value: courseAttributes.value, name: attributes.name, listValue: attributeValues.value })
    .from(courseAttributes)
    .innerJoin(attributes, eq(attributes.id, courseAttributes.attributeId))
    .leftJoin(attributeValues, eq(attributeValues.id, courseAttributes.attributeValueId))
    .where(eq(courseAttributes.courseId, courseId))
    .orderBy(asc(attributes.sort), asc(attributes.id), asc(courseAttributes.sort), asc(courseAttributes.id));
  const collections = await db
    .select({ id: subsections.id, title: subsections.title })
    .from(courseSubsections)
    .innerJoin(subsections, eq(subsections.id, courseSubsections.subsectionId))
    .where(eq(courseSubsections.courseId, courseId))
    .orderBy(asc(subsections.sort), asc(subsections.id));
  return {
    attributes: rows.map((row) => ({ attribute_id: row.attributeId, value_id: row.valueId, value: row.value })),
    collection_ids: collections.map((row) => row.id),
    titles: { attributes: rows.map((row) => `${row.name}: ${row.listValue ?? row.value ?? ''}`), collections: collections.map((row) => row.title) },
  };
}

/** The version of a course's set: changes whenever anything in it does. */
function versionOf(catalog: Omit<CourseCatalog, 'version'>): string {
  return createHash('sha256').update(JSON.stringify([catalog.attributes, catalog.collection_ids])).digest('base64url').slice(0, 22);
}

/** GET /api/admin/courses/{id}/catalog/ */
export async function getCourseCatalog(db: Executor, actor: SignedInActor, courseId: number): Promise<CourseCatalog> {
  const course = await ownedCourse(db, actor, courseId);
  const { titles: _titles, ...catalog } = await readCatalog(db, course.id);
  return { ...catalog, version: versionOf(catalog) };
}

/** The body's attributes checked against the dictionary: rows to store, or 400 under `attributes`. */
async function attributeRows(db: Executor, courseId: number, given: Body['attributes']) {
  const ids = [...new Set(given.map((entry) => entry.attribute_id))];
  const known = ids.length ? await db.select().from(attributes).where(inArray(attributes.id, ids)) : [];
  const byId = new Map(known.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw ApiError.fields({ attributes: [COURSE_CATALOG_TEXTS.attributeMissing(missing)] });
  const valueIds = given.flatMap((entry) => (entry.value_id ? [entry.value_id] : []));
  const values = valueIds.length ? await db.select().from(attributeValues).where(inArray(attributeValues.id, valueIds)) : [];
  const valueOf = new Map(values.map((row) => [row.id, row]));
  const problems = new Set<string>();
  const seen = new Set<string>();
  const rows: (typeof courseAttributes.$inferInsert)[] = [];
  for (const [index, entry] of given.entries()) {
    const attribute = byId.get(entry.attribute_id)!;
    if (attribute.type === 'list') {
      const value = entry.value_id ? valueOf.get(entry.value_id) : undefined;
      if (!entry.value_id) problems.add(COURSE_CATALOG_TEXTS.valueNeeded(attribute.name));
      else if (!value || value.attributeId !== attribute.id) problems.add(COURSE_CATALOG_TEXTS.valueMissing(attribute.name));
      else if (!seen.has(`${attribute.id}:${value.id}`)) {
        seen.add(`${attribute.id}:${value.id}`);
        rows.push({ courseId, attributeId: attribute.id, attributeValueId: value.id, value: null, sort: index + 1 });
      }
      continue;
    }
    const text = entry.value?.trim() ?? '';
    if (!text) problems.add(COURSE_CATALOG_TEXTS.textNeeded(attribute.name));
    else if (attribute.type === 'number' && !NUMBER.test(text)) problems.add(COURSE_CATALOG_TEXTS.notNumber(attribute.name));
    else if (seen.has(`${attribute.id}`)) problems.add(COURSE_CATALOG_TEXTS.oneValue(attribute.name));
    else {
      seen.add(`${attribute.id}`);
      // A tab's text is shown as HTML on the course page: only the allowed tags stay.
      rows.push({ courseId, attributeId: attribute.id, attributeValueId: null, value: attribute.isTab ? sanitizeRichText(text) : text, sort: index + 1 });
    }
  }
  if (problems.size) throw ApiError.fields({ attributes: [...problems] });
  return rows;
}

/**
 * PUT /api/admin/courses/{id}/catalog/: the course's attribute values and collections become the
 * ones given. A collection the course stays in keeps its place there; a new one gets it last.
 */
export async function putCourseCatalog(db: Executor, actor: SignedInActor, courseId: number, body: Body): Promise<CourseCatalog> {
  await db.transaction(async (tx) => {
    const course = await ownedCourse(tx, actor, courseId, true);
    const before = await readCatalog(tx, course.id);
    if (body.version !== undefined && body.version !== versionOf(before)) throw new ApiError('conflict', COURSE_CATALOG_TEXTS.conflict);
    const rows = await attributeRows(tx, course.id, body.attributes);
    const found = body.collection_ids.length
      ? await tx.select({ id: subsections.id }).from(subsections).where(inArray(subsections.id, body.collection_ids)).for('update')
      : [];
    const missing = body.collection_ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw ApiError.fields({ collection_ids: [COURSE_CATALOG_TEXTS.collectionMissing(missing)] });
    await tx.delete(courseAttributes).where(eq(courseAttributes.courseId, course.id));
    if (rows.length) await tx.insert(courseAttributes).values(rows);
    const kept = new Set(before.collection_ids);
    const wanted = new Set(body.collection_ids);
    const dropped = before.collection_ids.filter((id) => !wanted.has(id));
    if (dropped.length) await tx.delete(courseSubsections).where(and(eq(courseSubsections.courseId, course.id), inArray(courseSubsections.subsectionId, dropped)));
    for (const id of body.collection_ids.filter((each) => !kept.has(each))) {
      const [last] = await tx.select({ sort: max(courseSubsections.sort) }).from(courseSubsections).where(eq(courseSubsections.subsectionId, id));
      await tx.insert(courseSubsections).values({ courseId: course.id, subsectionId: id, sort: (last?.sort ?? 0) + 1 });
    }
    const after = await readCatalog(tx, course.id);
    await recordAudit(tx, actor, {
      action: 'course.catalog',
      entity: 'course',
      entityId: course.id,
      courseId: course.id,
      summary: course.title,
      before: { attributes: before.titles.attributes, collections: before.titles.collections },
      after: { attributes: after.titles.attributes, collections: after.titles.collections },
    });
  });
  return getCourseCatalog(db, actor, courseId);
}
