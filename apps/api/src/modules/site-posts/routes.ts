// Blog posts and content pages for the school's staff (decision 0070). Every change declares the
// `pages` topic: the public caches drop their copies before the answer leaves (decision 0069).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  sitePostCreateSchema,
  sitePostParamsSchema,
  sitePostScheduleSchema,
  sitePostSchema,
  sitePostsPageSchema,
  sitePostsQuerySchema,
  sitePostUpdateSchema,
  sitePostVersionSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { createPost, deletePost, getPost, listPosts, publishPost, schedulePost, unpublishPost, updatePost } from './posts.ts';

const tags = ['site-posts'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такой записи нет') } as const;
const conflict = { 409: detailErrorSchema.describe('Запись изменили с тех пор, как её открыли') } as const;
const BASE = '/admin/school/site/posts/';

export const sitePostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;

  app.get(
    BASE,
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Записи блога и страницы сайта: фильтры по виду и состоянию, поиск по заголовку и адресу (сотрудники)',
        description: 'Состояния: draft — черновик, scheduled — опубликована с будущей даты, published — видна на сайте.',
        tags,
        querystring: sitePostsQuerySchema,
        response: { 200: sitePostsPageSchema, ...errors },
      },
    },
    async (request) => listPosts(db, staffActor(request), request.query, request.url),
  );

  app.post(
    BASE,
    {
      config: { access: 'staff', audit: 'post.create', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Новая запись блога или страница (черновик)',
        description:
          'Адрес — латиница, цифры и дефисы; один на все записи и страницы, не адрес раздела сайта (courses, blog, user, admin …) ' +
          'и не прежний адрес другой записи — иначе 400 под slug. Текст блоков очищается от опасной разметки.',
        tags,
        body: sitePostCreateSchema,
        response: { 201: sitePostSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPost(db, media, staffActor(request), request.body)),
  );

  app.get(
    `${BASE}:id/`,
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Одна запись или страница: поля формы, блоки, прежние адреса и предпросмотр',
        tags,
        params: sitePostParamsSchema,
        response: { 200: sitePostSchema, ...errors, ...missing },
      },
    },
    async (request) => getPost(db, media, staffActor(request), request.params.id),
  );

  app.put(
    `${BASE}:id/`,
    {
      config: { access: 'staff', audit: 'post.update', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Записать форму записи целиком: поля и блоки',
        description:
          'Если запись изменили после того, как её открыли (updated_at другой), — 409 и ничего не записано. Прежний адрес ' +
          'опубликованной записи остаётся и переадресует на новый (301).',
        tags,
        params: sitePostParamsSchema,
        body: sitePostUpdateSchema,
        response: { 200: sitePostSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => updatePost(db, media, staffActor(request), request.params.id, request.body),
  );

  app.delete(
    `${BASE}:id/`,
    {
      config: { access: 'staff', audit: 'post.delete', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Удалить запись или страницу',
        description: 'Страницу, на которую ведёт пункт меню, удалить нельзя — 409 с названием меню.',
        tags,
        params: sitePostParamsSchema,
        response: { 204: z.null().describe('Удалена'), ...errors, ...missing, ...conflict },
      },
    },
    async (request, reply) => {
      await deletePost(db, staffActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}:id/publish/`,
    {
      config: { access: 'staff', audit: 'post.publish', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Опубликовать сейчас',
        tags,
        params: sitePostParamsSchema,
        body: sitePostVersionSchema,
        response: { 200: sitePostSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => publishPost(db, media, staffActor(request), request.params.id, request.body.updated_at),
  );

  app.post(
    `${BASE}:id/schedule/`,
    {
      config: { access: 'staff', audit: 'post.schedule', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Опубликовать с даты и времени по Москве',
        description: 'До этого момента записи нет ни в блоге, ни на главной, ни в карте сайта, а её адрес отвечает 404. Прошедшее время — 400 под time.',
        tags,
        params: sitePostParamsSchema,
        body: sitePostScheduleSchema,
        response: { 200: sitePostSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => schedulePost(db, media, staffActor(request), request.params.id, request.body),
  );

  app.post(
    `${BASE}:id/unpublish/`,
    {
      config: { access: 'staff', audit: 'post.unpublish', changes: ['pages'] },
      onSend: noStore,
      schema: {
        summary: 'Снять с публикации: снова черновик',
        tags,
        params: sitePostParamsSchema,
        body: sitePostVersionSchema,
        response: { 200: sitePostSchema, ...errors, ...missing, ...conflict },
      },
    },
    async (request) => unpublishPost(db, media, staffActor(request), request.params.id, request.body.updated_at),
  );
};
