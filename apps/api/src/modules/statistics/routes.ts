// Progress statistics (decision 0033): overall, per group, per
// module, per test, per lesson, and the export as CSV or XLSX. The holder's own, or with
// `student` one of their students' (children's); anyone else's student, course, group, test or
// lesson answers 404 like one that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  groupsStatisticQuerySchema,
  groupsStatisticSchema,
  lessonStatisticSchema,
  modulesStatisticQuerySchema,
  modulesStatisticSchema,
  progressCoursesSchema,
  statisticExportQuerySchema,
  statisticItemParamsSchema,
  statisticItemQuerySchema,
  statisticQuerySchema,
  statisticSchema,
  testStatisticSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { AnswerIds } from '../learning/answer-ids.ts';
import { exportDisposition, toCsv, toXlsx } from './export.ts';
import { exportReport, groupsStatistic, lessonStatistic, modulesStatistic, overallStatistic, progressCourses, testStatistic } from './service.ts';

const tags = ['statistics'];
const config = { access: 'user' as const };
const notFound = { 404: detailErrorSchema.describe('Нет такого ученика, курса, группы, теста или урока у вас или вашего ученика') };
const WHO =
  ' Без параметра student — статистика владельца аккаунта; со student — его ученика (ребёнка). ' +
  'Считается по курсам пользователя, в том числе скрытым и с закончившимся доступом (история обучения остаётся).';
const PERIOD_NOTE =
  ' Период — целые дни по Москве: period=week — последние 7 дней с сегодняшним, month — 30, year — 365, all — всё время; ' +
  'from/to (YYYY-MM-DD, включительно) важнее period. «За период» считаются пройденные уроки (по первому открытию), ' +
  'сданные тесты (по попытке, с которой оценка достигла проходного балла), завершённые попытки, средний балл и время. ' +
  'Время: измеренная длительность попыток тестов плюс указанная автором длительность уроков, прочитанных до последней страницы.';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // Answer ids as each attempt showed them to the learner (decision 0050).
  const answerIds = new AnswerIds(app.deps.config.secretKey);
  const content = app.learningContent;
  app.addHook('onSend', noStore);

  app.get(
    '/user/course/statistic/',
    {
      config,
      schema: {
        summary: 'Статистика обучения: итоги, прогресс по курсам, баллы по времени',
        description: 'Итоги (курсы, уроки, тесты, средний балл, время), прогресс каждого курса и завершённые попытки по времени.' + WHO + PERIOD_NOTE,
        tags,
        querystring: statisticQuerySchema,
        response: { 200: statisticSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => overallStatistic(db, content.structure, signedInActor(request), request.query),
  );

  app.get(
    '/user/course/statistic/courses/',
    {
      config,
      schema: {
        summary: 'Курсы на странице успеваемости: модули и тесты с попытками',
        description:
          'По каждому курсу общей статистики (те же фильтры): модули (как /api/user/courses/modules/) и тесты с оценкой, лучшим и последним баллом ' +
          'и завершёнными попытками (их ответы — в статистике теста). У открытого курса — все опубликованные тесты в порядке программы, ' +
          'у скрытого или закончившегося — пройденные за период.' +
          WHO +
          PERIOD_NOTE,
        tags,
        querystring: statisticQuerySchema,
        response: { 200: progressCoursesSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => progressCourses(db, content.structure, signedInActor(request), request.query),
  );

  app.get(
    '/user/course/statistic/export/',
    {
      config,
      schema: {
        summary: 'Выгрузка прогресса обучения в CSV или XLSX',
        description:
          'Курсы, модули, попытки тестов и посещаемость занятий групп (за период). CSV — UTF-8 с BOM, разделитель «;», строки CRLF (Excel в русской локали открывает по столбцам); ' +
          'XLSX — лист на каждую таблицу. Даты — дд.мм.гггг по Москве; имя файла — по-русски (filename*).' +
          WHO +
          PERIOD_NOTE,
        tags,
        querystring: statisticExportQuerySchema,
        response: { 200: z.any().describe('Файл CSV (text/csv) или XLSX'), 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await exportReport(db, content.structure, signedInActor(request), query);
      const body = format === 'csv' ? toCsv(report) : await toXlsx(report);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', exportDisposition(report, format))
        .send(body);
    },
  );

  app.get(
    '/user/courses/groups/',
    {
      config,
      schema: {
        summary: 'Прогресс в группах',
        description: 'По каждой группе, где учится владелец аккаунта (или его ученик со student): курс, прогресс, пройденные и оставшиеся занятия.' + WHO,
        tags,
        querystring: groupsStatisticQuerySchema,
        response: { 200: groupsStatisticSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => groupsStatistic(db, content.structure, signedInActor(request), request.query.student),
  );

  app.get(
    '/user/courses/modules/',
    {
      config,
      schema: {
        summary: 'Прогресс по модулям курса',
        description: 'Нужен course (с student для курса ученика) или user_course. По каждому модулю: уроки, тесты, средний балл, процент.' + WHO,
        tags,
        querystring: modulesStatisticQuerySchema,
        response: { 200: modulesStatisticSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => modulesStatistic(db, content.structure, signedInActor(request), request.query),
  );

  app.get(
    '/user/course/statistic/testing/:id/',
    {
      config,
      schema: {
        summary: 'Статистика теста: попытки, лучший и последний балл',
        description:
          '{id} — id теста курса, который проходит владелец аккаунта (или его ученик со student). Ответы каждой завершённой попытки — ' +
          'как разрешает настройка теста review (score — только балл, correctness — верно ли, answers_when_done — и верные ' +
          'ответы, когда тест сдан или попытки закончились, answers — и верные ответы всегда); id ответов — как их показывала ' +
          'сама попытка.' +
          WHO,
        tags,
        params: statisticItemParamsSchema,
        querystring: statisticItemQuerySchema,
        response: { 200: testStatisticSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => testStatistic(db, answerIds, signedInActor(request), request.params.id, request.query.student),
  );

  app.get(
    '/user/course/statistic/lesson/:id/',
    {
      config,
      schema: {
        summary: 'Статистика урока: страницы, первое и последнее открытие',
        description: '{id} — id урока курса, который проходит владелец аккаунта (или его ученик со student).' + WHO,
        tags,
        params: statisticItemParamsSchema,
        querystring: statisticItemQuerySchema,
        response: { 200: lessonStatisticSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => lessonStatistic(db, signedInActor(request), request.params.id, request.query.student),
  );
};
