// Orders for the school's staff (decision 0065): the list with filters, search, sorting and paging on
// the server, the accountant's export of the same filtered list, and one order's card with its
// learners, payment attempts, the bank's notifications, the 54-ФЗ receipt and refunds.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  formatDateTime,
  formatDate,
  moscowInstant,
  orderStatusTitle,
  type Paginated,
  type SchoolOrder,
  type SchoolOrderRow,
  type schoolOrdersExportQuerySchema,
  type schoolOrdersQuerySchema,
} from '@crema/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  groups,
  offlinePayments,
  orderStudents,
  orders,
  paymentNotifications,
  paymentRefunds,
  payments,
  userCourses,
  users,
  type Order,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import { csvTableOf, xlsxOf, type Cell } from '../../lib/spreadsheet.ts';
import { buildReceipt } from '../payments/index.ts';
import { CANCELLABLE, PAYABLE } from '../orders/transitions.ts';

type ListQuery = z.output<typeof schoolOrdersQuerySchema>;
type ExportQuery = z.output<typeof schoolOrdersExportQuerySchema>;

export const SCHOOL_ORDER_TEXTS = {
  notFound: 'Такого заказа нет.',
  notPaid: 'Вернуть деньги можно только по оплаченному заказу.',
  noCardPayment: 'У заказа нет оплаты картой: деньги, полученные вне сайта, возвращаются вне сайта.',
  overLimit: (text: string) => `Можно вернуть не больше ${text}.`,
  nothingLeft: 'По этому заказу уже всё возвращено.',
  paymentsOff: 'Оплата картой на сайте выключена: вернуть деньги через банк нельзя.',
  bankRefused: (message: string) => `Банк не принял возврат${message ? `: ${message}` : ''}. Деньги не возвращены — попробуйте позже или верните их в кабинете банка.`,
  bankUnavailable: 'Банк не ответил. Деньги не возвращены — попробуйте ещё раз через несколько минут.',
  notCancellable: 'Отменить можно только неоплаченный заказ.',
  bankProcessing: 'Банк сейчас проводит оплату картой по этому заказу: дождитесь её результата.',
  notPayable: 'Ссылку на оплату можно отправить только по заказу, который ждёт оплаты.',
  holdExpired: 'Бронь мест по заказу истекла: заказ будет отменён. Оформите новый.',
  alreadyPaid: 'Заказ уже оплачен.',
  cancelledOrder: 'Заказ отменён: оплату по нему записать нельзя. Оформите новый заказ.',
  notConfirmed: 'Покупатель ещё не подтвердил заказ кодом из письма: оплату записать нельзя.',
  futureDate: 'Дата оплаты не может быть в будущем.',
} as const;

export const OFFLINE_METHOD_TITLES = { invoice: 'Счёт (безналичный перевод)', cash: 'Наличные' } as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const DAY_MS = 86_400_000;
/** At most this many rows go into one export (the filters narrow a larger list). */
export const EXPORT_MAX_ROWS = 10_000;

const refundedOf = sql<number>`(select coalesce(sum(${paymentRefunds.amountKopecks}), 0) from ${paymentRefunds} join ${payments} on ${payments.id} = ${paymentRefunds.paymentId} where ${payments.orderId} = ${orders.id})`.mapWith(Number);
const methodOf = sql<string | null>`coalesce((select ${offlinePayments.method}::text from ${offlinePayments} where ${offlinePayments.orderId} = ${orders.id}), (select 'card' from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('confirmed', 'refunded') limit 1))`;

function where(query: Omit<ListQuery, 'page' | 'page_size' | 'sort'>): SQL | undefined {
  const search = query.search?.trim();
  const digits = search ? search.replace(/\D/g, '') : '';
  const phone = digits.length >= 3 ? (digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits) : null;
  return and(
    search
      ? or(
          eq(orders.code, search),
          // The promo code as staff type it (codes are kept in capitals).
          eq(orders.promoCode, search.toUpperCase()),
          ilike(orders.code, `${escapeLike(search)}%`),
          ilike(orders.payerEmail, `%${escapeLike(search)}%`),
          // Phones are kept as digits ('79161234567').
          phone ? ilike(orders.payerPhone, `%${phone}%`) : undefined,
        )
      : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.course ? eq(orders.courseId, query.course) : undefined,
    query.group ? eq(orders.groupId, query.group) : undefined,
    query.from ? gte(orders.createdAt, moscowInstant(query.from, '00:00')) : undefined,
    query.to ? lt(orders.createdAt, new Date(moscowInstant(query.to, '00:00').getTime() + DAY_MS)) : undefined,
  );
}

const SORTS = {
  '-created_at': [desc(orders.createdAt), desc(orders.id)],
  created_at: [asc(orders.createdAt), asc(orders.id)],
  '-paid_at': [sql`${orders.paidAt} desc nulls last`, desc(orders.id)],
  '-amount': [desc(orders.amountKopecks), desc(orders.id)],
  amount: [asc(orders.amountKopecks), asc(orders.id)],
} as const;

export const payerName = (order: Pick<Order, 'payerLastName' | 'payerFirstName' | 'payerPatronymic'>) =>
  [order.payerLastName, order.payerFirstName, order.payerPatronymic].filter(Boolean).join(' ');
/** '79161234567' → '+79161234567' (the order form keeps digits). */
export const phoneText = (phone: string) => (/^\d+$/.test(phone) ? `+${phone}` : phone);

async function rowsOf(db: Executor, condition: SQL | undefined, sort: ListQuery['sort'], limit: number, offset: number) {
  const rows = await db
    .select({ order: orders, courseTitle: courses.title, groupTitle: groups.title, refunded: refundedOf, method: methodOf })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .leftJoin(groups, eq(groups.id, orders.groupId))
    .where(condition)
    .orderBy(...SORTS[sort])
    .limit(limit)
    .offset(offset);
  const ids = rows.filter((r) => !r.order.studyForSelf).map((r) => r.order.id);
  const learners = ids.length
    ? await db.select({ orderId: orderStudents.orderId, name: orderStudents.fullName }).from(orderStudents).where(inArray(orderStudents.orderId, ids)).orderBy(asc(orderStudents.id))
    : [];
  const learnersOf = new Map<number, string[]>();
  for (const l of learners) learnersOf.set(l.orderId, [...(learnersOf.get(l.orderId) ?? []), l.name]);
  return rows.map((r) => ({
    row: {
      id: r.order.id,
      code: r.order.code,
      status: r.order.status,
      course: { id: r.order.courseId, title: r.courseTitle },
      group: r.order.groupId && r.groupTitle !== null ? { id: r.order.groupId, title: r.groupTitle } : null,
      payer: { name: payerName(r.order), email: r.order.payerEmail, phone: phoneText(r.order.payerPhone) },
      learners: learnersOf.get(r.order.id) ?? [],
      amount: r.order.amountKopecks,
      refunded: r.refunded,
      promo: r.order.promoCode ? { code: r.order.promoCode, discount: r.order.discountKopecks } : null,
      created_at: r.order.createdAt.toISOString(),
      paid_at: r.order.paidAt?.toISOString() ?? null,
    } satisfies SchoolOrderRow,
    method: r.method,
  }));
}

/** GET /api/admin/school/orders/ */
export async function listOrders(db: Executor, query: ListQuery, url: string): Promise<Paginated<SchoolOrderRow>> {
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where(query)),
    rowsOf(db, where(query), query.sort, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map((r) => r.row) };
}

const EXPORT_HEADER = ['Номер заказа', 'Статус', 'Создан', 'Оплачен', 'Способ оплаты', 'Курс', 'Группа', 'Плательщик', 'E-mail', 'Телефон', 'Ученики', 'Промокод', 'Скидка, ₽', 'Сумма, ₽', 'Возвращено, ₽'];
const METHOD_WORDS: Record<string, string> = { card: 'Карта', ...OFFLINE_METHOD_TITLES };
const rubles = (kopecks: number) => kopecks / 100;

/** The export's rows: the filtered list, sorted as the screen sorts it, amounts in roubles. */
export async function exportRows(db: Executor, query: ExportQuery): Promise<Cell[][]> {
  const rows = await rowsOf(db, where(query), query.sort, EXPORT_MAX_ROWS, 0);
  return rows.map(({ row, method }) => [
    row.code,
    orderStatusTitle(row.status),
    formatDateTime(row.created_at),
    row.paid_at ? formatDateTime(row.paid_at) : '',
    method ? (METHOD_WORDS[method] ?? method) : '',
    row.course.title,
    row.group?.title ?? '',
    row.payer.name,
    row.payer.email,
    row.payer.phone,
    row.learners.length ? row.learners.join(', ') : row.payer.name,
    row.promo?.code ?? '',
    rubles(row.promo?.discount ?? 0),
    rubles(row.amount),
    rubles(row.refunded),
  ]);
}

/** GET /api/admin/school/orders/export/: the file, its type and its name. */
export async function exportOrders(db: Executor, query: ExportQuery, now = new Date()) {
  const rows = await exportRows(db, query);
  const name = `Заказы ${formatDate(now)}.${query.format}`;
  const fallback = `crema-orders-${now.toISOString().slice(0, 10)}.${query.format}`;
  if (query.format === 'csv') return { body: csvTableOf(EXPORT_HEADER, rows), type: 'text/csv; charset=utf-8', name, fallback };
  return {
    body: await xlsxOf('Заказы', [{ title: 'Заказы', header: EXPORT_HEADER, rows }]),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name,
    fallback,
  };
}

/** The order with this id, or 404; locked for update when asked (every action locks the order row first). */
export async function findOrder(db: Executor, id: number, lock = false): Promise<Order> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw ApiError.notFound(SCHOOL_ORDER_TEXTS.notFound);
  return order;
}

/** GET /api/admin/school/orders/{id}/ */
export async function getOrder(db: Executor, config: Pick<Config, 'payments'>, id: number, hasProvider: boolean): Promise<SchoolOrder> {
  const order = await findOrder(db, id);
  const [[row], studentRows, paymentRows, offline] = await Promise.all([
    rowsOf(db, eq(orders.id, order.id), '-created_at', 1, 0),
    db
      .select({ name: orderStudents.fullName, email: orderStudents.email, phone: orderStudents.phone, studentId: orderStudents.studentId })
      .from(orderStudents)
      .where(eq(orderStudents.orderId, order.id))
      .orderBy(asc(orderStudents.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db
      .select({ payment: offlinePayments, by: users.email })
      .from(offlinePayments)
      .leftJoin(users, eq(users.id, offlinePayments.recordedById))
      .where(eq(offlinePayments.orderId, order.id))
      .then((rows) => rows[0]),
  ]);
  const paymentIds = paymentRows.map((p) => p.id).concat(-1);
  const [notifications, refunds, enrolments, course] = await Promise.all([
    db.select().from(paymentNotifications).where(inArray(paymentNotifications.paymentId, paymentIds)).orderBy(asc(paymentNotifications.id)),
    db
      .select({ refund: paymentRefunds, by: users.email })
      .from(paymentRefunds)
      .leftJoin(users, eq(users.id, paymentRefunds.refundedById))
      .where(inArray(paymentRefunds.paymentId, paymentIds))
      .orderBy(asc(paymentRefunds.id)),
    db.select({ studentId: userCourses.studentId, isActive: userCourses.isActive }).from(userCourses).where(eq(userCourses.orderId, order.id)),
    db.select({ title: courses.title }).from(courses).where(eq(courses.id, order.courseId)).then((rows) => rows[0]),
  ]);
  const self = order.studyForSelf;
  const active = (studentId: number | null) => enrolments.some((e) => e.studentId === studentId && e.isActive);
  const learnerList = self
    ? [{ name: payerName(order), email: order.payerEmail, phone: phoneText(order.payerPhone), enrolled: active(null) }]
    : studentRows.map((s) => ({ name: s.name, email: s.email, phone: s.phone, enrolled: s.studentId !== null && active(s.studentId) }));
  const paymentsOut = paymentRows.map((p) => {
    const mine = refunds.filter((r) => r.refund.paymentId === p.id);
    return {
      id: p.id,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      status: p.status,
      provider_status: p.providerStatus,
      amount: p.amountKopecks,
      refunded: mine.reduce((sum, r) => sum + r.refund.amountKopecks, 0),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      notifications: notifications
        .filter((n) => n.paymentId === p.id)
        .map((n) => ({
          received_at: n.receivedAt.toISOString(),
          status: typeof (n.body as { Status?: unknown }).Status === 'string' ? ((n.body as { Status: string }).Status) : null,
          outcome: n.outcome,
        })),
      refunds: mine.map((r) => ({
        id: r.refund.id,
        amount: r.refund.amountKopecks,
        provider_status: r.refund.providerStatus,
        reason: r.refund.reason,
        by: r.by,
        at: r.refund.createdAt.toISOString(),
      })),
    };
  });
  const card = paymentsOut.filter((p) => p.status === 'confirmed' && p.provider_payment_id).at(-1);
  const refundable = order.status === 'paid' && card ? card.amount - card.refunded : 0;
  // The receipt sent with the card payment: built again from the order the way the payment link built it.
  let receipt: SchoolOrder['receipt'] = null;
  const settings = config.payments;
  if (settings && paymentRows.length && order.amountKopecks > 0) {
    try {
      const built = buildReceipt({
        title: course?.title ?? '',
        amountKopecks: order.amountKopecks,
        learners: self ? 1 : Math.max(1, studentRows.length),
        email: order.payerEmail,
        phone: order.payerPhone,
        taxation: settings.receipt.taxation,
        tax: settings.receipt.tax,
      });
      receipt = {
        email: built.Email ?? null,
        phone: built.Phone ?? null,
        taxation: built.Taxation,
        items: built.Items.map((i) => ({ name: i.Name, price: i.Price, quantity: i.Quantity, amount: i.Amount, tax: i.Tax })),
      };
    } catch {
      receipt = null;
    }
  }
  return {
    ...row!.row,
    user_id: order.userId,
    study_for_self: self,
    learner_list: learnerList,
    confirmed_at: order.confirmedAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    held_until: order.heldUntil?.toISOString() ?? null,
    payments: paymentsOut,
    receipt,
    offline_payment: offline
      ? {
          method: offline.payment.method,
          paid_on: offline.payment.paidOn,
          document_number: offline.payment.documentNumber,
          comment: offline.payment.comment,
          amount: offline.payment.amountKopecks,
          by: offline.by,
          at: offline.payment.createdAt.toISOString(),
        }
      : null,
    actions: {
      refund: hasProvider && refundable > 0,
      cancel: CANCELLABLE.includes(order.status),
      resend_link: hasProvider && PAYABLE.includes(order.status) && order.amountKopecks > 0,
      offline_payment: order.status !== 'new' && order.userId !== null && PAYABLE.includes(order.status),
    },
    refundable,
  };
}
