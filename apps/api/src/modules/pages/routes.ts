import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  pageExtendedQuerySchema,
  pageExtendedSchema,
  pageSlugParamSchema,
  pagesQuerySchema,
  pagesResponseSchema,
  sitemapResponseSchema,
} from '@crema/contract';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { getPage, listPages, sitemap } from './service.ts';

const tags = ['pages'];
/** Error answers every pages call can give. */
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;

/** Blog posts, content pages and the sitemap. */
export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // Read by every blog and content page render; see docs/decisions/0005.
  const cache = new TtlCache(app.deps.config.contentCacheTtlMs);
  cache.onLookup = app.metrics.contentCacheLookup('pages');
  // The sitemap lists courses too.
  app.changes.on(['pages', 'catalog'], () => cache.clear());

  app.get(
    '/pages/',
    {
      config: { shared: ['pages', 'catalog'] },
      schema: {
        summary: 'Записи блога (kind=post) или страницы (kind=page)',
        description:
          'Опубликованные, у которых publish_from не задан или уже наступил. По умолчанию новые первыми ' +
          '(`-publish_from`) и обложка шириной 400 px. Постранично: `{count, next, previous, results}`.',
        tags,
        querystring: pagesQuerySchema,
        response: { 200: pagesResponseSchema, ...errors },
      },
    },
    async (request) => cache.get(`pages:${request.url}`, () => listPages(db, app.media, request.query, request.url)),
  );

  app.get(
    '/pages/:slug/extended/',
    {
      config: { shared: ['pages', 'catalog'] },
      schema: {
        summary: 'Страница или запись блога с блоками',
        description:
          'Картинки блоков «текст с картинкой» — по `block_side_text_image_opts` (по умолчанию size:615), ' +
          'остальные — по `image_opts` (по умолчанию исходный размер). Черновик или запись с будущей ' +
          'датой публикации — 404. По прежнему адресу опубликованной страницы — она же с нынешним `slug` ' +
          '(сайт переадресует на него с кодом 301).',
        tags,
        params: pageSlugParamSchema,
        querystring: pageExtendedQuerySchema,
        response: { 200: pageExtendedSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) =>
      cache.get(`page:${request.params.slug}:${JSON.stringify(request.query)}`, () =>
        getPage(db, app.media, request.params.slug, request.query),
      ),
  );

  app.get(
    '/sitemap/',
    {
      config: { shared: ['pages', 'catalog'] },
      schema: {
        summary: 'Все публичные адреса сайта с датой изменения (для /sitemap.xml)',
        tags,
        response: { 200: sitemapResponseSchema, 500: detailErrorSchema },
      },
    },
    async () => cache.get('sitemap', () => sitemap(db)),
  );
};
