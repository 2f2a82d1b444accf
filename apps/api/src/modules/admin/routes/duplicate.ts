// Copies of a lesson, a test or a whole course (rules: ../duplicate.ts, decision 0040).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCourseParamsSchema,
  adminCourseSchema,
  adminDuplicateBodySchema,
  adminLessonParamsSchema,
  adminLessonSchema,
  adminTestParamsSchema,
  adminTestSchema,
  detailErrorSchema,
} from '@crema/contract';
import { signedInActor } from '../../auth/plugin.ts';
import { duplicateCourse, duplicateLesson, duplicateTest } from '../duplicate.ts';
import { tags, owner, invalid, courseMissing, emptyBodyIsEmptyObject } from './shared.ts';

export const adminDuplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;

  app.post(
    '/admin/lessons/:id/duplicate/',
    {
      config: { ...owner, audit: 'lesson.copy', changes: ['catalog', 'learning'] },
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        summary: 'Дублировать урок со всеми страницами и блоками',
        description:
          'Копия «<название> (копия)» — черновик сразу после оригинала или, с `module_id`, в конце модуля любого из ваших курсов. ' +
          'Файлы не загружаются заново: копия ссылается на те же ключи. Всё в одной транзакции.',
        tags,
        params: adminLessonParamsSchema,
        body: adminDuplicateBodySchema,
        response: { 201: adminLessonSchema, ...invalid, 404: detailErrorSchema.describe('Нет такого урока или модуля в ваших курсах') },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateLesson(db, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/tests/:id/duplicate/',
    {
      config: { ...owner, audit: 'test.copy', changes: ['catalog', 'learning'] },
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        summary: 'Дублировать тест с настройками, вопросами и ответами',
        description:
          'Копия — черновик сразу после оригинала (итоговый тест — среди итоговых тестов курса) или, с `module_id`, в конце модуля любого из ваших курсов. ' +
          'Пары вопросов на соответствие сохраняются (connect_id нумеруются заново). Всё в одной транзакции.',
        tags,
        params: adminTestParamsSchema,
        body: adminDuplicateBodySchema,
        response: { 201: adminTestSchema, ...invalid, 404: detailErrorSchema.describe('Нет такого теста или модуля в ваших курсах') },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateTest(db, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/courses/:id/duplicate/',
    {
      config: { ...owner, audit: 'course.copy', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Дублировать курс: новый черновик со всеми модулями, уроками и тестами',
        description:
          'Копия «<название> (копия)» с новым адресом, описанием, характеристиками и преподавателями, модулями, уроками (блоками), тестами (вопросами, ответами) и итоговыми тестами в том же порядке. ' +
          'Не копируются: ученики и доступы, заказы, ссылки-приглашения, отзывы, группы и расписание, статистика. Всё в одной транзакции.',
        tags,
        params: adminCourseParamsSchema,
        response: { 201: adminCourseSchema, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateCourse(db, media, signedInActor(request), request.params.id)),
  );
};
