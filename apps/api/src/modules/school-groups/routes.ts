// Groups and timetables for the school's staff (decision 0064).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  schoolGroupCreateSchema,
  schoolGroupOptionsSchema,
  schoolGroupParamsSchema,
  schoolGroupPatchSchema,
  schoolGroupSchema,
  schoolGroupsPageSchema,
  schoolGroupsQuerySchema,
  schoolMemberAddedSchema,
  schoolMemberAddSchema,
  schoolMemberMoveSchema,
  schoolMemberParamsSchema,
  schoolMembersSchema,
  schoolSessionBodySchema,
  schoolSessionParamsSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { staffActor } from '../auth/plugin.ts';
import { closeGroup, createGroup, getGroup, groupOptions, listGroups, publishGroup, updateGroup } from './groups.ts';
import { addMember, listMembers, moveMember, removeMember } from './members.ts';
import { addSession, cancelSession, updateSession } from './sessions.ts';

const tags = ['school-groups'];
const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const missing = { 404: detailErrorSchema.describe('Такой группы (занятия, участника) нет') } as const;
const staff = { access: 'staff' as const };

export const schoolGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const publicUrl = config.publicUrl;

  app.get(
    '/admin/school/groups/',
    {
      config: staff,
      onSend: noStore,
      schema: {
        summary: 'Группы всех курсов: места, ждущие оплаты заказы, заполненность (сотрудники)',
        description: 'Фильтры по курсу и статусу (draft — черновик, published — в расписании, closed — закрыта), поиск по названию группы или курса, сортировка и страницы.',
        tags,
        querystring: schoolGroupsQuerySchema,
        response: { 200: schoolGroupsPageSchema, ...errors },
      },
    },
    async (request) => listGroups(db, staffActor(request), request.query, request.url),
  );

  app.get(
    '/admin/school/groups/options/',
    {
      config: staff,
      onSend: noStore,
      schema: { summary: 'Курсы и преподаватели для формы группы', tags, response: { 200: schoolGroupOptionsSchema, ...errors } },
    },
    async (request) => {
      staffActor(request);
      return groupOptions(db);
    },
  );

  app.post(
    '/admin/school/groups/',
    {
      config: { ...staff, audit: 'group.create', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Создать группу курса (черновик)',
        description: 'Очной группе нужен адрес, онлайн-группе — ссылка на занятия (её видят только участники группы).',
        tags,
        body: schoolGroupCreateSchema,
        response: { 201: schoolGroupSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createGroup(db, staffActor(request), request.body)),
  );

  app.get(
    '/admin/school/groups/:id/',
    {
      config: staff,
      onSend: noStore,
      schema: { summary: 'Группа: форма, расписание занятий, уроки и тесты курса', tags, params: schoolGroupParamsSchema, response: { 200: schoolGroupSchema, ...errors, ...missing } },
    },
    async (request) => getGroup(db, staffActor(request), request.params.id),
  );

  app.patch(
    '/admin/school/groups/:id/',
    {
      config: { ...staff, audit: 'group.update', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Изменить группу',
        description: 'version — версия, с которой открыта форма; если группу с тех пор изменили — 409, изменения не сохраняются. Мест не может стать меньше, чем занято.',
        tags,
        params: schoolGroupParamsSchema,
        body: schoolGroupPatchSchema,
        response: { 200: schoolGroupSchema, ...errors, ...missing, 409: detailErrorSchema.describe('Группу изменили после того, как открыли форму') },
      },
    },
    async (request) => updateGroup(db, staffActor(request), request.params.id, request.body),
  );

  app.post(
    '/admin/school/groups/:id/publish/',
    {
      config: { ...staff, audit: 'group.publish', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Опубликовать группу в расписании',
        description: 'Нужны опубликованный курс и хотя бы одно занятие. Закрытая группа открывается снова.',
        tags,
        params: schoolGroupParamsSchema,
        response: { 200: schoolGroupSchema, ...errors, ...missing },
      },
    },
    async (request) => publishGroup(db, staffActor(request), request.params.id),
  );

  app.post(
    '/admin/school/groups/:id/close/',
    {
      config: { ...staff, audit: 'group.close', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Закрыть группу: убрать из расписания и закрыть запись',
        description: 'Участники остаются в группе и видят её расписание.',
        tags,
        params: schoolGroupParamsSchema,
        response: { 200: schoolGroupSchema, ...errors, ...missing },
      },
    },
    async (request) => closeGroup(db, staffActor(request), request.params.id),
  );

  const sessionNote = 'Дата и время — по Москве. Это те же занятия, что видят участники в группе, в «Моём расписании» и в календаре по ссылке.';
  app.post(
    '/admin/school/groups/:id/sessions/',
    {
      config: { ...staff, audit: 'session.create', changes: ['catalog'] },
      onSend: noStore,
      schema: { summary: 'Добавить занятие в расписание группы', description: sessionNote, tags, params: schoolGroupParamsSchema, body: schoolSessionBodySchema, response: { 200: schoolGroupSchema, ...errors, ...missing } },
    },
    async (request) => addSession(db, staffActor(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/school/groups/:id/sessions/:sessionId/',
    {
      config: { ...staff, audit: 'session.update', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Изменить занятие группы; при переносе участники получат письмо',
        description: sessionNote + ' Письмо уходит, если у ещё не прошедшего занятия изменились дата или время.',
        tags,
        params: schoolSessionParamsSchema,
        body: schoolSessionBodySchema,
        response: { 200: schoolGroupSchema, ...errors, ...missing },
      },
    },
    async (request) => updateSession(db, staffActor(request), request.params.id, request.params.sessionId, request.body, publicUrl),
  );

  app.delete(
    '/admin/school/groups/:id/sessions/:sessionId/',
    {
      config: { ...staff, audit: 'session.cancel', changes: ['catalog'] },
      onSend: noStore,
      schema: {
        summary: 'Отменить занятие группы; участники получат письмо',
        description: 'Занятие исчезает из расписания участников и их календарей. Письмо — если занятие ещё не прошло.',
        tags,
        params: schoolSessionParamsSchema,
        response: { 200: schoolGroupSchema, ...errors, ...missing },
      },
    },
    async (request) => cancelSession(db, staffActor(request), request.params.id, request.params.sessionId, publicUrl),
  );

  app.get(
    '/admin/school/groups/:id/members/',
    {
      config: staff,
      onSend: noStore,
      schema: { summary: 'Участники группы и приглашённые по e-mail', tags, params: schoolGroupParamsSchema, response: { 200: schoolMembersSchema, ...errors, ...missing } },
    },
    async (request) => listMembers(db, staffActor(request), request.params.id),
  );

  app.post(
    '/admin/school/groups/:id/members/',
    {
      config: { ...staff, audit: 'member.add' },
      onSend: noStore,
      schema: {
        summary: 'Добавить участника по e-mail',
        description:
          'Человеку с аккаунтом курс открывается вручную и он попадает в группу; без аккаунта — приглашение письмом, в группу он попадёт, ' +
          'когда войдёт с этим адресом. Без свободного места — 400.',
        tags,
        params: schoolGroupParamsSchema,
        body: schoolMemberAddSchema,
        response: { 200: schoolMemberAddedSchema, ...errors, ...missing },
      },
    },
    async (request) => addMember(db, staffActor(request), request.params.id, request.body, publicUrl),
  );

  app.post(
    '/admin/school/groups/:id/members/:userCourseId/move/',
    {
      config: { ...staff, audit: 'member.move' },
      onSend: noStore,
      schema: {
        summary: 'Перевести участника в другую группу того же курса',
        description: 'Только в незакрытую группу со свободным местом; место, оплаченное заказом, переходит вместе с участником.',
        tags,
        params: schoolMemberParamsSchema,
        body: schoolMemberMoveSchema,
        response: { 200: schoolMembersSchema, ...errors, ...missing },
      },
    },
    async (request) => moveMember(db, staffActor(request), request.params.id, request.params.userCourseId, request.body.group_id),
  );

  app.delete(
    '/admin/school/groups/:id/members/:userCourseId/',
    {
      config: { ...staff, audit: 'member.remove' },
      onSend: noStore,
      schema: {
        summary: 'Исключить участника из группы',
        description: 'Доступ к курсу остаётся по общим правилам (зачисление не удаляется); место в группе освобождается.',
        tags,
        params: schoolMemberParamsSchema,
        response: { 200: schoolMembersSchema, ...errors, ...missing },
      },
    },
    async (request) => removeMember(db, staffActor(request), request.params.id, request.params.userCourseId),
  );
};

