// The catalogue's dictionaries for the school's staff (decision 0072): categories, collections,
// course attributes and their values under /api/admin/school/site/catalog/. Every change is
// audited and declared as a change of the catalogue, so the catalogue, its filters and the home
// page show it at once (decision 0069).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attributeValueParamsSchema,
  detailErrorSchema,
  dictionaryOrderSchema,
  dictionaryParamsSchema,
  fieldErrorsSchema,
  siteAttributeBodySchema,
  siteAttributeSchema,
  siteAttributeValueBodySchema,
  siteCategoryBodySchema,
  siteCategorySchema,
  siteCollectionBodySchema,
  siteCollectionSchema,
} from '@crema/contract';
import type { AuditAction } from '@crema/contract/rules';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { createSiteCategory, deleteSiteCategory, getSiteCategory, listSiteCategories, orderSiteCategories, updateSiteCategory } from './categories.ts';
import { createSiteCollection, deleteSiteCollection, getSiteCollection, listSiteCollections, orderSiteCollections, updateSiteCollection } from './collections.ts';
import {
  createAttributeValue,
  createSiteAttribute,
  deleteAttributeValue,
  deleteSiteAttribute,
  getSiteAttribute,
  listSiteAttributes,
  orderAttributeValues,
  orderSiteAttributes,
  renameAttributeValue,
  updateSiteAttribute,
} from './attributes.ts';

const tags = ['site-catalog'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = (what: string) => ({ 404: detailErrorSchema.describe(what) }) as const;
const stale = { 409: detailErrorSchema.describe('Запись изменили после того, как форму открыли: ничего не записано') } as const;
const used = (what: string) => ({ 409: detailErrorSchema.describe(what) }) as const;
const ROOT = '/admin/school/site/catalog';
const staff = { access: 'staff' } as const;
const change = (audit: AuditAction) => ({ access: 'staff', audit, changes: ['catalog'] }) as const;
const ORDER_NOTE = 'Полный новый порядок: каждый id ровно один раз; иначе 400 под `ids`, и ничего не меняется.';
const VERSION_NOTE = 'С `updated_at` правка записи, которую с тех пор изменили, отвечает 409.';

export const siteCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;
  app.addHook('onSend', noStore);

  // ---------------------------------------------------------------- categories

  app.get(
    `${ROOT}/categories/`,
    { config: staff, schema: { summary: 'Направления каталога с числом курсов (сотрудники)', tags, response: { 200: z.array(siteCategorySchema), ...errors } } },
    async () => listSiteCategories(db),
  );

  app.post(
    `${ROOT}/categories/`,
    {
      config: change('category.create'),
      schema: {
        summary: 'Новое направление каталога',
        description: 'Адрес — латиница, цифры и дефисы, не из одних цифр, не занятый другим направлением (иначе 400 под `slug`).',
        tags,
        body: siteCategoryBodySchema,
        response: { 201: siteCategorySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSiteCategory(db, staffActor(request), request.body)),
  );

  app.put(
    `${ROOT}/categories/order/`,
    {
      config: change('category.reorder'),
      schema: { summary: 'Порядок направлений', description: ORDER_NOTE, tags, body: dictionaryOrderSchema, response: { 200: z.array(siteCategorySchema), ...errors } },
    },
    async (request) => orderSiteCategories(db, staffActor(request), request.body.ids),
  );

  app.get(
    `${ROOT}/categories/:id/`,
    {
      config: staff,
      schema: { summary: 'Одно направление', tags, params: dictionaryParamsSchema, response: { 200: siteCategorySchema, ...errors, ...missing('Нет такого направления') } },
    },
    async (request) => getSiteCategory(db, request.params.id),
  );

  app.patch(
    `${ROOT}/categories/:id/`,
    {
      config: change('category.update'),
      schema: {
        summary: 'Изменить направление',
        description: `${VERSION_NOTE} Аудитория не меняется, пока в направлении есть курсы (400 под \`audience\`).`,
        tags,
        params: dictionaryParamsSchema,
        body: siteCategoryBodySchema,
        response: { 200: siteCategorySchema, ...errors, ...missing('Нет такого направления'), ...stale },
      },
    },
    async (request) => updateSiteCategory(db, staffActor(request), request.params.id, request.body),
  );

  app.delete(
    `${ROOT}/categories/:id/`,
    {
      config: change('category.delete'),
      schema: {
        summary: 'Удалить направление без курсов',
        description: 'Направление с курсами не удаляется: 409, в `detail` — какие курсы в нём.',
        tags,
        params: dictionaryParamsSchema,
        response: { 204: z.null(), ...errors, ...missing('Нет такого направления'), ...used('В направлении есть курсы') },
      },
    },
    async (request, reply) => {
      await deleteSiteCategory(db, staffActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- collections

  app.get(
    `${ROOT}/collections/`,
    { config: staff, schema: { summary: 'Подборки с их курсами по порядку (сотрудники)', tags, response: { 200: z.array(siteCollectionSchema), ...errors } } },
    async () => listSiteCollections(db, media),
  );

  app.post(
    `${ROOT}/collections/`,
    {
      config: change('collection.create'),
      schema: {
        summary: 'Новая подборка',
        description: 'Картинка — ключ загрузки (POST /api/admin/uploads/?kind=image); курсы — по порядку. Занятый адрес — 400 под `slug`.',
        tags,
        body: siteCollectionBodySchema,
        response: { 201: siteCollectionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSiteCollection(db, media, staffActor(request), request.body)),
  );

  app.put(
    `${ROOT}/collections/order/`,
    {
      config: change('collection.reorder'),
      schema: { summary: 'Порядок подборок', description: ORDER_NOTE, tags, body: dictionaryOrderSchema, response: { 200: z.array(siteCollectionSchema), ...errors } },
    },
    async (request) => orderSiteCollections(db, media, staffActor(request), request.body.ids),
  );

  app.get(
    `${ROOT}/collections/:id/`,
    {
      config: staff,
      schema: { summary: 'Одна подборка', tags, params: dictionaryParamsSchema, response: { 200: siteCollectionSchema, ...errors, ...missing('Нет такой подборки') } },
    },
    async (request) => getSiteCollection(db, media, request.params.id),
  );

  app.patch(
    `${ROOT}/collections/:id/`,
    {
      config: change('collection.update'),
      schema: {
        summary: 'Изменить подборку: название, адрес, картинку, курсы и их порядок',
        description: `${VERSION_NOTE} Без \`course_ids\` курсы остаются прежними.`,
        tags,
        params: dictionaryParamsSchema,
        body: siteCollectionBodySchema,
        response: { 200: siteCollectionSchema, ...errors, ...missing('Нет такой подборки'), ...stale },
      },
    },
    async (request) => updateSiteCollection(db, media, staffActor(request), request.params.id, request.body),
  );

  app.delete(
    `${ROOT}/collections/:id/`,
    {
      config: change('collection.delete'),
      schema: {
        summary: 'Удалить подборку (курсы остаются)',
        tags,
        params: dictionaryParamsSchema,
        response: { 204: z.null(), ...errors, ...missing('Нет такой подборки') },
      },
    },
    async (request, reply) => {
      await deleteSiteCollection(db, staffActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- attributes

  app.get(
    `${ROOT}/attributes/`,
    { config: staff, schema: { summary: 'Характеристики курсов со значениями и числом курсов (сотрудники)', tags, response: { 200: z.array(siteAttributeSchema), ...errors } } },
    async () => listSiteAttributes(db),
  );

  app.post(
    `${ROOT}/attributes/`,
    {
      config: change('attribute.create'),
      schema: {
        summary: 'Новая характеристика курсов',
        description: 'Тип: list — значения из списка, text — свободный текст, number — число. Флаги решают, где она видна.',
        tags,
        body: siteAttributeBodySchema,
        response: { 201: siteAttributeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSiteAttribute(db, staffActor(request), request.body)),
  );

  app.put(
    `${ROOT}/attributes/order/`,
    {
      config: change('attribute.reorder'),
      schema: { summary: 'Порядок характеристик', description: ORDER_NOTE, tags, body: dictionaryOrderSchema, response: { 200: z.array(siteAttributeSchema), ...errors } },
    },
    async (request) => orderSiteAttributes(db, staffActor(request), request.body.ids),
  );

  app.get(
    `${ROOT}/attributes/:id/`,
    {
      config: staff,
      schema: { summary: 'Одна характеристика со значениями', tags, params: dictionaryParamsSchema, response: { 200: siteAttributeSchema, ...errors, ...missing('Нет такой характеристики') } },
    },
    async (request) => getSiteAttribute(db, request.params.id),
  );

  app.patch(
    `${ROOT}/attributes/:id/`,
    {
      config: change('attribute.update'),
      schema: {
        summary: 'Изменить характеристику',
        description: `${VERSION_NOTE} Тип не меняется, пока характеристика задана у курсов (400 под \`type\`); список, переставший быть списком, теряет значения.`,
        tags,
        params: dictionaryParamsSchema,
        body: siteAttributeBodySchema,
        response: { 200: siteAttributeSchema, ...errors, ...missing('Нет такой характеристики'), ...stale },
      },
    },
    async (request) => updateSiteAttribute(db, staffActor(request), request.params.id, request.body),
  );

  app.delete(
    `${ROOT}/attributes/:id/`,
    {
      config: change('attribute.delete'),
      schema: {
        summary: 'Удалить характеристику, которой нет у курсов',
        description: 'Заданная у курсов — 409, в `detail` — у каких.',
        tags,
        params: dictionaryParamsSchema,
        response: { 204: z.null(), ...errors, ...missing('Нет такой характеристики'), ...used('Характеристика задана у курсов') },
      },
    },
    async (request, reply) => {
      await deleteSiteAttribute(db, staffActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${ROOT}/attributes/:id/values/`,
    {
      config: change('attribute.value_create'),
      schema: {
        summary: 'Добавить значение характеристике-списку',
        description: 'Повтор значения (без учёта регистра) — 400 под `value`.',
        tags,
        params: dictionaryParamsSchema,
        body: siteAttributeValueBodySchema,
        response: { 201: siteAttributeSchema, ...errors, ...missing('Нет такой характеристики') },
      },
    },
    async (request, reply) => reply.code(201).send(await createAttributeValue(db, staffActor(request), request.params.id, request.body.value)),
  );

  app.put(
    `${ROOT}/attributes/:id/values/order/`,
    {
      config: change('attribute.value_reorder'),
      schema: {
        summary: 'Порядок значений характеристики',
        description: ORDER_NOTE,
        tags,
        params: dictionaryParamsSchema,
        body: dictionaryOrderSchema,
        response: { 200: siteAttributeSchema, ...errors, ...missing('Нет такой характеристики') },
      },
    },
    async (request) => orderAttributeValues(db, staffActor(request), request.params.id, request.body.ids),
  );

  app.patch(
    `${ROOT}/attributes/:id/values/:valueId/`,
    {
      config: change('attribute.value_update'),
      schema: {
        summary: 'Переименовать значение (у курсов оно остаётся)',
        tags,
        params: attributeValueParamsSchema,
        body: siteAttributeValueBodySchema,
        response: { 200: siteAttributeSchema, ...errors, ...missing('Нет такой характеристики или значения') },
      },
    },
    async (request) => renameAttributeValue(db, staffActor(request), request.params.id, request.params.valueId, request.body.value),
  );

  app.delete(
    `${ROOT}/attributes/:id/values/:valueId/`,
    {
      config: change('attribute.value_delete'),
      schema: {
        summary: 'Удалить значение, которое не выбрано ни у одного курса',
        description: 'Выбранное у курсов — 409, в `detail` — у каких.',
        tags,
        params: attributeValueParamsSchema,
        response: { 204: z.null(), ...errors, ...missing('Нет такой характеристики или значения'), ...used('Значение выбрано у курсов') },
      },
    },
    async (request, reply) => {
      await deleteAttributeValue(db, staffActor(request), request.params.id, request.params.valueId);
      return reply.code(204).send(null);
    },
  );
};
