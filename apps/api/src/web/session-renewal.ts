import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract';
import { ApiError, DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE } from '../errors.ts';
import { clearSessionCookies } from '../modules/auth/http.ts';
import { AccessTokens } from '../modules/auth/tokens.ts';

const SESSION_COOKIE_NAMES = new Set<string>(Object.values(SESSION_COOKIES));

/** The name of 'name=value' (a Cookie header part or the start of a Set-Cookie line). */
const cookieName = (pair: string) => pair.split('=', 1)[0]!.trim();


/** The Cookie header without the session cookies, plus `pairs` ('name=value' as the browser will send them). */
function withSessionCookies(header: string | undefined, pairs: string[]): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !SESSION_COOKIE_NAMES.has(cookieName(part)));
  const all = [...kept, ...pairs];
  return all.length > 0 ? all.join('; ') : undefined;
}

interface Outcome {
  status: number;
  setCookies: string[];
}

/**
 * Renews the site's session on the server (decision 0003): a page request that carries a refresh
 * cookie but no valid access token (missing, expired, forged — checked by signature, no database
 * call) refreshes in-process, as the browser itself would, with `X-Crema-Client: web` and the
 * CSRF cookie's value. On success the new cookies go on the page's answer and replace the old ones
 * in this request, so the page renders signed in; when the session is over (401, or a CSRF value
 * that does not fit) the session cookies are removed and the page renders for a guest.
 *
 * Requests of one browser that arrive together with the same refresh token (a page and a
 * prefetch) share one refresh: refresh tokens are single use, and presenting a spent one ends
 * the session (RFC 9700 §4.14).
 */
export function createSessionRenewal(app: FastifyInstance) {
  const accessTokens = new AccessTokens(app.deps.config);
  const inFlight = new Map<string, Promise<Outcome>>();

  const refresh = async (request: FastifyRequest): Promise<Outcome> => {
    const headers: Record<string, string> = {
      [WEB_CLIENT_HEADER]: 'web',
      [CSRF_HEADER]: request.cookies[SESSION_COOKIES.csrf] ?? '',
      cookie: request.headers.cookie ?? '',
      'x-request-id': request.id,
    };
    for (const name of ['user-agent', 'x-forwarded-for']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method: 'POST', url: '/api/auth/token/refresh/', headers });
    const setCookie = res.headers['set-cookie'];
    return { status: res.statusCode, setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie] };
  };

  /**
   * Renews the session of `request` if it needs it, adjusting its Cookie header and the reply's
   * cookies; true when the reply now sets cookies (so it must not be cached as a guest page).
   */
  return async function renewSession(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const token = request.cookies[SESSION_COOKIES.refresh];
    if (!token) return false;
    const access = request.cookies[SESSION_COOKIES.access];
    if (access && (await accessTokens.verify(access))) return false;

    let pending = inFlight.get(token);
    if (!pending) {
      pending = refresh(request).finally(() => inFlight.delete(token));
      inFlight.set(token, pending);
    }
    const outcome = await pending;

    let cookieHeader: string | undefined;
    if (outcome.status === 200) {
      const renewed = outcome.setCookies.filter((line) => SESSION_COOKIE_NAMES.has(cookieName(line)));
      void reply.header('set-cookie', renewed);
      cookieHeader = withSessionCookies(request.headers.cookie, renewed.map((line) => line.split(';', 1)[0]!));
    } else if (outcome.status === 401 || outcome.status === 403 || outcome.status === 400) {
      // The session is over (revoked, expired, reused) or unusable here: sign the browser out.
      clearSessionCookies(reply);
      cookieHeader = withSessionCookies(request.headers.cookie, []);
    } else if (outcome.status === 503) {
      // The database is away: the page's own calls would wait for it again; its 503 page now,
      // the cookies left for the next request (decision 0075).
      throw new ApiError('unavailable', DATABASE_UNAVAILABLE, { retryAfterS: DATABASE_RETRY_AFTER_S });
    } else {
      // The API could not answer (e.g. the database is down): leave the cookies; the page's own
      // calls will show the error page, and the next request tries again.
      request.log.warn({ status: outcome.status }, 'session renewal failed');
      return false;
    }
    // Loaders read the Cookie header of the request React Router builds from the raw one.
    if (cookieHeader === undefined) delete request.raw.headers.cookie;
    else request.raw.headers.cookie = cookieHeader;
    return true;
  };
}
