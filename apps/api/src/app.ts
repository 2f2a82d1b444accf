import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './deps.ts';
import { CONTENT_TOPICS, ContentChanges, type ContentTopic } from './lib/changes.ts';
import { ApiError, clientErrorHandler, frameworkErrorHandler, registerErrorHandling, securityHeaders } from './errors.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { pagesRoutes } from './modules/pages/routes.ts';
import { scheduleRoutes } from './modules/schedule/routes.ts';
import { SECURITY_SCHEMES, accessPlugin, type RouteAccess } from './modules/auth/plugin.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { CAPTCHA_STANDIN_PREFIX, CAPTCHA_STANDIN_SECRET, captchaStandIn } from './modules/captcha/stand-in.ts';
import { createCaptchaVerifier, type CaptchaVerifier } from './modules/captcha/verifier.ts';
import { createMediaService, type MediaStore } from './modules/media/images.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { devMailRoutes } from './modules/mail/routes.ts';
import { letterRoutes } from './modules/mail/letter-routes.ts';
import { attendanceRoutes } from './modules/attendance/routes.ts';
import { configureMail } from './modules/mail/context.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { FAKE_OAUTH_PREFIX, fakeOAuthProvider, usesFakeProvider } from './modules/social/fake-provider.ts';
import { testBank } from './modules/payments/testbank/plugin.ts';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from './modules/payments/testbank/credentials.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionUsers } from './modules/auth/session-users.ts';
import { markShared } from './lib/shared-answers.ts';
import type { InvitationLinks } from './modules/auth/hooks.ts';
import { INVITATION_TEXTS, acceptInvitation, assertUsable } from './modules/admin/invitations.ts';
import { applyCourseGrants, applyVerifiedGrants } from './modules/learning/grants.ts';
import { recordConsent } from './modules/user/consents.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { learningRoutes } from './modules/learning/routes.ts';
import { LearningContent } from './modules/learning/content.ts';
import { calendarFeedRoutes, groupRoutes } from './modules/groups/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { svedenRoutes } from './modules/sveden/routes.ts';
import { legalRoutes } from './modules/legal/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { schoolGroupRoutes } from './modules/school-groups/routes.ts';
import { schoolOrdersRoutes } from './modules/school-orders/routes.ts';
import { applicationsRoutes } from './modules/applications/routes.ts';
import { promoRoutes } from './modules/promo/routes.ts';
import { waitingRoutes } from './modules/waiting/routes.ts';
import { sitePostsRoutes } from './modules/site-posts/routes.ts';
import { siteShellRoutes } from './modules/site-shell/routes.ts';
import { siteSettingsRoutes } from './modules/site-settings/routes.ts';
import { siteCatalogRoutes } from './modules/site-catalog/routes.ts';
import { siteReviewsRoutes } from './modules/site-reviews/routes.ts';
import { certificateRoutes } from './modules/certificates/routes.ts';
import { homeworkRoutes } from './modules/homework/routes.ts';
import { OrdersService } from './modules/orders/service.ts';
import { createPaymentProvider } from './modules/payments/index.ts';
import { trailingSlashRedirect } from './plugins/trailing-slash.ts';
import { AccessLog } from './plugins/access-log.ts';
import { LOG_SERIALIZERS } from './logger.ts';
import { registerInputGuards } from './plugins/input-guard.ts';
import { instrumentApp } from './lib/metrics.ts';
import { registerIdempotency } from './plugins/idempotency.ts';

// Generic validation messages in Russian; schemas override them where a better text exists.
z.config(z.locales.ru());

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Image URLs and resized variants (modules/media). */
    media: MediaStore;
    /**
     * Published course structures and lesson blocks, kept a few seconds (decision 0005): one cache
     * for the learning, group, statistics and admin calls, which all read them.
     */
    learningContent: LearningContent;
    /** Sign-in flows and sessions (modules/auth), one instance for every module that signs people in. */
    auth: AuthService;
    /** Orders and payments (modules/orders), shared by its routes and the reconciliation job. */
    orders: OrdersService;
    /** The captcha check of the application and order forms (modules/captcha). */
    captcha: CaptchaVerifier;
    /** Changes of public content, dropped from every process's caches (decision 0069). */
    changes: ContentChanges;
    /** `stopping` is set first thing at shutdown (server.ts): readiness then answers 503 (decision 0075). */
    lifecycle: { stopping: boolean };
  }
  interface FastifyContextConfig {
    /**
     * The public content a change through this route touches: once it has succeeded, every
     * process drops its cached copies of it before the answer leaves (decision 0069).
     */
    changes?: readonly ContentTopic[];
    /**
     * The answer is the same for every caller and changes only with this public content: page
     * renders reuse it while the content cache would (web/inject-fetch.ts, decision 0081). Only
     * on public routes that read.
     */
    shared?: readonly ContentTopic[];
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The one AuthService and what a sign-in does for other modules, which auth does not import
 * (decision 0053): an owner's pending course grants become enrolments once the address is proven
 * or a session refreshed (learning/grants.ts, decision 0035); a new account's ticked sign-up box
 * is recorded as two consents (user/consents.ts).
 */
function createAuth(deps: AppDeps): AuthService {
  const auth = new AuthService(deps);
  auth.hooks.onAddressProven(applyCourseGrants);
  auth.hooks.onSignUp(async (tx, user, client) => {
    for (const kind of ['personal_data', 'privacy_policy'] as const) await recordConsent(tx, user.id, kind, client);
  });
  auth.hooks.onRefresh(applyVerifiedGrants);
  return auth;
}

/** Invitation links (admin/invitations.ts) for the sign-in route that takes one up. */
const INVITATIONS: InvitationLinks = { needCodeText: INVITATION_TEXTS.needCode, assertUsable, accept: acceptInvitation };

/** Builds the whole application: plugins, API modules, then the site. Does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Without a process logger (tests), one with the same serializers: no secret or query value in a line.
    loggerInstance: deps.logger ?? pino({ level: deps.config.logLevel, serializers: LOG_SERIALIZERS }),
    trustProxy: deps.config.trustProxy,
    // One access line per request (method, path, status, time) instead of Fastify's pair.
    logController: new AccessLog(),
    // API paths answer with and without the trailing slash, with no redirect.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // Bad URLs and requests the HTTP parser refuses answer in our shape too (errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  // The outbox's links, unsubscribe key and clock (modules/mail/context.ts).
  configureMail({ publicUrl: deps.config.publicUrl, secretKey: deps.config.secretKey, now: deps.config.mailNow ? () => deps.config.mailNow! : null });
  app.decorate('lifecycle', { stopping: false });
  // Request counts and times, the pool, the caches (decision 0075).
  instrumentApp(app);
  const changes = new ContentChanges(deps.pool, app.log.child({ module: 'changes' }));
  app.decorate('changes', changes);
  app.addHook('onReady', () => changes.listen());
  app.addHook('onRoute', (route) => {
    const topics = route.config?.changes;
    if (!topics) return;
    if (topics.some((t) => !(CONTENT_TOPICS as readonly string[]).includes(t))) throw new Error(`${route.url}: unknown content topic in config.changes`);
    if ([route.method].flat().some((m) => m === 'GET' || m === 'HEAD')) throw new Error(`${route.url}: a GET changes nothing (config.changes)`);
  });
  app.addHook('onRoute', (route) => {
    const shared = route.config?.shared;
    if (!shared) return;
    if ((route.config?.access ?? 'public') !== 'public') throw new Error(`${route.url}: config.shared is for public routes`);
    if ([route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD') && !route.config?.readOnly) throw new Error(`${route.url}: config.shared is for routes that only read`);
  });
  app.addHook('onClose', () => changes.close());
  // A successful change of public content is dropped from the caches before its answer is sent, so
  // whoever made it (and anyone after) reads the new content at once.
  app.addHook('onSend', async (request, reply, payload) => {
    const topics = request.routeOptions.config?.changes;
    if (topics && reply.statusCode < 400) await changes.publish(topics);
    return payload;
  });
  app.decorate('media', createMediaService(deps.config, { log: app.log }));
  app.decorate('learningContent', new LearningContent(deps.db, app.media, deps.config.contentCacheTtlMs));
  changes.on(['learning'], () => app.learningContent.clear());
  app.decorate('auth', createAuth(deps));
  app.decorate('sessionUsers', new SessionUsers(deps.db, deps.config));
  // One captcha verifier for the application and order forms (decision 0022); off unless configured.
  app.decorate('captcha', createCaptchaVerifier(deps.config.captcha, app.log.child({ module: 'captcha' })));
  app.decorate(
    'orders',
    new OrdersService({
      deps,
      auth: app.auth,
      provider: createPaymentProvider(deps.config),
      captcha: app.captcha,
      log: app.log.child({ module: 'orders' }),
    }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const headers = securityHeaders(deps.config.isProduction);
  // JSON no deeper than 32 levels, no NUL in any parameter, query or body field (decision 0052).
  registerInputGuards(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    markShared(request);
    // Safe defaults for every answer (also set by the errors Fastify answers before this hook);
    // pages add their Content Security Policy (web/ssr.ts, decision 0016).
    void reply.headers(headers);
  });

  await app.register(fastifyCookie);
  // Idempotency-Key on the routes that create or charge something (decision 0078): after the
  // cookies' writer, before compression, so a stored answer is the plain one with its cookies.
  registerIdempotency(app);
  // Pages and API answers are compressed on the fly (quick settings: they are made per request);
  // the site's hashed assets are compressed once at build time and served as they are.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(trailingSlashRedirect);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Crema API',
        description:
          'API онлайн-платформы школы кофейного мастерства. Ошибки: 400 — `{поле: [сообщения]}` ' +
          'или `{non_field_errors: [...]}`; неизвестные ключи тела — `{ключ: ["Неизвестное поле."]}` (тела ' +
          'закрыты: additionalProperties false); 401/403/404/429/500 — `{detail}`. Деньги — целые копейки.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Filled by the access layer as API routes are added; the access tests walk it.
  app.decorate('routeAccess', [] as RouteAccess[]);
  await app.register(
    async (api) => {
      // Route option `access` → request.actor, 401/403, OpenAPI security; CSRF for every API call.
      await api.register(accessPlugin);
      await api.register(healthRoutes);
      await api.register(contentRoutes);
      await api.register(catalogRoutes);
      await api.register(pagesRoutes);
      await api.register(scheduleRoutes);
      await api.register(authRoutes, { invitations: INVITATIONS });
      await api.register(socialRoutes);
      await api.register(userRoutes);
      await api.register(feedbackRoutes);
      await api.register(orderRoutes, { service: app.orders, auth: app.auth });
      await api.register(learningRoutes);
      await api.register(groupRoutes);
      await api.register(statisticsRoutes);
      await api.register(adminRoutes);
      await api.register(svedenRoutes);
      await api.register(legalRoutes);
      await api.register(auditRoutes);
      await api.register(peopleRoutes);
      await api.register(schoolGroupRoutes);
      await api.register(schoolOrdersRoutes);
      await api.register(applicationsRoutes);
      await api.register(promoRoutes);
      await api.register(waitingRoutes);
      await api.register(sitePostsRoutes);
      await api.register(siteShellRoutes);
      await api.register(siteSettingsRoutes);
      await api.register(siteCatalogRoutes);
      await api.register(siteReviewsRoutes);
      await api.register(certificateRoutes);
      await api.register(letterRoutes);
      await api.register(homeworkRoutes);
      await api.register(attendanceRoutes);
      // Unknown API paths are JSON 404s, never the HTML site.
      api.all('/*', { schema: { hide: true } }, async () => {
        throw ApiError.notFound();
      });
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes, { media: app.media });
  // The personal iCal feed, by its secret URL (decision 0031).
  await app.register(calendarFeedRoutes);
  // The outbox as a mailbox for developers and browser tests; never in production.
  if (!deps.config.isProduction) await app.register(devMailRoutes);
  // The stand-in VK ID / Yandex ID, when a provider is pointed at it; never in production.
  if (!deps.config.isProduction && usesFakeProvider(deps.config)) {
    await app.register(fakeOAuthProvider, { prefix: FAKE_OAUTH_PREFIX, yandexClientSecret: deps.config.social.yandex?.clientSecret });
  }

  // The stand-in card acquirer (T-Bank's protocol), with the terminal pointed at it; never in production.
  if (!deps.config.isProduction) {
    const payments = deps.config.payments;
    const ownTerminal = payments !== null && new URL(payments.apiUrl).pathname.startsWith(`${TESTBANK_PREFIX}/`);
    await app.register(testBank, {
      prefix: TESTBANK_PREFIX,
      terminalKey: ownTerminal ? payments.terminalKey : TESTBANK_TERMINAL_KEY,
      password: ownTerminal ? payments.password : TESTBANK_PASSWORD,
    });
  }

  // The stand-in captcha provider (SmartCaptcha's and reCAPTCHA's check protocols); never in production.
  if (!deps.config.isProduction) {
    const captcha = deps.config.captcha;
    const ownSecret = captcha !== null && new URL(captcha.verifyUrl).pathname.startsWith(`${CAPTCHA_STANDIN_PREFIX}/`);
    await app.register(captchaStandIn, { prefix: CAPTCHA_STANDIN_PREFIX, secret: ownSecret ? captcha.secret : CAPTCHA_STANDIN_SECRET });
  }

  if (deps.web) await deps.web(app);
  return app;
}
