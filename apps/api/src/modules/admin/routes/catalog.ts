// A course's attributes and collections (rules: ../catalog.ts, decision 0072).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCourseParamsSchema, courseCatalogBodySchema, courseCatalogSchema } from '@crema/contract';
import { signedInActor } from '../../auth/plugin.ts';
import { getCourseCatalog, putCourseCatalog } from '../catalog.ts';
import { courseMissing, invalid, owner, stale, tags } from './shared.ts';

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/courses/:id/catalog/',
    {
      config: owner,
      schema: {
        summary: 'Характеристики курса и подборки, в которых он есть',
        description: 'Варианты — из GET /api/attributes/ и GET /api/subsections/.',
        tags,
        params: adminCourseParamsSchema,
        response: { 200: courseCatalogSchema, ...courseMissing },
      },
    },
    async (request) => getCourseCatalog(db, signedInActor(request), request.params.id),
  );

  app.put(
    '/admin/courses/:id/catalog/',
    {
      config: { ...owner, audit: 'course.catalog', changes: ['catalog'] },
      schema: {
        summary: 'Задать курсу характеристики и подборки (целиком)',
        description:
          'Характеристика-список — `value_id` (можно несколько значений), «текст» и «число» — `value` (одно). ' +
          'Ошибки — 400 под `attributes` или `collection_ids`. С `version` правка набора, который с тех пор изменили, отвечает 409.',
        tags,
        params: adminCourseParamsSchema,
        body: courseCatalogBodySchema,
        response: { 200: courseCatalogSchema, ...invalid, ...courseMissing, ...stale('Набор характеристик и подборок') },
      },
    },
    async (request) => putCourseCatalog(db, signedInActor(request), request.params.id, request.body),
  );
};
