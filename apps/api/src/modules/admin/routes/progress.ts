// The learners' progress across an owner's courses, and its export (rules: ../progress.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminGroupOptionSchema,
  adminProgressExportQuerySchema,
  adminProgressGroupsQuerySchema,
  adminProgressQuerySchema,
  adminProgressRowSchema,
  detailErrorSchema,
  paginatedSchema,
} from '@crema/contract';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { csvOf, xlsxOf } from '../../../lib/spreadsheet.ts';
import { signedInActor } from '../../auth/plugin.ts';
import { adminProgress, adminProgressGroups, adminProgressSections, progressFileName, progressTitle } from '../progress.ts';
import { tags, owner, invalid, courseMissing } from './shared.ts';

export const adminProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // The published structure of courses, shared with learning's cache (progress numbers).
  const content = app.learningContent;

  app.get(
    '/admin/progress/',
    {
      config: owner,
      schema: {
        summary: 'Успеваемость учеников моих курсов: по зачислению — уроки, тесты, средний балл, последняя активность',
        tags,
        querystring: adminProgressQuerySchema,
        response: { 200: paginatedSchema(adminProgressRowSchema, 'AdminProgressPage'), ...invalid, 404: detailErrorSchema.describe('Нет такого курса или группы среди ваших') },
      },
    },
    async (request) => adminProgress(db, content.structure, signedInActor(request), request.query, request.url),
  );

  app.get(
    '/admin/progress/groups/',
    {
      config: owner,
      schema: {
        summary: 'Группы моих курсов (для фильтра успеваемости)',
        tags,
        querystring: adminProgressGroupsQuerySchema,
        response: { 200: z.array(adminGroupOptionSchema), ...invalid, ...courseMissing },
      },
    },
    async (request) => adminProgressGroups(db, signedInActor(request), request.query.course),
  );

  app.get(
    '/admin/progress/export/',
    {
      config: owner,
      schema: {
        summary: 'Выгрузить успеваемость учеников (CSV или XLSX) с теми же фильтрами',
        description: 'CSV — UTF-8 с BOM и «;» (Excel в русской локали открывает по столбцам); XLSX — лист «Ученики». До 5000 строк.',
        tags,
        querystring: adminProgressExportQuerySchema,
        response: { 200: z.any().describe('файл'), ...invalid, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const sections = await adminProgressSections(db, content.structure, signedInActor(request), { ...filters, page: 1, page_size: 1 });
      const file = progressFileName(format);
      const body = format === 'csv' ? csvOf(progressTitle(), sections) : await xlsxOf(progressTitle(), sections);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(file.name, { fallback: file.fallback }))
        .send(body);
    },
  );
};
