// Groups and my schedule (decision 0031): the group_schedule calls (`{id}` is
// the group), my groups, my schedule and the personal iCal feed. Members only: anyone else's group
// answers 404 like a group that does not exist.
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableGroupCoursesSchema,
  calendarFeedSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  groupLessonParamsSchema,
  groupLessonsSchema,
  groupModulesSchema,
  groupParamsSchema,
  groupSessionParamsSchema,
  lessonPageSchema,
  lessonQuerySchema,
  myGroupDetailSchema,
  myGroupSessionSchema,
  myGroupsSchema,
  userScheduleQuerySchema,
  userScheduleSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { currentFeed, feedCalendar, makeFeed, revokeFeed } from './feed.ts';
import { groupLessonPage, groupLessons, groupModules } from './programme.ts';
import { DEFAULT_DAYS, MAX_DAYS, userSchedule } from './schedule.ts';
import { availableGroupCourses, myGroup, myGroupSession, myGroups } from './service.ts';

const tags = ['groups'];
const member = { access: 'user' as const };
/** The programme calls, like the course calls, also take the course-token cookie of the group's enrolment (decision 0028). */
const learner = { access: 'user' as const, courseToken: true };
const notFound = { 404: detailErrorSchema.describe('Нет такой группы, или вы (и ваши ученики) в ней не учитесь') };
const TIMETABLE_NOTE =
  ' Урок или тест, привязанный к занятию группы, открывается с началом первого такого занятия (is_open, opens_at, session); ' +
  'не привязанные к занятиям — по правилам курса. Прогресс — по курсу пользователя (user_course_id), как в вызовах курса. ' +
  'Вместо токена доступа можно прислать cookie курса `crema_course` этого курса пользователя.';

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const content = app.learningContent;
  app.addHook('onSend', noStore);

  app.get(
    '/group_schedule/courses/available/',
    {
      config: member,
      schema: {
        summary: 'Курсы, которые ученик проходит в группе',
        description: 'По записи на каждое зачисление (своё или ребёнка), которое состоит в группе: курс, группа, дата старта, преподаватель, кто учится.',
        tags,
        response: { 200: availableGroupCoursesSchema },
      },
    },
    async (request) => availableGroupCourses(db, signedInActor(request)),
  );

  app.get(
    '/group_schedule/:id/modules/',
    {
      config: learner,
      schema: {
        summary: 'Программа группы: модули курса с уроками и тестами, статусами и расписанием',
        description: 'Ответ курса (modules, final_tests) с полями расписания у каждого урока и теста.' + TIMETABLE_NOTE,
        tags,
        params: groupParamsSchema,
        response: { 200: groupModulesSchema, ...notFound },
      },
    },
    async (request) => groupModules(db, content, signedInActor(request), request.params.id),
  );

  app.get(
    '/group_schedule/:id/lesson/',
    {
      config: learner,
      schema: {
        summary: 'Уроки группы по порядку курса, с занятиями, на которых их проходят',
        description: 'Опубликованные уроки модулей курса группы.' + TIMETABLE_NOTE,
        tags,
        params: groupParamsSchema,
        response: { 200: groupLessonsSchema, ...notFound },
      },
    },
    async (request) => groupLessons(db, content, signedInActor(request), request.params.id),
  );

  app.get(
    '/group_schedule/:id/lesson/:lessonId/',
    {
      config: learner,
      schema: {
        summary: 'Страница урока в группе',
        description:
          'Ответ урока курса (блоки, страницы, предыдущее и следующее место); открытие записывает прогресс курса пользователя. ' +
          'Урок, привязанный к занятию, которое ещё не началось, — 403 с датой и временем занятия по Москве. HEAD прогресс не записывает.',
        tags,
        params: groupLessonParamsSchema,
        querystring: lessonQuerySchema,
        response: {
          200: lessonPageSchema,
          400: fieldErrorsSchema,
          403: detailErrorSchema.describe('Урок откроется с началом занятия (дата и время по Москве в тексте)'),
          ...notFound,
        },
      },
    },
    async (request) =>
      groupLessonPage(db, content, signedInActor(request), { ...request.params, page: request.query.page }, { record: request.method !== 'HEAD' }),
  );

  app.get(
    '/user/groups/',
    {
      config: member,
      schema: {
        summary: 'Мои группы и группы моих учеников',
        description: 'Курс, даты, преподаватель, кто из аккаунта учится, сколько человек в группе, ближайшее занятие. По дате старта.',
        tags,
        response: { 200: myGroupsSchema },
      },
    },
    async (request) => myGroups(db, signedInActor(request)),
  );

  app.get(
    '/user/groups/:id/',
    {
      config: member,
      schema: {
        summary: 'Группа: расписание занятий',
        description: 'Всё расписание группы: время, место или ссылка на онлайн-занятие, урок или тест занятия; только для участников.',
        tags,
        params: groupParamsSchema,
        response: { 200: myGroupDetailSchema, ...notFound },
      },
    },
    async (request) => myGroup(db, signedInActor(request), request.params.id),
  );

  app.get(
    '/user/groups/:id/schedule/:scheduleId/',
    {
      config: member,
      schema: {
        summary: 'Занятие группы: время, место или ссылка, урок или тест',
        description: 'Одно занятие группы, в которой учится владелец аккаунта или его ученик; иначе 404.',
        tags,
        params: groupSessionParamsSchema,
        response: { 200: myGroupSessionSchema, 404: detailErrorSchema.describe('Нет такой группы или занятия, или вы в ней не учитесь') },
      },
    },
    async (request) => myGroupSession(db, signedInActor(request), request.params.id, request.params.scheduleId),
  );

  app.get(
    '/user/schedule/',
    {
      config: member,
      schema: {
        summary: 'Моё расписание: занятия моих групп и групп моих учеников по дням',
        description:
          `Дни — по московскому времени, где бы ни был клиент; from и to включительно (по умолчанию сегодня и ещё ${DEFAULT_DAYS} дней, ` +
          `не больше ${MAX_DAYS} дней). learners — чьё занятие. changed_since_last_visit — занятие добавлено или изменено после ` +
          'прошлого посещения расписания (чтения в пределах 30 минут — одно посещение; HEAD посещение не записывает).',
        tags,
        querystring: userScheduleQuerySchema,
        response: { 200: userScheduleSchema, 400: fieldErrorsSchema },
      },
    },
    async (request) => userSchedule(db, signedInActor(request), request.query, { record: request.method !== 'HEAD' }),
  );

  const feedDescription =
    'Секретная ссылка на календарь занятий (iCalendar, .ics) для подписки в Google Календаре, Календаре Apple и других; ' +
    'по ней (`GET /ical/{секрет}.ics`, без входа, text/calendar, времена в UTC, постоянные UID) отдаются занятия моих групп ' +
    'и групп моих учеников за 30 дней назад и на год вперёд. Неизвестная или отозванная ссылка — 404.';
  app.get(
    '/user/schedule/feed/',
    {
      config: member,
      schema: { summary: 'Ссылка на мой календарь (или null)', description: feedDescription, tags, response: { 200: calendarFeedSchema } },
    },
    async (request) => currentFeed(db, config, signedInActor(request)),
  );
  app.post(
    '/user/schedule/feed/',
    {
      config: member,
      schema: {
        summary: 'Создать ссылку на мой календарь (прежняя перестаёт работать)',
        description: feedDescription,
        tags,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => makeFeed(db, config, signedInActor(request)),
  );
  app.delete(
    '/user/schedule/feed/',
    {
      config: member,
      schema: { summary: 'Отозвать ссылку на мой календарь', description: 'Ответ 204.', tags, response: { 204: z.null().describe('Отозвано') } },
    },
    async (request, reply) => {
      await revokeFeed(db, signedInActor(request));
      return reply.status(204).send(null);
    },
  );
};

/** GET /ical/{secret}.ics: the feed itself, outside /api (calendar apps fetch it without signing in). */
export const calendarFeedRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  app.get(
    '/ical/:file',
    {
      // Outside the API document (its paths are /api/ only); the feed calls above describe it.
      schema: { hide: true },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const body = file.endsWith('.ics') ? await feedCalendar(db, config, file.slice(0, -'.ics'.length), 'Crema') : null;
      if (body === null) {
        return reply.status(404).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ detail: 'Календарь не найден.' });
      }
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="crema.ics"')
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  );
};
