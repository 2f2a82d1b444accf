// Orders and payments as the school's staff see them (/api/admin/school/orders/, decision 0065):
// the list with filters, search, paging and the accountant's export; one order's card with its
// learners, payment attempts, the bank's notifications, the 54-ФЗ receipt and refunds; and the
// actions: refund, cancel, send the payment link again, record a payment made outside the site.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../rules/orders.ts';
import { idField, idParam, pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';
import { isoDate } from './statistics.ts';

const ORDER_STATUS_KEYS = ORDER_STATUSES.map((s) => s.id) as [OrderStatus, ...OrderStatus[]];
export const SCHOOL_ORDER_SORTS = ['-created_at', 'created_at', '-paid_at', '-amount', 'amount'] as const;
export const OFFLINE_PAYMENT_METHODS = ['invoice', 'cash'] as const;

/** GET /api/admin/school/orders/ (and its export, without paging). */
export const schoolOrdersQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('номер заказа, e-mail или телефон плательщика (цифры)'),
  status: z.enum(ORDER_STATUS_KEYS, { error: 'Нет такого статуса.' }).optional(),
  course: idParam.optional().describe('id курса'),
  group: idParam.optional().describe('id группы'),
  from: isoDate.optional().describe('создан с этого дня (по Москве), YYYY-MM-DD, включительно'),
  to: isoDate.optional().describe('создан по этот день (по Москве), YYYY-MM-DD, включительно'),
  sort: z.enum(SCHOOL_ORDER_SORTS, { error: 'Допустимые значения: -created_at, created_at, -paid_at, -amount, amount.' }).default('-created_at'),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type SchoolOrdersQuery = Partial<z.output<typeof schoolOrdersQuerySchema>>;

export const schoolOrdersExportQuerySchema = schoolOrdersQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { error: 'Ожидается csv или xlsx.' }).default('xlsx') });
export type SchoolOrdersExportQuery = Partial<z.output<typeof schoolOrdersExportQuerySchema>>;

const payer = z.object({ name: z.string(), email: z.string(), phone: z.string() });

export const schoolOrderRowSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    status: z.enum(ORDER_STATUS_KEYS),
    course: z.object({ id: z.number().int(), title: z.string() }),
    group: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    payer,
    learners: z.array(z.string()).describe('имена учеников; пусто — учится сам плательщик'),
    amount: z.number().int().describe('копейки, к оплате — после скидки'),
    refunded: z.number().int().describe('возвращено, копейки'),
    promo: z.object({ code: z.string(), discount: z.number().int().describe('копейки') }).nullable().describe('промокод заказа и его скидка'),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'SchoolOrderRow' });
export type SchoolOrderRow = z.infer<typeof schoolOrderRowSchema>;
export const schoolOrdersPageSchema = paginatedSchema(schoolOrderRowSchema, 'SchoolOrderPage');

export const schoolOrderSchema = z
  .object({
    ...schoolOrderRowSchema.shape,
    user_id: z.number().int().nullable().describe('аккаунт плательщика'),
    study_for_self: z.boolean(),
    learner_list: z.array(
      z.object({
        name: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        enrolled: z.boolean().describe('курс открыт сейчас'),
      }),
    ),
    confirmed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    held_until: z.string().nullable(),
    payments: z.array(
      z.object({
        id: z.number().int(),
        provider: z.string(),
        provider_payment_id: z.string().nullable(),
        status: z.enum(['new', 'pending', 'confirmed', 'rejected', 'refunded']),
        provider_status: z.string().nullable().describe('слово банка: CONFIRMED, REJECTED, PARTIAL_REFUNDED…'),
        amount: z.number().int(),
        refunded: z.number().int(),
        created_at: z.string(),
        updated_at: z.string(),
        notifications: z.array(z.object({ received_at: z.string(), status: z.string().nullable(), outcome: z.string() })),
        refunds: z.array(
          z.object({ id: z.number().int(), amount: z.number().int(), provider_status: z.string(), reason: z.string().nullable(), by: z.string().nullable(), at: z.string() }),
        ),
      }),
    ),
    receipt: z
      .object({
        email: z.string().nullable(),
        phone: z.string().nullable(),
        taxation: z.string(),
        items: z.array(z.object({ name: z.string(), price: z.number().int(), quantity: z.number(), amount: z.number().int(), tax: z.string() })),
      })
      .nullable()
      .describe('чек 54-ФЗ, отправленный банку с оплатой (строки — по ученику)'),
    offline_payment: z
      .object({ method: z.enum(OFFLINE_PAYMENT_METHODS), paid_on: z.string(), document_number: z.string(), comment: z.string().nullable(), amount: z.number().int(), by: z.string().nullable(), at: z.string() })
      .nullable(),
    actions: z.object({
      refund: z.boolean().describe('есть оплата картой, возвращено не всё'),
      cancel: z.boolean(),
      resend_link: z.boolean(),
      offline_payment: z.boolean(),
    }),
    refundable: z.number().int().describe('сколько ещё можно вернуть, копейки'),
  })
  .meta({ id: 'SchoolOrder' });
export type SchoolOrder = z.infer<typeof schoolOrderSchema>;

export const schoolOrderParamsSchema = z.object({ id: idParam });

/** POST /api/admin/school/orders/{id}/refund/ */
export const orderRefundBodySchema = z
  .object({
    amount: idField('Укажите сумму в копейках.').optional().describe('копейки; без неё — всё, что ещё не возвращено'),
    reason: z.string({ error: 'Ожидается текст.' }).trim().max(500, 'Не длиннее 500 символов.').optional(),
  })
  .strict()
  .meta({ id: 'OrderRefund' });
export type OrderRefundBody = z.infer<typeof orderRefundBodySchema>;

/** POST /api/admin/school/orders/{id}/offline-payment/ */
export const offlinePaymentBodySchema = z
  .object({
    method: z.enum(OFFLINE_PAYMENT_METHODS, { error: 'Выберите способ оплаты.' }),
    paid_on: isoDate.describe('день поступления денег, YYYY-MM-DD'),
    document_number: z.string({ error: 'Укажите номер документа.' }).trim().min(1, 'Укажите номер документа.').max(100, 'Не длиннее 100 символов.'),
    comment: z.string({ error: 'Ожидается текст.' }).trim().max(500, 'Не длиннее 500 символов.').optional(),
  })
  .strict()
  .meta({ id: 'OfflinePayment' });
export type OfflinePaymentBody = z.infer<typeof offlinePaymentBodySchema>;
