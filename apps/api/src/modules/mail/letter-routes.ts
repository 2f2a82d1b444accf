// The learner's notification settings (/api/user/notifications/) and the one-click unsubscribe of
// optional letters (/api/mail/unsubscribe/?token=…, RFC 8058). The POST turns the kind off without
// signing in, by the signed token alone; the GET only shows a page whose button POSTs — a link
// opened by a mail scanner changes nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribedSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import { getNotificationSettings, readUnsubscribe, saveNotificationSettings, unsubscribe } from './preferences.ts';
import { escapeHtml } from './templates.ts';
import { htmlPage } from './html-page.ts';

/** The unsubscribe pages' look: the letters' colours. */
const UNSUBSCRIBE_STYLE = `
body{margin:0;padding:0 12px;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#231a15;background:#faf6f1}
main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e4d8cc;border-radius:16px}
h1{font-size:22px;margin:0 0 12px}
button{font:inherit;font-weight:600;padding:12px 24px;border:0;border-radius:10px;background:#3b2418;color:#fff;cursor:pointer;min-height:44px}
a{color:#8a5a2b}
`;
const page = (title: string, body: string) => htmlPage(title, UNSUBSCRIBE_STYLE, body);

/** The pages run nothing and post only to this site. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const SETTINGS_LINK = '<p><a href="/user/account/#notifications">Все настройки уведомлений в личном кабинете</a></p>';

export const letterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onSend', noStore);
  // RFC 8058: the mail provider POSTs 'List-Unsubscribe=One-Click' as a form; its body is not needed.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.get(
    '/user/notifications/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Настройки уведомлений',
        description: 'Виды писем школы: обязательные (всегда включены), рекламная рассылка (по согласию на неё) и те, что можно отключить.',
        tags: ['user'],
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => getNotificationSettings(db, signedInActor(request).user.id),
  );

  app.put(
    '/user/notifications/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Изменить настройки уведомлений',
        description: 'settings: вид письма → включено или нет. Обязательные письма отключить нельзя; рекламная рассылка меняется согласием на неё.',
        tags: ['user'],
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema, 400: fieldErrorsSchema },
      },
    },
    async (request) => saveNotificationSettings(db, signedInActor(request).user.id, request.body),
  );

  app.get(
    '/mail/unsubscribe/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Страница отписки',
        description: 'Страница (HTML) с кнопкой, которая отправляет POST на этот же адрес; сама ничего не меняет. Неверный токен — 400 {detail}.',
        tags: ['mail'],
        querystring: unsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      // A bad token is our 400 {detail} in Russian, like every API error.
      const { title } = await readUnsubscribe(db, request.query.token);
      void reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY);
      const action = `/api/mail/unsubscribe/?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          'Отписка от писем',
          `<h1>Отписаться от писем «${escapeHtml(title)}»?</h1>` +
            `<p>Письма этого вида больше не будут приходить на ваш адрес. Коды входа и письма о заказах и оплате придут, как раньше.</p>` +
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Отписаться</button></form>` +
            SETTINGS_LINK,
        ),
      );
    },
  );

  app.post(
    '/mail/unsubscribe/',
    {
      // The page's button posts with the site's cookies when the person is signed in: the token decides.
      config: { access: 'public', tokenInAddress: true },
      schema: {
        summary: 'Отписка в один клик',
        description: 'RFC 8058: POST с телом List-Unsubscribe=One-Click (или без тела) отключает вид писем из токена, без входа и без подтверждения.',
        tags: ['mail'],
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribedSchema, 400: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const done = await unsubscribe(db, request.query.token);
      // The page's button: a page back; a mail provider's POST: JSON.
      if (request.headers.accept?.includes('text/html')) {
        const html = page('Вы отписались', `<h1>Вы отписались</h1><p>${escapeHtml(done.detail)}</p>${SETTINGS_LINK}`);
        // Sent as it is, past the JSON schema of the answer.
        return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY).serializer(() => html).send(done);
      }
      return done;
    },
  );
};
