// Homework uploads by the tus resumable protocol (rules: ../uploads.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema } from '@crema/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedInActor } from '../../auth/plugin.ts';
import { HomeworkUploads, homeworkUploadsDir, type TusAnswer } from '../uploads.ts';

const tags = ['homework'];
const TUS_NOTE =
  ' Протокол tus 1.0.0 (заголовок Tus-Resumable), расширения creation, creation-with-upload, termination. По cookie сайта ' +
  'изменяющие запросы требуют X-CSRF-Token, как остальные.';
const params = z.object({ upload: z.string().max(64).describe('id загрузки (последняя часть адреса Location)') });
const errors = { 400: fieldErrorsSchema, 404: detailErrorSchema.describe('Нет такой загрузки среди ваших или задания, к которому можно загружать') };

export const homeworkUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const uploads = new HomeworkUploads(db, app.media.storage, homeworkUploadsDir(config));
  // tus's parts are read by the tus server as they come, never parsed here.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const run = async (request: FastifyRequest, reply: FastifyReply, id?: string) => {
    const answer: TusAnswer = await uploads.handle(
      signedInActor(request),
      { method: request.method, url: request.url, headers: request.headers, body: request.raw },
      id,
    );
    delete answer.headers['content-length'];
    return reply
      .code(answer.status)
      .headers(answer.headers)
      .send(answer.body === '' ? undefined : answer.body);
  };

  app.post(
    '/homework/uploads/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Начать загрузку файла к заданию (tus)',
        description:
          'Upload-Length — размер файла; Upload-Metadata — block (id блока задания) и filename. Загружать можно к заданиям ' +
          'своих курсов и к заданиям, которые проверяете. Размер не больше предела задания. Если файл пришёл целиком, он сразу ' +
          'проверяется: тип по содержимому, фотографии перекодируются без EXIF; ответ — JSON загрузки (upload — id для ответа).' +
          TUS_NOTE,
        tags,
        response: errors,
      },
    },
    (request, reply) => run(request, reply),
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/homework/uploads/:upload/',
    config: { access: 'user' },
    schema: {
      summary: 'Загрузка файла к заданию (tus): HEAD — сколько получено, PATCH — следующая часть, DELETE — отменить',
      description:
        'Последний PATCH проверяет файл и отвечает 200 с JSON загрузки (upload, kind, name, size_bytes, content_type); ' +
        'неподходящий файл — 400 с причиной, загрузка удаляется.' +
        TUS_NOTE,
      tags,
      params,
      response: errors,
    },
    handler: (request, reply) => run(request, reply, (request.params as { upload: string }).upload),
  });
};
