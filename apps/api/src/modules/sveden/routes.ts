import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SVEDEN_SECTIONS,
  fieldErrorsSchema,
  svedenAdminListSchema,
  svedenContentSchema,
  svedenIndexSchema,
  svedenPageSchema,
  svedenUploadSchema,
} from '@crema/contract';
import { ApiError } from '../../errors.ts';
import { staffActor } from '../auth/plugin.ts';
import { noStore } from '../auth/http.ts';
import { UPLOAD_TEXTS, storeUploadForm } from '../admin/uploads.ts';
import { getSveden, getSvedenSection, listForStaff, saveSvedenSection } from './service.ts';

const tags = ['sveden'];
/** PDFs only: documents of the section are read and downloaded as files with searchable text. */
const PDF_MAX_BYTES = 50 * 1024 * 1024;
const NOT_PDF = 'Файл не подходит: загрузите документ PDF. Тип проверяется по содержимому, а не по названию.';
/** Staff only: the access layer answers everyone else 401/403 (decision 0011). */
const staff = { access: 'staff' as const };

/** 'Сведения об образовательной организации': public reads, staff edits (decision 0042). */
export const svedenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const media = app.media;
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 1, fileSize: PDF_MAX_BYTES + 1 } });

  app.get(
    '/sveden/',
    {
      schema: {
        summary: 'Сведения об образовательной организации: все подразделы',
        description: 'Подразделы в порядке рекомендаций Рособрнадзора; у каждого пункта — свойство микроразметки (itemprop). «Образование» и «Педагогический состав» — из опубликованных курсов и их преподавателей.',
        tags,
        response: { 200: svedenIndexSchema },
      },
    },
    async () => getSveden(db),
  );

  app.get(
    '/admin/sveden/',
    {
      config: staff,
      onSend: noStore,
      schema: {
        summary: 'Состояние подразделов сведений (сотрудники школы)',
        description: 'Для экрана сотрудников: заполнен ли подраздел, сколько в нём пунктов, когда и кем записан. Что хранит подраздел — GET /api/sveden/{key}/ (поле section.content — тело PUT).',
        tags,
        response: { 200: svedenAdminListSchema},
      },
    },
    async (request) => listForStaff(db, staffActor(request)),
  );

  for (const { key, title } of SVEDEN_SECTIONS) {
    app.get(
      `/sveden/${key}/`,
      { schema: { summary: `Сведения: ${title}`, tags, response: { 200: svedenPageSchema } } },
      async () => getSvedenSection(db, key),
    );
    app.put(
      `/sveden/${key}/`,
      {
        config: { ...staff, audit: 'sveden.update', changes: ['pages'] },
        onSend: noStore,
        schema: {
          summary: `Записать подраздел «${title}» (сотрудники школы)`,
          description: 'Заменяет всё, что хранит подраздел: текст, строки сведений, группы, документы и дополнительные страницы (не больше 10).',
          tags,
          body: svedenContentSchema,
          response: { 200: svedenPageSchema, 400: fieldErrorsSchema},
        },
      },
      async (request) => saveSvedenSection(db, staffActor(request), key, request.body),
    );
  }

  app.post(
    '/sveden/uploads/',
    {
      config: { ...staff, audit: false },
      onSend: noStore,
      schema: {
        summary: 'Загрузить документ PDF для сведений (сотрудники школы)',
        description: 'multipart/form-data с одним файлом (поле `file`), PDF до 50 МБ; тип определяется по содержимому. Ответ — адрес для поля url документа.',
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: svedenUploadSchema, 400: fieldErrorsSchema},
      },
    },
    async (request, reply) => {
      const actor = staffActor(request);
      if (!request.isMultipart()) throw ApiError.fields({ file: [UPLOAD_TEXTS.noFile] });
      const stored = await storeUploadForm(media, actor.user.id, 'file', request.parts());
      if (stored.content_type !== 'application/pdf') {
        await media.storage.delete(stored.key);
        throw ApiError.fields({ file: [NOT_PDF] });
      }
      return reply.code(201).send({ url: stored.url, size_bytes: stored.size_bytes, original_name: stored.original_name });
    },
  );
};
