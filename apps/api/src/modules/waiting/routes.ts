// The waiting list of full groups (decision 0067): a signed-in person joins it; staff see it per group.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailErrorSchema, fieldErrorsSchema, idParamSchema, myWaitingSchema, waitingLeftSchema, waitingGroupsSchema, waitingJoinBodySchema, waitingJoinSchema, waitingListSchema } from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor, staffActor } from '../auth/plugin.ts';
import { joinWaiting, leaveWaiting, myWaiting, waitingGroups, waitingList } from './waiting.ts';

const tags = ['waiting'];

export const waitingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/groups/waiting/',
    {
      config: { access: 'user', idempotent: true },
      onSend: noStore,
      schema: {
        summary: 'Встать в лист ожидания полной группы',
        description:
          'Одна запись на человека и группу; повторный вызов — «вы уже в листе ожидания». Когда место освободится, первый в ' +
          'листе получает письмо: место держится за ним WAITING_OFFER_HOURS часов (заказ уже оформлен, ссылка на оплату в ' +
          'письме), потом переходит следующему. В группе есть места — 409; уже учитесь на курсе — 409; нет такой группы — 404.',
        tags,
        body: waitingJoinBodySchema,
        response: { 200: waitingJoinSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => joinWaiting(db, signedInActor(request), request.body.group),
  );

  app.get(
    '/groups/waiting/',
    {
      config: { access: 'user' },
      onSend: noStore,
      schema: {
        summary: 'Мои листы ожидания',
        description: 'Группы, в листе ожидания которых человек стоит или которым уже предложено место, с местом в очереди.',
        tags,
        response: { 200: myWaitingSchema },
      },
    },
    async (request) => myWaiting(db, signedInActor(request)),
  );

  app.delete(
    '/groups/waiting/:id/',
    {
      config: { access: 'user' },
      onSend: noStore,
      schema: {
        summary: 'Выйти из листа ожидания группы',
        description: '`id` — группа. Не в листе — 404; место уже предложено — 409: его отказывают, отменив заказ в «Мои заказы».',
        tags,
        params: idParamSchema,
        response: { 200: waitingLeftSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => leaveWaiting(db, signedInActor(request), request.params.id),
  );

  app.get(
    '/admin/school/waiting/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Группы с листом ожидания (сотрудники)',
        description: 'Группы, где кто-то ждёт места или ему предложено место; ближайший старт сверху.',
        tags,
        response: { 200: waitingGroupsSchema },
      },
    },
    async (request) => waitingGroups(db, staffActor(request)),
  );

  app.get(
    '/admin/school/groups/:id/waiting/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Лист ожидания группы (сотрудники)',
        description: 'Сначала те, кому место предложено (с заказом и сроком брони), затем ждущие по порядку, затем закрытые записи.',
        tags,
        params: idParamSchema,
        response: { 200: waitingListSchema, 400: fieldErrorsSchema, 404: detailErrorSchema },
      },
    },
    async (request) => waitingList(db, staffActor(request), request.params.id),
  );
};
