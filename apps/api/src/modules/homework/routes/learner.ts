// The learner's homework: the thread of one block and the answer (rules: ../learner.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, fieldErrorsSchema, homeworkAnswerSchema, homeworkParamsSchema, homeworkThreadSchema } from '@crema/contract';
import { noStore } from '../../auth/http.ts';
import { signedInActor } from '../../auth/plugin.ts';
import { getThread, sendAnswer } from '../learner.ts';

const tags = ['homework'];
/** Like the lesson pages: the access token, or the course-token cookie of the same enrolment. */
const learner = { access: 'user' as const, courseToken: true };
const notFound = { 404: detailErrorSchema.describe('Нет такого курса пользователя или задания в его уроках, или доступ закрыт') };

export const homeworkLearnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onSend', noStore);

  app.get(
    '/user/course/:id/homework/:blockId/',
    {
      config: learner,
      schema: {
        summary: 'Задание урока: статус, срок и вся переписка с куратором',
        description:
          'status null — ответа ещё не было; can_send — можно отправить ответ сейчас (не отправляли или вернули на доработку). ' +
          'deadline_at — срок для этого ученика: дата блока или N дней после открытия урока (занятием группы, иначе первым открытием); ' +
          'с первым ответом срок закрепляется. overdue — срок прошёл без ответа или первый ответ пришёл после него.',
        tags,
        params: homeworkParamsSchema,
        response: { 200: homeworkThreadSchema, ...notFound },
      },
    },
    async (request) => getThread(db, signedInActor(request), request.params.id, request.params.blockId),
  );

  app.post(
    '/user/course/:id/homework/:blockId/',
    {
      config: { ...learner, idempotent: true },
      schema: {
        summary: 'Отправить ответ на задание (первый или после возврата на доработку)',
        description:
          'Текст (если задание его принимает) и загрузки — id из ответа POST /api/homework/uploads/ (tus): только свои, ' +
          'загруженные для этого задания и ещё не отправленные; не больше фотографий, видео и файлов, чем разрешает задание. ' +
          'Пока ответ ждёт проверки, проверяется или принят — 409 с причиной. Ответ — задание с новой перепиской.',
        tags,
        params: homeworkParamsSchema,
        body: homeworkAnswerSchema,
        response: {
          201: homeworkThreadSchema,
          400: fieldErrorsSchema,
          409: detailErrorSchema.describe('Ответ уже ждёт проверки, проверяется или принят'),
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const thread = await sendAnswer(db, signedInActor(request), request.params.id, request.params.blockId, request.body);
      return reply.code(201).send(thread);
    },
  );
};
