// The catalogue's reference data: categories, attributes with their values, teachers, subsections.
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { categories, subsections, teachers } from './data/catalog.ts';
import { seedAttributes, type AttributeIds } from './courses.ts';
import { idsBy, required } from './helpers.ts';
import { teacherPhotoKey } from './media.ts';

export interface CatalogIds {
  categoryIds: Map<string, number>;
  attributeIds: AttributeIds;
  teacherIds: Map<string, number>;
  subsectionIds: Map<string, number>;
}

/** Seeds the catalogue's reference data; returns ids by slug or key. */
export async function seedCatalog(tx: Executor): Promise<CatalogIds> {
  const categoryIds = idsBy(
    await tx
      .insert(s.categories)
      .values(categories.map((category, sort) => ({ ...category, sort })))
      .returning({ id: s.categories.id, slug: s.categories.slug }),
    (r) => r.slug,
  );
  const attributeIds = await seedAttributes(tx);
  const teacherIds = new Map<string, number>();
  for (const [sort, { key, ...teacher }] of teachers.entries()) {
    const [row] = await tx
      .insert(s.teachers)
      .values({ ...teacher, photo: teacherPhotoKey(key), sort })
      .returning({ id: s.teachers.id });
    teacherIds.set(key, required(row).id);
  }
  const subsectionIds = idsBy(
    await tx
      .insert(s.subsections)
      .values(subsections.map((subsection, sort) => ({ ...subsection, sort })))
      .returning({ id: s.subsections.id, slug: s.subsections.slug }),
    (r) => r.slug,
  );
  return { categoryIds, attributeIds, teacherIds, subsectionIds };
}
