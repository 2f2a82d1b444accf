// What an invitation link offers, as the learner sees it before taking it up (rules: ../invitations.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, invitationParamsSchema, invitationSchema } from '@crema/contract';
import { readInvitation } from '../invitations.ts';
import { tags, invalid } from './shared.ts';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/invitations/:token/',
    {
      schema: {
        summary: 'Что открывает ссылка-приглашение',
        tags,
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...invalid, 404: detailErrorSchema },
      },
    },
    async (request) => readInvitation(db, request.params.token),
  );
};
