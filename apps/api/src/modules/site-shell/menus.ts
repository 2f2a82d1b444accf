// The site's menus for the school's staff (decision 0071): a menu as a list of items of two levels
// (a top-level item and its sub-items), each leading to an address, a content page, a course or a
// category; every change is made against the menu's version the screen saw (a stale one answers
// 409), and the whole order with the parents is saved at once.
import { and, asc, eq, sql } from 'drizzle-orm';
import { SITE_MENUS, type MenuKey, type SiteMenu, type SiteMenuItem, type SiteMenuItemCreate, type SiteMenuItemPatch, type SiteMenuOrder } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { categories, courses, menuItems, menus, pages, type Menu, type MenuItem } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { menuHref, menuTargetColumns } from '../content/service.ts';

export const MENU_TEXTS = {
  menuNotFound: 'Такого меню нет.',
  itemNotFound: 'Пункт меню не найден.',
  conflict: 'Меню изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  orderStale: 'Список пунктов изменился в другом окне. Обновите страницу и расставьте их заново.',
  parentMissing: 'Такого пункта верхнего уровня в этом меню нет.',
  tooDeep: 'Вложенный пункт может быть только у пункта верхнего уровня: у меню два уровня.',
  pageMissing: 'Такой страницы нет.',
  courseMissing: 'Такого курса нет.',
  categoryMissing: 'Такого направления нет.',
  hasChildren: 'У пункта есть вложенные пункты: пункт с подменю не может стать вложенным.',
} as const;

/** A key from the address: one of the three menus, or 404. */
export function menuKey(key: string): MenuKey {
  if (!SITE_MENUS.some((m) => m.key === key)) throw ApiError.notFound(MENU_TEXTS.menuNotFound);
  return key as MenuKey;
}

const titleOf = (key: MenuKey) => SITE_MENUS.find((m) => m.key === key)!.title;

/** The menu's row, locked, made on the first change if the database has none yet. */
async function lockMenu(tx: Executor, key: MenuKey, version: number): Promise<Menu> {
  let [menu] = await tx.select().from(menus).where(eq(menus.key, key)).for('update');
  if (!menu) {
    [menu] = await tx.insert(menus).values({ key, title: titleOf(key) }).onConflictDoNothing().returning();
    if (!menu) [menu] = await tx.select().from(menus).where(eq(menus.key, key)).for('update');
  }
  if (menu!.version !== version) throw new ApiError('conflict', MENU_TEXTS.conflict);
  return menu!;
}

const bump = (tx: Executor, menu: Menu) => tx.update(menus).set({ version: sql`${menus.version} + 1` }).where(eq(menus.id, menu.id));

/** GET /api/admin/school/site/menus/{key}/: every item (inactive too), top-level ones each followed by their sub-items, and what an item may link to. */
export async function getSiteMenu(db: Executor, key: MenuKey): Promise<SiteMenu> {
  const [menu] = await db.select().from(menus).where(eq(menus.key, key));
  const rows = menu
    ? await db
        .select({ item: menuItems, ...menuTargetColumns })
        .from(menuItems)
        .leftJoin(pages, eq(pages.id, menuItems.pageId))
        .leftJoin(courses, eq(courses.id, menuItems.courseId))
        .leftJoin(categories, eq(categories.id, menuItems.categoryId))
        .where(eq(menuItems.menuId, menu.id))
        .orderBy(asc(menuItems.sort), asc(menuItems.id))
    : [];
  const toItem = ({ item, ...target }: (typeof rows)[number]): SiteMenuItem => ({
    id: item.id,
    parent_id: item.parentId,
    title: item.title,
    type: item.type,
    url: item.url,
    page_id: item.pageId,
    course_id: item.courseId,
    category_id: item.categoryId,
    href: menuHref({ type: item.type, url: item.url, ...target }),
    target: item.target === '_blank' ? '_blank' : '_self',
    is_active: item.isActive,
    sort: item.sort,
  });
  const items: SiteMenuItem[] = [];
  const ids = new Set(rows.map((r) => r.item.id));
  // Top-level items (and orphans of a deleted parent, shown at the top so they can be placed again) with their sub-items.
  for (const row of rows.filter((r) => r.item.parentId === null || !ids.has(r.item.parentId))) {
    items.push({ ...toItem(row), parent_id: null });
    for (const child of rows.filter((r) => r.item.parentId === row.item.id)) items.push(toItem(child));
  }
  const [pageList, courseList, categoryList] = [
    await db.select({ id: pages.id, title: pages.title }).from(pages).where(eq(pages.kind, 'page')).orderBy(asc(pages.title)),
    await db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.title)),
    await db.select({ id: categories.id, title: categories.name }).from(categories).orderBy(asc(categories.sort), asc(categories.name)),
  ];
  return {
    key,
    title: menu?.title ?? titleOf(key),
    version: menu?.version ?? 1,
    items,
    options: { pages: pageList, courses: courseList, categories: categoryList },
  };
}

type ItemBody = Omit<SiteMenuItemPatch, 'version'>;

/** The columns of an item's form; its page, course or category must exist. */
async function columnsOf(tx: Executor, body: ItemBody) {
  const type = body.type;
  const columns = {
    title: body.title,
    type,
    url: type === 'direct_link' ? (body.url ?? null) : null,
    pageId: type === 'page' ? (body.page_id ?? null) : null,
    courseId: type === 'course' ? (body.course_id ?? null) : null,
    categoryId: type === 'category' ? (body.category_id ?? null) : null,
    target: body.target ?? '_self',
    isActive: body.is_active ?? true,
  };
  if (columns.pageId !== null) {
    const [page] = await tx.select({ slug: pages.slug }).from(pages).where(and(eq(pages.id, columns.pageId), eq(pages.kind, 'page')));
    if (!page) throw ApiError.fields({ page_id: [MENU_TEXTS.pageMissing] });
    // The path is kept as well: the menu still leads somewhere sensible if the page goes.
    columns.url = `/${page.slug}/`;
  }
  if (columns.courseId !== null) {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, columns.courseId));
    if (!course) throw ApiError.fields({ course_id: [MENU_TEXTS.courseMissing] });
  }
  if (columns.categoryId !== null) {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, columns.categoryId));
    if (!category) throw ApiError.fields({ category_id: [MENU_TEXTS.categoryMissing] });
  }
  return columns;
}

const journal = (row: MenuItem) => ({
  title: row.title,
  type: row.type,
  url: row.url,
  page_id: row.pageId,
  course_id: row.courseId,
  category_id: row.categoryId,
  parent_id: row.parentId,
  target: row.target,
  is_active: row.isActive,
});

async function findItem(tx: Executor, menu: Menu, id: number): Promise<MenuItem> {
  const [row] = await tx.select().from(menuItems).where(and(eq(menuItems.id, id), eq(menuItems.menuId, menu.id)));
  if (!row) throw ApiError.notFound(MENU_TEXTS.itemNotFound);
  return row;
}

/** A machine name for a new item: its title's Latin letters if any, else 'item', made unique in the menu by its id later. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

/** POST /api/admin/school/site/menus/{key}/items/: a new item at the end of its level. */
export async function createMenuItem(db: Executor, actor: StaffActor, key: MenuKey, body: SiteMenuItemCreate): Promise<SiteMenu> {
  await db.transaction(async (tx) => {
    const menu = await lockMenu(tx, key, body.version);
    const parentId = body.parent_id ?? null;
    if (parentId !== null) {
      const [parent] = await tx.select().from(menuItems).where(and(eq(menuItems.id, parentId), eq(menuItems.menuId, menu.id)));
      if (!parent) throw ApiError.fields({ parent_id: [MENU_TEXTS.parentMissing] });
      if (parent.parentId !== null) throw ApiError.fields({ parent_id: [MENU_TEXTS.tooDeep] });
    }
    const columns = await columnsOf(tx, body);
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${menuItems.sort}), -1)::int` })
      .from(menuItems)
      .where(and(eq(menuItems.menuId, menu.id), parentId === null ? sql`${menuItems.parentId} is null` : eq(menuItems.parentId, parentId)));
    const [row] = await tx
      .insert(menuItems)
      .values({ ...columns, menuId: menu.id, parentId, slug: slugOf(body.title), sort: (last?.sort ?? -1) + 1 })
      .returning();
    await bump(tx, menu);
    await recordAudit(tx, actor, { action: 'menu.item_create', entity: 'menu', entityId: key, summary: `${titleOf(key)}: ${row!.title}`, after: journal(row!) });
  });
  return getSiteMenu(db, key);
}

/** PATCH /api/admin/school/site/menus/{key}/items/{id}/ */
export async function updateMenuItem(db: Executor, actor: StaffActor, key: MenuKey, id: number, body: SiteMenuItemPatch): Promise<SiteMenu> {
  await db.transaction(async (tx) => {
    const menu = await lockMenu(tx, key, body.version);
    const before = await findItem(tx, menu, id);
    const [after] = await tx.update(menuItems).set(await columnsOf(tx, body)).where(eq(menuItems.id, id)).returning();
    await bump(tx, menu);
    await recordAudit(tx, actor, { action: 'menu.item_update', entity: 'menu', entityId: key, summary: `${titleOf(key)}: ${after!.title}`, before: journal(before), after: journal(after!) });
  });
  return getSiteMenu(db, key);
}

/** DELETE /api/admin/school/site/menus/{key}/items/{id}/?version=: the item and its sub-items. */
export async function deleteMenuItem(db: Executor, actor: StaffActor, key: MenuKey, id: number, version: number): Promise<SiteMenu> {
  await db.transaction(async (tx) => {
    const menu = await lockMenu(tx, key, version);
    const before = await findItem(tx, menu, id);
    const children = await tx.select({ title: menuItems.title }).from(menuItems).where(eq(menuItems.parentId, id));
    await tx.delete(menuItems).where(eq(menuItems.id, id));
    await bump(tx, menu);
    await recordAudit(tx, actor, {
      action: 'menu.item_delete',
      entity: 'menu',
      entityId: key,
      summary: `${titleOf(key)}: ${before.title}`,
      before: { ...journal(before), children: children.map((c) => c.title).join(', ') || null },
    });
  });
  return getSiteMenu(db, key);
}

/**
 * PUT /api/admin/school/site/menus/{key}/order/: every item once, in order, each with its parent
 * (a top-level item or none). A list that is not the menu's items is a stale screen (409).
 */
export async function orderMenu(db: Executor, actor: StaffActor, key: MenuKey, body: SiteMenuOrder): Promise<SiteMenu> {
  await db.transaction(async (tx) => {
    const menu = await lockMenu(tx, key, body.version);
    const rows = await tx.select().from(menuItems).where(eq(menuItems.menuId, menu.id)).orderBy(asc(menuItems.sort), asc(menuItems.id));
    const known = new Map(rows.map((r) => [r.id, r]));
    const sent = new Set(body.items.map((i) => i.id));
    if (sent.size !== body.items.length || sent.size !== rows.length || body.items.some((i) => !known.has(i.id))) {
      throw new ApiError('conflict', MENU_TEXTS.orderStale);
    }
    const parents = new Map(body.items.map((i) => [i.id, i.parent_id]));
    for (const item of body.items) {
      if (item.parent_id === null) continue;
      if (!parents.has(item.parent_id) || item.parent_id === item.id) throw ApiError.fields({ items: [MENU_TEXTS.parentMissing] });
      if (parents.get(item.parent_id) !== null) throw ApiError.fields({ items: [MENU_TEXTS.tooDeep] });
    }
    const sortIn = new Map<number | null, number>();
    for (const item of body.items) {
      const sort = sortIn.get(item.parent_id) ?? 0;
      sortIn.set(item.parent_id, sort + 1);
      const row = known.get(item.id)!;
      if (row.sort !== sort || row.parentId !== item.parent_id) {
        await tx.update(menuItems).set({ sort, parentId: item.parent_id }).where(eq(menuItems.id, item.id));
      }
    }
    await bump(tx, menu);
    const describe = (list: { id: number; parent_id: number | null }[]) =>
      list.map((i) => `${known.get(i.id)!.title}${i.parent_id === null ? '' : ` ⊂ ${known.get(i.parent_id)?.title ?? i.parent_id}`}`).join('; ');
    await recordAudit(tx, actor, {
      action: 'menu.reorder',
      entity: 'menu',
      entityId: key,
      summary: titleOf(key),
      before: { order: describe(rows.map((r) => ({ id: r.id, parent_id: r.parentId }))) },
      after: { order: describe(body.items) },
    });
  });
  return getSiteMenu(db, key);
}
