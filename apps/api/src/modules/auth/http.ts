// The HTTP side of sessions: cookies for the site, tokens in the body for API clients.
// Services return sessions; only routes (and the page renderer) touch cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, SESSION_COOKIES, WEB_CLIENT_HEADER, type TokenPair, type WebSession } from '@crema/contract';
import type { Config } from '../../config.ts';
import type { User } from '../../db/schema/index.ts';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_S, type KnownDevices } from './devices.ts';
import { csrfTokenFor } from './plugin.ts';
import { normaliseEmail, toCurrentUser } from './service.ts';

/** A session as services hand it to the routes. */
export interface SessionTokens {
  access: string;
  refresh: string;
  sessionId: string;
}

/** True when the site asked for cookies instead of tokens in the body (`X-Crema-Client: web`). */
export function wantsCookies(request: FastifyRequest): boolean {
  return request.headers[WEB_CLIENT_HEADER] === 'web';
}

function cookieOptions(config: Config, maxAge: number, httpOnly = true) {
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: config.isProduction, maxAge };
}

/** Puts a session into the site's cookies: httpOnly access and refresh, readable CSRF value. */
export function setSessionCookies(reply: FastifyReply, tokens: SessionTokens): void {
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

/**
 * Token and personal answers must not be kept by any cache (the browser's back/forward cache
 * and disk, a proxy): `Cache-Control: no-store`. An onSend hook of the routes of /api/auth/*
 * and /api/user/*, so errors (401 from the access layer included) carry it too.
 */
export function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  void reply.header('cache-control', 'no-store');
  done(null, payload);
}

/** The known-browser mark of the caller (devices.ts), if any. */
export function deviceMarkOf(request: FastifyRequest): string | undefined {
  return request.cookies[KNOWN_DEVICE_COOKIE];
}

/** Marks the site's browser as known for `email` (after a sign-in or an opened restore link). */
export function markKnownDevice(request: FastifyRequest, reply: FastifyReply, devices: KnownDevices, email: string): void {
  if (!wantsCookies(request)) return;
  const { config } = reply.server.deps;
  void reply.setCookie(KNOWN_DEVICE_COOKIE, devices.markFor(normaliseEmail(email)), cookieOptions(config, KNOWN_DEVICE_TTL_S));
}

/** Answers with tokens in the body, or for the site in httpOnly cookies (`X-Crema-Client: web`). */
export function respondWithSession(
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: { session: SessionTokens; user: User },
  devices?: KnownDevices,
): TokenPair | WebSession {
  const { session, user } = signedIn;
  if (wantsCookies(request)) {
    setSessionCookies(reply, session);
    if (devices) markKnownDevice(request, reply, devices, user.email);
    return { user: toCurrentUser(user) };
  }
  return { access: session.access, refresh: session.refresh, user: toCurrentUser(user) };
}
