// Tests: a course's final tests, settings, questions and answers (rules: ../tests.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnswerBodySchema,
  adminAnswerParamsSchema,
  adminCourseParamsSchema,
  adminQuestionCreateSchema,
  adminQuestionParamsSchema,
  adminQuestionPatchSchema,
  adminQuestionSchema,
  adminQuestionsSchema,
  adminTestCreateSchema,
  adminTestParamsSchema,
  adminTestPatchSchema,
  adminTestSchema,
  setOrderBodySchema,
} from '@crema/contract';
import { z } from 'zod';
import { signedInActor } from '../../auth/plugin.ts';
import {
  createAnswer,
  createFinalTest,
  createQuestion,
  deleteAdminTest,
  deleteAnswer,
  deleteQuestion,
  getAdminTest,
  listFinalTests,
  listQuestions,
  patchAdminTest,
  patchQuestion,
  setQuestionOrder,
} from '../tests.ts';
import { tags, owner, invalid, courseMissing, stale, testMissing, ORDER_NOTE } from './shared.ts';

export const adminTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;

  app.get(
    '/admin/courses/:id/tests/',
    {
      config: owner,
      schema: { summary: 'Итоговые тесты курса', tags, params: adminCourseParamsSchema, response: { 200: z.array(adminTestSchema), ...courseMissing } },
    },
    async (request) => listFinalTests(db, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/tests/',
    {
      config: { ...owner, audit: 'test.create', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Новый итоговый тест курса (черновик)',
        tags,
        params: adminCourseParamsSchema,
        body: adminTestCreateSchema,
        response: { 201: adminTestSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createFinalTest(db, signedInActor(request), request.params.id, request.body.name)),
  );

  app.get(
    '/admin/tests/:id/',
    {
      config: owner,
      schema: { summary: 'Тест: настройки и готовность к публикации', tags, params: adminTestParamsSchema, response: { 200: adminTestSchema, ...testMissing } },
    },
    async (request) => getAdminTest(db, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/tests/:id/',
    {
      config: { ...owner, audit: 'test.update', changes: ['catalog', 'learning'] },
      schema: {
        summary: 'Изменить тест: название, описание, проходной балл, попытки, время, показ результатов, публикация',
        description: 'Публикация проверяет вопросы и ответы: иначе 400 с перечнем под `is_published` («Вопрос n: …»).',
        tags,
        params: adminTestParamsSchema,
        body: adminTestPatchSchema,
        response: { 200: adminTestSchema, ...invalid, ...testMissing, ...stale('Тест') },
      },
    },
    async (request) => patchAdminTest(db, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/tests/:id/',
    {
      config: { ...owner, audit: 'test.delete', changes: ['catalog', 'learning'] },
      schema: { summary: 'Удалить тест вместе с попытками учеников', tags, params: adminTestParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteAdminTest(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/tests/:id/questions/',
    {
      config: owner,
      schema: { summary: 'Вопросы теста с ответами', tags, params: adminTestParamsSchema, response: { 200: adminQuestionsSchema, ...testMissing } },
    },
    async (request) => listQuestions(db, media, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/tests/:id/questions/',
    {
      config: { ...owner, audit: 'question.create', changes: ['learning'] },
      schema: {
        summary: 'Новый вопрос (probability 100 и sort 0 по умолчанию), можно сразу с ответами',
        tags,
        params: adminTestParamsSchema,
        body: adminQuestionCreateSchema,
        response: { 201: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createQuestion(db, media, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/tests/:id/questions/set-order/',
    {
      config: { ...owner, audit: 'question.reorder', changes: ['learning'] },
      schema: {
        summary: 'Порядок вопросов теста',
        description: ORDER_NOTE,
        tags,
        params: adminTestParamsSchema,
        body: setOrderBodySchema,
        response: { 200: adminQuestionsSchema, ...invalid, ...testMissing },
      },
    },
    async (request) => setQuestionOrder(db, media, signedInActor(request), request.params.id, request.body.order),
  );

  app.patch(
    '/admin/tests/:id/questions/:qid/',
    {
      config: { ...owner, audit: 'question.update', changes: ['learning'] },
      schema: {
        summary: 'Изменить вопрос; answers — весь список ответов (с id — изменить, без id — добавить, остальные удалить)',
        tags,
        params: adminQuestionParamsSchema,
        body: adminQuestionPatchSchema,
        response: { 200: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request) => patchQuestion(db, media, signedInActor(request), request.params.id, request.params.qid, request.body),
  );

  app.delete(
    '/admin/tests/:id/questions/:qid/',
    {
      config: { ...owner, audit: 'question.delete', changes: ['learning'] },
      schema: { summary: 'Удалить вопрос', tags, params: adminQuestionParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteQuestion(db, signedInActor(request), request.params.id, request.params.qid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/tests/:id/questions/:qid/answers/',
    {
      config: { ...owner, audit: 'answer.create', changes: ['learning'] },
      schema: {
        summary: 'Новый ответ в конце списка (is_correct false по умолчанию)',
        tags,
        params: adminQuestionParamsSchema,
        body: adminAnswerBodySchema,
        response: { 201: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAnswer(db, media, signedInActor(request), request.params.id, request.params.qid, request.body)),
  );

  app.delete(
    '/admin/tests/:id/questions/:qid/answers/:aid/',
    {
      config: { ...owner, audit: 'answer.delete', changes: ['learning'] },
      schema: { summary: 'Удалить ответ', tags, params: adminAnswerParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteAnswer(db, signedInActor(request), request.params.id, request.params.qid, request.params.aid);
      return reply.code(204).send(null);
    },
  );
};
