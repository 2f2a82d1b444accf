// Promo codes (decision 0067): staff manage them; the order form checks one and the server alone
// computes the price with it. A use is an order made with the code that is not cancelled: it is
// held from the order's creation (so a code's last use goes to one buyer), given back when the
// order is cancelled or its hold expires, and kept once paid. The code's row is locked while its
// uses are counted and the order is written, so concurrent buyers of its last use queue on it.
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_TEXTS, PROMO_TEXTS, formatPrice, promoDiscount, type Paginated, type Promo, type PromoCreate, type PromoPrice, type PromoUpdate, type promoPreviewBodySchema, type promoQuerySchema } from '@crema/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { categories, courses, orders, promoCodes, type Course, type PromoCode } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import { isSignedIn, type Actor, type StaffActor } from '../auth/actor.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { publishedCourses } from '../catalog/scopes.ts';
import { recordAudit } from '../audit/record.ts';

type PromoQuery = z.output<typeof promoQuerySchema>;

/** Whose uses a per-person limit counts: the account's orders and orders paid with the same e-mail. */
export interface PromoBuyer {
  userId: number | null;
  email: string | null;
}

/** SQL: the code's orders that hold a use (every one but the cancelled). */
const holdsUse = (promoId: number | SQL) => and(eq(orders.promoCodeId, promoId as number), ne(orders.status, 'cancelled'));

export function discountText(promo: Pick<PromoCode, 'kind' | 'percent' | 'amountKopecks'>): string {
  return promo.kind === 'percent' ? `${promo.percent} %` : formatPrice(promo.amountKopecks ?? 0);
}

/**
 * The code usable for `course` by `buyer` now, or a Russian refusal thrown under `field`. With
 * `lock` (inside the order's transaction) the code's row is locked first, so its uses are counted
 * once per buyer in turn.
 */
export async function usablePromo(tx: Executor, typed: string, course: Pick<Course, 'id' | 'categoryId'>, buyer: PromoBuyer, field: string, lock = false): Promise<PromoCode> {
  const refuse = (message: string) => ApiError.fields({ [field]: [message] });
  const query = tx.select().from(promoCodes).where(eq(sql`lower(${promoCodes.code})`, typed.trim().toLowerCase()));
  const [promo] = lock ? await query.for('update') : await query;
  if (!promo) throw refuse(PROMO_TEXTS.unknown);
  const now = Date.now();
  if (!promo.isActive) throw refuse(PROMO_TEXTS.disabled);
  if (promo.validFrom && promo.validFrom.getTime() > now) throw refuse(PROMO_TEXTS.notStarted);
  if (promo.validUntil && promo.validUntil.getTime() <= now) throw refuse(PROMO_TEXTS.expired);
  const fits = promo.scope === 'all' || (promo.scope === 'category' ? promo.categoryId === course.categoryId : promo.courseIds.includes(course.id));
  if (!fits) throw refuse(PROMO_TEXTS.notForCourse);
  if (promo.maxUses !== null) {
    const [row] = await tx.select({ n: count() }).from(orders).where(holdsUse(promo.id));
    if ((row?.n ?? 0) >= promo.maxUses) throw refuse(PROMO_TEXTS.usedUp);
  }
  const email = buyer.email?.trim().toLowerCase() || null;
  if (promo.maxUsesPerPerson !== null && (buyer.userId !== null || email)) {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          holdsUse(promo.id),
          or(buyer.userId !== null ? eq(orders.userId, buyer.userId) : undefined, email ? eq(sql`lower(${orders.payerEmail})`, email) : undefined),
        ),
      );
    if ((row?.n ?? 0) >= promo.maxUsesPerPerson) throw refuse(PROMO_TEXTS.usedUpPerson);
  }
  return promo;
}

// ---------------------------------------------------------------- staff

function staffPromo(promo: PromoCode, extra: { category: { id: number; name: string } | null; courses: { id: number; title: string }[]; uses: number; paid: number }): Promo {
  return {
    id: promo.id,
    code: promo.code,
    kind: promo.kind,
    percent: promo.percent,
    amount: promo.amountKopecks,
    discount_text: discountText(promo),
    scope: promo.scope,
    category: extra.category,
    courses: extra.courses,
    valid_from: promo.validFrom?.toISOString() ?? null,
    valid_until: promo.validUntil?.toISOString() ?? null,
    max_uses: promo.maxUses,
    max_uses_per_person: promo.maxUsesPerPerson,
    is_active: promo.isActive,
    uses: extra.uses,
    paid_uses: extra.paid,
    created_at: promo.createdAt.toISOString(),
  };
}

async function describe(db: Executor, list: PromoCode[]): Promise<Promo[]> {
  if (!list.length) return [];
  const ids = list.map((p) => p.id);
  const courseIds = [...new Set(list.flatMap((p) => p.courseIds))];
  const categoryIds = [...new Set(list.flatMap((p) => (p.categoryId ? [p.categoryId] : [])))];
  const [uses, courseRows, categoryRows] = await Promise.all([
    db
      .select({ id: orders.promoCodeId, uses: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')`.mapWith(Number), paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')`.mapWith(Number) })
      .from(orders)
      .where(inArray(orders.promoCodeId, ids))
      .groupBy(orders.promoCodeId),
    courseIds.length ? db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds)) : Promise.resolve([]),
    categoryIds.length ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, categoryIds)) : Promise.resolve([]),
  ]);
  return list.map((promo) => {
    const used = uses.find((u) => u.id === promo.id);
    return staffPromo(promo, {
      category: categoryRows.find((c) => c.id === promo.categoryId) ?? null,
      courses: courseRows.filter((c) => promo.courseIds.includes(c.id)),
      uses: used?.uses ?? 0,
      paid: used?.paid ?? 0,
    });
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/admin/school/promo/: newest first, searched by a part of the code. */
export async function listPromo(db: Executor, _actor: StaffActor, query: PromoQuery, url: string): Promise<Paginated<Promo>> {
  const where = and(
    query.search ? ilike(promoCodes.code, `%${escapeLike(query.search)}%`) : undefined,
    query.active ? eq(promoCodes.isActive, query.active === 'true') : undefined,
  );
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(promoCodes).where(where),
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: await describe(db, rows) };
}

async function findPromo(db: Executor, id: number, lock = false): Promise<PromoCode> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.id, id));
  const [promo] = lock ? await query.for('update') : await query;
  if (!promo) throw ApiError.notFound(PROMO_TEXTS.notFound);
  return promo;
}

export async function getPromo(db: Executor, _actor: StaffActor, id: number): Promise<Promo> {
  return (await describe(db, [await findPromo(db, id)]))[0]!;
}

type PromoRow = typeof promoCodes.$inferInsert;

/** The row a body makes (on top of `base` for an update), checked as a whole; problems under their fields. */
async function rowOf(db: Executor, body: PromoUpdate, base: PromoCode | null, selfId: number | null): Promise<PromoRow> {
  const kind = body.kind ?? base?.kind ?? 'percent';
  const scope = body.scope ?? base?.scope ?? 'all';
  const row: PromoRow = {
    code: body.code ?? base?.code ?? '',
    kind,
    percent: kind === 'percent' ? (body.percent !== undefined ? body.percent : (base?.percent ?? null)) : null,
    amountKopecks: kind === 'fixed' ? (body.amount !== undefined ? body.amount : (base?.amountKopecks ?? null)) : null,
    scope,
    categoryId: scope === 'category' ? (body.category_id !== undefined ? body.category_id : (base?.categoryId ?? null)) : null,
    courseIds: scope === 'courses' ? [...new Set(body.course_ids ?? base?.courseIds ?? [])] : [],
    validFrom: body.valid_from !== undefined ? (body.valid_from ? new Date(body.valid_from) : null) : (base?.validFrom ?? null),
    validUntil: body.valid_until !== undefined ? (body.valid_until ? new Date(body.valid_until) : null) : (base?.validUntil ?? null),
    maxUses: body.max_uses !== undefined ? body.max_uses : (base?.maxUses ?? null),
    maxUsesPerPerson: body.max_uses_per_person !== undefined ? body.max_uses_per_person : (base?.maxUsesPerPerson ?? null),
    isActive: body.is_active ?? base?.isActive ?? true,
  };
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (kind === 'percent' && row.percent === null) add('percent', PROMO_TEXTS.percentRange);
  if (kind === 'fixed' && row.amountKopecks === null) add('amount', PROMO_TEXTS.amountRequired);
  if (scope === 'category') {
    if (row.categoryId === null) add('category_id', PROMO_TEXTS.categoryRequired);
    else if (!(await db.select({ id: categories.id }).from(categories).where(eq(categories.id, row.categoryId!))).length) add('category_id', PROMO_TEXTS.categoryMissing);
  }
  if (scope === 'courses') {
    const ids = row.courseIds!;
    if (!ids.length) add('course_ids', PROMO_TEXTS.coursesRequired);
    else if ((await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids))).length !== ids.length) add('course_ids', PROMO_TEXTS.courseMissing);
  }
  if (row.validFrom && row.validUntil && row.validUntil <= row.validFrom) add('valid_until', PROMO_TEXTS.datesOrder);
  const [taken] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(eq(sql`lower(${promoCodes.code})`, row.code.toLowerCase()), selfId ? ne(promoCodes.id, selfId) : undefined));
  if (taken) add('code', PROMO_TEXTS.codeTaken);
  if (Object.keys(problems).length) throw ApiError.fields(problems);
  return row;
}

const auditView = (promo: PromoCode) => ({
  code: promo.code,
  kind: promo.kind,
  percent: promo.percent,
  amount_kopecks: promo.amountKopecks,
  scope: promo.scope,
  category_id: promo.categoryId,
  course_ids: promo.courseIds.join(','),
  valid_from: promo.validFrom,
  valid_until: promo.validUntil,
  max_uses: promo.maxUses,
  max_uses_per_person: promo.maxUsesPerPerson,
  is_active: promo.isActive,
});

/** A unique-key race (two staff creating the same code at once) is the field's problem, not a 500. */
function takenRace(error: unknown): never {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  if (cause?.code === '23505') throw ApiError.fields({ code: [PROMO_TEXTS.codeTaken] });
  throw error;
}

/** POST /api/admin/school/promo/ */
export async function createPromo(db: Executor, actor: StaffActor, body: PromoCreate): Promise<Promo> {
  const created = await db
    .transaction(async (tx) => {
      const row = await rowOf(tx, body, null, null);
      const [promo] = await tx.insert(promoCodes).values(row).returning();
      await recordAudit(tx, actor, { action: 'promo.create', entity: 'promo', entityId: promo!.id, summary: promo!.code, after: auditView(promo!) });
      return promo!;
    })
    .catch(takenRace);
  return getPromo(db, actor, created.id);
}

/** PATCH /api/admin/school/promo/{id}/; switching a code off is recorded as promo.disable. */
export async function updatePromo(db: Executor, actor: StaffActor, id: number, body: PromoUpdate): Promise<Promo> {
  await db
    .transaction(async (tx) => {
      const before = await findPromo(tx, id, true);
      const row = await rowOf(tx, body, before, id);
      const [after] = await tx.update(promoCodes).set({ ...row, updatedAt: sql`now()` }).where(eq(promoCodes.id, id)).returning();
      const disabled = before.isActive && !after!.isActive && Object.keys(body).every((key) => key === 'is_active');
      await recordAudit(tx, actor, { action: disabled ? 'promo.disable' : 'promo.update', entity: 'promo', entityId: id, summary: after!.code, before: auditView(before), after: auditView(after!) });
    })
    .catch(takenRace);
  return getPromo(db, actor, id);
}

/** POST /api/admin/school/promo/{id}/disable/: the code stops working at once; orders made with it keep their price. */
export async function disablePromo(db: Executor, actor: StaffActor, id: number): Promise<Promo> {
  await db.transaction(async (tx) => {
    const before = await findPromo(tx, id, true);
    if (!before.isActive) return;
    await tx.update(promoCodes).set({ isActive: false, updatedAt: sql`now()` }).where(eq(promoCodes.id, id));
    await recordAudit(tx, actor, { action: 'promo.disable', entity: 'promo', entityId: id, summary: before.code, before: { is_active: true }, after: { is_active: false } });
  });
  return getPromo(db, actor, id);
}

/** The price of `learners` seats of `course` with the code (the order form's preview). */
export function promoPrice(course: Pick<Course, 'priceKopecks'>, learners: number, promo: PromoCode) {
  const price = (course.priceKopecks ?? 0) * learners;
  const discount = promoDiscount(price, promo);
  return { price, discount, amount: price - discount };
}

/** Codes tried from one network: enough for typos, too few to guess codes. */
const PREVIEW_RULE = { limit: 30, windowS: 600 };

/** POST /api/order/promo/: the order form's price with a code, within the network's budget of tries. */
export async function previewPromo(db: Executor, actor: Actor, body: z.output<typeof promoPreviewBodySchema>, network: string): Promise<PromoPrice> {
  const limited = await hitRateLimit(db, `promo:ip:${network}`, PREVIEW_RULE);
  if (!limited.allowed) throw new ApiError('too_many_requests', PROMO_TEXTS.tooMany, { retryAfterS: limited.retryAfterS });
  const [course] = await db.select().from(courses).where(and(eq(courses.slug, body.course_slug), publishedCourses));
  if (!course) throw ApiError.fields({ course_slug: [ORDER_TEXTS.courseNotFound] });
  if (!course.priceKopecks) throw ApiError.fields({ code: [PROMO_TEXTS.noPrice] });
  const buyer = isSignedIn(actor) ? { userId: actor.user.id, email: null } : { userId: null, email: body.email ?? null };
  const promo = await usablePromo(db, body.code, course, buyer, 'code');
  const price = promoPrice(course, body.learners, promo);
  return {
    code: promo.code,
    ...price,
    price_text: formatPrice(price.price),
    discount_text: formatPrice(price.discount),
    amount_text: formatPrice(price.amount),
    message: `Промокод ${promo.code} применён: скидка ${formatPrice(price.discount)}.`,
  };
}
