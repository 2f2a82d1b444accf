// The course owner's curators (decision 0087): who checks the course's homework (the whole course
// or one group), with what waits for each of them. Audited; `users.is_curator` follows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseCuratorInputSchema,
  courseCuratorParamsSchema,
  courseCuratorSchema,
  courseCuratorsSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
} from '@crema/contract';
import { noStore } from '../../auth/http.ts';
import { signedInActor } from '../../auth/plugin.ts';
import { addCurator, listCurators, removeCurator } from '../curators.ts';

const tags = ['admin'];
const owner = { access: 'owner' as const };
const courseMissing = { 404: detailErrorSchema.describe('Нет такого курса среди ваших (или такого куратора у курса)') };

export const courseCuratorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onSend', noStore);

  app.get(
    '/admin/courses/:id/curators/',
    {
      config: owner,
      schema: {
        summary: 'Кураторы курса',
        description:
          'Кто проверяет домашние задания курса: весь курс (group: null) или одну группу. waiting — ждут проверки, ' +
          'waiting_too_long — ждут дольше 48 часов, overdue — ответы после срока, ещё не принятые.',
        tags,
        params: idParamSchema,
        response: { 200: courseCuratorsSchema, ...courseMissing },
      },
    },
    async (request) => listCurators(db, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/curators/',
    {
      config: { ...owner, audit: 'curator.add' },
      schema: {
        summary: 'Назначить куратора курса или группы',
        description:
          'По адресу почты существующего аккаунта; group_id — группа этого курса, null — весь курс. Куратор видит ' +
          'очередь заданий со следующего запроса. Уже назначенный здесь — 400 под email.',
        tags,
        params: idParamSchema,
        body: courseCuratorInputSchema,
        response: { 201: courseCuratorSchema, 400: fieldErrorsSchema, ...courseMissing },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addCurator(db, signedInActor(request), request.params.id, { email: request.body.email, group_id: request.body.group_id ?? null })),
  );

  app.delete(
    '/admin/courses/:id/curators/:curatorId/',
    {
      config: { ...owner, audit: 'curator.remove' },
      schema: {
        summary: 'Снять куратора',
        description: 'Его решения остаются в переписке; взятые им и не проверенные работы возвращаются в очередь.',
        tags,
        params: courseCuratorParamsSchema,
        response: { 204: z.null(), ...courseMissing },
      },
    },
    async (request, reply) => {
      await removeCurator(db, signedInActor(request), request.params.id, request.params.curatorId);
      return reply.code(204).send(null);
    },
  );
};
