import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, detailErrorSchema } from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { toCurrentUser } from '../auth/service.ts';

/** The signed-in user's own data (spec §7 User). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal answers are never cached.
  app.addHook('onSend', noStore);
  app.get(
    '/user/personal/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Текущий пользователь',
        description: 'Поля пользователя (спецификация §3) — хватает для шапки и личного кабинета.',
        tags: ['user'],
        response: { 200: currentUserSchema, 401: detailErrorSchema, 500: detailErrorSchema },
      },
    },
    async (request) => toCurrentUser(signedInActor(request).user),
  );
};
