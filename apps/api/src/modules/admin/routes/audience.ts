// Who studies a course: invitation links, learners, access by e-mail and pending grants (rules: ../audience.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAudienceAddedSchema,
  adminAudienceAddSchema,
  adminAudienceQuerySchema,
  adminCourseParamsSchema,
  adminGrantParamsSchema,
  adminLearnerParamsSchema,
  adminLearnerSchema,
  adminLinkCreateSchema,
  adminLinkParamsSchema,
  adminLinkPatchSchema,
  adminLinkSchema,
  adminPendingGrantSchema,
  paginatedSchema,
} from '@crema/contract';
import { z } from 'zod';
import { signedInActor } from '../../auth/plugin.ts';
import { addToAudience, createLink, endAccess, listAudience, listLinks, setLinkActive, withdrawGrant } from '../audience.ts';
import { tags, owner, invalid, courseMissing } from './shared.ts';

export const adminAudienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/admin/courses/:id/links/',
    {
      config: owner,
      schema: { summary: 'Ссылки-приглашения курса', tags, params: adminCourseParamsSchema, response: { 200: z.array(adminLinkSchema), ...courseMissing } },
    },
    async (request) => listLinks(db, config.publicUrl, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/links/',
    {
      config: { ...owner, audit: 'link.create' },
      schema: {
        summary: 'Новая ссылка-приглашение: лимит записей и срок по желанию',
        tags,
        params: adminCourseParamsSchema,
        body: adminLinkCreateSchema,
        response: { 201: adminLinkSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createLink(db, config.publicUrl, signedInActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/admin/courses/:id/links/:linkId/',
    {
      config: { ...owner, audit: 'link.update' },
      schema: {
        summary: 'Выключить или включить ссылку-приглашение',
        description: 'Выключенная ссылка никого не записывает; доступ тех, кто уже записался, остаётся.',
        tags,
        params: adminLinkParamsSchema,
        body: adminLinkPatchSchema,
        response: { 200: adminLinkSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => setLinkActive(db, config.publicUrl, signedInActor(request), request.params.id, request.params.linkId, request.body.is_active),
  );

  app.get(
    '/admin/courses/:id/audience/',
    {
      config: owner,
      schema: {
        summary: 'Ученики курса: кто, откуда (заказ, приглашение, вручную), прогресс; и приглашения, которые ещё не приняты',
        tags,
        params: adminCourseParamsSchema,
        querystring: adminAudienceQuerySchema,
        response: {
          200: paginatedSchema(adminLearnerSchema, 'AdminLearnerPage').extend({ pending: z.array(adminPendingGrantSchema) }),
          ...invalid,
          ...courseMissing,
        },
      },
    },
    async (request) => listAudience(db, signedInActor(request), request.params.id, request.query, request.url),
  );

  app.post(
    '/admin/courses/:id/audience/',
    {
      config: { ...owner, audit: 'access.grant' },
      schema: {
        summary: 'Открыть доступ по e-mail',
        description: 'Аккаунт получает курс сразу; адрес без аккаунта — приглашение письмом, и курс появится, когда человек войдёт по этому адресу.',
        tags,
        params: adminCourseParamsSchema,
        body: adminAudienceAddSchema,
        response: { 200: adminAudienceAddedSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => addToAudience(db, config.publicUrl, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/courses/:id/audience/:userCourseId/',
    {
      config: { ...owner, audit: 'access.end' },
      schema: {
        summary: 'Закрыть доступ ученику',
        description: 'Доступ заканчивается сейчас; прогресс сохраняется, и повторное добавление открывает курс снова.',
        tags,
        params: adminLearnerParamsSchema,
        response: { 204: z.null(), ...courseMissing },
      },
    },
    async (request, reply) => {
      await endAccess(db, signedInActor(request), request.params.id, request.params.userCourseId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/courses/:id/audience/pending/:grantId/',
    {
      config: { ...owner, audit: 'grant.withdraw' },
      schema: { summary: 'Отозвать приглашение, которое ещё не принято', tags, params: adminGrantParamsSchema, response: { 204: z.null(), ...courseMissing } },
    },
    async (request, reply) => {
      await withdrawGrant(db, signedInActor(request), request.params.id, request.params.grantId);
      return reply.code(204).send(null);
    },
  );
};
