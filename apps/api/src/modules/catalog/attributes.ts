import { and, asc, eq } from 'drizzle-orm';
import type { Attribute } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { attributes, attributeValues } from '../../db/schema/index.ts';

/** Attributes with their values (list attributes only), optionally by flags; in their sort order. */
export async function listAttributes(
  db: Executor,
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
export async function getAttribute(db: Executor, id: number): Promise<Attribute> {
  return findOne(listAttributes(db, {}, id), 'Атрибут не найден.');
}
