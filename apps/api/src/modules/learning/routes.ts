// Learning calls (decision 0028). `{id}` is the
// user course (the enrolment): a parent's own and a child's enrolment in one course are two ids.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSE_TOKEN_COOKIE,
  attemptParamsSchema,
  attemptReportSchema,
  courseModulesSchema,
  courseSessionBodySchema,
  courseSessionSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  lessonPageSchema,
  lessonParamsSchema,
  lessonQuerySchema,
  moduleTestParamsSchema,
  quizProgressSchema,
  quizSaveBodySchema,
  quizStateSchema,
  testParamsSchema,
  testQuerySchema,
  userCourseParamsSchema,
  userCoursePatchBodySchema,
  userCourseStateSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { COURSE_SESSION_TTL_S, removeEnrolment, setActive, startCourseSession } from './enrolments.ts';
import { AnswerIds } from './answer-ids.ts';
import { getLessonPage } from './lessons.ts';
import { getCourseModules } from './outline.ts';
import { attemptReport, getQuiz, quizProgress, saveQuiz } from './quiz.ts';
import { checkCertificate } from '../certificates/issue.ts';

const tags = ['learning'];
const notFound = { 404: detailErrorSchema.describe('Нет такого курса пользователя, урока или теста, или доступ к нему закрыт') };
/** Learning reads and quiz calls: the access token, or the course-token cookie of the same enrolment. */
const learner = { access: 'user' as const, courseToken: true };
/**
 * `?clear=true` starts an attempt (and grades an open one, spending an attempt): a cookie call with
 * it passes the CSRF check, so a link on another site cannot do it with the learner's cookies.
 * Any value but 'false' counts (anything else is a 400 later anyway). Reading the quiz stays a
 * plain GET (the site's loaders read it in-process without the CSRF header).
 */
const startsAttempt = (query: Record<string, unknown>) => query.clear !== undefined && query.clear !== 'false';
const COURSE_TOKEN_NOTE =
  ' Вместо токена доступа можно прислать cookie курса `crema_course` (POST /api/user/courses/session/) — только для этого курса.';

export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // The published structure and lesson blocks, the same for every learner, kept a few seconds (0005).
  const content = app.learningContent;
  /** Progress changed for enrolment `id`: issues its certificate when the course has one and it is earned. */
  const certificateDue = (id: number) => checkCertificate(db, { publicUrl: app.deps.config.publicUrl }, id);
  // The answer ids learners see, each attempt's own (decision 0050).
  const answerIds = new AnswerIds(app.deps.config.secretKey);
  app.addHook('onSend', noStore);

  app.patch(
    '/user/courses/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Скрыть курс из «Моего обучения» или вернуть его (is_active)',
        description: 'Скрытый курс не открывается для учёбы, пока его не вернут; прогресс сохраняется.',
        tags,
        params: userCourseParamsSchema,
        body: userCoursePatchBodySchema,
        response: { 200: userCourseStateSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request) => setActive(db, signedInActor(request), request.params.id, request.body.is_active),
  );

  app.delete(
    '/user/courses/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Удалить курс из своего обучения (доступ к нему пропадает)',
        description: 'Удаляет доступ насовсем вместе с прогрессом, попытками тестов и местом в группе. Ответ 204.',
        tags,
        params: userCourseParamsSchema,
        response: { 204: z.null().describe('Удалено'), ...notFound },
      },
    },
    async (request, reply) => {
      await removeEnrolment(db, signedInActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/courses/session/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Начать сеанс курса: cookie курса (crema_course)',
        description:
          'Ставит httpOnly cookie `crema_course` (12 ч, живёт не дольше входа), которым вызовы уроков и тестов этого ' +
          'курса могут идти без токена доступа; прежние cookie курса этого входа перестают действовать. Курс должен быть ' +
          'открыт для учёбы (активен, доступ не истёк).',
        tags,
        body: courseSessionBodySchema,
        response: { 200: courseSessionSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    async (request, reply) => {
      const session = await startCourseSession(db, signedInActor(request), request.body.account_course_id);
      const { config } = app.deps;
      void reply.setCookie(COURSE_TOKEN_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        maxAge: COURSE_SESSION_TTL_S,
      });
      return { id: session.id };
    },
  );

  app.get(
    '/user/course/:id/modules/',
    {
      config: learner,
      schema: {
        summary: 'Модули курса с уроками и тестами и итоговые тесты, со статусами ученика',
        description:
          'Статусы: урок — partially_completed после открытия, completed после последней страницы; тест — completed, ' +
          'когда оценка (grading) не ниже проходного балла, partially_completed после попытки. Только опубликованные.' +
          COURSE_TOKEN_NOTE,
        tags,
        params: userCourseParamsSchema,
        response: { 200: courseModulesSchema, ...notFound },
      },
    },
    async (request) => getCourseModules(db, signedInActor(request), request.params.id, content.structure),
  );

  app.get(
    '/user/course/:id/lesson/:lessonId/',
    {
      config: learner,
      schema: {
        summary: 'Страница урока: блоки, число страниц, предыдущее и следующее место курса',
        description:
          'Открытие страницы записывает прогресс: partially_completed, на последней странице — completed; статус не ' +
          'откатывается; запрос HEAD прогресс не записывает. Страницы после последней — 404.' +
          COURSE_TOKEN_NOTE,
        tags,
        params: lessonParamsSchema,
        querystring: lessonQuerySchema,
        response: { 200: lessonPageSchema, 400: fieldErrorsSchema, ...notFound },
      },
    },
    // Fastify answers HEAD with this handler too: a HEAD (a link checker, a prefetch) records no progress.
    async (request) =>
      getLessonPage(db, content, signedInActor(request), { ...request.params, page: request.query.page }, { record: request.method !== 'HEAD', onCompleted: certificateDue }),
  );

  const quizErrors = {
    400: fieldErrorsSchema,
    403: detailErrorSchema.describe('Итоговый тест ещё закрыт: не пройдены модули курса'),
    409: detailErrorSchema.describe('Попытки закончились, нет открытой попытки, время вышло или в тесте нет вопросов'),
    ...notFound,
  };
  const getDescription =
    'Текущая попытка, иначе последняя с результатом, иначе attempt: null. `clear=true` начинает новую попытку, если ' +
    'попытки остались (открытая при этом завершается и оценивается), иначе 409; по cookie сайта такой запрос, как ' +
    'изменяющий, требует заголовка X-CSRF-Token. Вопросы попытки вытянуты по probability ' +
    'при её начале и не меняются. is_correct и connect_id не отдаются; результат — только у завершённой попытки.' +
    COURSE_TOKEN_NOTE;
  const postDescription =
    'Сохраняет selected_answers в открытую попытку (по вопросам поверх прежних) — автосохранение; `finish: true` ' +
    'завершает и оценивает. После истечения времени (+10 с) ответы не засчитываются: попытка завершается временем ' +
    'окончания, ответ 409. Сохранений одного курса пользователя — не больше QUIZ_SAVES_PER_MINUTE (120) в минуту, ' +
    'дальше 429 с Retry-After.' +
    COURSE_TOKEN_NOTE;

  for (const [path, params] of [
    ['/user/course/:id/testing/:testId/', testParamsSchema],
    ['/user/course/:id/module/:moduleId/testing/:testId/', moduleTestParamsSchema],
  ] as const) {
    app.get(
      path,
      {
        config: { ...learner, changesState: startsAttempt },
        schema: {
          summary: 'Тест: состояние и текущая попытка (clear=true — новая попытка)',
          description: getDescription,
          tags,
          params,
          querystring: testQuerySchema,
          response: { 200: quizStateSchema, ...quizErrors },
        },
      },
      // A HEAD (answered by this handler) never starts an attempt, whatever its clear says.
      async (request) => getQuiz(db, answerIds, content.structure, signedInActor(request), request.params, request.query.clear && request.method !== 'HEAD'),
    );
    app.post(
      path,
      {
        config: { ...learner, idempotent: true },
        schema: {
          summary: 'Тест: сохранить ответы (автосохранение) или завершить попытку',
          description: postDescription,
          tags,
          params,
          querystring: testQuerySchema,
          body: quizSaveBodySchema,
          response: {
            200: quizStateSchema,
            ...quizErrors,
            429: detailErrorSchema.describe('Сохранений этого курса больше QUIZ_SAVES_PER_MINUTE за минуту; заголовок Retry-After'),
          },
        },
      },
      async (request) => {
        const state = await saveQuiz(db, answerIds, content, signedInActor(request), request.params, request.body, {
          savesPerMinute: app.deps.config.quizSavesPerMinute,
        });
        // A finished attempt changes progress: a certificate may be due (decision 0085).
        if (request.body.finish) await certificateDue(request.params.id);
        return state;
      },
    );
  }

  app.get(
    '/user/course/:id/testing/:testId/progress/',
    {
      config: learner,
      schema: {
        summary: 'Попытки ученика по тесту и оценка',
        description: 'Оценка — по способу grading теста (highest, last, first, average).' + COURSE_TOKEN_NOTE,
        tags,
        params: testParamsSchema,
        response: { 200: quizProgressSchema, ...notFound },
      },
    },
    async (request) => quizProgress(db, signedInActor(request), request.params),
  );

  // The result page of one attempt (/user/progress/test-results/{attemptId}/ on the site). The
  // attempt id alone names it, so the path carries no course: the query keeps it to the caller's own.
  app.get(
    '/user/attempts/:attemptId/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Результат одной завершённой попытки теста ученика',
        description:
          'Тест, курс пользователя (зачисление) и название курса, завершённая попытка с баллом и вопросами; что было ' +
          'верно — как разрешает review теста. Чужая попытка и попытка в процессе — 404.',
        tags,
        params: attemptParamsSchema,
        response: { 200: attemptReportSchema, 404: detailErrorSchema.describe('Нет такой завершённой попытки у этого ученика') },
      },
    },
    async (request) => attemptReport(db, answerIds, signedInActor(request), request.params.attemptId),
  );
};
