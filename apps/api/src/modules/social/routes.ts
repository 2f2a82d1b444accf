import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailErrorSchema, fieldErrorsSchema, sessionResponseSchema, signUpConsentSchema } from '@crema/contract';
import { PROVIDER_META, SOCIAL_PROVIDERS } from './providers.ts';
import { noStore, respondWithSession } from '../auth/http.ts';
import { requestOrigin } from '../auth/plugin.ts';
import { SocialService } from './service.ts';

const tags = ['auth'];

const providerInfoSchema = z
  .object({
    provider: z.enum(SOCIAL_PROVIDERS),
    name: z.string().describe('Название для кнопки'),
    authorize_url: z.string(),
    client_id: z.string(),
    scope: z.string(),
    code_challenge_method: z.string().describe('Как его пишет провайдер: s256 у VK ID, S256 у Яндекса'),
    callback_path: z.string().describe('Страница возврата на сайте; redirect_uri = origin сайта + этот путь'),
  })
  .meta({ id: 'SocialProvider' });

/** The browser's PKCE verifier: 43–128 unreserved characters (RFC 7636 §4.1). */
const verifierSchema = z
  .string({ error: 'Нет проверочной строки входа.' })
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Неверная проверочная строка входа.');

const exchangeBodySchema = z
  .object({
    code: z.string({ error: 'Нет кода входа.' }).min(1, 'Нет кода входа.').max(2048),
    code_verifier: verifierSchema,
    redirect_uri: z.string({ error: 'Нет адреса возврата.' }).max(2048),
    device_id: z.string().max(512).optional().describe('VK ID: device_id из адреса возврата'),
    state: z.string().max(512).optional().describe('VK ID передаёт state и при обмене кода'),
    consent_personal_data: signUpConsentSchema,
  })
  .strict()
  .meta({ id: 'SocialExchangeRequest' });

/** Social sign-in (decision 0010): the providers' public settings and the code exchange. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SocialService(app.deps, app.auth);
  const { config } = app.deps;
  // Tokens are never cached.
  app.addHook('onSend', noStore);

  app.get(
    '/auth/social/providers/',
    {
      schema: {
        summary: 'Провайдеры входа через соцсети',
        description: 'Только настроенные (с client id); пустой список — кнопки не показываются.',
        tags,
        response: { 200: z.array(providerInfoSchema) },
      },
    },
    async () =>
      SOCIAL_PROVIDERS.flatMap((provider) => {
        const settings = config.social[provider];
        if (!settings) return [];
        const meta = PROVIDER_META[provider];
        return [
          {
            provider,
            name: meta.name,
            authorize_url: settings.authorizeUrl,
            client_id: settings.clientId,
            scope: meta.scope,
            code_challenge_method: meta.codeChallengeMethod,
            callback_path: meta.callbackPath,
          },
        ];
      }),
  );

  app.post(
    '/auth/social/:provider/',
    {
      schema: {
        summary: 'Войти через VK ID или Яндекс ID',
        description:
          'Сайт передаёт код из адреса возврата и свою PKCE-строку `code_verifier`; сервер обменивает код у ' +
          'провайдера, читает профиль и входит: аккаунт, уже связанный с этим профилем, иначе аккаунт с тем же ' +
          'подтверждённым e-mail (он связывается), иначе новый — только с `consent_personal_data: true` (флажок согласия, ' +
          'отмеченный на сайте до перехода к провайдеру), без него — 400 `{consent_personal_data: [...]}` и аккаунт не создаётся. Неверный, устаревший или повторный код — ' +
          '400 `{code: [...]}`; профиль без e-mail — 400 `{email: [...]}`; провайдер недоступен — 503; ' +
          'провайдер не настроен — 404. С заголовком `X-Crema-Client: web` сеанс ставится в cookie, как у `/api/auth/token/`.',
        tags,
        params: z.object({ provider: z.enum(SOCIAL_PROVIDERS, { error: 'Неизвестный провайдер.' }) }),
        body: exchangeBodySchema,
        response: {
          200: sessionResponseSchema,
          400: fieldErrorsSchema,
          404: detailErrorSchema,
          429: detailErrorSchema,
          500: detailErrorSchema,
          503: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const body = request.body;
      const signedIn = await service.signIn(
        provider,
        {
          code: body.code,
          codeVerifier: body.code_verifier,
          redirectUri: body.redirect_uri,
          deviceId: body.device_id,
          state: body.state,
        },
        request.actor,
        { origin: requestOrigin(request), log: request.log, consent: body.consent_personal_data === true },
      );
      return respondWithSession(request, reply, signedIn);
    },
  );
};
