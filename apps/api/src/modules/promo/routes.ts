// Promo codes (decision 0067): staff manage them under /admin/school/promo/; the order form asks
// for the price with a code (POST /api/order/promo/). The order itself checks the code again.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  promoCreateSchema,
  promoPageSchema,
  promoParamsSchema,
  promoPreviewBodySchema,
  promoPriceSchema,
  promoQuerySchema,
  promoSchema,
  promoUpdateSchema,
} from '@crema/contract';
import { networkOf } from '../../lib/rate-limit.ts';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { createPromo, disablePromo, getPromo, listPromo, previewPromo, updatePromo } from './promo.ts';

const tags = ['promo'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такого промокода нет') } as const;

export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/school/promo/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Промокоды: список с поиском по коду и числом использований (сотрудники)',
        description: 'Использование — заказ с кодом, кроме отменённых; `paid_uses` — оплаченные. Новые сверху.',
        tags,
        querystring: promoQuerySchema,
        response: { 200: promoPageSchema, ...errors },
      },
    },
    async (request) => listPromo(db, staffActor(request), request.query, request.url),
  );

  app.get(
    '/admin/school/promo/:id/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: { summary: 'Один промокод (сотрудники)', tags, params: promoParamsSchema, response: { 200: promoSchema, ...errors, ...missing } },
    },
    async (request) => getPromo(db, staffActor(request), request.params.id),
  );

  app.post(
    '/admin/school/promo/',
    {
      config: { access: 'staff', audit: 'promo.create' },
      onSend: noStore,
      schema: {
        summary: 'Создать промокод: процент или сумма, курсы, срок, лимиты',
        description:
          'Код — латиница, цифры, «-» и «_», хранится в верхнем регистре, сравнивается без учёта регистра; занятый код — 400 под code. ' +
          'percent (1–100) для kind=percent, amount (копейки) для kind=fixed; scope: all, category (category_id), courses (course_ids). ' +
          'Сроки valid_from/valid_until — моменты ISO 8601.',
        tags,
        body: promoCreateSchema,
        response: { 201: promoSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromo(db, staffActor(request), request.body)),
  );

  app.patch(
    '/admin/school/promo/:id/',
    {
      config: { access: 'staff', audit: 'promo.update' },
      onSend: noStore,
      schema: {
        summary: 'Изменить промокод (меняются только присланные поля)',
        description: 'Оформленные заказы сохраняют свою цену. Выключение одним полем is_active записывается в журнал как promo.disable.',
        tags,
        params: promoParamsSchema,
        body: promoUpdateSchema,
        response: { 200: promoSchema, ...errors, ...missing },
      },
    },
    async (request) => updatePromo(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/promo/:id/disable/',
    {
      config: { access: 'staff', audit: 'promo.disable' },
      onSend: noStore,
      schema: {
        summary: 'Выключить промокод: он сразу перестаёт действовать',
        description: 'Уже выключенный — без изменений. Оформленные заказы сохраняют свою цену.',
        tags,
        params: promoParamsSchema,
        response: { 200: promoSchema, ...errors, ...missing },
      },
    },
    async (request) => disablePromo(db, staffActor(request), request.params.id),
  );

  app.post(
    '/order/promo/',
    {
      config: { access: 'caller' },
      onSend: noStore,
      schema: {
        summary: 'Цена заказа с промокодом (для формы заказа)',
        description:
          'Считает только сервер: цена курса × ученики минус скидка (процент округляется до копейки, сумма не ниже 0). ' +
          'Неизвестный, ещё не действующий, истёкший, выключенный, не для этого курса или исчерпанный код — 400 под `code`. ' +
          'Оформление заказа (POST /api/order/request/, поле promo_code) проверяет код ещё раз. Не больше 30 проверок за 10 минут с одной сети (429).',
        tags: ['orders', ...tags],
        body: promoPreviewBodySchema,
        response: { 200: promoPriceSchema, ...errors, 429: detailErrorSchema },
      },
    },
    async (request) => previewPromo(db, request.actor, request.body, networkOf(request.ip)),
  );
};
