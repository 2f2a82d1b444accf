// The course list and one course: create, read, edit with a version check, delete (rules: ../courses.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCourseCardSchema,
  adminCourseCreateSchema,
  adminCourseParamsSchema,
  adminCoursePatchSchema,
  adminCourseSchema,
  adminCoursesQuerySchema,
  detailErrorSchema,
  paginatedSchema,
} from '@crema/contract';
import { z } from 'zod';
import { signedInActor } from '../../auth/plugin.ts';
import { createAdminCourse, deleteAdminCourse, getAdminCourse, listAdminCourses, patchAdminCourse } from '../courses.ts';
import { tags, owner, invalid, courseMissing } from './shared.ts';

export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;

  app.get(
    '/admin/courses/',
    {
      config: owner,
      schema: {
        summary: 'Мои курсы (владелец курса): поиск, черновики и опубликованные',
        tags,
        querystring: adminCoursesQuerySchema,
        response: { 200: paginatedSchema(adminCourseCardSchema, 'AdminCoursePage'), ...invalid },
      },
    },
    async (request) => listAdminCourses(db, media, signedInActor(request), request.query, request.url),
  );

  app.post(
    '/admin/courses/',
    {
      config: { ...owner, audit: 'course.create' },
      schema: {
        summary: 'Новый курс (черновик)',
        description: 'Адрес (slug) составляется из названия, если не указан; занятый адрес получает номер.',
        tags,
        body: adminCourseCreateSchema,
        response: { 201: adminCourseSchema, ...invalid },
      },
    },
    async (request, reply) => reply.code(201).send(await createAdminCourse(db, media, signedInActor(request), request.body)),
  );

  app.get(
    '/admin/courses/:id/',
    {
      config: owner,
      schema: { summary: 'Курс для редактирования', tags, params: adminCourseParamsSchema, response: { 200: adminCourseSchema, ...courseMissing } },
    },
    async (request) => getAdminCourse(db, media, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/courses/:id/',
    {
      // A published course's card, page and category show in the catalogue (decision 0072).
      config: { ...owner, audit: 'course.update', changes: ['catalog'] },
      schema: {
        summary: 'Изменить курс (любые поля), опубликовать или снять с публикации',
        description:
          'Публикация проверяет, что курс готов (название, цена, хотя бы один опубликованный урок): иначе 400 с перечнем под `is_published`. ' +
          'С `updated_at` правка чужой новой версии отвечает 409.',
        tags,
        params: adminCourseParamsSchema,
        body: adminCoursePatchSchema,
        response: { 200: adminCourseSchema, ...invalid, ...courseMissing, 409: detailErrorSchema.describe('Курс изменили после того, как его открыли') },
      },
    },
    async (request) => patchAdminCourse(db, media, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/courses/:id/',
    {
      config: { ...owner, audit: 'course.delete', changes: ['catalog'] },
      schema: {
        summary: 'Удалить курс',
        description: 'Курс, у которого есть ученики или заказы, не удаляется (400): его можно снять с публикации.',
        tags,
        params: adminCourseParamsSchema,
        response: { 204: z.null(), ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => {
      await deleteAdminCourse(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
