// Homework files, by access (rules: ../files.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema } from '@crema/contract';
import { signedInActor } from '../../auth/plugin.ts';
import { serveHomeworkFile } from '../serve.ts';

const tags = ['homework'];

export const homeworkFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/homework/files/:attachmentId/',
    {
      config: { access: 'user', courseToken: true },
      schema: {
        summary: 'Файл задания: ответа ученика или комментария куратора',
        description:
          'Только тому, кто его загрузил, ученику этого задания и его кураторам; остальным — 404. Поддерживает Range ' +
          '(перемотка видео). size=phone — фотография (WebP) или видео (H.264 MP4, пока копия не готова — исходное) в ' +
          'размере для телефона; size=poster — кадр из видео (WebP), когда копия готова.',
        tags,
        params: z.object({ attachmentId: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').positive().max(2_147_483_647) }),
        querystring: z.object({ size: z.enum(['phone', 'poster'], { error: 'Допустимые значения: phone, poster.' }).optional() }),
        response: { 404: detailErrorSchema.describe('Нет такого файла или он вам недоступен') },
      },
    },
    async (request, reply) => serveHomeworkFile(db, app.media.storage, signedInActor(request), request, reply, request.params.attachmentId, request.query.size),
  );
};
