import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  feedbackFormSchema,
  feedbackKeyParamsSchema,
  feedbackProcessBodySchema,
  feedbackResultSchema,
  fieldErrorsSchema,
} from '@crema/contract';
import { FeedbackService, getFeedbackForm } from './service.ts';
import { acceptFormFields } from '../../lib/form-body.ts';

const tags = ['feedback'];

/** Dynamic forms and applications (decision 0022). */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  // Application forms send multipart form data, as the account forms do: the fields
  // become the body, as JSON would. No files: a file part is refused.
  await acceptFormFields(app, { fields: 40, fieldSize: 8192 });
  const { db } = app.deps;
  const service = new FeedbackService(app.deps, app.captcha);

  app.get(
    '/feedback/:key/',
    {
      schema: {
        summary: 'Динамическая форма по ключу',
        description: 'Поля формы {id, name, title, placeholder, required, type}; type — text, phone, email или date.',
        tags,
        params: feedbackKeyParamsSchema,
        response: { 200: feedbackFormSchema, 404: detailErrorSchema },
      },
    },
    async (request) => getFeedbackForm(db, request.params.key),
  );

  app.post(
    '/feedback/:key/process/',
    {
      config: { access: 'caller', idempotent: true },
      // The body's keys are the form's own fields (known only from the database) and the fixed part
      // (feedbackProcessBodySchema): the service reads both, so every problem comes in one 400.
      // Params are checked as usual.
      validatorCompiler: (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0])),
      schema: {
        summary: 'Отправить заявку через форму',
        description:
          'Проверяет значения по полям формы и сохраняет заявку; школа получает письмо. Повтор той же заявки ' +
          '(двойной клик, тот же request_id) в течение 10 минут не создаёт вторую. Капча — действие studentForm.',
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        params: feedbackKeyParamsSchema,
        body: feedbackProcessBodySchema,
        response: { 201: feedbackResultSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await service.process(request.params.key, request.body as unknown, request.actor);
      return reply.status(201).send(result);
    },
  );
};
