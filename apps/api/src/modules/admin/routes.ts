// The course builder's calls (decision 0035). Every route is `owner`
// level (a student's token answers 403), and every query keeps to the actor's own courses, so
// another owner's ids answer 404 (scopes.ts).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCourseCreateSchema,
  adminDuplicateBodySchema,
  adminCourseParamsSchema,
  adminCoursePatchSchema,
  adminCourseSchema,
  adminCoursesQuerySchema,
  adminCourseCardSchema,
  adminLessonCardSchema,
  adminLessonCreateSchema,
  adminModuleBodySchema,
  adminModuleParamsSchema,
  adminModuleSchema,
  adminModulesSchema,
  adminTestCardSchema,
  adminProgressExportQuerySchema,
  adminProgressQuerySchema,
  adminProgressGroupsQuerySchema,
  adminGroupOptionSchema,
  adminProgressRowSchema,
  adminUploadSchema,
  adminAudienceAddSchema,
  adminAudienceAddedSchema,
  adminAudienceQuerySchema,
  adminGrantParamsSchema,
  adminLearnerParamsSchema,
  adminLearnerSchema,
  adminLinkCreateSchema,
  adminLinkParamsSchema,
  adminLinkPatchSchema,
  adminLinkSchema,
  adminPendingGrantSchema,
  invitationParamsSchema,
  invitationSchema,
  adminAnswerBodySchema,
  adminAnswerParamsSchema,
  adminQuestionCreateSchema,
  adminQuestionParamsSchema,
  adminQuestionPatchSchema,
  adminQuestionSchema,
  adminQuestionsSchema,
  adminTestParamsSchema,
  adminTestPatchSchema,
  adminTestSchema,
  adminBlocksPutSchema,
  adminBlocksSchema,
  adminLessonParamsSchema,
  adminLessonPatchSchema,
  adminLessonSchema,
  adminTestCreateSchema,
  contentOrderBodySchema,
  detailErrorSchema,
  fieldErrorsSchema,
  paginatedSchema,
  setOrderBodySchema,
} from '@crema/contract';
import { ApiError } from '../../errors.ts';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { createAdminCourse, deleteAdminCourse, getAdminCourse, listAdminCourses, patchAdminCourse } from './courses.ts';
import {
  createLesson,
  createModule,
  createTest,
  deleteModule,
  listModules,
  renameModule,
  setContentOrder,
  setKindOrder,
  setModuleOrder,
} from './structure.ts';
import { addToAudience, createLink, endAccess, listAudience, listLinks, setLinkActive, withdrawGrant } from './audience.ts';
import { readInvitation } from './invitations.ts';
import { adminProgress, adminProgressGroups, adminProgressSections, progressFileName, progressTitle } from './progress.ts';
import { create as contentDisposition } from 'content-disposition';
import { csvOf, xlsxOf } from '../../lib/spreadsheet.ts';
import { UPLOAD_KINDS, UPLOAD_MAX_BYTES, UPLOAD_TEXTS, storeUploadForm, type UploadKind } from './uploads.ts';
import {
  createAnswer,
  createFinalTest,
  createQuestion,
  setQuestionOrder,
  deleteAdminTest,
  deleteAnswer,
  deleteQuestion,
  getAdminTest,
  listFinalTests,
  listQuestions,
  patchAdminTest,
  patchQuestion,
} from './tests.ts';
import { deleteAdminLesson, getAdminBlocks, getAdminLesson, patchAdminLesson, putAdminBlocks } from './lessons.ts';
import { duplicateCourse, duplicateLesson, duplicateTest } from './duplicate.ts';

const tags = ['admin'];
const owner = { access: 'owner' as const };
const invalid = { 400: fieldErrorsSchema };
const courseMissing = { 404: detailErrorSchema.describe('Нет такого курса среди ваших') };
const moduleMissing = { 404: detailErrorSchema.describe('Нет такого модуля в ваших курсах') };
const lessonMissing = { 404: detailErrorSchema.describe('Нет такого урока в ваших курсах') };
const stale = (what: string) => ({ 409: detailErrorSchema.describe(`${what} изменили после того, как его открыли: ничего не записано`) });
const testMissing = { 404: detailErrorSchema.describe('Нет такого теста (вопроса, ответа) в ваших курсах') };
/** A call without a body is the same as `{}` (the copy goes next to the original). */
const emptyBodyIsEmptyObject = async (request: { body: unknown }) => {
  request.body ??= {};
};
const ORDER_NOTE = 'Полный новый порядок: каждый id списка ровно один раз; иначе 400 под `order`, и ничего не меняется.';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const media = app.media;
  // The published structure of courses, shared with learning's cache (progress numbers).
  const content = app.learningContent;
  app.addHook('onSend', noStore);
  // Uploads only: one file per request, streamed to disk (uploads.ts checks type and size).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: UPLOAD_MAX_BYTES + 1 } });

  app.get(
    '/admin/courses/',
    {
      config: owner,
      schema: {
        summary: 'Мои курсы (владелец курса): поиск, черновики и опубликованные',
        tags,
        querystring: adminCoursesQuerySchema,
        response: { 200: paginatedSchema(adminCourseCardSchema, 'AdminCoursePage'), ...invalid },
      },
    },
    async (request) => listAdminCourses(db, media, signedInActor(request), request.query, request.url),
  );

  app.post(
    '/admin/courses/',
    {
      config: owner,
      schema: {
        summary: 'Новый курс (черновик)',
        description: 'Адрес (slug) составляется из названия, если не указан; занятый адрес получает номер.',
        tags,
        body: adminCourseCreateSchema,
        response: { 201: adminCourseSchema, ...invalid },
      },
    },
    async (request, reply) => reply.code(201).send(await createAdminCourse(db, media, signedInActor(request), request.body)),
  );

  app.get(
    '/admin/courses/:id/',
    {
      config: owner,
      schema: { summary: 'Курс для редактирования', tags, params: adminCourseParamsSchema, response: { 200: adminCourseSchema, ...courseMissing } },
    },
    async (request) => getAdminCourse(db, media, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/courses/:id/',
    {
      config: owner,
      schema: {
        summary: 'Изменить курс (любые поля), опубликовать или снять с публикации',
        description:
          'Публикация проверяет, что курс готов (название, цена, хотя бы один опубликованный урок): иначе 400 с перечнем под `is_published`. ' +
          'С `updated_at` правка чужой новой версии отвечает 409.',
        tags,
        params: adminCourseParamsSchema,
        body: adminCoursePatchSchema,
        response: { 200: adminCourseSchema, ...invalid, ...courseMissing, 409: detailErrorSchema.describe('Курс изменили после того, как его открыли') },
      },
    },
    async (request) => patchAdminCourse(db, media, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/courses/:id/',
    {
      config: owner,
      schema: {
        summary: 'Удалить курс',
        description: 'Курс, у которого есть ученики или заказы, не удаляется (400): его можно снять с публикации.',
        tags,
        params: adminCourseParamsSchema,
        response: { 204: z.null(), ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => {
      await deleteAdminCourse(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/courses/:id/modules/',
    {
      config: owner,
      schema: {
        summary: 'Модули курса с уроками и тестами',
        tags,
        params: adminCourseParamsSchema,
        response: { 200: adminModulesSchema, ...courseMissing },
      },
    },
    async (request) => listModules(db, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/modules/',
    {
      config: owner,
      schema: {
        summary: 'Новый модуль в конце курса',
        tags,
        params: adminCourseParamsSchema,
        body: adminModuleBodySchema,
        response: { 201: adminModuleSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createModule(db, signedInActor(request), request.params.id, request.body.title)),
  );

  app.post(
    '/admin/courses/:id/modules/set-order/',
    {
      config: owner,
      schema: {
        summary: 'Порядок модулей курса',
        description: ORDER_NOTE,
        tags,
        params: adminCourseParamsSchema,
        body: setOrderBodySchema,
        response: { 200: adminModulesSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => setModuleOrder(db, signedInActor(request), request.params.id, request.body.order),
  );

  app.patch(
    '/admin/modules/:id/',
    {
      config: owner,
      schema: {
        summary: 'Переименовать модуль',
        tags,
        params: adminModuleParamsSchema,
        body: adminModuleBodySchema,
        response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request) => renameModule(db, signedInActor(request), request.params.id, request.body.title),
  );

  app.delete(
    '/admin/modules/:id/',
    {
      config: owner,
      schema: {
        summary: 'Удалить модуль вместе с его уроками и тестами',
        tags,
        params: adminModuleParamsSchema,
        response: { 204: z.null(), ...moduleMissing },
      },
    },
    async (request, reply) => {
      await deleteModule(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/modules/:id/lessons/',
    {
      config: owner,
      schema: {
        summary: 'Новый урок (черновик) в конце модуля',
        tags,
        params: adminModuleParamsSchema,
        body: adminLessonCreateSchema,
        response: { 201: adminLessonCardSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createLesson(db, signedInActor(request), request.params.id, request.body.title)),
  );

  app.post(
    '/admin/modules/:id/tests/',
    {
      config: owner,
      schema: {
        summary: 'Новый тест (черновик) в конце модуля',
        tags,
        params: adminModuleParamsSchema,
        body: adminTestCreateSchema,
        response: { 201: adminTestCardSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createTest(db, signedInActor(request), request.params.id, request.body.name)),
  );

  for (const kind of ['lesson', 'test'] as const) {
    app.post(
      `/admin/modules/:id/${kind}s/set-order/`,
      {
        config: owner,
        schema: {
          summary: kind === 'lesson' ? 'Порядок уроков модуля' : 'Порядок тестов модуля',
          description: `${ORDER_NOTE} ${kind === 'lesson' ? 'Уроки' : 'Тесты'} занимают свои прежние места в модуле в новом порядке; ${kind === 'lesson' ? 'тесты' : 'уроки'} остаются на местах.`,
          tags,
          params: adminModuleParamsSchema,
          body: setOrderBodySchema,
          response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
        },
      },
      async (request) => setKindOrder(db, signedInActor(request), request.params.id, kind, request.body.order),
    );
  }

  app.post(
    '/admin/modules/:id/content/set-order/',
    {
      config: owner,
      schema: {
        summary: 'Порядок уроков и тестов модуля вместе',
        description: `${ORDER_NOTE} Список пар {type, id}: так тест можно поставить между уроками.`,
        tags,
        params: adminModuleParamsSchema,
        body: contentOrderBodySchema,
        response: { 200: adminModuleSchema, ...invalid, ...moduleMissing },
      },
    },
    async (request) => setContentOrder(db, signedInActor(request), request.params.id, request.body.order),
  );
  app.get(
    '/admin/lessons/:id/',
    {
      config: owner,
      schema: { summary: 'Урок: настройки', tags, params: adminLessonParamsSchema, response: { 200: adminLessonSchema, ...lessonMissing } },
    },
    async (request) => getAdminLesson(db, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/lessons/:id/',
    {
      config: owner,
      schema: {
        summary: 'Изменить урок (любые поля): название, длительность, публикация, перенос в другой модуль курса',
        tags,
        params: adminLessonParamsSchema,
        body: adminLessonPatchSchema,
        response: { 200: adminLessonSchema, ...invalid, ...lessonMissing, ...stale('Урок') },
      },
    },
    async (request) => patchAdminLesson(db, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/lessons/:id/',
    {
      config: owner,
      schema: { summary: 'Удалить урок вместе с прогрессом учеников по нему', tags, params: adminLessonParamsSchema, response: { 204: z.null(), ...lessonMissing } },
    },
    async (request, reply) => {
      await deleteAdminLesson(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/lessons/:id/blocks/',
    {
      config: owner,
      schema: {
        summary: 'Блоки урока по страницам: данные для редактора и вид для ученика',
        tags,
        params: adminLessonParamsSchema,
        response: { 200: adminBlocksSchema, ...lessonMissing },
      },
    },
    async (request) => getAdminBlocks(db, media, signedInActor(request), request.params.id),
  );

  app.put(
    '/admin/lessons/:id/blocks/',
    {
      config: owner,
      schema: {
        summary: 'Записать содержимое урока целиком: страницы и блоки по порядку',
        description:
          'Одна запись заменяет всё: блоки с id сохраняются (данные, страница, место), без id — добавляются, остальные удаляются; пустые страницы отбрасываются. ' +
          'Запись идёт только от текущей версии урока (updated_at), иначе 409, и ничего не меняется.',
        tags,
        params: adminLessonParamsSchema,
        body: adminBlocksPutSchema,
        response: { 200: adminBlocksSchema, ...invalid, ...lessonMissing, ...stale('Урок') },
      },
    },
    async (request) => putAdminBlocks(db, media, signedInActor(request), request.params.id, request.body),
  );
  app.get(
    '/admin/courses/:id/tests/',
    {
      config: owner,
      schema: { summary: 'Итоговые тесты курса', tags, params: adminCourseParamsSchema, response: { 200: z.array(adminTestSchema), ...courseMissing } },
    },
    async (request) => listFinalTests(db, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/tests/',
    {
      config: owner,
      schema: {
        summary: 'Новый итоговый тест курса (черновик)',
        tags,
        params: adminCourseParamsSchema,
        body: adminTestCreateSchema,
        response: { 201: adminTestSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createFinalTest(db, signedInActor(request), request.params.id, request.body.name)),
  );

  app.get(
    '/admin/tests/:id/',
    {
      config: owner,
      schema: { summary: 'Тест: настройки и готовность к публикации', tags, params: adminTestParamsSchema, response: { 200: adminTestSchema, ...testMissing } },
    },
    async (request) => getAdminTest(db, signedInActor(request), request.params.id),
  );

  app.patch(
    '/admin/tests/:id/',
    {
      config: owner,
      schema: {
        summary: 'Изменить тест: название, описание, проходной балл, попытки, время, показ результатов, публикация',
        description: 'Публикация проверяет вопросы и ответы: иначе 400 с перечнем под `is_published` («Вопрос n: …»).',
        tags,
        params: adminTestParamsSchema,
        body: adminTestPatchSchema,
        response: { 200: adminTestSchema, ...invalid, ...testMissing, ...stale('Тест') },
      },
    },
    async (request) => patchAdminTest(db, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/tests/:id/',
    {
      config: owner,
      schema: { summary: 'Удалить тест вместе с попытками учеников', tags, params: adminTestParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteAdminTest(db, signedInActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/tests/:id/questions/',
    {
      config: owner,
      schema: { summary: 'Вопросы теста с ответами', tags, params: adminTestParamsSchema, response: { 200: adminQuestionsSchema, ...testMissing } },
    },
    async (request) => listQuestions(db, media, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/tests/:id/questions/',
    {
      config: owner,
      schema: {
        summary: 'Новый вопрос (probability 100 и sort 0 по умолчанию), можно сразу с ответами',
        tags,
        params: adminTestParamsSchema,
        body: adminQuestionCreateSchema,
        response: { 201: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createQuestion(db, media, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/tests/:id/questions/set-order/',
    {
      config: owner,
      schema: {
        summary: 'Порядок вопросов теста',
        description: ORDER_NOTE,
        tags,
        params: adminTestParamsSchema,
        body: setOrderBodySchema,
        response: { 200: adminQuestionsSchema, ...invalid, ...testMissing },
      },
    },
    async (request) => setQuestionOrder(db, media, signedInActor(request), request.params.id, request.body.order),
  );

  app.patch(
    '/admin/tests/:id/questions/:qid/',
    {
      config: owner,
      schema: {
        summary: 'Изменить вопрос; answers — весь список ответов (с id — изменить, без id — добавить, остальные удалить)',
        tags,
        params: adminQuestionParamsSchema,
        body: adminQuestionPatchSchema,
        response: { 200: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request) => patchQuestion(db, media, signedInActor(request), request.params.id, request.params.qid, request.body),
  );

  app.delete(
    '/admin/tests/:id/questions/:qid/',
    {
      config: owner,
      schema: { summary: 'Удалить вопрос', tags, params: adminQuestionParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteQuestion(db, signedInActor(request), request.params.id, request.params.qid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/tests/:id/questions/:qid/answers/',
    {
      config: owner,
      schema: {
        summary: 'Новый ответ в конце списка (is_correct false по умолчанию)',
        tags,
        params: adminQuestionParamsSchema,
        body: adminAnswerBodySchema,
        response: { 201: adminQuestionSchema, ...invalid, ...testMissing },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAnswer(db, media, signedInActor(request), request.params.id, request.params.qid, request.body)),
  );

  app.delete(
    '/admin/tests/:id/questions/:qid/answers/:aid/',
    {
      config: owner,
      schema: { summary: 'Удалить ответ', tags, params: adminAnswerParamsSchema, response: { 204: z.null(), ...testMissing } },
    },
    async (request, reply) => {
      await deleteAnswer(db, signedInActor(request), request.params.id, request.params.qid, request.params.aid);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/admin/lessons/:id/duplicate/',
    {
      config: owner,
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        summary: 'Дублировать урок со всеми страницами и блоками',
        description:
          'Копия «<название> (копия)» — черновик сразу после оригинала или, с `module_id`, в конце модуля любого из ваших курсов. ' +
          'Файлы не загружаются заново: копия ссылается на те же ключи. Всё в одной транзакции.',
        tags,
        params: adminLessonParamsSchema,
        body: adminDuplicateBodySchema,
        response: { 201: adminLessonSchema, ...invalid, 404: detailErrorSchema.describe('Нет такого урока или модуля в ваших курсах') },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateLesson(db, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/tests/:id/duplicate/',
    {
      config: owner,
      preValidation: emptyBodyIsEmptyObject,
      schema: {
        summary: 'Дублировать тест с настройками, вопросами и ответами',
        description:
          'Копия — черновик сразу после оригинала (итоговый тест — среди итоговых тестов курса) или, с `module_id`, в конце модуля любого из ваших курсов. ' +
          'Пары вопросов на соответствие сохраняются (connect_id нумеруются заново). Всё в одной транзакции.',
        tags,
        params: adminTestParamsSchema,
        body: adminDuplicateBodySchema,
        response: { 201: adminTestSchema, ...invalid, 404: detailErrorSchema.describe('Нет такого теста или модуля в ваших курсах') },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateTest(db, signedInActor(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/courses/:id/duplicate/',
    {
      config: owner,
      schema: {
        summary: 'Дублировать курс: новый черновик со всеми модулями, уроками и тестами',
        description:
          'Копия «<название> (копия)» с новым адресом, описанием, характеристиками и преподавателями, модулями, уроками (блоками), тестами (вопросами, ответами) и итоговыми тестами в том же порядке. ' +
          'Не копируются: ученики и доступы, заказы, ссылки-приглашения, отзывы, группы и расписание, статистика. Всё в одной транзакции.',
        tags,
        params: adminCourseParamsSchema,
        response: { 201: adminCourseSchema, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await duplicateCourse(db, media, signedInActor(request), request.params.id)),
  );

  app.get(
    '/admin/courses/:id/links/',
    {
      config: owner,
      schema: { summary: 'Ссылки-приглашения курса', tags, params: adminCourseParamsSchema, response: { 200: z.array(adminLinkSchema), ...courseMissing } },
    },
    async (request) => listLinks(db, config.publicUrl, signedInActor(request), request.params.id),
  );

  app.post(
    '/admin/courses/:id/links/',
    {
      config: owner,
      schema: {
        summary: 'Новая ссылка-приглашение: лимит записей и срок по желанию',
        tags,
        params: adminCourseParamsSchema,
        body: adminLinkCreateSchema,
        response: { 201: adminLinkSchema, ...invalid, ...courseMissing },
      },
    },
    async (request, reply) => reply.code(201).send(await createLink(db, config.publicUrl, signedInActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/admin/courses/:id/links/:linkId/',
    {
      config: owner,
      schema: {
        summary: 'Выключить или включить ссылку-приглашение',
        description: 'Выключенная ссылка никого не записывает; доступ тех, кто уже записался, остаётся.',
        tags,
        params: adminLinkParamsSchema,
        body: adminLinkPatchSchema,
        response: { 200: adminLinkSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => setLinkActive(db, config.publicUrl, signedInActor(request), request.params.id, request.params.linkId, request.body.is_active),
  );

  app.get(
    '/admin/courses/:id/audience/',
    {
      config: owner,
      schema: {
        summary: 'Ученики курса: кто, откуда (заказ, приглашение, вручную), прогресс; и приглашения, которые ещё не приняты',
        tags,
        params: adminCourseParamsSchema,
        querystring: adminAudienceQuerySchema,
        response: {
          200: paginatedSchema(adminLearnerSchema, 'AdminLearnerPage').extend({ pending: z.array(adminPendingGrantSchema) }),
          ...invalid,
          ...courseMissing,
        },
      },
    },
    async (request) => listAudience(db, signedInActor(request), request.params.id, request.query, request.url),
  );

  app.post(
    '/admin/courses/:id/audience/',
    {
      config: owner,
      schema: {
        summary: 'Открыть доступ по e-mail',
        description: 'Аккаунт получает курс сразу; адрес без аккаунта — приглашение письмом, и курс появится, когда человек войдёт по этому адресу.',
        tags,
        params: adminCourseParamsSchema,
        body: adminAudienceAddSchema,
        response: { 200: adminAudienceAddedSchema, ...invalid, ...courseMissing },
      },
    },
    async (request) => addToAudience(db, config.publicUrl, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/courses/:id/audience/:userCourseId/',
    {
      config: owner,
      schema: {
        summary: 'Закрыть доступ ученику',
        description: 'Доступ заканчивается сейчас; прогресс сохраняется, и повторное добавление открывает курс снова.',
        tags,
        params: adminLearnerParamsSchema,
        response: { 204: z.null(), ...courseMissing },
      },
    },
    async (request, reply) => {
      await endAccess(db, signedInActor(request), request.params.id, request.params.userCourseId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/admin/courses/:id/audience/pending/:grantId/',
    {
      config: owner,
      schema: { summary: 'Отозвать приглашение, которое ещё не принято', tags, params: adminGrantParamsSchema, response: { 204: z.null(), ...courseMissing } },
    },
    async (request, reply) => {
      await withdrawGrant(db, signedInActor(request), request.params.id, request.params.grantId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/invitations/:token/',
    {
      schema: {
        summary: 'Что открывает ссылка-приглашение',
        tags,
        params: invitationParamsSchema,
        response: { 200: invitationSchema, ...invalid, 404: detailErrorSchema },
      },
    },
    async (request) => readInvitation(db, request.params.token),
  );
  app.post(
    '/admin/uploads/',
    {
      config: owner,
      schema: {
        summary: 'Загрузить картинку, файл или видео для курса',
        description:
          'multipart/form-data с одним файлом (поле `file`). Тип определяется по содержимому: переименованный файл другого типа не примут. ' +
          `Картинки — JPG, PNG, WebP, GIF, AVIF до 15 МБ; файлы — PDF, DOCX, XLSX, PPTX, ZIP, JPG, PNG, MP3 до 50 МБ; видео — MP4, WebM до 1 ГБ. ` +
          'Ответ — ключ файла для полей image, file, url блоков и курса.',
        tags,
        querystring: z.object({ kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]], { error: 'Допустимые значения: image, file, video.' }) }),
        consumes: ['multipart/form-data'],
        response: { 201: adminUploadSchema, ...invalid },
      },
    },
    async (request, reply) => {
      const actor = signedInActor(request);
      if (!request.isMultipart()) throw ApiError.fields({ file: [UPLOAD_TEXTS.noFile] });
      const stored = await storeUploadForm(media, actor.user.id, request.query.kind, request.parts());
      return reply.code(201).send(stored);
    },
  );
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
