import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerQuerySchema,
  bannerSchema,
  bannersQuerySchema,
  bannersResponseSchema,
  categoriesQuerySchema,
  categoriesResponseSchema,
  configsRequestSchema,
  configsResponseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  menuKeySchema,
  menuResponseSchema,
} from '@crema/contract';
import { z } from 'zod';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { getBanner, getConfigs, getMenu, listBanners, listCategories } from './service.ts';

const tags = ['content'];
/** Error answers every content call can give. */
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;

/** Public content the site shell needs. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // Read on every page render; see docs/decisions/0005-content-micro-cache.md.
  const cache = new TtlCache(app.deps.config.contentCacheTtlMs);
  cache.onLookup = app.metrics.contentCacheLookup('content');
  const kept = { settings: 'configs:', menus: 'menu:', banners: 'banners:', catalog: 'categories:' } as const;
  app.changes.on(Object.keys(kept) as (keyof typeof kept)[], (topics) => {
    for (const topic of topics) if (topic in kept) cache.clear(kept[topic as keyof typeof kept]);
  });
  const { captcha } = app.deps.config;
  const environmentSettings: Record<string, string> =
    captcha && captcha.siteKey
      ? { CAPTCHA_PROVIDER: captcha.provider, CAPTCHA_SITE_KEY: captcha.siteKey, CAPTCHA_SCRIPT_URL: captcha.scriptUrl }
      : {};

  app.post(
    '/configs/',
    {
      // A read sent as POST: page loaders call it with the visitor's cookies, no CSRF token.
      config: { readOnly: true, shared: ['settings'] },
      schema: {
        summary: 'Настройки сайта по ключам',
        description: 'Тело `{keys: [...]}`; без ключей — все настройки. Неизвестные ключи в ответе отсутствуют.',
        tags,
        body: configsRequestSchema.nullish(),
        response: { 200: configsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const keys = request.body?.keys;
      const stored = await cache.get(`configs:${keys ? [...keys].sort().join(',') : '*'}`, () => getConfigs(db, keys));
      // Settings from the environment the browser needs (the captcha widget's key and script), asked like the rest.
      const fromEnv = Object.entries(environmentSettings).filter(([key]) => !keys || keys.length === 0 || keys.includes(key));
      return fromEnv.length > 0 ? { ...stored, ...Object.fromEntries(fromEnv) } : stored;
    },
  );

  app.get(
    '/menus/:key/',
    {
      config: { shared: ['menus'] },
      schema: {
        summary: 'Пункты меню (header_menu, footer_menu, noschool_header)',
        tags,
        params: z.object({ key: menuKeySchema }),
        response: { 200: menuResponseSchema, ...errors },
      },
    },
    async (request) => cache.get(`menu:${request.params.key}`, () => getMenu(db, request.params.key)),
  );

  app.get(
    '/categories/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Направления обучения; type=adult|kids отбирает одну аудиторию',
        tags,
        querystring: categoriesQuerySchema,
        response: { 200: categoriesResponseSchema, ...errors },
      },
    },
    async (request) =>
      cache.get(`categories:${request.query.type ?? '*'}`, () => listCategories(db, request.query.type)),
  );

  app.get(
    '/banners/',
    {
      config: { shared: ['banners'] },
      schema: {
        summary: 'Баннеры; key — место показа (для шапки берётся первый из списка)',
        description: 'image_opts: `size:400`, `size:400x300`, `size:400x300,crop:center`.',
        tags,
        querystring: bannersQuerySchema,
        response: { 200: bannersResponseSchema, ...errors },
      },
    },
    async (request) =>
      cache.get(`banners:${request.query.key ?? '*'}:${JSON.stringify(request.query.image_opts ?? null)}`, () =>
        listBanners(db, app.media, { key: request.query.key, imageOpts: request.query.image_opts }),
      ),
  );

  app.get(
    '/banners/:id/',
    {
      schema: {
        summary: 'Один баннер',
        tags,
        params: idParamSchema,
        querystring: bannerQuerySchema,
        response: { 200: bannerSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => getBanner(db, app.media, request.params.id, request.query.image_opts),
  );
};
