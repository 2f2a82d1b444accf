import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailErrorSchema,
  documentsPatchBodySchema,
  documentsSchema,
  fieldErrorsSchema,
  personalPatchBodySchema,
  personalPatchResultSchema,
  personalSchema,
  referenceBooksSchema,
  studentCreateBodySchema,
  studentIdParamsSchema,
  studentListSchema,
  studentPatchBodySchema,
  studentSchema,
} from '@crema/contract';
import { createSealedBox, personalDataKeyRing } from '../../lib/sealed.ts';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { getDocuments, getPersonal, patchDocuments, patchPersonal, referenceBooks } from './service.ts';
import { createStudent, deleteStudent, listStudents, patchStudent } from './students.ts';

/** The body types the account forms may send (documented in the OpenAPI document). */
const FORM_TYPES = ['application/json', 'multipart/form-data'];
const MULTIPART_NOTE = ' Тело — JSON или multipart/form-data (пустое значение очищает поле).';

/** The signed-in user's own data (spec §7 User). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal answers are never cached.
  app.addHook('onSend', noStore);
  // The account forms send multipart form data (spec §7); fields become the body, as JSON would,
  // and are checked by the same schemas. No files here: a file part is refused.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 30, fieldSize: 4096, parts: 30 },
  });
  const box = createSealedBox(personalDataKeyRing(app.deps.config.secretKey));
  const { db } = app.deps;

  app.get(
    '/user/personal/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Личные данные',
        description: 'Поля пользователя (спецификация §3) и заполненность профиля (§5).',
        tags: ['user'],
        response: { 200: personalSchema, 401: detailErrorSchema, 500: detailErrorSchema },
      },
    },
    async (request) => getPersonal(db, signedInActor(request).user.id),
  );

  app.patch(
    '/user/personal/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить личные данные',
        description:
          'Частичное изменение; data_refusal=true стирает данные документов (documents_erased в ответе). ' +
          'Смена e-mail здесь не делается: новый адрес подтверждается кодом.' +
          MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: personalPatchBodySchema,
        response: { 200: personalPatchResultSchema, 400: fieldErrorsSchema, 401: detailErrorSchema },
      },
    },
    async (request) => patchPersonal(db, signedInActor(request).user.id, request.body),
  );

  app.get(
    '/user/documents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Документы',
        description: 'Паспорт и СНИЛС владельца кабинета (хранятся зашифрованными, видны только ему).',
        tags: ['user'],
        response: { 200: documentsSchema, 401: detailErrorSchema },
      },
    },
    async (request) => getDocuments(db, box, signedInActor(request).user.id),
  );

  app.patch(
    '/user/documents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить документы',
        description: 'Частичное изменение; после отказа от предоставления данных — 409.' + MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: documentsPatchBodySchema,
        response: { 200: documentsSchema, 400: fieldErrorsSchema, 401: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => patchDocuments(db, box, signedInActor(request).user.id, request.body),
  );

  app.get(
    '/user/reference_books/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Справочники форм',
        description: 'Списки {id, title} для форм кабинета и заявки.',
        tags: ['user'],
        response: { 200: referenceBooksSchema, 401: detailErrorSchema },
      },
    },
    async () => referenceBooks(db),
  );

  app.get(
    '/user/students/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Ученики',
        tags: ['user'],
        response: { 200: studentListSchema, 401: detailErrorSchema },
      },
    },
    async (request) => listStudents(db, signedInActor(request).user.id),
  );

  app.post(
    '/user/students/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Добавить ученика',
        description: 'Ошибки — {поле: [сообщения]}; неизвестные поля — {поле: ["Неизвестное поле."]}.' + MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: studentCreateBodySchema,
        response: { 201: studentSchema, 400: fieldErrorsSchema, 401: detailErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createStudent(db, signedInActor(request).user.id, request.body)),
  );

  app.patch(
    '/user/students/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить ученика',
        tags: ['user'],
        params: studentIdParamsSchema,
        consumes: FORM_TYPES,
        body: studentPatchBodySchema,
        response: { 200: studentSchema, 400: fieldErrorsSchema, 401: detailErrorSchema, 404: detailErrorSchema },
      },
    },
    async (request) => patchStudent(db, signedInActor(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/user/students/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Удалить ученика',
        description: 'Ученика с курсами или оплаченными заказами удалить нельзя (409).',
        tags: ['user'],
        params: studentIdParamsSchema,
        response: { 204: z.undefined().describe('Ученик удалён, тела ответа нет'), 401: detailErrorSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteStudent(db, signedInActor(request).user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
