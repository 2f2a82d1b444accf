import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attributeSchema,
  attributesQuerySchema,
  attributesResponseSchema,
  courseDetailSchema,
  courseFiltersResponseSchema,
  courseKeyParamSchema,
  coursesQuerySchema,
  coursesResponseSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  reviewSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  subsectionsQuerySchema,
  subsectionsResponseSchema,
  teachersQuerySchema,
  teachersResponseSchema,
} from '@crema/contract';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { courseFilters, getCourse, listCourses, normaliseCoursesFilter } from './courses.ts';
import { getAttribute, listAttributes } from './attributes.ts';
import { getReview, listReviews } from './reviews.ts';
import { listSubsections } from './subsections.ts';
import { listTeachers } from './teachers.ts';

const tags = ['catalog'];
/** Error answers every catalogue call can give. */
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const withNotFound = { ...errors, 404: detailErrorSchema } as const;

/** The public catalogue: courses, their filters, attributes, reviews, teachers, subsections. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // The catalogue and course pages are the busiest public reads; see docs/decisions/0005.
  const cache = new TtlCache(app.deps.config.contentCacheTtlMs);
  cache.onLookup = app.metrics.contentCacheLookup('catalog');
  app.changes.on(['catalog'], () => cache.clear());

  app.get(
    '/courses/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Каталог курсов: фильтры, поиск, страницы',
        description:
          'Только опубликованные курсы. Фильтры — повторяющимися ключами (`?attributes=1&attributes=2`): ' +
          'значения одного атрибута — «или», разных атрибутов — «и». `search` — поиск с русской морфологией ' +
          '(слова «курс», «обучение» не учитываются, последнее слово — по началу). `filters` — фасеты: число ' +
          'курсов по каждому значению при остальных выбранных фильтрах. `total_min/max_duration` — диапазон ' +
          'длительности без учёта фильтра длительности. Страница за последней — пустой `content`.',
        tags,
        querystring: coursesQuerySchema,
        response: { 200: coursesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const filter = normaliseCoursesFilter(request.query);
      return cache.get(`courses:${JSON.stringify(filter)}`, () => listCourses(db, app.media, filter));
    },
  );

  app.get(
    '/courses/filters',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Фильтры каталога из атрибутов с is_filter',
        description: 'Значения с числом опубликованных курсов; selected всегда false.',
        tags,
        response: { 200: courseFiltersResponseSchema, ...errors },
      },
    },
    async () => cache.get('course-filters', () => courseFilters(db)),
  );

  app.get(
    '/courses/:id/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Курс по slug или id',
        description: 'Неопубликованный или несуществующий курс — 404.',
        tags,
        params: courseKeyParamSchema,
        response: { 200: courseDetailSchema, ...withNotFound },
      },
    },
    async (request) => cache.get(`course:${request.params.id}`, () => getCourse(db, app.media, request.params.id)),
  );

  app.get(
    '/attributes/',
    {
      schema: {
        summary: 'Атрибуты курсов; флаги is_tab, is_filter, is_group, is_title отбирают',
        tags,
        querystring: attributesQuerySchema,
        response: { 200: attributesResponseSchema, ...errors },
      },
    },
    async (request) => listAttributes(db, request.query),
  );

  app.get(
    '/attributes/:id/',
    {
      schema: {
        summary: 'Один атрибут',
        tags,
        params: idParamSchema,
        response: { 200: attributeSchema, ...withNotFound },
      },
    },
    async (request) => getAttribute(db, request.params.id),
  );

  app.get(
    '/reviews/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Опубликованные отзывы, новые первыми',
        description: '`course` — slug или id курса. Постранично: `{count, next, previous, results}`.',
        tags,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, ...errors },
      },
    },
    async (request) => cache.get(`reviews:${request.url}`, () => listReviews(db, request.query, request.url)),
  );

  app.get(
    '/reviews/:id/',
    {
      schema: {
        summary: 'Один опубликованный отзыв',
        tags,
        params: idParamSchema,
        response: { 200: reviewSchema, ...withNotFound },
      },
    },
    async (request) => getReview(db, request.params.id),
  );

  app.get(
    '/teachers/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Преподаватели; on_main — для главной, on_noschool — для внешнего сайта',
        description: 'image_opts — размер фотографии: `size:400`, `size:400x400,crop:center`.',
        tags,
        querystring: teachersQuerySchema,
        response: { 200: teachersResponseSchema, ...errors },
      },
    },
    async (request) =>
      cache.get(`teachers:${JSON.stringify(request.query)}`, () => listTeachers(db, app.media, request.query)),
  );

  app.get(
    '/subsections/',
    {
      config: { shared: ['catalog'] },
      schema: {
        summary: 'Подборки курсов с числом опубликованных курсов',
        description: 'Возвращаются все подборки, в том числе с count = 0 (сайт такие не показывает).',
        tags,
        querystring: subsectionsQuerySchema,
        response: { 200: subsectionsResponseSchema, ...errors },
      },
    },
    async (request) =>
      cache.get(`subsections:${JSON.stringify(request.query.image_opts ?? null)}`, () =>
        listSubsections(db, app.media, request.query.image_opts),
      ),
  );
};
