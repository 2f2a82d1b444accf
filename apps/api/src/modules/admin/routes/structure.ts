// A course's modules, the lessons and tests created in them, and their orders (rules: ../structure.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCourseParamsSchema,
  adminLessonCardSchema,
  adminLessonCreateSchema,
  adminModuleBodySchema,
  adminModuleParamsSchema,
  adminModuleSchema,
  adminModulesSchema,
  adminTestCardSchema,
  adminTestCreateSchema,
  contentOrderBodySchema,
  setOrderBodySchema,
} from '@crema/contract';
import { z } from 'zod';
import { signedInActor } from '../../auth/plugin.ts';
import {
  createLesson,
  createModule,
  createTest,
  deleteModule,
  listModules,
  renameModule,
  setContentOrder,
  setKindOrder,
  setModuleOrder,
} from '../structure.ts';
import { tags, owner, invalid, courseMissing, moduleMissing, ORDER_NOTE } from './shared.ts';

export const adminStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/courses/:id/modules/',
    {
      config: owner,
      schema: {
        summary: 'Модули курса с уроками и тестами',
        tags,
        params: adminCourseParamsSchema,
        response: { 200: adminModulesSchema, ...courseMissing },
      },
    },
    async (request) => listModules(db, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/modules/',
    {
      config: { ...owner, audit: 'module.create', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Новый модуль в конце курса',
        tags,
        params: adminCourseParamsSchema,
        body: adminModuleBodySchema,
        response: { 201: adminModuleSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createModule(db, signedInActor(request), request.params.id, request.body.title)),
  );

  app.post(
    '/admin/courses/:id/modules/set-order/',
    {
      config: { ...owner, audit: 'module.reorder', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Порядок модулей курса',
        description: ORDER_NOTE,
        tags,
        params: adminCourseParamsSchema,
        body: setOrderBodySchema,
        response: { 200: adminModulesSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => setModuleOrder(db, signedInActor(request), request.params.id, request.body.order),
  );

  app.patch(
    '/admin/modules/:id/',
    {
      config: { ...owner, audit: 'module.update', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Переименовать модуль',
        tags,
        params: adminModuleParamsSchema,
        body: adminModuleBodySchema,
        response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request) => renameModule(db, signedInActor(request), request.params.id, request.body.title),
  );

  app.delete(
    '/admin/modules/:id/',
    {
      config: { ...owner, audit: 'module.delete', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Удалить модуль вместе с его уроками и тестами',
        tags,
        params: adminModuleParamsSchema,
        response: { 204: z.null(), ...moduleMissing },
      },
    },
    async (request, reply) => {
      await deleteModule(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/modules/:id/lessons/',
    {
      config: { ...owner, audit: 'lesson.create', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Новый урок (черновик) в конце модуля',
        tags,
        params: adminModuleParamsSchema,
        body: adminLessonCreateSchema,
        response: { 201: adminLessonCardSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createLesson(db, signedInActor(request), request.params.id, request.body.title)),
  );

  app.post(
    '/admin/modules/:id/tests/',
    {
      config: { ...owner, audit: 'test.create', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Новый тест (черновик) в конце модуля',
        tags,
        params: adminModuleParamsSchema,
        body: adminTestCreateSchema,
        response: { 201: adminTestCardSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createTest(db, signedInActor(request), request.params.id, request.body.name)),
  );

  for (const kind of ['lesson', 'test'] as const) {
    app.post(
      `/admin/modules/:id/${kind}s/set-order/`,
      {
        config: { ...owner, audit: 'content.reorder', changes: ['catalog', 'learning'] },
        schema: {
          summary: kind === 'lesson' ? 'Порядок уроков модуля' : 'Порядок тестов модуля',
          description: `${ORDER_NOTE} ${kind === 'lesson' ? 'Уроки' : 'Тесты'} занимают свои прежние места в модуле в новом порядке; ${kind === 'lesson' ? 'тесты' : 'уроки'} остаются на местах.`,
          tags,
          params: adminModuleParamsSchema,
          body: setOrderBodySchema,
          response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
        },
      },
      async (request) => setKindOrder(db, signedInActor(request), request.params.id, kind, request.body.order),
    );
  }

  app.post(
    '/admin/modules/:id/content/set-order/',
    {
      config: { ...owner, audit: 'content.reorder', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Порядок уроков и тестов модуля вместе',
        description: `${ORDER_NOTE} Список пар {type, id}: так тест можно поставить между уроками.`,
        tags,
        params: adminModuleParamsSchema,
        body: contentOrderBodySchema,
        response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request) => setContentOrder(db, signedInActor(request), request.params.id, request.body.order),
  );
};
