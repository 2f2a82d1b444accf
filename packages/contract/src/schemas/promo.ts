// Promo codes (staff: /api/admin/school/promo/; the order form: /api/order/promo/) and the waiting
// list of full groups (decision 0067). Money is whole kopecks; moments are ISO 8601 (the screens
// show and take Moscow time).
import { z } from 'zod';
import { PROMO_CODE_PATTERN, PROMO_TEXTS } from '../rules/promo.ts';
import { idParam, kopecks, pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';

const code = z
  .string({ error: PROMO_TEXTS.codeRequired })
  .trim()
  .min(1, PROMO_TEXTS.codeRequired)
  .regex(PROMO_CODE_PATTERN, PROMO_TEXTS.codeInvalid)
  .overwrite((value) => value.toUpperCase());
const instant = z.string({ error: 'Ожидается дата и время.' }).datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' }).nullable();
const limit = z.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(1_000_000, 'Не больше 1 000 000.').nullable();

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export const PROMO_SCOPES = ['all', 'category', 'courses'] as const;

const promoFields = {
  code,
  kind: z.enum(PROMO_KINDS, { error: 'Допустимые значения: percent, fixed.' }),
  percent: z.number({ error: PROMO_TEXTS.percentRange }).int(PROMO_TEXTS.percentRange).min(1, PROMO_TEXTS.percentRange).max(100, PROMO_TEXTS.percentRange).nullable().optional().describe('для kind=percent: 1–100'),
  amount: kopecks().min(1, PROMO_TEXTS.amountRequired).nullable().optional().describe('для kind=fixed: скидка в копейках с суммы заказа'),
  scope: z.enum(PROMO_SCOPES, { error: 'Допустимые значения: all, category, courses.' }).default('all'),
  category_id: idParam.nullable().optional().describe('для scope=category'),
  course_ids: z.array(idParam).max(200, 'Не больше 200 курсов.').optional().describe('для scope=courses'),
  valid_from: instant.optional().describe('с какого момента действует; null — сразу'),
  valid_until: instant.optional().describe('до какого момента действует; null — бессрочно'),
  max_uses: limit.optional().describe('сколько заказов всего; null — без ограничения'),
  max_uses_per_person: limit.optional().describe('сколько заказов на человека (аккаунт или e-mail плательщика); null — без ограничения'),
  is_active: z.boolean({ error: 'Ожидается true или false.' }).default(true),
};

/** POST /api/admin/school/promo/ */
export const promoCreateSchema = z.object(promoFields).strict().meta({ id: 'PromoCreate' });
export type PromoCreate = z.output<typeof promoCreateSchema>;
export type PromoCreateInput = z.input<typeof promoCreateSchema>;

/** PATCH /api/admin/school/promo/{id}/: only the fields sent change. */
export const promoUpdateSchema = z
  .object({
    ...promoFields,
    kind: promoFields.kind.optional(),
    scope: promoFields.scope.removeDefault().optional(),
    is_active: promoFields.is_active.removeDefault().optional(),
    code: code.optional(),
  })
  .strict()
  .meta({ id: 'PromoUpdate' });
export type PromoUpdate = z.output<typeof promoUpdateSchema>;

export const promoSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(PROMO_KINDS),
    percent: z.number().int().nullable(),
    amount: z.number().int().nullable().describe('копейки'),
    discount_text: z.string().describe('«10 %» или «500 ₽»'),
    scope: z.enum(PROMO_SCOPES),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_person: z.number().int().nullable(),
    is_active: z.boolean(),
    uses: z.number().int().describe('заказы с кодом, кроме отменённых'),
    paid_uses: z.number().int().describe('оплаченные заказы с кодом'),
    created_at: z.string(),
  })
  .meta({ id: 'Promo' });
export type Promo = z.infer<typeof promoSchema>;
export const promoPageSchema = paginatedSchema(promoSchema, 'PromoPage');

export const promoQuerySchema = z.object({
  search: z.string().trim().max(40, 'Не длиннее 40 символов.').optional().describe('часть кода'),
  active: z.enum(['true', 'false'], { error: 'Допустимые значения: true, false.' }).optional(),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export const promoParamsSchema = z.object({ id: idParam });

/** POST /api/order/promo/: the order form's price with a code, computed on the server. */
export const promoPreviewBodySchema = z
  .object({
    course_slug: z.string({ error: 'Курс не найден.' }).trim().min(1, 'Курс не найден.').max(200, 'Курс не найден.'),
    code: z.string({ error: PROMO_TEXTS.codeRequired }).trim().min(1, PROMO_TEXTS.codeRequired).max(40, PROMO_TEXTS.unknown),
    learners: z.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(20, 'Не больше 20.').default(1),
    email: z.string().trim().max(254).optional().describe('e-mail плательщика гостя: для лимита на человека'),
  })
  .strict()
  .meta({ id: 'PromoPreview' });
export const promoPriceSchema = z
  .object({
    code: z.string(),
    price: z.number().int().describe('копейки: цена × ученики'),
    discount: z.number().int(),
    amount: z.number().int().describe('к оплате, копейки'),
    price_text: z.string(),
    discount_text: z.string(),
    amount_text: z.string(),
    message: z.string().describe('«Промокод применён: скидка 500 ₽»'),
  })
  .meta({ id: 'PromoPrice' });
export type PromoPrice = z.infer<typeof promoPriceSchema>;

// ---------------------------------------------------------------- the waiting list

/** POST /api/groups/waiting/ */
export const waitingJoinBodySchema = z.object({ group: z.number({ error: 'Выберите группу.' }).int('Выберите группу.').positive('Выберите группу.').max(2_147_483_647, 'Выберите группу.') }).strict().meta({ id: 'WaitingJoin' });
export const waitingJoinSchema = z.object({ detail: z.string(), status: z.enum(['waiting', 'offered', 'bought', 'expired', 'left']) }).meta({ id: 'WaitingJoined' });
/** GET /api/groups/waiting/: the signed-in person's places in waiting lists (waiting or offered a seat). */
export const myWaitingSchema = z
  .array(
    z.object({
      group: z.object({ id: z.number().int(), title: z.string(), starts_on: z.string() }),
      course: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
      status: z.enum(['waiting', 'offered']),
      position: z.number().int().nullable().describe('место в очереди среди ждущих; null, когда место уже предложено'),
      order_code: z.string().nullable().describe('заказ, который держит предложенное место'),
      held_until: z.string().nullable(),
      created_at: z.string(),
    }),
  )
  .meta({ id: 'MyWaiting' });
export type MyWaiting = z.infer<typeof myWaitingSchema>;
/** DELETE /api/groups/waiting/{group}/ */
export const waitingLeftSchema = z.object({ detail: z.string() }).meta({ id: 'WaitingLeft' });
export const waitingEntrySchema = z
  .object({
    id: z.number().int(),
    position: z.number().int().nullable().describe('место в очереди среди ждущих'),
    status: z.enum(['waiting', 'offered', 'bought', 'expired', 'left']),
    person: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    order_code: z.string().nullable().describe('заказ, который держит предложенное место'),
    offered_at: z.string().nullable(),
    held_until: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WaitingEntry' });
export const waitingListSchema = z
  .object({ group: z.object({ id: z.number().int(), title: z.string(), starts_on: z.string(), capacity: z.number().int().nullable(), seats_held: z.number().int() }), results: z.array(waitingEntrySchema) })
  .meta({ id: 'WaitingList' });
export type WaitingList = z.infer<typeof waitingListSchema>;

/** GET /api/admin/school/waiting/: groups with people waiting or offered a seat. */
export const waitingGroupsSchema = z
  .object({
    results: z.array(
      z.object({
        group: z.object({ id: z.number().int(), title: z.string(), starts_on: z.string(), capacity: z.number().int().nullable(), seats_held: z.number().int() }),
        course: z.object({ id: z.number().int(), title: z.string() }),
        waiting: z.number().int(),
        offered: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WaitingGroups' });
export type WaitingGroups = z.infer<typeof waitingGroupsSchema>;
