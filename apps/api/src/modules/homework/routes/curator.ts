// The curator's calls (decision 0087): the queue, the menu's summary, one submission, claim and
// review. Level `curator` (a named curator, a course owner or staff); which submissions they reach
// is the curator scope (scopes.ts): anything else answers 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  curatorQueuePageSchema,
  curatorQueueQuerySchema,
  curatorReviewSchema,
  curatorSubmissionParamsSchema,
  curatorSubmissionSchema,
  curatorSummarySchema,
  detailErrorSchema,
  fieldErrorsSchema,
} from '@crema/contract';
import { noStore } from '../../auth/http.ts';
import { signedInActor } from '../../auth/plugin.ts';
import { checkCertificate } from '../../certificates/issue.ts';
import { curatorQueue, curatorSubmission, curatorSummary } from '../queue.ts';
import { claimSubmission, reviewSubmission } from '../review.ts';

const tags = ['curator'];
const curator = { access: 'curator' as const };
const notFound = { 404: detailErrorSchema.describe('Нет такой работы среди тех, что вы проверяете') };
const conflict = { 409: detailErrorSchema.describe('Работу уже проверяет другой куратор, она уже проверена или изменилась с тех пор, как её открыли') };

export const homeworkCuratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const structure = app.learningContent.structure;
  app.addHook('onSend', noStore);

  app.get(
    '/curator/homework/',
    {
      config: curator,
      schema: {
        summary: 'Очередь работ на проверку',
        description:
          'Работы курсов и групп, которые проверяет пользователь (куратор; владелец курса — своих курсов; сотрудник — все). ' +
          'status=waiting (по умолчанию) — отправленные и взятые на проверку, сначала те, что ждут дольше; проверенные — сначала новые. ' +
          'Ученик — только имя и прогресс по курсу.',
        tags,
        querystring: curatorQueueQuerySchema,
        response: { 200: curatorQueuePageSchema, 400: fieldErrorsSchema },
      },
    },
    async (request) => curatorQueue(db, structure, signedInActor(request), request.query, request.url),
  );

  app.get(
    '/curator/homework/summary/',
    {
      config: curator,
      schema: {
        summary: 'Сколько работ ждут проверки, и курсы, группы, уроки для фильтров очереди',
        tags,
        response: { 200: curatorSummarySchema },
      },
    },
    async (request) => curatorSummary(db, signedInActor(request)),
  );

  app.get(
    '/curator/homework/:id/',
    {
      config: curator,
      schema: {
        summary: 'Работа: задание, ответы ученика и вся переписка',
        description: 'version — версия работы: решение с другой версией отвечает 409.',
        tags,
        params: curatorSubmissionParamsSchema,
        response: { 200: curatorSubmissionSchema, ...notFound },
      },
    },
    async (request) => curatorSubmission(db, structure, app.media, signedInActor(request), request.params.id),
  );

  app.post(
    '/curator/homework/:id/claim/',
    {
      config: curator,
      schema: {
        summary: 'Взять работу на проверку',
        description:
          'Можно, если работа отправлена, уже ваша, или другой куратор взял её больше 30 минут назад. Иначе 409 с именем того, кто проверяет. ' +
          'Ответ — работа с новой версией.',
        tags,
        params: curatorSubmissionParamsSchema,
        response: { 200: curatorSubmissionSchema, ...notFound, ...conflict },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      await claimSubmission(db, actor, request.params.id);
      return curatorSubmission(db, structure, app.media, actor, request.params.id);
    },
  );

  app.post(
    '/curator/homework/:id/review/',
    {
      config: { ...curator, idempotent: true },
      schema: {
        summary: 'Принять работу или вернуть на доработку',
        description:
          'Комментарий (при возврате обязателен текст или вложение), оценка 0–100 по желанию, version — та, что открыта. ' +
          'Отправленную и никем не взятую работу решение берёт само; работа другого куратора (моложе 30 минут), уже проверенная ' +
          'или изменившаяся — 409. Принятие последнего задания урока завершает урок; ученику уходит письмо.',
        tags,
        params: curatorSubmissionParamsSchema,
        body: curatorReviewSchema,
        response: { 200: curatorSubmissionSchema, 400: fieldErrorsSchema, ...notFound, ...conflict },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      await reviewSubmission(db, actor, request.params.id, request.body, {
        // An accepted last homework completed the lesson: a certificate may be due (decision 0085).
        onCompleted: (enrolmentId) => checkCertificate(db, { publicUrl: config.publicUrl }, enrolmentId),
      });
      return curatorSubmission(db, structure, app.media, actor, request.params.id);
    },
  );
};
