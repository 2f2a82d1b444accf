// The access layer (decision 0011): each level on test-only routes, then every route of the real
// app, so a route added later is checked by construction.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { registerErrorHandling } from '../../errors.ts';
import { consents, courseGrants, courseLinks, curators, homeworkAttachments, homeworkSubmissions, lessonBlocks, testAttempts, userCourses, users, waitingEntries } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/app.ts';
import {
  buildCertificate,
  buildCourse,
  buildEnrolment,
  buildGroup,
  buildLesson,
  buildLessonBlock,
  buildModule,
  buildOrder,
  buildOwner,
  buildQuestion,
  buildStudent,
  buildTest,
  buildUser,
  signInAs,
} from '../../test/factories.ts';
import { atLeast, type AccessLevel } from './actor.ts';
import { LEGAL_TEXTS, SVEDEN_SECTIONS } from '@crema/contract';
import { NOT_AN_OWNER, NOT_SIGNED_IN, NOT_STAFF, SECURITY_SCHEMES, accessPlugin, staffActor } from './plugin.ts';
import { JwtCodec, revokeFamily } from './tokens.ts';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

describe('access levels on test routes', () => {
  let database: Database;
  let app: FastifyInstance;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase();
    const fastify = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    fastify.decorate('deps', { config, db: database.db, pool: database.pool });
    fastify.setValidatorCompiler(validatorCompiler);
    fastify.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(fastify);
    await fastify.register(fastifyCookie);
    await fastify.register(fastifySwagger, {
      openapi: { info: { title: 't', version: '0' }, components: { securitySchemes: SECURITY_SCHEMES } },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await fastify.register(accessPlugin);
    const who = z.object({ user_id: z.number().nullable(), session_id: z.string().nullable(), ip: z.string() });
    const answer = async (request: FastifyRequest) => ({
      user_id: request.actor.user?.id ?? null,
      session_id: request.actor.sessionId,
      ip: request.actor.ip,
    });
    for (const access of ['public', 'caller', 'user', 'owner', 'staff'] as const) {
      fastify.get(`/t/${access}/`, { config: { access }, schema: { summary: access, response: { 200: who } } }, answer);
    }
    // A handler that wants staff on a route declared lower: a 500, never a pass.
    fastify.get('/t/mislabelled/', { config: { access: 'owner' } }, async (request) => ({ staff: staffActor(request).user.id }));
    // A staff section with its own words for a course owner who is not staff.
    fastify.get('/t/staff-worded/', { config: { access: 'staff', notStaffDetail: 'Только для сотрудников.' }, schema: { response: { 200: who } } }, answer);
    await fastify.ready();
    app = fastify;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const get = (access: AccessLevel | 'staff-worded' | 'mislabelled', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/t/${access}/`, headers });

  it('lets guests through public and caller routes, as guests', async () => {
    for (const access of ['public', 'caller'] as const) {
      const res = await get(access);
      expect(res.statusCode, access).toBe(200);
      expect(res.json()).toEqual({ user_id: null, session_id: null, ip: '127.0.0.1' });
    }
  });

  it('answers 401 {detail} to a guest on user, owner and staff routes', async () => {
    for (const access of ['user', 'owner', 'staff'] as const) {
      const res = await get(access);
      expect(res.statusCode, access).toBe(401);
      expect(res.json()).toEqual({ detail: NOT_SIGNED_IN });
    }
  });

  it('resolves the caller only where the level needs it', async () => {
    const user = await buildUser(database.db);
    const session = await signInAs(app, user);
    expect((await get('public', session.headers)).json()).toMatchObject({ user_id: null, session_id: null });
    for (const access of ['caller', 'user'] as const) {
      const res = await get(access, session.headers);
      expect(res.statusCode, access).toBe(200);
      expect(res.json()).toMatchObject({ user_id: user.id, session_id: session.sessionId });
    }
    // The site's cookie works the same way.
    expect((await get('user', { cookie: session.cookieHeaders.cookie! })).json()).toMatchObject({ user_id: user.id });
  });

  it('answers 401 to a wrong, foreign, expired or revoked token', async () => {
    const user = await buildUser(database.db);
    const session = await signInAs(app, user);
    const otherKey = new JwtCodec('another-secret-key-of-someone-else-000000', 'access');
    const foreign = await otherKey.sign(String(user.id), { sid: session.sessionId }, 600);
    const expired = await new JwtCodec(config.secretKey, 'access').sign(String(user.id), { sid: session.sessionId }, -60);
    const tokens = { garbage: 'not-a-jwt', foreign, expired };
    for (const [name, token] of Object.entries(tokens)) {
      for (const access of ['user', 'owner', 'staff'] as const) {
        const res = await get(access, { 'jwt-access-token': `Bearer ${token}` });
        expect(res.statusCode, `${name} ${access}`).toBe(401);
        expect(res.json()).toEqual({ detail: NOT_SIGNED_IN });
      }
      // On a caller route a bad token leaves a guest.
      expect((await get('caller', { 'jwt-access-token': `Bearer ${token}` })).json(), name).toMatchObject({ user_id: null });
    }
    expect((await get('user', session.headers)).statusCode).toBe(200);
    await revokeFamily(database.db, session.sessionId);
    const revoked = await get('user', session.headers);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: NOT_SIGNED_IN });
  });

  it('answers 403 {detail} to a signed-in non-owner on owner routes; owners and staff pass', async () => {
    const plain = await signInAs(app, await buildUser(database.db));
    const denied = await get('owner', plain.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: NOT_AN_OWNER });
    expect((await get('user', plain.headers)).statusCode).toBe(200);

    const owner = await buildOwner(database.db);
    const asOwner = await get('owner', (await signInAs(app, owner)).headers);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ user_id: owner.id });

    const staff = await buildUser(database.db, { isStaff: true });
    expect((await get('owner', (await signInAs(app, staff)).headers)).statusCode).toBe(200);
  });

  it('answers 403 {detail} on staff routes to a learner (as owner routes do) and to a course owner who is not staff; staff pass', async () => {
    const learner = await signInAs(app, await buildUser(database.db));
    for (const access of ['staff', 'staff-worded'] as const) {
      const denied = await get(access, learner.headers);
      expect(denied.statusCode, access).toBe(403);
      expect(denied.json(), access).toEqual({ detail: NOT_AN_OWNER });
    }
    const owner = await signInAs(app, await buildOwner(database.db));
    expect((await get('owner', owner.headers)).statusCode).toBe(200);
    const notStaff = await get('staff', owner.headers);
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json()).toEqual({ detail: NOT_STAFF });
    // The route's own words, when it has them.
    expect((await get('staff-worded', owner.headers)).json()).toEqual({ detail: 'Только для сотрудников.' });

    const staff = await buildUser(database.db, { isStaff: true });
    const session = await signInAs(app, staff);
    for (const access of ['staff', 'staff-worded'] as const) {
      const res = await get(access, session.headers);
      expect(res.statusCode, access).toBe(200);
      expect(res.json()).toMatchObject({ user_id: staff.id, session_id: session.sessionId });
    }
    // staffActor on a route declared `owner` refuses a course owner with a 500 (a wrong declaration).
    expect((await get('mislabelled', owner.headers)).statusCode).toBe(500);
    expect((await get('mislabelled', session.headers)).statusCode).toBe(200);
    // Staff who also own courses are staff all the same.
    const both = await buildUser(database.db, { isStaff: true, isCourseOwner: true });
    expect((await get('staff', (await signInAs(app, both)).headers)).statusCode).toBe(200);
  });

  it('declares security and the 401/403 answers in the OpenAPI document from the level', async () => {
    const doc = app.swagger() as { paths: Record<string, { get: { security?: unknown; responses: Record<string, unknown> } }> };
    expect(doc.paths['/t/public/']!.get.security).toBeUndefined();
    expect(Object.keys(doc.paths['/t/public/']!.get.responses)).toEqual(['200']);
    expect(doc.paths['/t/caller/']!.get.security).toEqual([{ jwt: [] }, { cookie: [] }, {}]);
    expect(Object.keys(doc.paths['/t/caller/']!.get.responses)).toEqual(['200']);
    expect(doc.paths['/t/user/']!.get.security).toEqual([{ jwt: [] }, { cookie: [] }]);
    expect(Object.keys(doc.paths['/t/user/']!.get.responses).sort()).toEqual(['200', '401']);
    expect(doc.paths['/t/owner/']!.get.security).toEqual([{ jwt: [] }, { cookie: [] }]);
    expect(Object.keys(doc.paths['/t/owner/']!.get.responses).sort()).toEqual(['200', '401', '403']);
    expect(doc.paths['/t/staff/']!.get.security).toEqual([{ jwt: [] }, { cookie: [] }]);
    expect(Object.keys(doc.paths['/t/staff/']!.get.responses).sort()).toEqual(['200', '401', '403']);
    expect(doc.paths['/t/staff/']!.get.responses['403']).toMatchObject({ description: 'Только сотрудники школы' });
    expect(doc.paths['/t/owner/']!.get.responses['403']).toMatchObject({ description: 'Доступно только владельцам курсов' });
  });

  it('refuses a route that declares security by hand or an unknown level', async () => {
    const fastify = Fastify({ logger: false });
    fastify.decorate('deps', { config, db: database.db, pool: database.pool });
    await fastify.register(fastifyCookie);
    await fastify.register(accessPlugin);
    await fastify.after();
    expect(() => fastify.get('/hand/', { schema: { security: [{ jwt: [] }] } }, async () => ({}))).toThrow(/config\.access/);
    expect(() => fastify.get('/odd/', { config: { access: 'admin' as AccessLevel } }, async () => ({}))).toThrow(/unknown access level/);
    // Words for those who are not staff belong to staff routes only.
    expect(() => fastify.get('/worded/', { config: { access: 'owner', notStaffDetail: 'x' } }, async () => ({}))).toThrow(/notStaffDetail/);
    await fastify.close();
  });
});

describe('every route of the app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A concrete URL for a route pattern: any id-like value for each parameter. */
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
  /** The OpenAPI path of a route pattern. */
  const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

  it('knows the level of each API route, the signed-in ones among them', () => {
    const levels = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(levels.get('GET /api/user/personal/')).toBe('user');
    expect(levels.get('GET /api/user/orders/')).toBe('user');
    expect(levels.get('GET /api/user/courses/')).toBe('user');
    // Pending grants (decision 0035): the read counts them, the POST makes them enrolments.
    expect(levels.get('GET /api/user/courses/grants/')).toBe('user');
    expect(levels.get('POST /api/user/courses/grants/')).toBe('user');
    expect(levels.get('POST /api/auth/set-password/')).toBe('user');
    expect(levels.get('POST /api/auth/logout/')).toBe('caller');
    expect(levels.get('PATCH /api/auth/set-password/change/')).toBe('caller');
    expect(levels.get('GET /api/courses/')).toBe('public');
    // Health, liveness and readiness (decision 0075): for the proxy and the monitoring, no session.
    for (const route of ['GET /api/health/', 'GET /api/health/live/', 'GET /api/health/ready/']) expect(levels.get(route), route).toBe('public');
    // Applications: guests send them too; a signed-in caller's consents become account records.
    expect(levels.get('GET /api/feedback/:key/')).toBe('public');
    expect(levels.get('POST /api/feedback/:key/process/')).toBe('caller');
    // Promo codes and the waiting list (decision 0067): the price with a code for anyone; the list for the signed-in.
    expect(levels.get('POST /api/order/promo/')).toBe('caller');
    expect(levels.get('POST /api/groups/waiting/')).toBe('user');
    expect(levels.get('GET /api/groups/waiting/')).toBe('user');
    expect(levels.get('DELETE /api/groups/waiting/:id/')).toBe('user');
    // Groups and my schedule (decision 0031): signed-in only; the iCal feed itself is outside /api, by its secret.
    for (const route of [
      'GET /api/group_schedule/courses/available/',
      'GET /api/group_schedule/:id/modules/',
      'GET /api/group_schedule/:id/lesson/',
      'GET /api/group_schedule/:id/lesson/:lessonId/',
      'GET /api/user/groups/',
      'GET /api/user/groups/:id/',
      'GET /api/user/groups/:id/schedule/:scheduleId/',
      'GET /api/user/schedule/',
      'GET /api/user/schedule/feed/',
      'POST /api/user/schedule/feed/',
      'DELETE /api/user/schedule/feed/',
      // Statistics (decision 0033).
      'GET /api/user/course/statistic/',
      'GET /api/user/course/statistic/export/',
      'GET /api/user/course/statistic/courses/',
      'GET /api/user/courses/groups/',
      'GET /api/user/courses/modules/',
      'GET /api/user/course/statistic/testing/:id/',
      'GET /api/user/course/statistic/lesson/:id/',
    ]) {
      expect(levels.get(route), route).toBe('user');
    }
    // 'Сведения' (decision 0042): public reads; edits and uploads for staff.
    expect(levels.get('GET /api/sveden/')).toBe('public');
    expect(levels.get('GET /api/sveden/common/')).toBe('public');
    expect(levels.get('PUT /api/sveden/common/')).toBe('staff');
    expect(levels.get('POST /api/sveden/uploads/')).toBe('staff');
    expect(levels.get('GET /api/admin/sveden/')).toBe('staff');
    // Legal documents (decision 0043): pages for everyone; publishing for staff.
    for (const route of ['GET /api/documents/', 'GET /api/documents/:slug/', 'GET /api/documents/:slug/v/:version/']) {
      expect(levels.get(route), route).toBe('public');
    }
    expect(levels.get('POST /api/admin/documents/')).toBe('staff');
    // Letters (decision 0086): the settings are the account's; the one-click unsubscribe is by its signed token alone.
    expect(levels.get('GET /api/user/notifications/')).toBe('user');
    expect(levels.get('PUT /api/user/notifications/')).toBe('user');
    expect(levels.get('GET /api/mail/unsubscribe/')).toBe('public');
    expect(levels.get('POST /api/mail/unsubscribe/')).toBe('public');
    // The course builder is the owners' (staff count as owners), not staff only.
    expect(levels.get('POST /api/admin/modules/:id/lessons/set-order/')).toBe('owner');
    // Certificates (decision 0085): verification for anyone; the holder's list and PDF; the builder's part for owners.
    expect(levels.get('GET /api/certificates/:number/')).toBe('public');
    expect(levels.get('GET /api/user/certificates/')).toBe('user');
    expect(levels.get('GET /api/user/certificates/:number/pdf/')).toBe('user');
    for (const route of [
      'GET /api/admin/courses/:id/certificate/',
      'PUT /api/admin/courses/:id/certificate/',
      'GET /api/admin/courses/:id/certificate/preview/',
      'GET /api/admin/courses/:id/certificates/',
      'POST /api/admin/courses/:id/certificates/:certificateId/revoke/',
      'POST /api/admin/courses/:id/certificates/:certificateId/reissue/',
    ]) {
      expect(levels.get(route), route).toBe('owner');
    }
    // Homework (decision 0087): the curator's calls; the course's curators are the owner's.
    for (const route of [
      'GET /api/curator/homework/',
      'GET /api/curator/homework/summary/',
      'GET /api/curator/homework/:id/',
      'POST /api/curator/homework/:id/claim/',
      'POST /api/curator/homework/:id/review/',
    ]) {
      expect(levels.get(route), route).toBe('curator');
    }
    for (const route of ['GET /api/admin/courses/:id/curators/', 'POST /api/admin/courses/:id/curators/', 'DELETE /api/admin/courses/:id/curators/:curatorId/']) {
      expect(levels.get(route), route).toBe('owner');
    }
    expect(t.app.routeAccess.length).toBeGreaterThan(20);
  });

  it('answers 401 {detail} to a guest on every user, owner and staff route', async () => {
    const guarded = t.app.routeAccess.filter((r) => atLeast(r.access, 'user'));
    expect(guarded.map((r) => r.access)).toContain('staff');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(res.json(), `${route.method} ${route.url}`).toEqual({ detail: NOT_SIGNED_IN });
    }
  });

  it('answers 403 {detail} to a signed-in student on every owner route (the course builder) and staff route', async () => {
    const owned = t.app.routeAccess.filter((r) => atLeast(r.access, 'owner') && r.method !== 'HEAD');
    expect(owned.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/admin/modules/:id/lessons/set-order/');
    expect(owned.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/admin/documents/');
    const student = await signInAs(t.app, await buildUser(t.database.db));
    for (const route of owned) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: student.headers });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ detail: NOT_AN_OWNER });
    }
  });

  /**
   * The staff-only routes, each with what it tells a course owner who is not staff. The level is
   * declared on the route, so the access layer answers; a route that is here but declared `owner`
   * (course owners let in), or declared `staff` but missing here, fails the next test.
   */
  const STAFF_ROUTES: Record<string, string> = {
    'GET /api/admin/sveden/': NOT_STAFF,
    ...Object.fromEntries(SVEDEN_SECTIONS.map((s) => [`PUT /api/sveden/${s.key}/`, NOT_STAFF])),
    'POST /api/sveden/uploads/': NOT_STAFF,
    'POST /api/admin/documents/': LEGAL_TEXTS.staffOnly,
    'GET /api/admin/school/audit/': NOT_STAFF,
    'GET /api/admin/school/people/': NOT_STAFF,
    'GET /api/admin/school/people/:id/': NOT_STAFF,
    'PATCH /api/admin/school/people/:id/roles/': NOT_STAFF,
    'POST /api/admin/school/people/:id/block/': NOT_STAFF,
    'POST /api/admin/school/people/:id/courses/': NOT_STAFF,
    'POST /api/admin/school/people/:id/unblock/': NOT_STAFF,
    'POST /api/admin/school/people/:id/export/': NOT_STAFF,
    'POST /api/admin/school/people/:id/delete/': NOT_STAFF,
    'GET /api/admin/school/groups/': NOT_STAFF,
    'GET /api/admin/school/groups/options/': NOT_STAFF,
    'POST /api/admin/school/groups/': NOT_STAFF,
    'GET /api/admin/school/groups/:id/': NOT_STAFF,
    'PATCH /api/admin/school/groups/:id/': NOT_STAFF,
    'POST /api/admin/school/groups/:id/publish/': NOT_STAFF,
    'POST /api/admin/school/groups/:id/close/': NOT_STAFF,
    'POST /api/admin/school/groups/:id/sessions/': NOT_STAFF,
    'PATCH /api/admin/school/groups/:id/sessions/:sessionId/': NOT_STAFF,
    'DELETE /api/admin/school/groups/:id/sessions/:sessionId/': NOT_STAFF,
    'GET /api/admin/school/groups/:id/members/': NOT_STAFF,
    'POST /api/admin/school/groups/:id/members/': NOT_STAFF,
    'POST /api/admin/school/groups/:id/members/:userCourseId/move/': NOT_STAFF,
    'DELETE /api/admin/school/groups/:id/members/:userCourseId/': NOT_STAFF,
    'GET /api/admin/school/orders/': NOT_STAFF,
    'GET /api/admin/school/orders/export/': NOT_STAFF,
    'GET /api/admin/school/orders/:id/': NOT_STAFF,
    'POST /api/admin/school/orders/:id/refund/': NOT_STAFF,
    'POST /api/admin/school/orders/:id/cancel/': NOT_STAFF,
    'POST /api/admin/school/orders/:id/resend-link/': NOT_STAFF,
    'POST /api/admin/school/orders/:id/offline-payment/': NOT_STAFF,
    'GET /api/admin/school/applications/': NOT_STAFF,
    'GET /api/admin/school/applications/new-count/': NOT_STAFF,
    'GET /api/admin/school/applications/:id/': NOT_STAFF,
    'POST /api/admin/school/applications/:id/status/': NOT_STAFF,
    'POST /api/admin/school/applications/:id/assign/': NOT_STAFF,
    'POST /api/admin/school/applications/:id/notes/': NOT_STAFF,
    'GET /api/admin/school/dashboard/': NOT_STAFF,
    'GET /api/admin/school/promo/': NOT_STAFF,
    'GET /api/admin/school/promo/:id/': NOT_STAFF,
    'POST /api/admin/school/promo/': NOT_STAFF,
    'PATCH /api/admin/school/promo/:id/': NOT_STAFF,
    'POST /api/admin/school/promo/:id/disable/': NOT_STAFF,
    'GET /api/admin/school/groups/:id/waiting/': NOT_STAFF,
    'GET /api/admin/school/waiting/': NOT_STAFF,
    'GET /api/admin/school/site/posts/': NOT_STAFF,
    'POST /api/admin/school/site/posts/': NOT_STAFF,
    'GET /api/admin/school/site/posts/:id/': NOT_STAFF,
    'PUT /api/admin/school/site/posts/:id/': NOT_STAFF,
    'DELETE /api/admin/school/site/posts/:id/': NOT_STAFF,
    'POST /api/admin/school/site/posts/:id/publish/': NOT_STAFF,
    'POST /api/admin/school/site/posts/:id/schedule/': NOT_STAFF,
    'POST /api/admin/school/site/posts/:id/unpublish/': NOT_STAFF,
    // The site's banners and menus (decision 0071)
    'GET /api/admin/school/site/banners/': NOT_STAFF,
    'POST /api/admin/school/site/banners/': NOT_STAFF,
    'PUT /api/admin/school/site/banners/order/': NOT_STAFF,
    'GET /api/admin/school/site/banners/:id/': NOT_STAFF,
    'PATCH /api/admin/school/site/banners/:id/': NOT_STAFF,
    'DELETE /api/admin/school/site/banners/:id/': NOT_STAFF,
    'GET /api/admin/school/site/menus/:key/': NOT_STAFF,
    'POST /api/admin/school/site/menus/:key/items/': NOT_STAFF,
    'PUT /api/admin/school/site/menus/:key/order/': NOT_STAFF,
    'PATCH /api/admin/school/site/menus/:key/items/:id/': NOT_STAFF,
    'DELETE /api/admin/school/site/menus/:key/items/:id/': NOT_STAFF,
    // Site settings
    'GET /api/admin/school/site/settings/': NOT_STAFF,
    'PUT /api/admin/school/site/settings/': NOT_STAFF,
    // The catalogue's dictionaries (decision 0072).
    ...Object.fromEntries(
      ['categories', 'collections', 'attributes'].flatMap((kind) => [
        [`GET /api/admin/school/site/catalog/${kind}/`, NOT_STAFF],
        [`POST /api/admin/school/site/catalog/${kind}/`, NOT_STAFF],
        [`PUT /api/admin/school/site/catalog/${kind}/order/`, NOT_STAFF],
        [`GET /api/admin/school/site/catalog/${kind}/:id/`, NOT_STAFF],
        [`PATCH /api/admin/school/site/catalog/${kind}/:id/`, NOT_STAFF],
        [`DELETE /api/admin/school/site/catalog/${kind}/:id/`, NOT_STAFF],
      ]),
    ),
    'POST /api/admin/school/site/catalog/attributes/:id/values/': NOT_STAFF,
    'PUT /api/admin/school/site/catalog/attributes/:id/values/order/': NOT_STAFF,
    'PATCH /api/admin/school/site/catalog/attributes/:id/values/:valueId/': NOT_STAFF,
    'DELETE /api/admin/school/site/catalog/attributes/:id/values/:valueId/': NOT_STAFF,
    // The site: teachers and reviews (decision 0073).
    'GET /api/admin/school/site/teachers/': NOT_STAFF,
    'GET /api/admin/school/site/teachers/:id/': NOT_STAFF,
    'POST /api/admin/school/site/teachers/': NOT_STAFF,
    'PUT /api/admin/school/site/teachers/order/': NOT_STAFF,
    'PATCH /api/admin/school/site/teachers/:id/': NOT_STAFF,
    'DELETE /api/admin/school/site/teachers/:id/': NOT_STAFF,
    'GET /api/admin/school/site/reviews/': NOT_STAFF,
    'GET /api/admin/school/site/reviews/new-count/': NOT_STAFF,
    'GET /api/admin/school/site/reviews/:id/': NOT_STAFF,
    'PATCH /api/admin/school/site/reviews/:id/': NOT_STAFF,
    'POST /api/admin/school/site/reviews/:id/publish/': NOT_STAFF,
    'POST /api/admin/school/site/reviews/:id/hide/': NOT_STAFF,
    'POST /api/admin/school/site/reviews/:id/reply/': NOT_STAFF,
  };

  it('declares staff on exactly the staff-only routes: 401 to a guest, 403 to a learner and to a course owner, staff pass', async () => {
    const declared = t.app.routeAccess.filter((r) => r.access === 'staff' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual(Object.keys(STAFF_ROUTES).sort());
    const { db } = t.database;
    const learner = await signInAs(t.app, await buildUser(db));
    const owner = await signInAs(t.app, await buildOwner(db));
    const staff = await signInAs(t.app, await buildUser(db, { isStaff: true }));
    for (const [route, notStaff] of Object.entries(STAFF_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      const call = (headers: Record<string, string> = {}) => t.app.inject({ method: method as 'GET', url: concrete(url), headers });
      const guest = await call();
      expect(guest.statusCode, route).toBe(401);
      expect(guest.json(), route).toEqual({ detail: NOT_SIGNED_IN });
      const byLearner = await call(learner.headers);
      expect(byLearner.statusCode, route).toBe(403);
      expect(byLearner.json(), route).toEqual({ detail: NOT_AN_OWNER });
      const byOwner = await call(owner.headers);
      expect(byOwner.statusCode, route).toBe(403);
      expect(byOwner.json(), route).toEqual({ detail: notStaff });
      // Staff get past the access layer (an empty body may still be a 400).
      expect([401, 403], route).not.toContain((await call(staff.headers)).statusCode);
    }
  });

  /**
   * For each signed-in route that names a thing by id: how to make one that belongs to a given
   * account. Every such route must be listed here, so one added later is checked by construction.
   */
  type Db = TestContext['database']['db'];
  /** A course with a module, a lesson and a module test with an open attempt, and the holder's enrolment in it. */
  const studying = async (db: Db, userId: number) => {
    const course = await buildCourse(db);
    const module = await buildModule(db, { courseId: course.id });
    const lesson = await buildLesson(db, { moduleId: module.id });
    const test = await buildTest(db, { courseId: course.id, moduleId: module.id });
    const question = await buildQuestion(db, { testId: test.id, answers: [{ isCorrect: true }] });
    const enrolment = await buildEnrolment(db, { userId, courseId: course.id });
    await db.insert(testAttempts).values({ userCourseId: enrolment.id, testId: test.id, questionIds: [question.id] });
    return { id: enrolment.id, moduleId: module.id, lessonId: lesson.id, testId: test.id };
  };
  /** A group of a course the holder studies, with the holder's enrolment as a member. */
  const inGroup = async (db: Db, userId: number) => {
    const own = await studying(db, userId);
    const [enrolment] = await db.select({ courseId: userCourses.courseId }).from(userCourses).where(eq(userCourses.id, own.id));
    const group = await buildGroup(db, {
      courseId: enrolment!.courseId,
      memberIds: [own.id],
      sessions: [{ startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 90_000_000) }],
    });
    return { id: group.id, lessonId: own.lessonId, scheduleId: group.sessions[0]!.id };
  };
  /** A course of the owner's with one module, a lesson and a test in it (the course builder, decision 0035). */
  const owning = async (db: Db, userId: number) => {
    const course = await buildCourse(db, { ownerId: userId, published: false });
    const module = await buildModule(db, { courseId: course.id });
    const lesson = await buildLesson(db, { moduleId: module.id });
    const test = await buildTest(db, { courseId: course.id, moduleId: module.id });
    return { course, module, lesson, test };
  };
  /** A homework block in a lesson of a course the holder studies. */
  const homeworkOf = async (db: Db, userId: number) => {
    const own = await studying(db, userId);
    const data = { title: 'Задание', html: '<p>Сделайте.</p>', accepts: { text: true, photos: 1, videos: 0, files: 1 }, maxFileMb: 5, gate: 'none', deadline: null };
    return { id: own.id, blockId: (await buildLessonBlock(db, { lessonId: own.lessonId, type: 'homework', data })).id };
  };
  const TUS = { 'tus-resumable': '1.0.0' };
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 32), Buffer.from('\n%%EOF\n')]);
  type Thing = number | string | Record<string, number | unknown>;
  const OWN_THINGS: Record<string, (db: Db, userId: number) => Promise<Thing>> = {
    // The course builder: `:id` is the owner's course or module; bodies that pass validation.
    '/api/admin/courses/:id/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { title: 'Курс' } }),
    '/api/admin/courses/:id/modules/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { title: 'Модуль' } }),
    '/api/admin/courses/:id/modules/set-order/': async (db, userId) => {
      const { course, module } = await owning(db, userId);
      return { id: course.id, payload: { order: [module.id] } };
    },
    '/api/admin/modules/:id/': async (db, userId) => ({ id: (await owning(db, userId)).module.id, payload: { title: 'Модуль' } }),
    '/api/admin/modules/:id/lessons/': async (db, userId) => ({ id: (await owning(db, userId)).module.id, payload: { title: 'Урок' } }),
    '/api/admin/modules/:id/tests/': async (db, userId) => ({ id: (await owning(db, userId)).module.id, payload: { name: 'Тест' } }),
    '/api/admin/modules/:id/lessons/set-order/': async (db, userId) => {
      const { module, lesson } = await owning(db, userId);
      return { id: module.id, payload: { order: [lesson.id] } };
    },
    '/api/admin/modules/:id/tests/set-order/': async (db, userId) => {
      const { module, test } = await owning(db, userId);
      return { id: module.id, payload: { order: [test.id] } };
    },
    '/api/admin/lessons/:id/': async (db, userId) => ({ id: (await owning(db, userId)).lesson.id, payload: { title: 'Урок' } }),
    '/api/admin/lessons/:id/blocks/': async (db, userId) => {
      const { lesson } = await owning(db, userId);
      return { id: lesson.id, payload: { updated_at: lesson.updatedAt.toISOString(), pages: [[{ data: { type: 'text', html: '<p>Текст</p>' } }]] } };
    },
    '/api/admin/courses/:id/tests/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { name: 'Итоговый тест' } }),
    '/api/admin/tests/:id/': async (db, userId) => ({ id: (await owning(db, userId)).test.id, payload: { name: 'Тест' } }),
    '/api/admin/tests/:id/questions/': async (db, userId) => ({ id: (await owning(db, userId)).test.id, payload: { text: 'Вопрос?' } }),
    '/api/admin/lessons/:id/duplicate/': async (db, userId) => ({ id: (await owning(db, userId)).lesson.id, payload: {} }),
    '/api/admin/tests/:id/duplicate/': async (db, userId) => ({ id: (await owning(db, userId)).test.id, payload: {} }),
    '/api/admin/courses/:id/duplicate/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: {} }),
    '/api/admin/tests/:id/questions/set-order/': async (db, userId) => {
      const { test } = await owning(db, userId);
      return { id: test.id, payload: { order: [(await buildQuestion(db, { testId: test.id })).id] } };
    },
    '/api/admin/tests/:id/questions/:qid/': async (db, userId) => {
      const { test } = await owning(db, userId);
      return { id: test.id, qid: (await buildQuestion(db, { testId: test.id })).id, payload: { text: 'Вопрос?' } };
    },
    '/api/admin/tests/:id/questions/:qid/answers/': async (db, userId) => {
      const { test } = await owning(db, userId);
      return { id: test.id, qid: (await buildQuestion(db, { testId: test.id })).id, payload: { text: 'Ответ' } };
    },
    '/api/admin/tests/:id/questions/:qid/answers/:aid/': async (db, userId) => {
      const { test } = await owning(db, userId);
      const question = await buildQuestion(db, { testId: test.id, answers: [{ text: 'Да' }] });
      return { id: test.id, qid: question.id, aid: question.answers[0]!.id };
    },
    '/api/admin/courses/:id/catalog/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { attributes: [], collection_ids: [] } }),
    '/api/admin/courses/:id/links/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { uses_limit: 3 } }),
    '/api/admin/courses/:id/links/:linkId/': async (db, userId) => {
      const { course } = await owning(db, userId);
      const [link] = await db.insert(courseLinks).values({ courseId: course.id, token: `t${Date.now()}${Math.random().toString(36).slice(2)}` }).returning();
      return { id: course.id, linkId: link!.id, payload: { is_active: false } };
    },
    '/api/admin/courses/:id/audience/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { email: 'someone@example.ru' } }),
    '/api/admin/courses/:id/audience/:userCourseId/': async (db, userId) => {
      const { course } = await owning(db, userId);
      return { id: course.id, userCourseId: (await buildEnrolment(db, { userId: (await buildUser(db)).id, courseId: course.id })).id };
    },
    '/api/admin/courses/:id/audience/pending/:grantId/': async (db, userId) => {
      const { course } = await owning(db, userId);
      const [grant] = await db.insert(courseGrants).values({ courseId: course.id, email: `g${Date.now()}${Math.random()}@example.ru` }).returning();
      return { id: course.id, grantId: grant!.id };
    },
    '/api/admin/modules/:id/content/set-order/': async (db, userId) => {
      const { module, lesson, test } = await owning(db, userId);
      return { id: module.id, payload: { order: [{ type: 'test', id: test.id }, { type: 'lesson', id: lesson.id }] } };
    },
    // Groups (decision 0031): `:id` is a group the holder's enrolment studies in.
    '/api/group_schedule/:id/modules/': async (db, userId) => (await inGroup(db, userId)).id,
    '/api/group_schedule/:id/lesson/': async (db, userId) => (await inGroup(db, userId)).id,
    '/api/group_schedule/:id/lesson/:lessonId/': inGroup,
    '/api/user/groups/:id/': async (db, userId) => (await inGroup(db, userId)).id,
    '/api/user/groups/:id/schedule/:scheduleId/': inGroup,
    // Statistics (decision 0033): `:id` is a test or a lesson of a course the holder studies.
    '/api/user/course/statistic/testing/:id/': async (db, userId) => (await studying(db, userId)).testId,
    '/api/user/course/statistic/lesson/:id/': async (db, userId) => (await studying(db, userId)).lessonId,
    '/api/user/students/:id/': async (db, userId) => (await buildStudent(db, { userId })).id,
    '/api/user/consents/:id/withdraw/': async (db, userId) =>
      (await db.insert(consents).values({ userId, kind: 'advertising', version: 1 }).returning())[0]!.id,
    // A guest's order for the holder's address (LoginOrder), and an unpaid order of the holder.
    '/api/order/:order_code/claim/': async (db, userId) => {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return (await buildOrder(db, { payerEmail: user!.email })).code;
    },
    '/api/user/orders/:order_code/cancel/': async (db, userId) => (await buildOrder(db, { userId })).code,
    // The holder's place in a group's waiting list (decision 0067): `:id` is the group.
    '/api/groups/waiting/:id/': async (db, userId) => {
      const group = await buildGroup(db, { courseId: (await buildCourse(db)).id, capacity: 1 });
      await db.insert(waitingEntries).values({ groupId: group.id, userId });
      return group.id;
    },
    // Learning (decision 0028): `:id` is the holder's enrolment; lessons and tests of its course.
    '/api/user/courses/:id/': async (db, userId) => (await studying(db, userId)).id,
    '/api/user/course/:id/modules/': async (db, userId) => (await studying(db, userId)).id,
    '/api/user/course/:id/lesson/:lessonId/': studying,
    '/api/user/course/:id/testing/:testId/': studying,
    '/api/user/course/:id/module/:moduleId/testing/:testId/': studying,
    '/api/user/course/:id/testing/:testId/progress/': studying,
    // A learner's review of a course they study (decision 0073).
    '/api/user/course/:id/review/': async (db, userId) => ({ id: (await studying(db, userId)).id, payload: { rating: 5, name: 'Анна С.', text: 'Хороший курс, спасибо.' } }),
    // Certificates (decision 0085): the settings and list of the owner's course; one of its certificates; the holder's own PDF.
    '/api/admin/courses/:id/certificate/': async (db, userId) => ({
      id: (await owning(db, userId)).course.id,
      payload: { enabled: true, rule: 'all_done' },
    }),
    '/api/admin/courses/:id/certificate/preview/': async (db, userId) => (await owning(db, userId)).course.id,
    '/api/admin/courses/:id/certificates/': async (db, userId) => (await owning(db, userId)).course.id,
    '/api/admin/courses/:id/certificates/:certificateId/revoke/': async (db, userId) => {
      const { course } = await owning(db, userId);
      const certificate = await buildCertificate(db, { courseId: course.id, userId: (await buildUser(db)).id });
      return { id: course.id, certificateId: certificate.id, payload: { reason: 'Ошибка в данных' } };
    },
    '/api/admin/courses/:id/certificates/:certificateId/reissue/': async (db, userId) => {
      const { course } = await owning(db, userId);
      const holder = await buildUser(db, { lastName: 'Орлова', firstName: 'Анна' });
      const certificate = await buildCertificate(db, { courseId: course.id, userId: holder.id, lastName: 'Соколова', firstName: 'Анна' });
      return { id: course.id, certificateId: certificate.id };
    },
    '/api/user/certificates/:number/pdf/': async (db, userId) => (await buildCertificate(db, { courseId: (await buildCourse(db)).id, userId })).number,
    // Homework (decision 0087): the curators of the owner's course, one of them by its record.
    '/api/admin/courses/:id/curators/': async (db, userId) => ({ id: (await owning(db, userId)).course.id, payload: { email: (await buildUser(db)).email } }),
    '/api/admin/courses/:id/curators/:curatorId/': async (db, userId) => {
      const { course } = await owning(db, userId);
      const [row] = await db.insert(curators).values({ userId: (await buildUser(db)).id, courseId: course.id }).returning();
      return { id: course.id, curatorId: row!.id };
    },
    // One finished attempt of the holder's (its result page).
    // Homework (decision 0087): the holder's homework thread and answer; their own tus upload (the
    // last part sent, or given up); a file they uploaded.
    '/api/user/course/:id/homework/:blockId/': async (db, userId) => {
      const { id, blockId } = await homeworkOf(db, userId);
      return { id, blockId, payload: { text: 'Мой ответ' } };
    },
    '/api/homework/uploads/:upload/': async (db, userId) => {
      const { blockId } = await homeworkOf(db, userId);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/homework/uploads/',
        headers: { ...(await signInAs(t.app, { id: userId })).headers, ...TUS, 'upload-length': String(PDF.length), 'upload-metadata': `block ${Buffer.from(String(blockId)).toString('base64')}` },
      });
      const upload = (created.headers.location as string).split('/').at(-2)!;
      return { upload, payload: PDF, headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' } };
    },
    '/api/homework/files/:attachmentId/': async (db, userId) => {
      const { blockId } = await homeworkOf(db, userId);
      const storageKey = `homework/${blockId}/walk-${Date.now()}.pdf`;
      await t.app.media.storage.put(storageKey, PDF, { contentType: 'application/pdf' });
      const [row] = await db
        .insert(homeworkAttachments)
        .values({ upload: `u${userId}-walk${Date.now()}`, uploaderId: userId, blockId, kind: 'file', storageKey, name: 'план.pdf', sizeBytes: PDF.length, contentType: 'application/pdf' })
        .returning();
      return row!.id;
    },
    '/api/user/attempts/:attemptId/': async (db, userId) => {
      const { id, testId } = await studying(db, userId);
      const [attempt] = await db
        .insert(testAttempts)
        .values({ userCourseId: id, testId, number: 2, questionIds: [], status: 'completed', score: 0, isPassed: false, finishedAt: new Date() })
        .returning();
      return attempt!.id;
    },
  };

  it('answers 404 to another account on every signed-in route with an id, and reaches the thing for its own account', async () => {
    const { db } = t.database;
    const routes = t.app.routeAccess.filter(
      (r) => (r.access === 'user' || r.access === 'owner') && /:[A-Za-z_]+/.test(r.url) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const make = OWN_THINGS[route.url];
      expect(make, `${name}: add it to OWN_THINGS`).toBeDefined();
      // Owners both: an owner route must still tell one owner's things from another's.
      const holder = route.access === 'owner' ? await buildOwner(db) : await buildUser(db);
      // Another user and another owner (an owner's rights never reach someone's own things).
      const others = route.access === 'owner' ? [await buildOwner(db)] : [await buildUser(db), await buildOwner(db)];
      const thing = await make!(db, holder.id);
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(typeof thing === 'object' ? thing[name] : thing));
      // A body that passes validation (PATCH of a user course needs is_active; admin things give theirs).
      const given = typeof thing === 'object' && 'payload' in thing ? (thing.payload as object) : undefined;
      const payload =
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : (given ?? (route.method === 'PATCH' && url.includes('/user/courses/') ? { is_active: true } : {}));
      // Headers a call needs besides the session's (tus's own).
      const extra = typeof thing === 'object' && 'headers' in thing ? (thing.headers as Record<string, string>) : {};
      const inject = async (user: { id: number }) =>
        t.app.inject({ method: route.method as 'GET', url, headers: { ...(await signInAs(t.app, user)).headers, ...extra }, ...(payload ? { payload } : {}) });
      for (const other of others) {
        const foreign = await inject(other);
        expect(foreign.statusCode, name).toBe(404);
        expect(foreign.json(), name).toMatchObject({ detail: expect.any(String) });
      }
      expect((await inject(holder)).statusCode, name).toBeLessThan(300);
    }
  });

  it('answers a learner 403 and a curator of another course 404 on every curator route with an id; its own curator reaches it', async () => {
    const { db } = t.database;
    const routes = t.app.routeAccess.filter((r) => r.access === 'curator' && /:[A-Za-z_]+/.test(r.url) && r.method !== 'HEAD');
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/curator/homework/:id/claim/');
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const owner = await buildOwner(db);
      const { course, lesson } = await owning(db, owner.id);
      const [block] = await db.insert(lessonBlocks).values({ lessonId: lesson.id, type: 'homework', data: { title: 'Задание', html: '', accepts: { text: true, photos: 0, videos: 0, files: 0 }, maxFileMb: 5, gate: 'none', deadline: null } }).returning();
      const learner = await buildUser(db);
      const enrolment = await buildEnrolment(db, { userId: learner.id, courseId: course.id });
      const [submission] = await db.insert(homeworkSubmissions).values({ blockId: block!.id, lessonId: lesson.id, userCourseId: enrolment.id }).returning();
      const mine = await buildUser(db, { isCurator: true });
      await db.insert(curators).values({ userId: mine.id, courseId: course.id });
      const other = await buildUser(db, { isCurator: true });
      await db.insert(curators).values({ userId: other.id, courseId: (await buildCourse(db)).id });
      // Attendance (decision 0088): `:id` a group of the course with the learner in it, `:sessionId` its started session.
      const group = route.url.startsWith('/api/curator/groups/')
        ? await buildGroup(db, { courseId: course.id, memberIds: [enrolment.id], sessions: [{ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) }] })
        : null;
      const url = group
        ? route.url.replace(':id', String(group.id)).replace(':sessionId', String(group.sessions[0]!.id))
        : route.url.replace(':id', String(submission!.id));
      const payload =
        route.method === 'POST' ? (url.endsWith('/review/') ? { decision: 'accepted', version: 0 } : {}) : route.method === 'PUT' ? { version: 0, marks: [] } : undefined;
      const inject = async (user: { id: number }) =>
        t.app.inject({ method: route.method as 'GET', url, headers: (await signInAs(t.app, user)).headers, ...(payload ? { payload } : {}) });
      expect((await inject(learner)).statusCode, name).toBe(403);
      const foreign = await inject(other);
      expect(foreign.statusCode, name).toBe(404);
      expect(foreign.json(), name).toMatchObject({ detail: expect.any(String) });
      expect((await inject(mine)).statusCode, name).toBe(200);
    }
  });

  it('declares security in the OpenAPI document for every route that is not public, and only for those', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['cookie', 'course', 'jwt']);
    // Learning calls list the course-token cookie too (decision 0028); other user routes do not.
    expect(doc.paths['/api/user/course/{id}/modules/']!.get!.security).toEqual([{ jwt: [] }, { cookie: [] }, { course: [] }]);
    expect(doc.paths['/api/user/personal/']!.get!.security).toEqual([{ jwt: [] }, { cookie: [] }]);
    let checked = 0;
    for (const route of t.app.routeAccess) {
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) continue; // Hidden from the document (the JSON 404 catch-all) or a HEAD twin.
      checked += 1;
      const name = `${route.method} ${route.url}`;
      if (route.access === 'public') {
        expect(op.security, name).toBeUndefined();
        continue;
      }
      expect(op.security, name).toEqual(expect.arrayContaining([{ jwt: [] }, { cookie: [] }]));
      if (route.access !== 'caller') expect(Object.keys(op.responses), name).toContain('401');
      if (atLeast(route.access, 'owner')) expect(Object.keys(op.responses), name).toContain('403');
    }
    expect(checked).toBeGreaterThan(20);
  });
});

// Attendance for curators (decision 0088): level `curator`; which groups a curator reaches is the
// attendance scope's (its own tests walk another curator's group to a 404).
describe('attendance routes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ATTENDANCE_ROUTES = [
    'GET /api/curator/groups/',
    'GET /api/curator/groups/:id/',
    'GET /api/curator/groups/:id/export/',
    'GET /api/curator/groups/:id/sessions/:sessionId/',
    'PUT /api/curator/groups/:id/sessions/:sessionId/',
  ];

  it('declares them curator-level, the save audited, and answers 403 to a learner on each', async () => {
    const declared = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r]));
    expect(declared.get('PUT /api/curator/groups/:id/sessions/:sessionId/')?.audit).toBe('attendance.save');
    const learner = await signInAs(t.app, await buildUser(t.database.db));
    for (const route of ATTENDANCE_ROUTES) {
      expect(declared.get(route)?.access, route).toBe('curator');
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({ method: method as 'GET', url: url.replace(/:[A-Za-z]+/g, '1'), headers: learner.headers, ...(method === 'PUT' ? { payload: { version: 0, marks: [] } } : {}) });
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toEqual({ detail: 'Этот раздел доступен только кураторам курсов.' });
    }
  });
});
