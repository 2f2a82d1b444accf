import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { COURSE_TOKEN_COOKIE, CSRF_HEADER, SESSION_COOKIES, detailErrorSchema } from '@crema/contract';
import { AUDIT_ACTIONS, type AuditAction } from '@crema/contract/rules';
import type { Config } from '../../config.ts';
import { courseSessions, refreshTokens, userCourses, users } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { deriveKey } from '../../lib/keys.ts';
import { ACCESS_LEVELS, atLeast, isCuratorLevel, isOwnerLevel, isSignedIn, isStaffActor, type AccessLevel, type Actor, type SignedInActor, type StaffActor } from './actor.ts';
import { accessTokenOf, RENDER_HEADER, SessionUsers } from './session-users.ts';

/** One registered route and the access it declares (the access tests walk this list). */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessLevel;
  /** What the route records in the audit trail (`config.audit`); absent for routes that need none. */
  audit?: AuditAction | false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (decision 0011); `public` when absent. */
    access?: AccessLevel;
    /**
     * What a `staff` route tells a course owner who is not staff (403) when the section needs its
     * own words; `NOT_STAFF` otherwise.
     */
    notStaffDetail?: string;
    /** An unsafe method that only reads (POST /api/configs/): no CSRF check for cookie calls. */
    readOnly?: boolean;
    /**
     * A `public` route authorised by a signed token in its own address (the one-click unsubscribe),
     * never by the session: the site's cookies that come with it are ignored, so they need no CSRF
     * check — a page without them could make the same call with the token alone.
     */
    tokenInAddress?: boolean;
    /**
     * A GET that acts for the caller when its query says so (`?clear=true` starts and grades quiz
     * attempts): such a call carried by a cookie passes the CSRF check like an unsafe method, so a
     * link on another site cannot make it with the visitor's cookies (decision 0050). Given the raw
     * query (before validation), true when this call changes state.
     */
    changesState?: (query: Record<string, unknown>) => boolean;
    /**
     * A learning call (`user` level) that also accepts the course-token cookie instead of an
     * access token (decision 0028): the actor is then limited to that one enrolment.
     */
    courseToken?: boolean;
    /**
     * The audit-trail action a change through this route records (the service writes it in the
     * change's transaction). Every unsafe `owner` or `staff` route declares one, or `false` when
     * it changes no school record (an upload waiting to be used, an export); registering one
     * without it fails, so no change of staff or owners goes unrecorded by oversight.
     */
    audit?: AuditAction | false;
  }
  interface FastifyRequest {
    /** Who acts: set for every API request by the access layer (user null for a guest or a public route). */
    actor: Actor;
  }
  interface FastifyInstance {
    /** Every route registered under the access layer, with its level. */
    routeAccess: RouteAccess[];
    /** Access tokens and their sessions' users, shared by the access layer and page renders. */
    sessionUsers: SessionUsers;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a call carried by a cookie must pass the CSRF check: an unsafe method (unless the route
 * only reads), or a GET whose route says this query changes state. A HEAD never runs the change.
 */
function needsCsrf(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (config?.tokenInAddress) return false;
  if (UNSAFE_METHODS.has(request.method)) return !config?.readOnly;
  return request.method === 'GET' && config?.changesState !== undefined && config.changesState((request.query ?? {}) as Record<string, unknown>);
}
export const NOT_SIGNED_IN = 'Войдите, чтобы продолжить.';
export const NOT_A_CURATOR = 'Этот раздел доступен только кураторам курсов.';
export const NOT_AN_OWNER = 'Этот раздел доступен только владельцам курсов.';
export const NOT_STAFF = 'Этот раздел доступен только сотрудникам школы.';
const CSRF_FAILED = 'Запрос отклонён: обновите страницу и попробуйте снова.';

/** OpenAPI security schemes: the API clients' header and the site's httpOnly cookie. */
export const SECURITY_SCHEMES = {
  jwt: { type: 'apiKey', in: 'header', name: 'JWT-ACCESS-TOKEN', description: 'Bearer <access>' },
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIES.access,
    description: 'Сеанс сайта (httpOnly); изменяющие запросы требуют `X-CSRF-Token`',
  },
  course: {
    type: 'apiKey',
    in: 'cookie',
    name: COURSE_TOKEN_COOKIE,
    description: 'Cookie курса (POST /api/user/courses/session/): только вызовы уроков и тестов этого курса',
  },
} as const;

/** The OpenAPI `security` of each level: either scheme; `caller` works without one too (`{}`). */
const SECURITY: Record<AccessLevel, Array<Record<string, string[]>> | undefined> = {
  public: undefined,
  caller: [{ jwt: [] }, { cookie: [] }, {}],
  user: [{ jwt: [] }, { cookie: [] }],
  curator: [{ jwt: [] }, { cookie: [] }],
  owner: [{ jwt: [] }, { cookie: [] }],
  staff: [{ jwt: [] }, { cookie: [] }],
};

/** The OpenAPI description of the 403 answer of the `curator`, `owner` and `staff` levels. */
const FORBIDDEN_DESCRIPTION: Partial<Record<AccessLevel, string>> = {
  curator: 'Доступно только кураторам, владельцам курсов и сотрудникам',
  owner: 'Доступно только владельцам курсов',
  staff: 'Только сотрудники школы',
};

/** The origin the request came to (`https://host`), or undefined for a malformed Host header. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined; // A malformed Host header.
  }
}

/** The actor of a request before the caller is known: a guest with the client's address. */
function guestActor(request: FastifyRequest): Actor {
  const userAgent = request.headers['user-agent'];
  return {
    user: null,
    sessionId: null,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
  };
}

/**
 * The access layer (decision 0011). Each route says who may call it with `config.access`; this
 * plugin declares the matching OpenAPI `security` and 401/403 answers when the route is added,
 * and for every request builds `request.actor`: it checks the token (`JWT-ACCESS-TOKEN: Bearer
 * <jwt>`, else the `crema_access` cookie) and the CSRF rule for unsafe cookie calls, looks up the
 * user and the session's liveness only for levels other than `public`, and answers 401 (`user`,
 * `owner`, `staff` without a live session) or 403 (`owner` and `staff` for someone who is not a
 * course owner or staff, `staff` for a course owner who is not staff). Staff checks live here
 * and nowhere else. A token whose session was ended (logout, password change) counts as none.
 */
export const accessPlugin = fp(async (app) => {
  const { db, config } = app.deps;
  // One per app (app.ts), so page renders share it; a bare instance (the access tests) gets its own.
  const sessionUsers = app.hasDecorator('sessionUsers') ? app.sessionUsers : new SessionUsers(db, config);
  app.decorateRequest('actor', null as unknown as Actor);
  if (!app.hasDecorator('routeAccess')) app.decorate('routeAccess', []);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'public';
    if (!ACCESS_LEVELS.includes(access)) throw new Error(`${route.url}: unknown access level '${String(access)}'`);
    if (route.config?.notStaffDetail !== undefined && access !== 'staff') throw new Error(`${route.url}: notStaffDetail is for config.access 'staff' only`);
    const schema: FastifySchema & { security?: unknown } = (route.schema ??= {});
    // Learning calls also take the course-token cookie (decision 0028).
    const security = route.config?.courseToken && access === 'user' ? [...SECURITY.user!, { course: [] }] : SECURITY[access];
    // One mechanism: security is declared from the level, never by hand. (The HEAD twin of a GET
    // shares its schema, already given the level's security.)
    if (schema.security && JSON.stringify(schema.security) !== JSON.stringify(security)) throw new Error(`${route.url}: declare config.access instead of schema.security`);
    const methods = [route.method].flat();
    const audit = route.config?.audit;
    if (audit !== undefined && audit !== false && !(audit in AUDIT_ACTIONS)) throw new Error(`${route.url}: unknown audit action '${String(audit)}'`);
    if (audit === undefined && atLeast(access, 'owner') && methods.some((m) => UNSAFE_METHODS.has(m))) {
      throw new Error(`${route.url}: a route staff or course owners change things through declares config.audit`);
    }
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access, audit });
    if (!security) return;
    schema.security = security;
    if (atLeast(access, 'user')) {
      const response = (schema.response ??= {}) as Record<string, unknown>;
      response[401] ??= detailErrorSchema.describe('Нет входа, токен недействителен или сеанс завершён');
      const forbidden = FORBIDDEN_DESCRIPTION[access];
      if (forbidden) response[403] ??= detailErrorSchema.describe(forbidden);
    }
  });

  app.addHook('onRequest', async (request) => {
    const actor = guestActor(request);
    request.actor = actor;
    const access = request.routeOptions.config?.access ?? 'public';
    const presented = accessTokenOf(request);
    // A public call that cannot need the CSRF check reads nothing of the caller: no token check.
    const csrf = presented?.via === 'cookie' && needsCsrf(request);
    if (access === 'public' && !csrf) return;
    // Cheap checks first: the signature, then CSRF for unsafe calls carried by the session cookie
    // (a POST that only reads, like /api/configs/, says so with `readOnly`; a GET that acts, with
    // `changesState`).
    const claims = presented ? await sessionUsers.tokens.verify(presented.token) : null;
    if (claims && csrf) assertCsrf(request, config, claims.sessionId);
    if (access === 'public') return;
    // The user and the session's liveness are looked up only for calls that act for the caller,
    // once per page render for all of its in-process calls (session-users.ts).
    if (claims) {
      const renderId = request.headers[RENDER_HEADER];
      const user = await sessionUsers.user(claims, typeof renderId === 'string' ? renderId : undefined);
      if (user) {
        actor.user = user;
        actor.sessionId = claims.sessionId;
      }
    }
    const courseToken = request.cookies[COURSE_TOKEN_COOKIE];
    if (!actor.user && courseToken && request.routeOptions.config?.courseToken) {
      await resolveCourseToken(request, actor, courseToken);
    }
    if (access === 'caller') return;
    if (!actor.user) throw new ApiError('unauthenticated', NOT_SIGNED_IN);
    if (access === 'curator' && !isCuratorLevel(actor.user)) throw new ApiError('forbidden', NOT_A_CURATOR);
    if (atLeast(access, 'owner') && !isOwnerLevel(actor.user)) throw new ApiError('forbidden', NOT_AN_OWNER);
    if (access === 'staff' && !actor.user.isStaff) throw new ApiError('forbidden', request.routeOptions.config?.notStaffDetail ?? NOT_STAFF);
  });
});

/** SHA-256 of a course token, as course_sessions keeps it. */
export function courseTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The course-token cookie as the caller (decision 0028): a live course session (not finished,
 * not expired) whose sign-in is still live, of an enrolment that is active and within its access.
 * The actor becomes that enrolment's user, limited to it (`actor.userCourseId`). Calls carried by
 * the cookie that change state pass the same CSRF check as the session cookie's.
 */
async function resolveCourseToken(request: FastifyRequest, actor: Actor, token: string): Promise<void> {
  const { db, config } = request.server.deps;
  if (token.length > 200) return;
  const [row] = await db
    .select({ user: users, userCourseId: userCourses.id, authSessionId: courseSessions.authSessionId })
    .from(courseSessions)
    .innerJoin(userCourses, eq(userCourses.id, courseSessions.userCourseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .where(
      and(
        eq(courseSessions.tokenHash, courseTokenHash(token)),
        isNull(courseSessions.finishedAt),
        gt(courseSessions.expiresAt, sql`now()`),
        eq(userCourses.isActive, true),
        or(isNull(userCourses.accessUntil), gt(userCourses.accessUntil, sql`now()`)),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, courseSessions.authSessionId),
              eq(refreshTokens.userId, users.id),
              isNull(refreshTokens.revokedAt),
            ),
          )})`,
      ),
    );
  if (!row) return;
  if (needsCsrf(request)) assertCsrf(request, config, row.authSessionId);
  actor.user = row.user;
  actor.sessionId = row.authSessionId;
  actor.userCourseId = row.userCourseId;
}

/**
 * The actor of a `user`, `owner` or `staff` route, typed as signed in. The access layer has
 * already answered 401 otherwise, so a failure here is a route declared with the wrong level (a 500).
 */
export function signedInActor(request: FastifyRequest): SignedInActor {
  const actor = request.actor;
  if (!isSignedIn(actor)) throw new Error(`${request.routeOptions.url ?? request.url}: needs config.access 'user', 'owner' or 'staff'`);
  return actor;
}

/**
 * The actor of a `staff` route, typed as staff. The access layer has already answered 401/403
 * otherwise, so a failure here is a route declared with a lower level (a 500, never a pass).
 */
export function staffActor(request: FastifyRequest): StaffActor {
  const actor = request.actor;
  if (!isStaffActor(actor)) throw new Error(`${request.routeOptions.url ?? request.url}: needs config.access 'staff'`);
  return actor;
}

/** The CSRF value of a session: bound to it, so a cookie planted from elsewhere does not fit. */
export function csrfTokenFor(config: Config, sessionId: string): string {
  return createHmac('sha256', deriveKey(config.secretKey, 'csrf')).update(sessionId).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when the request's Origin (or, without it, Referer) is this site, or neither is sent. */
function sameOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  let source: string | undefined;
  try {
    if (typeof origin === 'string') source = origin === 'null' ? 'null' : new URL(origin).origin;
    else if (typeof referer === 'string') source = new URL(referer).origin;
  } catch {
    return false;
  }
  if (source === undefined) return true;
  if (source === new URL(config.publicUrl).origin) return true;
  // Through URL so a default port ('localhost:80') compares equal to the browser's 'http://localhost'.
  return source === requestOrigin(request);
}

/**
 * Double-submit CSRF check for calls that use the session cookies: the `X-CSRF-Token` header
 * must equal the `crema_csrf` cookie (and the session's own value when the session is known),
 * and the request must come from this site's pages. Throws 403 otherwise.
 */
export function assertCsrf(request: FastifyRequest, config: Config, sessionId?: string): void {
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[SESSION_COOKIES.csrf];
  const ok =
    typeof header === 'string' &&
    typeof cookie === 'string' &&
    header !== '' &&
    sameText(header, cookie) &&
    (sessionId === undefined || sameText(header, csrfTokenFor(config, sessionId))) &&
    sameOrigin(request, config);
  if (!ok) throw new ApiError('forbidden', CSRF_FAILED);
}
