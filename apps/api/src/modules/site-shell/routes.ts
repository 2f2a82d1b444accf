// The site's banners and menus for the school's staff (decision 0071). Every change declares its
// topic: guests see it at once (decision 0069).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  siteBannerCreateSchema,
  siteBannerOrderSchema,
  siteBannerParamsSchema,
  siteBannerPatchSchema,
  siteBannerSchema,
  siteBannersQuerySchema,
  siteBannersSchema,
  siteMenuItemCreateSchema,
  siteMenuItemParamsSchema,
  siteMenuItemPatchSchema,
  siteMenuOrderSchema,
  siteMenuParamsSchema,
  siteMenuSchema,
  siteMenuVersionQuerySchema,
} from '@crema/contract';
import { z } from 'zod';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { createSiteBanner, deleteSiteBanner, getSiteBanner, listSiteBanners, orderSiteBanners, updateSiteBanner } from './banners.ts';
import { createMenuItem, deleteMenuItem, getSiteMenu, menuKey, orderMenu, updateMenuItem } from './menus.ts';

const tags = ['site-shell'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const staff = { access: 'staff' as const };
const bannerMissing = { 404: detailErrorSchema.describe('Такого баннера нет') } as const;
const stale = (what: string) => ({ 409: detailErrorSchema.describe(what) }) as const;
const WINDOW = 'show_from и show_until — ISO 8601 со смещением (экран вводит время по Москве); публичный список показывает баннер только внутри этого срока.';
const LINKS = 'Ссылка — путь сайта (/…) или адрес https://; javascript:, data: и подобные не принимаются.';

export const siteShellRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/school/site/banners/',
    {
      config: staff,
      onSend: noStore,
      schema: {
        summary: 'Баннеры по местам показа, по порядку, вместе с выключенными и вне срока (сотрудники)',
        tags,
        querystring: siteBannersQuerySchema,
        response: { 200: siteBannersSchema, ...errors },
      },
    },
    async (request) => {
      staffActor(request);
      return listSiteBanners(db, request.query.key);
    },
  );

  app.post(
    '/admin/school/site/banners/',
    {
      config: { ...staff, audit: 'banner.create', changes: ['banners'] },
      onSend: noStore,
      schema: {
        summary: 'Добавить баннер в конец места показа',
        description: `${WINDOW} ${LINKS} Картинки — ключи из POST /api/admin/uploads/?kind=image: image для компьютера, image_mobile для телефона.`,
        tags,
        body: siteBannerCreateSchema,
        response: { 201: siteBannerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSiteBanner(db, staffActor(request), request.body)),
  );

  app.put(
    '/admin/school/site/banners/order/',
    {
      config: { ...staff, audit: 'banner.reorder', changes: ['banners'] },
      onSend: noStore,
      schema: {
        summary: 'Порядок баннеров места показа',
        description: 'order — все баннеры места ровно по одному разу; иначе 409 (список изменился в другом окне).',
        tags,
        body: siteBannerOrderSchema,
        response: { 200: siteBannersSchema, ...errors, ...stale('Список баннеров изменился') },
      },
    },
    async (request) => orderSiteBanners(db, staffActor(request), request.body),
  );

  app.get(
    '/admin/school/site/banners/:id/',
    {
      config: staff,
      onSend: noStore,
      schema: { summary: 'Баннер для формы', tags, params: siteBannerParamsSchema, response: { 200: siteBannerSchema, ...errors, ...bannerMissing } },
    },
    async (request) => {
      staffActor(request);
      return getSiteBanner(db, request.params.id);
    },
  );

  app.patch(
    '/admin/school/site/banners/:id/',
    {
      config: { ...staff, audit: 'banner.update', changes: ['banners'] },
      onSend: noStore,
      schema: {
        summary: 'Изменить баннер',
        description: `version — версия, с которой открыта форма; если баннер с тех пор изменили — 409. ${WINDOW} ${LINKS}`,
        tags,
        params: siteBannerParamsSchema,
        body: siteBannerPatchSchema,
        response: { 200: siteBannerSchema, ...errors, ...bannerMissing, ...stale('Баннер изменили после того, как открыли форму') },
      },
    },
    async (request) => updateSiteBanner(db, staffActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/school/site/banners/:id/',
    {
      config: { ...staff, audit: 'banner.delete', changes: ['banners'] },
      onSend: noStore,
      schema: { summary: 'Удалить баннер', tags, params: siteBannerParamsSchema, response: { 204: z.undefined().describe('Баннер удалён, тела ответа нет'), ...errors, ...bannerMissing } },
    },
    async (request, reply) => {
      await deleteSiteBanner(db, staffActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  const menuMissing = { 404: detailErrorSchema.describe('Такого меню (пункта меню) нет') } as const;
  const menuNote = 'version — версия меню, которую видит экран; если меню с тех пор изменили — 409, ничего не сохраняется.';
  app.get(
    '/admin/school/site/menus/:key/',
    {
      config: staff,
      onSend: noStore,
      schema: {
        summary: 'Меню: все пункты (и выключенные) по порядку, с версией; страницы, курсы и направления для ссылок',
        tags,
        params: siteMenuParamsSchema,
        response: { 200: siteMenuSchema, ...errors, ...menuMissing },
      },
    },
    async (request) => {
      staffActor(request);
      return getSiteMenu(db, menuKey(request.params.key));
    },
  );

  app.post(
    '/admin/school/site/menus/:key/items/',
    {
      config: { ...staff, audit: 'menu.item_create', changes: ['menus'] },
      onSend: noStore,
      schema: {
        summary: 'Добавить пункт меню в конец уровня',
        description: `${menuNote} parent_id — пункт верхнего уровня (у меню два уровня). type: direct_link (url), page (page_id), course (course_id), category (category_id). ${LINKS}`,
        tags,
        params: siteMenuParamsSchema,
        body: siteMenuItemCreateSchema,
        response: { 200: siteMenuSchema, ...errors, ...menuMissing, ...stale('Меню изменили') },
      },
    },
    async (request) => createMenuItem(db, staffActor(request), menuKey(request.params.key), request.body),
  );

  app.put(
    '/admin/school/site/menus/:key/order/',
    {
      config: { ...staff, audit: 'menu.reorder', changes: ['menus'] },
      onSend: noStore,
      schema: {
        summary: 'Порядок и вложенность всех пунктов меню',
        description: `${menuNote} items — все пункты меню по одному разу, по порядку, у каждого parent_id (пункт верхнего уровня) или null.`,
        tags,
        params: siteMenuParamsSchema,
        body: siteMenuOrderSchema,
        response: { 200: siteMenuSchema, ...errors, ...menuMissing, ...stale('Меню изменили') },
      },
    },
    async (request) => orderMenu(db, staffActor(request), menuKey(request.params.key), request.body),
  );

  app.patch(
    '/admin/school/site/menus/:key/items/:id/',
    {
      config: { ...staff, audit: 'menu.item_update', changes: ['menus'] },
      onSend: noStore,
      schema: {
        summary: 'Изменить пункт меню',
        description: `${menuNote} ${LINKS}`,
        tags,
        params: siteMenuItemParamsSchema,
        body: siteMenuItemPatchSchema,
        response: { 200: siteMenuSchema, ...errors, ...menuMissing, ...stale('Меню изменили') },
      },
    },
    async (request) => updateMenuItem(db, staffActor(request), menuKey(request.params.key), request.params.id, request.body),
  );

  app.delete(
    '/admin/school/site/menus/:key/items/:id/',
    {
      config: { ...staff, audit: 'menu.item_delete', changes: ['menus'] },
      onSend: noStore,
      schema: {
        summary: 'Удалить пункт меню вместе с вложенными',
        description: menuNote,
        tags,
        params: siteMenuItemParamsSchema,
        querystring: siteMenuVersionQuerySchema,
        response: { 200: siteMenuSchema, ...errors, ...menuMissing, ...stale('Меню изменили') },
      },
    },
    async (request) => deleteMenuItem(db, staffActor(request), menuKey(request.params.key), request.params.id, request.query.version),
  );
};
