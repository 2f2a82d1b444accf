// Legal documents (decision 0043): public pages' data and the staff's publishing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LEGAL_TEXTS,
  detailErrorSchema,
  fieldErrorsSchema,
  legalDocumentListSchema,
  legalDocumentSchema,
  legalPublishBodySchema,
  legalSlugParamSchema,
  legalVersionParamSchema,
} from '@crema/contract';
import { staffActor } from '../auth/plugin.ts';
import { getLegalDocument, listLegalDocuments, publishByStaff } from './service.ts';

const tags = ['documents'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/documents/',
    {
      config: { access: 'public' },
      schema: { summary: 'Юридические документы школы: действующие редакции', tags, response: { 200: legalDocumentListSchema, ...errors } },
    },
    async () => listLegalDocuments(db),
  );

  app.get(
    '/documents/:slug/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Действующая редакция документа и список редакций',
        tags,
        params: legalSlugParamSchema,
        response: { 200: legalDocumentSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => getLegalDocument(db, request.params.slug),
  );

  app.get(
    '/documents/:slug/v/:version/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Одна редакция документа',
        description: 'Прежние редакции остаются доступны по своему адресу; ещё не вступившая в силу — 404.',
        tags,
        params: legalVersionParamSchema,
        response: { 200: legalDocumentSchema, ...errors, 404: detailErrorSchema },
      },
    },
    async (request) => getLegalDocument(db, request.params.slug, request.params.version),
  );

  app.post(
    '/admin/documents/',
    {
      // A course owner who is not staff is told what this section is about.
      config: { access: 'staff', notStaffDetail: LEGAL_TEXTS.staffOnly, audit: 'legal.publish', changes: ['pages'] },
      schema: {
        summary: 'Опубликовать новую редакцию документа (только сотрудники)',
        description:
          'Номер редакции — следующий по порядку. Для согласий новая редакция попадает и в реестр согласий: ' +
          'согласия, данные после вступления в силу, ссылаются на неё. Владелец курсов без прав сотрудника — 403.',
        tags,
        body: legalPublishBodySchema,
        response: { 201: legalDocumentSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await publishByStaff(db, staffActor(request), request.body)),
  );
};
