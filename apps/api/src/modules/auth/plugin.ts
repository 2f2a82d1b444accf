import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_S,
  CSRF_HEADER,
  REFRESH_TOKEN_TTL_S,
  SESSION_COOKIES,
  WEB_CLIENT_HEADER,
} from '@crema/contract';
import type { Config } from '../../config.ts';
import { refreshTokens, users, type User } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { deriveKey } from '../../lib/keys.ts';
import { AccessTokens } from './tokens.ts';

/** Who is calling: the user and how they proved it. */
export interface RequestAuth {
  user: User;
  /** The refresh-token family of this sign-in. */
  sessionId: string;
  /** 'cookie' requests are subject to the CSRF check; 'header' ones are not. */
  via: 'header' | 'cookie';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route acts for the caller: `request.auth` is resolved (user and live session). */
    auth?: boolean;
    /** An unsafe method that only reads (POST /api/configs/): no CSRF check for cookie calls. */
    readOnly?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null for a guest (resolved once per API request). */
    auth: RequestAuth | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const NOT_SIGNED_IN = 'Войдите, чтобы продолжить.';
const CSRF_FAILED = 'Запрос отклонён: обновите страницу и попробуйте снова.';

/** Reads `Bearer <jwt>` (the scheme is case-insensitive; a bare token is accepted too). */
function bearer(value: string): string {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? value.trim();
}

/**
 * Checks the token of every API call (`JWT-ACCESS-TOKEN: Bearer <jwt>` or, failing that, the
 * `crema_access` cookie) and resolves `request.auth` for the calls that act for the caller (route
 * config `auth: true`). An invalid token leaves the caller a guest; calls that need a user
 * answer 401 through requireAuth. A token whose session
 * was ended (logout, password change) is refused although its signature is still good.
 * Unsafe methods authenticated by cookie must pass the CSRF check.
 */
export const authPlugin = fp(async (app) => {
  const { db, config } = app.deps;
  const accessTokens = new AccessTokens(config);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers['jwt-access-token'];
    const cookie = request.cookies[SESSION_COOKIES.access];
    const via = typeof header === 'string' && header.trim() !== '' ? 'header' : cookie ? 'cookie' : null;
    if (!via) return;
    const routeConfig = request.routeOptions.config;
    // Cheap checks first: the signature, then CSRF for unsafe calls carried by the session cookie
    // (a POST that only reads, like /api/configs/, says so with `readOnly`).
    const claims = await accessTokens.verify(via === 'header' ? bearer(header as string) : (cookie as string));
    if (!claims) return;
    if (via === 'cookie' && UNSAFE_METHODS.has(request.method) && !routeConfig?.readOnly) {
      assertCsrf(request, config, claims.sessionId);
    }
    // The user and the session's liveness are looked up only for calls that act for the caller.
    if (!routeConfig?.auth) return;
    const [row] = await db
      .select({
        user: users,
        live: sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, claims.sessionId),
              eq(refreshTokens.userId, users.id),
              isNull(refreshTokens.revokedAt),
            ),
          )})`,
      })
      .from(users)
      .where(eq(users.id, claims.userId));
    if (!row?.live) return;
    request.auth = { user: row.user, sessionId: claims.sessionId, via };
  });
});

/** The signed-in caller, or a 401 `{detail}`. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new ApiError('unauthenticated', NOT_SIGNED_IN);
  return request.auth;
}

/** preHandler for routes that need a signed-in user. */
export async function authRequired(request: FastifyRequest): Promise<void> {
  requireAuth(request);
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
  try {
    // Through URL so a default port ('localhost:80') compares equal to the browser's 'http://localhost'.
    return source === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
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

/** True when the site asked for cookies instead of tokens in the body (`X-Crema-Client: web`). */
export function wantsCookies(request: FastifyRequest): boolean {
  return request.headers[WEB_CLIENT_HEADER] === 'web';
}

function cookieOptions(config: Config, maxAge: number, httpOnly = true) {
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: config.isProduction, maxAge };
}

/** Puts a session into the site's cookies: httpOnly access and refresh, readable CSRF value. */
export function setSessionCookies(reply: FastifyReply, tokens: { access: string; refresh: string; sessionId: string }): void {
  const { config } = reply.server.deps;
  void reply
    .setCookie(SESSION_COOKIES.access, tokens.access, cookieOptions(config, ACCESS_TOKEN_TTL_S))
    .setCookie(SESSION_COOKIES.refresh, tokens.refresh, cookieOptions(config, REFRESH_TOKEN_TTL_S))
    .setCookie(SESSION_COOKIES.csrf, csrfTokenFor(config, tokens.sessionId), cookieOptions(config, REFRESH_TOKEN_TTL_S, false));
}

/** Removes the session cookies (sign-out, or a session that turned out dead). */
export function clearSessionCookies(reply: FastifyReply): void {
  const { config } = reply.server.deps;
  for (const name of Object.values(SESSION_COOKIES)) {
    void reply.clearCookie(name, { path: '/', sameSite: 'lax', secure: config.isProduction });
  }
}
