// People for the school's staff (level `staff`): the list, one person, roles, blocking.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  peoplePageSchema,
  peopleQuerySchema,
  personBlockBodySchema,
  personCourseBodySchema,
  accountExportSchema,
  moscowIsoDate,
  personParamsSchema,
  personRequestBodySchema,
  personRolesBodySchema,
  personSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { createSealedBox, personalDataKeyRing } from '../../lib/sealed.ts';
import { AccountDeletionService } from '../user/deletion.ts';
import { blockPerson, deletePerson, exportPerson, getPerson, giveCourse, listPeople, setRoles, unblockPerson } from './people.ts';

const tags = ['people'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такого человека нет') } as const;

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const box = createSealedBox(personalDataKeyRing(config.secretKey, config.secretKeyPrevious));
  const deletion = new AccountDeletionService(app.deps, app.auth);

  app.get(
    '/admin/school/people/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Люди: поиск по имени, e-mail или телефону, фильтр по роли (сотрудники)',
        tags,
        querystring: peopleQuerySchema,
        response: { 200: peoplePageSchema, ...errors },
      },
    },
    async (request) => listPeople(db, staffActor(request), request.query, request.url),
  );

  app.get(
    '/admin/school/people/:id/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Один человек: курсы, заказы, согласия, действующие входы (сотрудники)',
        description: 'Паспорт и СНИЛС — только признак «заполнено», без значений.',
        tags,
        params: personParamsSchema,
        response: { 200: personSchema, ...errors, ...missing },
      },
    },
    async (request) => getPerson(db, staffActor(request), request.params.id),
  );

  app.patch(
    '/admin/school/people/:id/roles/',
    {
      config: { access: 'staff', audit: 'person.roles' },
      onSend: noStore,
      schema: {
        summary: 'Дать или снять роли владельца курсов и сотрудника',
        description: 'Последнего действующего сотрудника школы лишить роли нельзя — 400 под is_staff.',
        tags,
        params: personParamsSchema,
        body: personRolesBodySchema,
        response: { 200: personSchema, ...errors, ...missing },
      },
    },
    async (request) => setRoles(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/people/:id/courses/',
    {
      config: { access: 'staff', audit: 'person.course' },
      onSend: noStore,
      schema: {
        summary: 'Открыть человеку курс вручную, до даты или бессрочно; он получит письмо',
        description: 'Курс, доступ к которому закончился, открывается снова; уже открытый — 400 под course_id.',
        tags,
        params: personParamsSchema,
        body: personCourseBodySchema,
        response: { 200: personSchema, ...errors, ...missing },
      },
    },
    async (request) => giveCourse(db, staffActor(request), request.params.id, request.body, config.publicUrl),
  );

  app.post(
    '/admin/school/people/:id/block/',
    {
      config: { access: 'staff', audit: 'person.block' },
      onSend: noStore,
      schema: {
        summary: 'Заблокировать аккаунт: входы завершаются сразу, новый вход — 403',
        description: 'Себя и последнего действующего сотрудника заблокировать нельзя — 400.',
        tags,
        params: personParamsSchema,
        body: personBlockBodySchema,
        response: { 200: personSchema, ...errors, ...missing },
      },
    },
    async (request) => blockPerson(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/people/:id/unblock/',
    {
      config: { access: 'staff', audit: 'person.unblock' },
      onSend: noStore,
      schema: { summary: 'Разблокировать аккаунт', tags, params: personParamsSchema, response: { 200: personSchema, ...errors, ...missing } },
    },
    async (request) => unblockPerson(db, staffActor(request), request.params.id),
  );

  // ------------------------------------------------------------ a person's requests about their data (152-ФЗ)

  app.post(
    '/admin/school/people/:id/export/',
    {
      config: { access: 'staff', audit: 'person.export' },
      onSend: noStore,
      schema: {
        summary: 'Выгрузить данные человека по его обращению (файл JSON)',
        description:
          'Тот же файл, что человек скачивает в личном кабинете, с документами. Выгрузка и обращение, по которому она ' +
          'сделана, записываются в журнал. Удалённый аккаунт — 400.',
        tags,
        params: personParamsSchema,
        body: personRequestBodySchema,
        response: { 200: accountExportSchema, ...errors, ...missing },
      },
    },
    async (request, reply) => {
      const data = await exportPerson(db, box, staffActor(request), request.params.id, request.body);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="crema-person-${request.params.id}-${moscowIsoDate(new Date())}.json"`)
        .send(data);
    },
  );

  app.post(
    '/admin/school/people/:id/delete/',
    {
      config: { access: 'staff', audit: 'person.delete' },
      onSend: noStore,
      schema: {
        summary: 'Удалить аккаунт по обращению человека',
        description:
          'Как удаление аккаунта самим человеком: личные данные стираются, документы удаляются, согласия отзываются, входы ' +
          'завершаются, заказы остаются обезличенными. Себя и сотрудника удалить нельзя — 400; владельца курсов — 409.',
        tags,
        params: personParamsSchema,
        body: personRequestBodySchema,
        response: { 200: personSchema, ...errors, ...missing, 409: detailErrorSchema },
      },
    },
    async (request) => deletePerson(db, deletion, staffActor(request), request.params.id, request.body),
  );
};
