// A lesson's settings and its content, written whole (rules: ../lessons.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBlocksPutSchema,
  adminBlocksSchema,
  adminLessonParamsSchema,
  adminLessonPatchSchema,
  adminLessonSchema,
} from '@crema/contract';
import { z } from 'zod';
import { signedInActor } from '../../auth/plugin.ts';
import { deleteAdminLesson, getAdminBlocks, getAdminLesson, patchAdminLesson, putAdminBlocks } from '../lessons.ts';
import { tags, owner, invalid, lessonMissing, stale } from './shared.ts';

export const adminLessonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;

  app.get(
    '/admin/lessons/:id/',
    {
      config: owner,
      schema: { summary: 'Урок: настройки', tags, params: adminLessonParamsSchema, response: { 200: adminLessonSchema, ...lessonMissing } },
    },
    async (request) => getAdminLesson(db, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/lessons/:id/',
    {
      config: { ...owner, audit: 'lesson.update', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Изменить урок (любые поля): название, длительность, публикация, перенос в другой модуль курса',
        tags,
        params: adminLessonParamsSchema,
        body: adminLessonPatchSchema,
        response: { 200: adminLessonSchema, ...invalid, ...lessonMissing, ...stale('Урок') },
      },
    },
    async (request) => patchAdminLesson(db, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/lessons/:id/',
    {
      config: { ...owner, audit: 'lesson.delete', changes: ['catalog', 'learning'] },
      schema: { summary: 'Удалить урок вместе с прогрессом учеников по нему', tags, params: adminLessonParamsSchema, response: { 204: z.null(), ...lessonMissing } },
    },
    async (request, reply) => {
      await deleteAdminLesson(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/lessons/:id/blocks/',
    {
      config: owner,
      schema: {
        summary: 'Блоки урока по страницам: данные для редактора и вид для ученика',
        tags,
        params: adminLessonParamsSchema,
        response: { 200: adminBlocksSchema, ...lessonMissing },
      },
    },
    async (request) => getAdminBlocks(db, media, signedInActor(request), request.params.id),
  );

  app.put(
    '/admin/lessons/:id/blocks/',
    {
      config: { ...owner, audit: 'lesson.blocks', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Записать содержимое урока целиком: страницы и блоки по порядку',
        description:
          'Одна запись заменяет всё: блоки с id сохраняются (данные, страница, место), без id — добавляются, остальные удаляются; пустые страницы отбрасываются. ' +
          'Запись идёт только от текущей версии урока (updated_at), иначе 409, и ничего не меняется.',
        tags,
        params: adminLessonParamsSchema,
        body: adminBlocksPutSchema,
        response: { 200: adminBlocksSchema, ...invalid, ...lessonMissing, ...stale('Урок') },
      },
    },
    async (request) => putAdminBlocks(db, media, signedInActor(request), request.params.id, request.body),
  );
};
