// Banners for the school's staff (decision 0071): every position's banners in their order, a
// banner's form with an image per breakpoint and a Moscow window of showing, saved against the
// version the form saw (a stale edit answers 409); the order of a position by drag and drop.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BANNER_POSITION_KEYS, type SiteBanner, type SiteBannerCreate, type SiteBannerOrder, type SiteBannerPatch } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { banners, type Banner } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { originalUrl } from '../media/images.ts';

export const BANNER_TEXTS = {
  notFound: 'Баннер не найден.',
  conflict: 'Баннер изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  orderStale: 'Список баннеров изменился в другом окне. Обновите страницу и расставьте их заново.',
} as const;

const image = (key: string | null) => (key ? { key, url: originalUrl(key) } : null);

function stateOf(row: Banner, now = Date.now()): SiteBanner['state'] {
  if (!row.isActive) return 'hidden';
  if (row.showFrom && row.showFrom.getTime() > now) return 'scheduled';
  if (row.showUntil && row.showUntil.getTime() <= now) return 'ended';
  return 'shown';
}

function toSiteBanner(row: Banner): SiteBanner {
  return {
    id: row.id,
    key: row.key as SiteBanner['key'],
    title: row.title,
    text: row.text,
    link: row.link,
    button_text: row.buttonText,
    image: image(row.image),
    image_mobile: image(row.imageMobile),
    show_from: row.showFrom?.toISOString() ?? null,
    show_until: row.showUntil?.toISOString() ?? null,
    is_active: row.isActive,
    state: stateOf(row),
    sort: row.sort,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the journal keeps of a banner. */
const journal = (row: Banner) => ({
  key: row.key,
  title: row.title,
  text: row.text,
  link: row.link,
  button_text: row.buttonText,
  image: row.image,
  image_mobile: row.imageMobile,
  show_from: row.showFrom?.toISOString() ?? null,
  show_until: row.showUntil?.toISOString() ?? null,
  is_active: row.isActive,
});

/** GET /api/admin/school/site/banners/: the positions' banners (hidden and out of their window too), in order. */
export async function listSiteBanners(db: Executor, key?: string): Promise<SiteBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(key ? eq(banners.key, key) : inArray(banners.key, [...BANNER_POSITION_KEYS]))
    .orderBy(asc(banners.key), asc(banners.sort), asc(banners.id));
  return rows.map(toSiteBanner);
}

async function findBanner(db: Executor, id: number, lock = false): Promise<Banner> {
  const query = db.select().from(banners).where(and(eq(banners.id, id), inArray(banners.key, [...BANNER_POSITION_KEYS])));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw ApiError.notFound(BANNER_TEXTS.notFound);
  return row;
}

export async function getSiteBanner(db: Executor, id: number): Promise<SiteBanner> {
  return toSiteBanner(await findBanner(db, id));
}

const columnsOf = (body: Omit<SiteBannerPatch, 'version'>) => ({
  title: body.title,
  text: body.text ?? null,
  link: body.link ?? null,
  buttonText: body.button_text ?? null,
  image: body.image ?? null,
  imageMobile: body.image_mobile ?? null,
  showFrom: body.show_from ? new Date(body.show_from) : null,
  showUntil: body.show_until ? new Date(body.show_until) : null,
  isActive: body.is_active ?? true,
});

/** POST /api/admin/school/site/banners/: a new banner at the end of its position. */
export async function createSiteBanner(db: Executor, actor: StaffActor, body: SiteBannerCreate): Promise<SiteBanner> {
  return db.transaction(async (tx) => {
    // Two banners added at once still get places of their own: the position's rows are locked.
    await tx.select({ id: banners.id }).from(banners).where(eq(banners.key, body.key)).for('update');
    const [last] = await tx.select({ sort: sql<number>`coalesce(max(${banners.sort}), -1)::int` }).from(banners).where(eq(banners.key, body.key));
    const [row] = await tx
      .insert(banners)
      .values({ key: body.key, ...columnsOf(body), sort: (last?.sort ?? -1) + 1 })
      .returning();
    await recordAudit(tx, actor, { action: 'banner.create', entity: 'banner', entityId: row!.id, summary: row!.title, after: journal(row!) });
    return toSiteBanner(row!);
  });
}

/** PATCH /api/admin/school/site/banners/{id}/: the whole form; 409 when the banner changed since `version`. */
export async function updateSiteBanner(db: Executor, actor: StaffActor, id: number, body: SiteBannerPatch): Promise<SiteBanner> {
  return db.transaction(async (tx) => {
    const before = await findBanner(tx, id, true);
    if (body.version !== before.version) throw new ApiError('conflict', BANNER_TEXTS.conflict);
    const [after] = await tx
      .update(banners)
      .set({ ...columnsOf(body), version: sql`${banners.version} + 1` })
      .where(eq(banners.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'banner.update', entity: 'banner', entityId: id, summary: after!.title, before: journal(before), after: journal(after!) });
    return toSiteBanner(after!);
  });
}

/** DELETE /api/admin/school/site/banners/{id}/ */
export async function deleteSiteBanner(db: Executor, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findBanner(tx, id, true);
    await tx.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, actor, { action: 'banner.delete', entity: 'banner', entityId: id, summary: before.title, before: journal(before) });
  });
}

/** PUT /api/admin/school/site/banners/order/: every banner of the position once; anything else is a stale list (409). */
export async function orderSiteBanners(db: Executor, actor: StaffActor, body: SiteBannerOrder): Promise<SiteBanner[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: banners.id, sort: banners.sort }).from(banners).where(eq(banners.key, body.key)).orderBy(asc(banners.sort), asc(banners.id)).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (body.order.length !== rows.length || new Set(body.order).size !== body.order.length || body.order.some((id) => !known.has(id))) {
      throw new ApiError('conflict', BANNER_TEXTS.orderStale);
    }
    for (const [sort, id] of body.order.entries()) {
      await tx.update(banners).set({ sort }).where(eq(banners.id, id));
    }
    await recordAudit(tx, actor, {
      action: 'banner.reorder',
      entity: 'banner',
      summary: body.key,
      before: { order: rows.map((r) => r.id).join(',') },
      after: { order: body.order.join(',') },
    });
  });
  return listSiteBanners(db, body.key);
}
