// Attendance for curators (decision 0088): the groups the caller marks, a group with its sessions
// and members, a session's list read and saved whole at its version, the group's export. Level
// `curator`; which groups the caller reaches is the scope's (another's group is a 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceExportQuerySchema,
  attendanceSaveSchema,
  attendanceSheetSchema,
  curatorGroupDetailSchema,
  curatorGroupParamsSchema,
  curatorGroupsSchema,
  curatorSessionParamsSchema,
  detailErrorSchema,
  fieldErrorsSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { attendanceCsv, attendanceDisposition, attendanceXlsx } from './export.ts';
import { attendanceSheet, curatorGroup, curatorGroups, groupTable, saveAttendance } from './service.ts';

const tags = ['attendance'];
const curator = { access: 'curator' as const };
const notFound = { 404: detailErrorSchema.describe('Нет такой группы (занятия), или вы не куратор её курса или группы') };
const WHO =
  ' Группы видят сотрудники школы (все), владелец курса (группы своих курсов), куратор курса (все группы курса) и куратор группы (эту группу).';

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const content = app.learningContent;
  app.addHook('onSend', noStore);

  app.get(
    '/curator/groups/',
    {
      config: curator,
      schema: {
        summary: 'Группы, в которых я отмечаю посещаемость',
        description: 'Открытые группы раньше закрытых: сначала идущие, затем будущие (ближайшие выше), затем закончившиеся; у каждой — участники, занятия, начавшиеся без списка, ближайшее занятие.' + WHO,
        tags,
        response: { 200: curatorGroupsSchema },
      },
    },
    async (request) => curatorGroups(db, signedInActor(request)),
  );

  app.get(
    '/curator/groups/:id/',
    {
      config: curator,
      schema: {
        summary: 'Группа: занятия с отметками и участники с прогрессом и посещаемостью',
        description: 'Участники — только имя, прогресс по курсу и отметки; без контактов и документов.' + WHO,
        tags,
        params: curatorGroupParamsSchema,
        response: { 200: curatorGroupDetailSchema, ...notFound },
      },
    },
    async (request) => curatorGroup(db, content.structure, signedInActor(request), request.params.id),
  );

  app.get(
    '/curator/groups/:id/export/',
    {
      config: curator,
      schema: {
        summary: 'Выгрузка посещаемости группы в CSV или XLSX',
        description: 'Участники по начавшимся занятиям (отметка в ячейке, посещаемость в %), затем занятия с числом отметок.' + WHO,
        tags,
        params: curatorGroupParamsSchema,
        querystring: attendanceExportQuerySchema,
        response: { 200: z.any().describe('Файл CSV (text/csv) или XLSX'), 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const table = await groupTable(db, content.structure, signedInActor(request), request.params.id);
      const { format } = request.query;
      const body = format === 'csv' ? attendanceCsv(table) : await attendanceXlsx(table);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attendanceDisposition(table, format))
        .send(body);
    },
  );

  app.get(
    '/curator/groups/:id/sessions/:sessionId/',
    {
      config: curator,
      schema: {
        summary: 'Список занятия: участники и их отметки',
        description: 'version — версия списка (0 — ещё не сохраняли), её присылают при сохранении.' + WHO,
        tags,
        params: curatorSessionParamsSchema,
        response: { 200: attendanceSheetSchema, ...notFound },
      },
    },
    async (request) => attendanceSheet(db, signedInActor(request), request.params.id, request.params.sessionId),
  );

  app.put(
    '/curator/groups/:id/sessions/:sessionId/',
    {
      config: { ...curator, audit: 'attendance.save' },
      schema: {
        summary: 'Сохранить список занятия целиком',
        description:
          'Отметки: present — присутствие, late — опоздание, absent — пропуск, excused — уважительная причина; null снимает отметку; ' +
          'участники, которых нет в списке, сохраняют свои отметки. Список с устаревшей версией — 409 (его уже сохранил другой), ' +
          'занятие, которое ещё не началось, — 409. Ответ — список после сохранения. Изменение попадает в журнал.' +
          WHO,
        tags,
        params: curatorSessionParamsSchema,
        body: attendanceSaveSchema,
        response: {
          200: attendanceSheetSchema,
          400: fieldErrorsSchema,
          409: detailErrorSchema.describe('Список уже изменили, или занятие ещё не началось'),
          ...notFound,
        },
      },
    },
    async (request) => saveAttendance(db, signedInActor(request), request.params.id, request.params.sessionId, request.body),
  );
};
