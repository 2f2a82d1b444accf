import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, detailErrorSchema } from '@crema/contract';
import { authRequired, requireAuth } from '../auth/plugin.ts';
import { toCurrentUser } from '../auth/service.ts';

/** The signed-in user's own data (spec §7 User). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/personal/',
    {
      // Acts for the caller: request.auth (user and live session) is resolved.
      config: { auth: true },
      schema: {
        summary: 'Текущий пользователь',
        description: 'Поля пользователя (спецификация §3) — хватает для шапки и личного кабинета.',
        tags: ['user'],
        security: [{ jwt: [] }],
        response: { 200: currentUserSchema, 401: detailErrorSchema, 500: detailErrorSchema },
      },
      preHandler: authRequired,
    },
    async (request) => toCurrentUser(requireAuth(request).user),
  );
};
