// Uploads of pictures, files and videos for courses (rules: ../uploads.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUploadSchema } from '@crema/contract';
import { z } from 'zod';
import { ApiError } from '../../../errors.ts';
import { signedInActor } from '../../auth/plugin.ts';
import { storeUploadForm, UPLOAD_KINDS, UPLOAD_TEXTS, type UploadKind } from '../uploads.ts';
import { tags, owner, invalid } from './shared.ts';

export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = app.media;

  app.post(
    '/admin/uploads/',
    {
      config: { ...owner, audit: false },
      schema: {
        summary: 'Загрузить картинку, файл или видео для курса',
        description:
          'multipart/form-data с одним файлом (поле `file`). Тип определяется по содержимому: переименованный файл другого типа не примут. ' +
          `Картинки — JPG, PNG, WebP, GIF, AVIF до 15 МБ; файлы — PDF, DOCX, XLSX, PPTX, ZIP, JPG, PNG, MP3 до 50 МБ; видео — MP4, WebM до 1 ГБ. ` +
          'Ответ — ключ файла для полей image, file, url блоков и курса.',
        tags,
        querystring: z.object({ kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]], { error: 'Допустимые значения: image, file, video.' }) }),
        consumes: ['multipart/form-data'],
        response: { 201: adminUploadSchema, ...invalid },
      },
    },
    async (request, reply) => {
      const actor = signedInActor(request);
      if (!request.isMultipart()) throw ApiError.fields({ file: [UPLOAD_TEXTS.noFile] });
      const stored = await storeUploadForm(media, actor.user.id, request.query.kind, request.parts());
      return reply.code(201).send(stored);
    },
  );
};
