// The applications inbox and the school's dashboard for staff (level `staff`, decision 0066).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationAssignBodySchema,
  applicationNoteBodySchema,
  applicationParamsSchema,
  applicationSchema,
  applicationStatusBodySchema,
  applicationsNewCountSchema,
  applicationsPageSchema,
  applicationsQuerySchema,
  dashboardSchema,
  detailErrorSchema,
  fieldErrorsSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { addApplicationNote, assignApplication, countNewApplications, getApplication, listApplications, setApplicationStatus } from './applications.ts';
import { getDashboard } from './dashboard.ts';

const tags = ['applications'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такой заявки нет') } as const;

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/school/applications/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Заявки с форм сайта: фильтры по статусу, форме, курсу, ответственному и датам, поиск по имени, e-mail или телефону',
        tags,
        querystring: applicationsQuerySchema,
        response: { 200: applicationsPageSchema, ...errors },
      },
    },
    async (request) => listApplications(db, staffActor(request), request.query, request.url),
  );

  app.get(
    '/admin/school/applications/new-count/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: { summary: 'Сколько новых заявок (для меню)', tags, response: { 200: applicationsNewCountSchema, ...errors } },
    },
    async () => countNewApplications(db),
  );

  app.get(
    '/admin/school/applications/:id/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Одна заявка: поля, как их заполнил человек, его аккаунт и заказы по e-mail, заметки сотрудников',
        tags,
        params: applicationParamsSchema,
        response: { 200: applicationSchema, ...errors, ...missing },
      },
    },
    async (request) => getApplication(db, staffActor(request), request.params.id),
  );

  app.post(
    '/admin/school/applications/:id/status/',
    {
      config: { access: 'staff', audit: 'application.status' },
      onSend: noStore,
      schema: {
        summary: 'Изменить статус заявки: новая, в работе, обработана, спам',
        description: 'Заявка без ответственного, взятая в работу, становится заявкой того, кто её взял. Тот же статус — 400.',
        tags,
        params: applicationParamsSchema,
        body: applicationStatusBodySchema,
        response: { 200: applicationSchema, ...errors, ...missing },
      },
    },
    async (request) => setApplicationStatus(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/applications/:id/assign/',
    {
      config: { access: 'staff', audit: 'application.assign' },
      onSend: noStore,
      schema: {
        summary: 'Назначить ответственного за заявку (себя или другого сотрудника) или снять назначение',
        tags,
        params: applicationParamsSchema,
        body: applicationAssignBodySchema,
        response: { 200: applicationSchema, ...errors, ...missing },
      },
    },
    async (request) => assignApplication(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/applications/:id/notes/',
    {
      config: { access: 'staff', audit: 'application.note', idempotent: true },
      onSend: noStore,
      schema: {
        summary: 'Добавить заметку к заявке (видят только сотрудники)',
        tags,
        params: applicationParamsSchema,
        body: applicationNoteBodySchema,
        response: { 200: applicationSchema, ...errors, ...missing },
      },
    },
    async (request) => addApplicationNote(db, staffActor(request), request.params.id, request.body),
  );

  app.get(
    '/admin/school/dashboard/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Обзор школы: продажи за сегодня, неделю и месяц по Москве, новые заявки, ближайшие группы, ожидающие оплаты, продажи по дням',
        tags,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async () => getDashboard(db),
  );
};
