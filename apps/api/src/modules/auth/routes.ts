import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SESSION_COOKIES,
  changeBodySchema,
  changeCodeBodySchema,
  changeOwnPasswordBodySchema,
  changeTokenSchema,
  codeSentSchema,
  detailErrorSchema,
  emailTokenBodySchema,
  fieldErrorsSchema,
  invitationAcceptedSchema,
  invitationTokenBodySchema,
  logoutBodySchema,
  passwordTokenBodySchema,
  refreshBodySchema,
  restoreBodySchema,
  sendCodeBodySchema,
  sessionResponseSchema,
  setPasswordBodySchema,
} from '@crema/contract';
import { ApiError } from '../../errors.ts';
import { clearSessionCookies, deviceMarkOf, markKnownDevice, noStore, respondWithSession, wantsCookies } from './http.ts';
import { isSignedIn, signedInAs } from './actor.ts';
import { assertCsrf, signedInActor } from './plugin.ts';
import type { InvitationLinks } from './hooks.ts';
import { familyOf, revokeFamily } from './tokens.ts';

const tags = ['auth'];
const detailSchema = z.object({ detail: z.string() }).meta({ id: 'Detail' });
const limited = { 429: detailErrorSchema.describe('Слишком много попыток; заголовок Retry-After — секунды ожидания') };
const base = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const WEB_NOTE =
  ' С заголовком `X-Crema-Client: web` токены не возвращаются в теле, а ставятся в httpOnly-cookie ' +
  '`crema_access`, `crema_refresh` и читаемую `crema_csrf` (её значение сайт отправляет в `X-CSRF-Token`).';

/** Sign-in, tokens and passwords (decision 0009). */
export const authRoutes: FastifyPluginAsyncZod<{ invitations: InvitationLinks }> = async (app, { invitations }) => {
  const service = app.auth;
  const { config, db } = app.deps;
  // Tokens and personal answers are never cached.
  app.addHook('onSend', noStore);

  app.post(
    '/auth/send_code/email/',
    {
      schema: {
        summary: 'Отправить код входа на e-mail',
        description:
          'Четыре цифры, действуют 10 минут, до 5 попыток ввода; новый код отменяет прежний. Новый адрес ' +
          'регистрируется при вводе кода. Не чаще раза в 180 с на адрес; не больше 10 писем в сутки на адрес с одного IP ' +
          'и 10 писем в час на адрес всего (коды и ссылки вместе); 20 раз в час с одного IP.',
        tags,
        body: sendCodeBodySchema,
        response: { 200: codeSentSchema, ...base, ...limited },
      },
    },
    async (request) => service.sendLoginCode(request.body.email, request.actor),
  );

  app.post(
    '/auth/token/email/',
    {
      schema: {
        summary: 'Войти по коду из письма',
        description:
          'Ошибки кода — `{code: [...]}`: один и тот же текст с числом оставшихся попыток для любого адреса и любой ' +
          'причины (неверный, истёкший, использованный или не запрошенный код). После 5 неверных попыток код больше ' +
          'не принимается. Неверные коды и пароли адреса считаются вместе: 5 сразу, затем ожидание 1, 5, 15, 60 минут, ' +
          'потом 4 часа (429 с Retry-After); браузер, уже входивший в этот адрес (cookie `crema_device`), ждёт только ' +
          'своих ошибок. Новый адрес регистрируется, только если отмечен флажок согласия `consent_personal_data: true`; ' +
          'без него верный код для адреса без аккаунта — 400 `{consent_personal_data: [...]}`, и код остаётся в силе.' + WEB_NOTE,
        tags,
        body: emailTokenBodySchema,
        response: { 200: sessionResponseSchema, ...base, ...limited },
      },
    },
    async (request, reply) => {
      const { email, code, consent_personal_data: consent } = request.body;
      const signedIn = await service.signInWithCode(email, code, request.actor, deviceMarkOf(request), consent === true);
      return respondWithSession(request, reply, signedIn, service.devices);
    },
  );

  app.post(
    '/auth/token/',
    {
      schema: {
        summary: 'Войти по e-mail и паролю',
        description:
          '`username` — e-mail. Один и тот же ответ 401 для неизвестного адреса и неверного пароля. ' +
          'Неудачные попытки адреса считаются вместе с неверными кодами: 5 сразу, затем ожидание 1, 5, 15, 60 минут, ' +
          'потом 4 часа (429 с Retry-After); с одного IP — 10 за 15 минут на адрес и 30 за 10 минут всего. Браузер, ' +
          'уже входивший в этот адрес (cookie `crema_device`), ждёт только своих ошибок.' + WEB_NOTE,
        tags,
        body: passwordTokenBodySchema,
        response: { 200: sessionResponseSchema, ...base, 401: detailErrorSchema, ...limited },
      },
    },
    async (request, reply) => {
      const signedIn = await service.signInWithPassword(request.body.username, request.body.password, request.actor, deviceMarkOf(request));
      return respondWithSession(request, reply, signedIn, service.devices);
    },
  );

  app.post(
    '/auth/token/refresh/',
    {
      schema: {
        summary: 'Обновить пару токенов',
        description:
          'Токен обновления одноразовый: в ответе — новый. Повторное использование уже потраченного токена ' +
          'завершает весь сеанс (RFC 9700 §4.14): перестают работать и он, и выданные после него. Сайт может ' +
          'не передавать `refresh` — тогда берётся cookie `crema_refresh` (нужен `X-CSRF-Token`).' + WEB_NOTE,
        tags,
        body: refreshBodySchema.nullish(),
        response: { 200: sessionResponseSchema, ...base, 401: detailErrorSchema, 403: detailErrorSchema },
      },
    },
    async (request, reply) => {
      let token = request.body?.refresh;
      if (!token) {
        token = request.cookies[SESSION_COOKIES.refresh];
        if (!token) throw ApiError.fields({ refresh: ['Нет токена обновления.'] });
        assertCsrf(request, config, (await familyOf(db, token))?.familyId);
      }
      try {
        return respondWithSession(request, reply, await service.refresh(token, request.actor));
      } catch (error) {
        if (wantsCookies(request)) clearSessionCookies(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout/',
    {
      // Guests may call it too; a signed-in caller is resolved (request.actor).
      config: { access: 'caller' },
      schema: {
        summary: 'Выйти',
        description:
          'Завершает сеанс: все токены обновления этого входа отзываются, его токен доступа больше не принимается. ' +
          'Сеанс берётся из `refresh` в теле, иначе из cookie `crema_refresh` (нужен `X-CSRF-Token`), иначе из ' +
          'токена доступа. Cookie сайта удаляются. Повторный выход — тоже 204.',
        tags,
        body: logoutBodySchema.nullish(),
        // z.undefined(): a 204 without a body, documented as such (no content).
        response: { 204: z.undefined().describe('Сеанс завершён, тела ответа нет'), ...base, 403: detailErrorSchema },
      },
    },
    async (request, reply) => {
      let familyId: string | undefined;
      const cookie = request.cookies[SESSION_COOKIES.refresh];
      if (request.body?.refresh) {
        familyId = (await familyOf(db, request.body.refresh))?.familyId;
      } else if (cookie) {
        familyId = (await familyOf(db, cookie))?.familyId;
        assertCsrf(request, config, familyId);
      } else {
        familyId = request.actor.sessionId ?? undefined;
      }
      if (familyId) await revokeFamily(db, familyId);
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/restore/',
    {
      schema: {
        summary: 'Восстановить пароль: отправить ссылку',
        description:
          'Если адрес зарегистрирован, на него уходит ссылка `/?restore=<token>` (действует 60 минут, одноразовая), ' +
          'которая открывает окно «Создание пароля»; иначе — письмо о том, что учётной записи с этим адресом нет. ' +
          'Ответ и работа сервера одинаковы для любого адреса.',
        tags,
        body: restoreBodySchema,
        response: { 200: detailSchema, ...base, ...limited },
      },
    },
    async (request) => service.requestRestore(request.body.email, request.actor),
  );

  app.patch(
    '/auth/set-password/restore/',
    {
      schema: {
        summary: 'Создать пароль по ссылке из письма',
        description:
          '`access_token` — значение `restore` из ссылки. Пароль: без пробелов по краям, от 8 символов, не только ' +
          'цифры, совпадает с `confirm_password`. Ошибки — `{non_field_errors: [...]}` (их показывает окно). ' +
          'Ссылка срабатывает один раз; все сеансы пользователя завершаются. Ответ — `{detail}`; войти затем ' +
          'можно с новым паролем. Сайту (`X-Crema-Client: web`) ставится cookie `crema_device`: браузер, открывший ' +
          'ссылку из письма, считается своим для этого адреса.',
        tags,
        body: setPasswordBodySchema,
        response: { 200: detailSchema, ...base },
      },
    },
    async (request, reply) => {
      const { detail, email } = await service.setPasswordByRestoreToken(
        request.body.access_token,
        request.body.password,
        request.body.confirm_password,
        request.actor,
      );
      // The link came to the owner's mailbox: this browser is the owner's (decision 0013).
      markKnownDevice(request, reply, service.devices, email);
      return { detail };
    },
  );

  app.post(
    '/auth/change/',
    {
      schema: {
        summary: 'Смена пароля: отправить код на e-mail',
        description:
          'Код (4 цифры, 10 минут, 5 попыток) уходит, только если адрес зарегистрирован (иначе — письмо о том, что ' +
          'учётной записи нет); ответ одинаков. ' +
          'Ограничения те же, что у кода входа. Дальше: `POST /api/auth/change/code/` или, для вошедшего ' +
          'пользователя, `POST /api/auth/set-password/`.',
        tags,
        body: changeBodySchema,
        response: { 200: codeSentSchema, ...base, ...limited },
      },
    },
    async (request) => service.sendChangeCode(request.body.email, request.actor),
  );

  app.post(
    '/auth/change/code/',
    {
      schema: {
        summary: 'Смена пароля: обменять код на токен смены',
        description:
          'Верный код даёт `access_token` для `PATCH /api/auth/set-password/change/`, живёт 15 минут и ' +
          'перестаёт действовать, как только пароль изменён. Ошибки кода — `{code: [...]}`.',
        tags,
        body: changeCodeBodySchema,
        response: { 200: changeTokenSchema, ...base, ...limited },
      },
    },
    async (request) => service.exchangeChangeCode(request.body.email, request.body.code, request.actor, deviceMarkOf(request)),
  );

  app.patch(
    '/auth/set-password/change/',
    {
      // Guests may call it too; a signed-in caller is resolved (request.actor).
      config: { access: 'caller' },
      schema: {
        summary: 'Смена пароля по токену из кода',
        description:
          '`access_token` — из `POST /api/auth/change/code/`. Правила пароля и ошибки — как у создания пароля. ' +
          'После смены все другие сеансы завершаются (сеанс, из которого пришёл запрос, остаётся).',
        tags,
        body: setPasswordBodySchema,
        response: { 200: detailSchema, ...base },
      },
    },
    async (request) =>
      service.setPasswordByChangeToken(request.body.access_token, request.body.password, request.body.confirm_password, request.actor),
  );

  app.post(
    '/auth/set-password/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Сменить свой пароль (вошедший пользователь)',
        description:
          'Код из письма (`POST /api/auth/change/` на свой адрес), текущий пароль (не нужен, если пароля ещё нет) и ' +
          'новый пароль дважды. Ошибки кода — `{code: [...]}`, остальные — `{non_field_errors: [...]}`. Другие ' +
          'сеансы завершаются, текущий остаётся.',
        tags,
        body: changeOwnPasswordBodySchema,
        response: { 200: detailSchema, ...base, 401: detailErrorSchema, 403: detailErrorSchema, ...limited },
      },
    },
    async (request) => service.changeOwnPassword(request.body, signedInActor(request)),
  );

  app.post(
    '/auth/token/invitation/',
    {
      config: { access: 'caller' },
      schema: {
        summary: 'Записаться на курс по ссылке-приглашению (и войти)',
        description:
          'Вошедший человек присылает только `token` и получает доступ к курсу. Гость присылает ещё `email` и код из письма ' +
          '(POST /api/auth/send_code/email/): он входит (или регистрируется — только с `consent_personal_data: true`) и записывается одним запросом — ответ как у входа по коду ' +
          'плюс `user_course_id`. Тот, кто уже учится на курсе, повторно не считается; ссылка с исчерпанным лимитом или истёкшим ' +
          'сроком — 400, и код тогда не тратится.' + WEB_NOTE,
        tags,
        body: invitationTokenBodySchema,
        response: { 200: z.union([sessionResponseSchema.and(invitationAcceptedSchema), invitationAcceptedSchema]), ...base, 404: detailErrorSchema, ...limited },
      },
    },
    async (request, reply) => {
      const { token, email, code, consent_personal_data: consent } = request.body;
      const actor = request.actor;
      if (isSignedIn(actor) && email === undefined) {
        const accepted = await db.transaction((tx) => invitations.accept(tx, token, actor));
        return { user_course_id: accepted.userCourseId };
      }
      if (email === undefined || code === undefined) {
        throw ApiError.fields({
          ...(email === undefined ? { email: [invitations.needCodeText] } : {}),
          ...(code === undefined ? { code: [invitations.needCodeText] } : {}),
        });
      }
      // A used-up link does not spend the code; the link is checked again when enrolling.
      await invitations.assertUsable(db, token);
      const signedIn = await service.signInWithCode(email, code, actor, deviceMarkOf(request), consent === true);
      const learner = signedInAs(actor, signedIn.user, signedIn.session.sessionId);
      const accepted = await db.transaction((tx) => invitations.accept(tx, token, learner));
      return { ...respondWithSession(request, reply, signedIn, service.devices), user_course_id: accepted.userCourseId };
    },
  );
};
