import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, fieldErrorsSchema, scheduleQuerySchema, scheduleResponseSchema } from '@crema/contract';
import { listGroupStarts } from './service.ts';

/**
 * The public schedule (the data of the schedule page). Not cached: free seats
 * change with every enrolment.
 */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/schedule/',
    {
      schema: {
        summary: 'Ближайшие старты групп опубликованных курсов',
        description:
          'Группы, которые начинаются сегодня или позже (по московскому времени), по дате старта. ' +
          '`type` — adult или kids, `course` — slug курса. `seats_left` — свободные места (null — без ' +
          'ограничения), `sessions` — до трёх ближайших занятий.',
        tags: ['schedule'],
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, 400: fieldErrorsSchema, 500: detailErrorSchema },
      },
    },
    async (request) => listGroupStarts(db, request.query),
  );
};
