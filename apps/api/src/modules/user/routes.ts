import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELETION_TEXTS,
  accountDeleteBodySchema,
  accountExportSchema,
  codeSentSchema,
  consentCreateBodySchema,
  consentIdParamsSchema,
  consentSchema,
  consentsSchema,
  detailErrorSchema,
  pendingConsentsSchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  moscowIsoDate,
  myCourseListSchema,
  grantsAppliedSchema,
  pendingGrantsSchema,
  myCourseListQuerySchema,
  documentsPatchBodySchema,
  documentsSchema,
  fieldErrorsSchema,
  personalPatchBodySchema,
  personalPatchResultSchema,
  personalSchema,
  referenceBooksSchema,
  studentCreateBodySchema,
  studentIdParamsSchema,
  studentListSchema,
  studentPatchBodySchema,
  studentSchema,
} from '@crema/contract';
import { createSealedBox, personalDataKeyRing } from '../../lib/sealed.ts';
import { clearSessionCookies, noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { applyVerifiedGrants, countCourseGrants } from '../learning/grants.ts';
import { listMyCourses } from './courses.ts';
import { giveConsent, listConsents, pendingConsents, withdrawConsent } from './consents.ts';
import { AccountDeletionService } from './deletion.ts';
import { confirmEmailChange, requestEmailChange } from './email.ts';
import { exportAccount } from './export.ts';
import { getDocuments, getPersonal, patchDocuments, patchPersonal, referenceBooks } from './service.ts';
import { createStudent, deleteStudent, listStudents, patchStudent } from './students.ts';
import { acceptFormFields } from '../../lib/form-body.ts';
import { checkAccount } from '../certificates/issue.ts';

/** The body types the account forms may send (documented in the OpenAPI document). */
const FORM_TYPES = ['application/json', 'multipart/form-data'];
const MULTIPART_NOTE = ' Тело — JSON или multipart/form-data (пустое значение очищает поле).';

/** The signed-in user's own data. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Personal answers are never cached.
  app.addHook('onSend', noStore);
  // The account forms send multipart form data; fields become the body, as JSON would,
  // and are checked by the same schemas. No files here: a file part is refused.
  await acceptFormFields(app, { fields: 30, fieldSize: 4096 });
  const box = createSealedBox(personalDataKeyRing(app.deps.config.secretKey, app.deps.config.secretKeyPrevious));
  const { db } = app.deps;
  const auth = app.auth;
  const deletion = new AccountDeletionService(app.deps, auth);
  const limited = { 429: detailErrorSchema };

  app.get(
    '/user/personal/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Личные данные',
        description: 'Поля пользователя и заполненность профиля.',
        tags: ['user'],
        response: { 200: personalSchema },
      },
    },
    async (request) => getPersonal(db, signedInActor(request)),
  );

  app.patch(
    '/user/personal/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить личные данные',
        description:
          'Частичное изменение; data_refusal=true стирает данные документов (documents_erased в ответе). ' +
          'Смена e-mail здесь не делается: новый адрес подтверждается кодом.' +
          MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: personalPatchBodySchema,
        response: { 200: personalPatchResultSchema, 400: fieldErrorsSchema },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      const result = await patchPersonal(db, actor, request.body);
      // A name saved may be what a finished course's certificate waited for (decision 0085).
      const { last_name, first_name, patronymic } = request.body;
      if (last_name !== undefined || first_name !== undefined || patronymic !== undefined) {
        await checkAccount(db, { publicUrl: app.deps.config.publicUrl }, actor.user.id, { issue: true });
      }
      return result;
    },
  );

  app.get(
    '/user/documents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Документы',
        description: 'Паспорт и СНИЛС владельца кабинета (хранятся зашифрованными, видны только ему).',
        tags: ['user'],
        response: { 200: documentsSchema },
      },
    },
    async (request) => getDocuments(db, box, signedInActor(request)),
  );

  app.patch(
    '/user/documents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить документы',
        description: 'Частичное изменение; после отказа от предоставления данных — 409.' + MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: documentsPatchBodySchema,
        response: { 200: documentsSchema, 400: fieldErrorsSchema, 409: detailErrorSchema },
      },
    },
    async (request) => patchDocuments(db, box, signedInActor(request), request.body),
  );

  app.get(
    '/user/courses/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Мое обучение',
        description:
          'Курсы владельца кабинета и его учеников (student — кто учится, если не он сам), новые сверху: показанные, ' +
          'а с `is_active=false` — скрытые (их уроки закрыты, пока курс не вернут через PATCH /api/user/courses/{id}/). ' +
          'Курсы с прошедшим сроком доступа (access_ended) — в конце списка, их уроки и тесты закрыты. progress — ' +
          'пройдено уроков из опубликованных уроков курса.',
        tags: ['user'],
        querystring: myCourseListQuerySchema,
        response: { 200: myCourseListSchema },
      },
    },
    async (request) => listMyCourses(db, app.media, signedInActor(request), request.query.is_active),
  );

  // Access an owner granted to the address meanwhile (decision 0035): a read counts it, a POST takes it.
  app.get(
    '/user/courses/grants/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Курсы, ожидающие добавления',
        description:
          'Сколько курсов владельцы курсов открыли на подтверждённый адрес аккаунта и ещё не добавлено в «Мое обучение» ' +
          '(для неподтверждённого адреса — 0). Только чтение: добавляет их POST /api/user/courses/grants/, ' +
          'а также вход и обновление сеанса.',
        tags: ['user'],
        response: { 200: pendingGrantsSchema },
      },
    },
    async (request) => ({ pending_grants: await countCourseGrants(db, signedInActor(request).user) }),
  );

  app.post(
    '/user/courses/grants/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Добавить ожидающие курсы',
        description:
          'Курсы, открытые владельцами на подтверждённый адрес аккаунта, становятся его курсами в «Мое обучение». ' +
          'Тело не нужно. Повторный вызов ничего не добавляет (applied: 0); для неподтверждённого адреса — тоже 0.',
        tags: ['user'],
        response: { 200: grantsAppliedSchema },
      },
    },
    async (request) => ({ applied: await applyVerifiedGrants(db, signedInActor(request).user) }),
  );

  app.get(
    '/user/reference_books/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Справочники форм',
        description: 'Списки {id, title} для форм кабинета и заявки.',
        tags: ['user'],
        response: { 200: referenceBooksSchema },
      },
    },
    async () => referenceBooks(db),
  );

  app.get(
    '/user/students/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Ученики',
        tags: ['user'],
        response: { 200: studentListSchema },
      },
    },
    async (request) => listStudents(db, signedInActor(request)),
  );

  app.post(
    '/user/students/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Добавить ученика',
        description: 'Ошибки — {поле: [сообщения]}; неизвестные поля — {поле: ["Неизвестное поле."]}.' + MULTIPART_NOTE,
        tags: ['user'],
        consumes: FORM_TYPES,
        body: studentCreateBodySchema,
        response: { 201: studentSchema, 400: fieldErrorsSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createStudent(db, signedInActor(request), request.body)),
  );

  app.patch(
    '/user/students/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить ученика',
        tags: ['user'],
        params: studentIdParamsSchema,
        consumes: FORM_TYPES,
        body: studentPatchBodySchema,
        response: { 200: studentSchema, 400: fieldErrorsSchema, 404: detailErrorSchema },
      },
    },
    async (request) => patchStudent(db, signedInActor(request), request.params.id, request.body),
  );

  app.delete(
    '/user/students/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Удалить ученика',
        description: 'Ученика с курсами или оплаченными заказами удалить нельзя (409).',
        tags: ['user'],
        params: studentIdParamsSchema,
        response: { 204: z.undefined().describe('Ученик удалён, тела ответа нет'), 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteStudent(db, signedInActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ consents (152-ФЗ, decision 0018)

  app.get(
    '/user/consents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Согласия',
        description: 'Текущие версии документов и записи согласий пользователя (действующие и отозванные, новые первыми).',
        tags: ['user'],
        response: { 200: consentsSchema },
      },
    },
    async (request) => listConsents(db, signedInActor(request)),
  );

  app.get(
    '/user/consents/pending/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Обновлённые документы, о которых нужно спросить',
        description:
          'Действующие согласия, данные на прежнюю редакцию документа, когда вступила в силу новая (решение 0046): ' +
          'согласие на обработку персональных данных (своё и за каждого ребёнка) — action accept, его принимают ' +
          'заново (POST /api/user/consents/ с version), прежнее действует до ответа; политика конфиденциальности — ' +
          'action notice, только уведомление. Отозванные согласия не спрашиваются.',
        tags: ['user'],
        response: { 200: pendingConsentsSchema },
      },
    },
    async (request) => ({ items: await pendingConsents(db, signedInActor(request)) }),
  );

  app.post(
    '/user/consents/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Дать согласие',
        description:
          'Согласие на текущую версию документа (с временем, IP и браузером). 201 — новая запись; 200 — действующее ' +
          'согласие на текущую версию уже есть (его и возвращаем); согласие на прежнюю версию отзывается и заменяется. ' +
          'student_id — свой ученик: за ребёнка — child_personal_data (владелец кабинета — законный представитель), ' +
          'за взрослого — personal_data. version — прочитанная редакция: если действует уже другая, 409.',
        tags: ['user'],
        body: consentCreateBodySchema,
        response: { 200: consentSchema, 201: consentSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const { item, created } = await giveConsent(db, signedInActor(request), request.body);
      return reply.status(created ? 201 : 200).send(item);
    },
  );

  app.post(
    '/user/consents/:id/withdraw/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Отозвать согласие',
        description: 'Запись остаётся, в ней отмечаются время, IP и браузер отзыва. Уже отозванное — 409.',
        tags: ['user'],
        params: consentIdParamsSchema,
        response: { 200: consentSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => {
      return withdrawConsent(db, signedInActor(request), request.params.id);
    },
  );

  // ------------------------------------------------------------ data download and deletion

  app.get(
    '/user/export/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Скачать мои данные',
        description:
          'Файл JSON со всем, что школа хранит о пользователе: профиль, документы, ученики, согласия, входы через ' +
          'соцсети, заказы, обучение, сеансы входа (без токенов), письма (коды в темах скрыты).',
        tags: ['user'],
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(db, box, signedInActor(request).user.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="crema-my-data-${moscowIsoDate(new Date())}.json"`)
        .send(data);
    },
  );

  app.post(
    '/user/delete/code/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Код для удаления аккаунта',
        description: 'Четырёхзначный код на адрес аккаунта (лимиты писем — как у кода входа). Владелец курсов — 409.',
        tags: ['user'],
        response: { 200: codeSentSchema, 409: detailErrorSchema, ...limited },
      },
    },
    async (request) => deletion.sendCode(signedInActor(request)),
  );

  app.post(
    '/user/delete/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Удалить аккаунт',
        description:
          'Код из письма (ошибки кода и лимиты попыток — как при входе, `{code: [...]}`). Личные данные стираются, ' +
          'документы и ученики без заказов удаляются, согласия отзываются, все сеансы завершаются; заказы остаются ' +
          'обезличенными. Владелец курсов — 409. После удаления cookie сеанса снимаются.',
        tags: ['user'],
        body: accountDeleteBodySchema,
        response: {
          200: detailErrorSchema.describe('Аккаунт удалён'),
          400: fieldErrorsSchema,
          409: detailErrorSchema,
          ...limited,
        },
      },
    },
    async (request, reply) => {
      const actor = signedInActor(request);
      await deletion.deleteAccount(actor, request.body.code);
      // No personal data in the log: the id of the (now anonymised) row only.
      request.log.info({ userId: actor.user.id }, 'account deleted');
      clearSessionCookies(reply);
      return { detail: DELETION_TEXTS.deleted };
    },
  );

  // ------------------------------------------------------------ the sign-in address

  app.post(
    '/user/email/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Сменить e-mail: код на новый адрес',
        description:
          'Код уходит на новый адрес (лимиты писем — как у кода входа). Занят ли адрес, здесь не сообщается: ' +
          'в письмо на занятый адрес вместо кода пишется, что он занят. Текущий адрес — 400.',
        tags: ['user'],
        body: emailChangeBodySchema,
        response: { 200: codeSentSchema, 400: fieldErrorsSchema, ...limited },
      },
    },
    async (request) => requestEmailChange(db, auth, signedInActor(request), request.body.email),
  );

  app.post(
    '/user/email/confirm/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Сменить e-mail: подтвердить кодом',
        description:
          'Верный код меняет адрес входа; на старый адрес уходит уведомление. Адрес занят другим аккаунтом — ' +
          '400 `{email: [...]}`. Ошибки кода — как при входе.',
        tags: ['user'],
        body: emailChangeConfirmBodySchema,
        response: { 200: personalSchema, 400: fieldErrorsSchema, ...limited },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      return confirmEmailChange(db, auth, signedInActor(request), email, code);
    },
  );
};
