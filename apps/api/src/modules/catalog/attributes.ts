import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Attribute } from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { ShapeStatements } from '../../db/named.ts';
import { attributes, attributeValues } from '../../db/schema/index.ts';

type Flags = { is_tab?: boolean; is_filter?: boolean; is_group?: boolean; is_title?: boolean };
const FLAGS = ['is_tab', 'is_filter', 'is_group', 'is_title'] as const;

/** listAttributes' queries by which flags (and whether an id) are given: prepared statements (db/named.ts). */
const attributeStatements = new ShapeStatements<ReturnType<typeof buildList>>('attributes');

function buildList(db: Executor, given: { flags: Flags; id: boolean }, name: string | undefined) {
  const flag = (key: keyof Flags, column: AnyPgColumn) =>
    given.flags[key] === undefined ? undefined : eq(column, sql.placeholder(key));
  return db
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
        given.id ? eq(attributes.id, sql.placeholder('id')) : undefined,
        flag('is_tab', attributes.isTab),
        flag('is_filter', attributes.isFilter),
        flag('is_group', attributes.isGroup),
        flag('is_title', attributes.isTitle),
      ),
    )
    .orderBy(asc(attributes.sort), asc(attributes.id), asc(attributeValues.sort), asc(attributeValues.id))
    .prepare(name as string);
}

/** Attributes with their values (list attributes only), optionally by flags; in their sort order. */
export async function listAttributes(db: Db, flags: Flags = {}, id?: number): Promise<Attribute[]> {
  const given = {
    flags: Object.fromEntries(FLAGS.filter((key) => flags[key] !== undefined).map((key) => [key, flags[key]])) as Flags,
    id: id !== undefined,
  };
  const key = JSON.stringify({ flags: Object.keys(given.flags).sort(), id: given.id });
  const rows = await attributeStatements.get(db, key, (name) => buildList(db, given, name)).execute({ ...given.flags, id });
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
  return findOne(listAttributes(db, {}, id), 'Атрибут не найден.');
}
