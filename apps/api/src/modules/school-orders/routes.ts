// Orders and payments for the school's staff (level `staff`, decision 0065): the list, its export,
// one order's card, and the actions (refund, cancel, payment link again, payment outside the site).
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  offlinePaymentBodySchema,
  orderRefundBodySchema,
  schoolOrderParamsSchema,
  schoolOrderSchema,
  schoolOrdersExportQuerySchema,
  schoolOrdersPageSchema,
  schoolOrdersQuerySchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { OrderActions } from './actions.ts';
import { exportOrders, getOrder, listOrders } from './list.ts';

const tags = ['school-orders'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такого заказа нет') } as const;
const conflict = { 409: detailErrorSchema.describe('Действие не подходит к состоянию заказа') } as const;
const bank = { 503: detailErrorSchema.describe('Банк не ответил или отказал; ничего не изменилось') } as const;

export const schoolOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const provider = app.orders.provider;
  const actions = new OrderActions({
    deps: app.deps,
    provider,
    log: app.log.child({ module: 'school-orders' }),
    refreshPayment: (payment) => app.orders.payments.refreshPayment(payment),
  });
  const card = (id: number) => getOrder(db, config, id, provider !== null);

  app.get(
    '/admin/school/orders/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Заказы: фильтры по статусу, курсу, группе и датам, поиск по номеру, e-mail или телефону (сотрудники)',
        tags,
        querystring: schoolOrdersQuerySchema,
        response: { 200: schoolOrdersPageSchema, ...errors },
      },
    },
    async (request) => listOrders(db, request.query, request.url),
  );

  app.get(
    '/admin/school/orders/export/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Выгрузка заказов для бухгалтерии в CSV или XLSX (те же фильтры, что у списка)',
        description:
          'CSV — UTF-8 с BOM, разделитель «;», строки CRLF, дробная часть суммы через запятую (Excel в русской локали открывает по столбцам); ' +
          'XLSX — один лист с закреплённой шапкой. Суммы — в рублях, даты — по Москве. Не больше 10 000 строк.',
        tags,
        querystring: schoolOrdersExportQuerySchema,
        response: { 200: z.any().describe('Файл CSV (text/csv) или XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportOrders(db, request.query);
      return reply.type(file.type).header('content-disposition', contentDisposition(file.name, { fallback: file.fallback })).send(file.body);
    },
  );

  app.get(
    '/admin/school/orders/:id/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Карточка заказа: ученики, попытки оплаты и уведомления банка, чек 54-ФЗ, возвраты (сотрудники)',
        tags,
        params: schoolOrderParamsSchema,
        response: { 200: schoolOrderSchema, ...errors, ...missing },
      },
    },
    async (request) => card(request.params.id),
  );

  app.post(
    '/admin/school/orders/:id/refund/',
    {
      config: { access: 'staff', audit: 'order.refund', idempotent: true },
      onSend: noStore,
      schema: {
        summary: 'Вернуть деньги за оплату картой — всё или часть — через банк с чеком возврата',
        description:
          'Без amount возвращается всё, что ещё не возвращено. Полный возврат закрывает ученикам доступ и освобождает места в группе; частичный доступ оставляет. ' +
          'Сумма возвратов никогда не больше оплаченной: больше остатка — 400 под amount.',
        tags,
        params: schoolOrderParamsSchema,
        body: orderRefundBodySchema,
        response: { 200: schoolOrderSchema, ...errors, ...missing, ...conflict, ...bank },
      },
    },
    async (request) => {
      await actions.refund(staffActor(request), request.params.id, request.body, request.idempotencyKey);
      return card(request.params.id);
    },
  );

  app.post(
    '/admin/school/orders/:id/cancel/',
    {
      config: { access: 'staff', audit: 'order.cancel' },
      onSend: noStore,
      schema: {
        summary: 'Отменить неоплаченный заказ; места в группе освобождаются',
        description: 'Оплаченный заказ отменить нельзя (409) — только вернуть деньги; заказ, который банк сейчас проводит, — тоже 409.',
        tags,
        params: schoolOrderParamsSchema,
        response: { 200: schoolOrderSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => {
      await actions.cancel(staffActor(request), request.params.id);
      return card(request.params.id);
    },
  );

  app.post(
    '/admin/school/orders/:id/resend-link/',
    {
      config: { access: 'staff', audit: 'order.resend_link' },
      onSend: noStore,
      schema: {
        summary: 'Отправить плательщику письмо со ссылкой на оплату ещё раз',
        tags,
        params: schoolOrderParamsSchema,
        response: { 200: schoolOrderSchema, ...errors, ...missing, ...conflict, ...bank },
      },
    },
    async (request) => {
      await actions.resendLink(staffActor(request), request.params.id);
      return card(request.params.id);
    },
  );

  app.post(
    '/admin/school/orders/:id/offline-payment/',
    {
      config: { access: 'staff', audit: 'order.offline_payment', idempotent: true },
      onSend: noStore,
      schema: {
        summary: 'Записать оплату вне сайта (счёт для организации, наличные): ученики зачисляются, как после оплаты картой',
        description: 'Способ, дата, номер документа, комментарий. Уже оплаченный, отменённый или не подтверждённый покупателем заказ — 409.',
        tags,
        params: schoolOrderParamsSchema,
        body: offlinePaymentBodySchema,
        response: { 200: schoolOrderSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => {
      await actions.offlinePayment(staffActor(request), request.params.id, request.body);
      return card(request.params.id);
    },
  );
};
