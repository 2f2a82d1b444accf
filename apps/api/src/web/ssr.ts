import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import { SESSION_COOKIES, type CurrentUser } from '@crema/contract';
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { ApiError, DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE } from '../errors.ts';
import { bearer, RENDER_HEADER } from '../modules/auth/session-users.ts';
import { toCurrentUser } from '../modules/auth/service.ts';
import { CONTENT_TOPICS } from '../lib/changes.ts';
import { SharedAnswers } from '../lib/shared-answers.ts';
import { createInjectFetch } from './inject-fetch.ts';
import { newNonce, PageCache, pinToHashes, type CachedPage } from './page-cache.ts';
import { Overloaded, RenderLimit } from './render-limit.ts';
import { createSessionRenewal } from './session-renewal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered guest pages (decision 0016): `clear()` when content guests see changes. */
    pageCache: PageCache;
  }
}

/** apps/web's build output; WEB_BUILD_DIR (a developer tool variable) points elsewhere, as in react-router.config.ts. */
export const WEB_BUILD_DIR = process.env.WEB_BUILD_DIR
  ? path.resolve(fileURLToPath(new URL('../../../web/', import.meta.url)), process.env.WEB_BUILD_DIR)
  : fileURLToPath(new URL('../../../web/build', import.meta.url));

/** Loads the production build of apps/web, with a clear message when it is missing. */
export async function loadWebBuild(buildDir = WEB_BUILD_DIR): Promise<ServerBuild> {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`Сборка сайта не найдена (${entry}). Выполните «npm run build» или «npm start».`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'jwt-access-token'];

/**
 * Under /api/ but answered by no API route (`/api`, `/api/` itself, `/api;x`, an encoded slash, a
 * dot segment leading back in: `/x/../api/`, `/%2e%2e/api/`): the API's JSON 404, never a page.
 */
const API_PATH = /^\/+api(?:[/;\\]|%2f|%5c|$)/i;
export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (API_PATH.test(path)) return true;
  // Only dot segments, escapes and backslashes can resolve into /api/: other paths need no parsing.
  if (!/[.%\\]/.test(path)) return false;
  try {
    // The address as a browser would resolve it: dot segments (also %2e-encoded) removed.
    return API_PATH.test(new URL(`http://site${path}`).pathname);
  } catch {
    return false;
  }
}

/** A mailed restore link carries a secret in its address: never kept by any cache (decision 0013). */
const carriesSecret = (request: FastifyRequest) => /[?&]restore=/.test(request.url);

/** How long a shared cache may serve a guest page as fresh, then while revalidating it. */
export const GUEST_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Cache policy of a rendered page. A page is the same for every guest only when the request
 * carries no cookies at all (cookies change the page: the cookie notice, dismissed banners and,
 * later, the signed-in header), so only such GET answers are public, with `Vary: Cookie`: a
 * CDN keeps one copy for cookieless visitors and passes everyone else through. Browsers always
 * revalidate (max-age=0), so a new deploy shows at once; the CDN may serve a copy up to 60 s
 * old and keep serving it for 10 minutes while it fetches a fresh one. A route that set its own
 * Cache-Control (sitemap.xml, robots.txt) keeps it.
 */
export function pageCacheControl(request: FastifyRequest, response: { status: number; headers: Headers }, setsCookie: boolean): string {
  if (carriesSecret(request)) return 'no-store';
  const own = response.headers.get('cache-control');
  const cacheable =
    (request.method === 'GET' || request.method === 'HEAD') &&
    response.status === 200 &&
    !setsCookie &&
    !request.headers.cookie &&
    !request.headers['jwt-access-token'];
  if (!cacheable) return 'private, no-cache';
  return own ?? GUEST_PAGE_CACHE;
}

/**
 * The cache key of a request whose page is the same for every guest, or null: a GET with no
 * cookies and no token (the rule of pageCacheControl). Cookie-less requests differ only by
 * address; compression is negotiated per answer, after the cache.
 */
export function guestPageKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' || request.headers.cookie || request.headers['jwt-access-token'] || carriesSecret(request)) return null;
  return `${request.protocol}://${request.host}${request.url}`;
}

/** 'br', 'gzip' or null: what an Accept-Encoding header allows (q > 0), brotli first. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const allowed = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) allowed.add(name);
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip') || allowed.has('*')) return 'gzip';
  return null;
}

// The settings of @fastify/compress in app.ts; off the main thread here (zlib's thread pool).
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const compressPage = (body: Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? compressBrotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : compressGzip(body, { level: 6 });

const OVERLOADED = 'Сервер перегружен. Повторите запрос через несколько секунд.';
const OVERLOADED_PAGE = `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Сервер перегружен</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#3b2418"><h1>Сервер перегружен</h1><p>${OVERLOADED}</p><p><a href="">Обновить страницу</a></p></body></html>`;

const UNAVAILABLE_PAGE = OVERLOADED_PAGE.replaceAll('Сервер перегружен', 'Сервис временно недоступен').replace(OVERLOADED, DATABASE_UNAVAILABLE);

/**
 * 503 with Retry-After when the render queue is full (or, before any render, the database is
 * away): an HTML page for browsers, `{detail}` for the rest.
 */
function unavailable(request: FastifyRequest, reply: FastifyReply, retryAfterS: number, page: string, detail: string) {
  void reply.status(503).headers({ 'retry-after': String(retryAfterS), 'cache-control': 'no-store' });
  if (request.headers.accept?.includes('text/html')) {
    return reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
      .type('text/html; charset=utf-8')
      .send(page);
  }
  return reply.send({ detail });
}

/**
 * The id of the route that shows a path (`routes/courses/course`), for the metrics' route label
 * (a bounded set: the site's routes); `page` when none matches. A client navigation's data request
 * (`/courses.data`, `/courses/_.data`, `/_root.data`) counts as its page.
 */
export function pageRouteMatcher(build: ServerBuild): (url: string) => string {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  for (const route of routes) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  const roots: Node[] = [];
  for (const route of routes) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(route.id)!);
  }
  const tree = roots as unknown as RouteObject[];
  // matchRoutes flattens and ranks the whole route tree on every call (5 % of a signed-in
  // render's time, decision 0081): the answers for recent paths are kept.
  const known = new Map<string, string>();
  return (url) => {
    let path = url.split('?', 1)[0]!;
    const found = known.get(path);
    if (found !== undefined) return found;
    const asked = path;
    if (path.endsWith('.data')) path = path === '/_root.data' ? '/' : path.replace(/\/_\.data$/, '/').replace(/\.data$/, '');
    const matches = matchRoutes(tree, path);
    const id = (matches?.at(-1)?.route as Node | undefined)?.id ?? 'page';
    if (known.size >= 2000) known.clear();
    known.set(asked, id);
    return id;
  };
}

/**
 * Mounts the server-rendered site: hashed assets with immutable caching, other public files,
 * and every remaining path handed to the React Router request handler. Loaders reach the API
 * in-process through `context.api` (Fastify's inject), forwarding the visitor's cookies.
 */
export function mountWeb(build: ServerBuild, buildDir = WEB_BUILD_DIR) {
  return async (app: FastifyInstance) => {
    // Always 'production': this is a production build, and the other mode sends error stacks
    // to the browser.
    const handle = createRequestHandler(build, 'production');
    const pageRoute = pageRouteMatcher(build);
    const { pages } = app.deps.config;
    // Outside sources of every page: the CSP_EXTRA_SOURCES setting and the captcha provider's own (decision 0027).
    const cspSources = [...new Set([...pages.cspExtraSources, ...(app.deps.config.captcha?.cspSources ?? [])])];
    const cache = new PageCache(pages.cacheTtlMs, pages.cacheMaxBytes);
    cache.onLookup = (hit) => (hit ? app.metrics.pageCacheHits : app.metrics.pageCacheMisses).inc();
    const limit = new RenderLimit(pages.concurrency, pages.queue);
    app.decorate('pageCache', cache);
    // Every guest page shows the shell (settings, menus, banners) and most show catalogue content:
    // any change drops them all (decision 0069).
    app.changes.on(['settings', 'menus', 'banners', 'pages', 'catalog'], () => cache.clear());
    // What renders ask the API for that is the same for everyone (decision 0081).
    const sharedAnswers = new SharedAnswers(app.deps.config.contentCacheTtlMs);
    app.changes.on(CONTENT_TOPICS, (topics) => sharedAnswers.drop(topics));
    const clientDir = path.join(buildDir, 'client');
    const renewSession = createSessionRenewal(app);

    /**
     * The person a page renders for: the access token the API would read (its header, else the
     * cookie as renewed before the render), its session's user. The database away: the 503 page.
     */
    const renderUser = async (request: FastifyRequest, renderId: string | undefined): Promise<CurrentUser | null> => {
      const header = request.headers['jwt-access-token'];
      const token = typeof header === 'string' && header.trim() !== '' ? bearer(header) : app.parseCookie(request.raw.headers.cookie ?? '')[SESSION_COOKIES.access];
      try {
        const user = await app.sessionUsers.userOf(token, renderId);
        return user && toCurrentUser(user);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        throw new Response(JSON.stringify({ detail: DATABASE_UNAVAILABLE }), { status: 503, headers: { 'content-type': 'application/json' } });
      }
    };

    await app.register(async (site) => {
      await site.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz next to each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
          void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });

      // React Router reads the raw body of form posts itself.
      site.removeAllContentTypeParsers();
      site.addContentTypeParser('*', (_request, _payload, done) => done(null));

      /**
       * What loaders get: the in-process API with the visitor's headers, this render's nonce, and
       * the signed-in person, read once for every loader (and, within `renderId`'s scope, once
       * for every in-process call: decision 0081).
       */
      const loadContext = (request: FastifyRequest, nonce: string, { waitForAll = false, renderId }: { waitForAll?: boolean; renderId?: string } = {}) => {
        const forwarded: Record<string, string> = { 'x-request-id': request.id };
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') forwarded[name] = value;
        }
        if (renderId) forwarded[RENDER_HEADER] = renderId;
        let currentUser: Promise<CurrentUser | null> | undefined;
        return {
          api: createInjectFetch(app, forwarded, sharedAnswers, request.raw.socket?.remoteAddress),
          currentUser: () => (currentUser ??= renderUser(request, renderId)),
          requestId: request.id,
          log: request.log,
          publicUrl: app.deps.config.publicUrl,
          nonce,
          cspSources,
          waitForAll,
        };
      };

      const sendHeaders = (request: FastifyRequest, reply: FastifyReply, response: { status: number; headers: Headers }, cookies: string[], sessionCookiesSet: boolean) => {
        reply.status(response.status);
        // A loader's API call found the database away (the site shows its error page with 503):
        // the browser or proxy may retry shortly.
        if (response.status === 503) void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie' && name !== 'content-length') void reply.header(name, value);
        }
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        void reply.header('cache-control', pageCacheControl(request, response, cookies.length > 0 || sessionCookiesSet));
        if (response.headers.get('content-type')?.startsWith('text/html')) void reply.header('vary', 'Cookie');
      };

      /** Renders for this visitor and streams the answer (anyone with a cookie, POSTs, the cache off). */
      const renderLive = async (request: FastifyRequest, reply: FastifyReply) => {
        // An expired access token with a live refresh cookie is renewed first, so the page (and
        // every API call its loaders make) sees the visitor signed in; a dead session is cleared.
        // Refused before any other work (the session check costs database round trips).
        if (limit.full) throw new Overloaded();
        const sessionCookiesSet = await renewSession(request, reply);
        // Protocol and host as Fastify sees them (X-Forwarded-* when TRUST_PROXY is on); the
        // request is aborted by createRequest itself when the visitor goes away.
        const webRequest = createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:`, host: request.host });
        // The slot is held until the answer is sent: under load, streaming the rest of a page
        // competes for the same thread, and answers still streaming would escape the limit.
        return limit.run(async () => {
          const stopTimer = app.metrics.ssrRender.startTimer({ mode: 'live' });
          // A render that changes nothing reads the session's user once for all its calls; a
          // form post's action may sign out or rename them, so its loaders read afresh.
          const scope = request.method === 'GET' ? app.sessionUsers.openScope() : undefined;
          const response = await handle(webRequest, loadContext(request, newNonce(), { renderId: scope?.id })).finally(() => {
            scope?.close();
            stopTimer();
          });
          sendHeaders(request, reply, response, response.headers.getSetCookie(), sessionCookiesSet);
          if (!response.body) return reply.send();
          // A page is compressed whole, once, on zlib's threads: streamed, each of React's many
          // small writes went through the compressor on its own (decision 0081).
          const encoding = acceptedEncoding(request.headers['accept-encoding']);
          if (encoding && response.headers.get('content-type')?.startsWith('text/html')) {
            const body = Buffer.from(await response.arrayBuffer());
            if (body.length < 1024) return reply.send(body);
            void reply.header('content-encoding', encoding).header('vary', 'Cookie, Accept-Encoding');
            return reply.send(await compressPage(body, encoding));
          }
          const sent = finished(reply.raw).catch(() => undefined);
          void reply.send(Readable.fromWeb(response.body as WebReadableStream));
          await sent;
          return reply;
        });
      };

      /**
       * Renders a guest page whole, for the cache: not tied to the visitor who asked first (others
       * may be waiting for it), and complete before it is kept (no streaming).
       */
      const renderForCache = async (request: FastifyRequest): Promise<{ page: CachedPage; keep: boolean }> => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const webRequest = new Request(`${request.protocol}://${request.host}${request.url}`, { method: 'GET', headers });
        const nonce = newNonce();
        const stopTimer = app.metrics.ssrRender.startTimer({ mode: 'cache' });
        const response = await handle(webRequest, loadContext(request, nonce, { waitForAll: true }));
        const setCookies = response.headers.getSetCookie();
        const own = response.headers.get('cache-control') ?? '';
        const pinned = pinToHashes(await response.text(), response.headers.get('content-security-policy') ?? undefined, nonce);
        stopTimer();
        const keptHeaders = new Headers(response.headers);
        keptHeaders.delete('content-security-policy');
        const page: CachedPage = { status: response.status, headers: keptHeaders, setCookies, ...pinned, encoded: {}, bytes: pinned.body.length };
        const keep = (response.status === 200 || response.status === 404) && setCookies.length === 0 && !/no-store|private/.test(own);
        return { page, keep };
      };

      const render = async (request: FastifyRequest, reply: FastifyReply) => {
        if (isApiPath(request.url)) throw ApiError.notFound();
        app.metrics.labelRoute(request, pageRoute(request.url));
        try {
          const key = cache.enabled ? guestPageKey(request) : null;
          if (!key) return await renderLive(request, reply);
          const page = await cache.get(key, () => limit.run(() => renderForCache(request)));
          // The render this request waited for is not one to share (an error, a cookie): its own.
          if (!page) return await renderLive(request, reply);
          // The kept bytes are the same for every guest (scripts allowed by hash, not nonce), so
          // each encoding is made once per kept page, on zlib's threads rather than the main one
          // (@fastify/compress leaves an encoded body alone).
          sendHeaders(request, reply, page, page.setCookies, false);
          if (page.policy) void reply.header('content-security-policy', page.policy);
          const encoding = acceptedEncoding(request.headers['accept-encoding']);
          if (encoding && page.body.length >= 1024 && page.headers.get('content-type')?.startsWith('text/html')) {
            void reply.header('content-encoding', encoding).header('vary', 'Cookie, Accept-Encoding');
            page.encoded[encoding] ??= compressPage(page.body, encoding).catch((error: unknown) => {
              delete page.encoded[encoding];
              throw error;
            });
            return reply.send(await page.encoded[encoding]);
          }
          return reply.send(page.body);
        } catch (error) {
          if (error instanceof Overloaded) return unavailable(request, reply, 2, OVERLOADED_PAGE, OVERLOADED);
          // The session renewal before the render could not reach the database.
          if (isDatabaseUnavailable(error) || (error instanceof ApiError && error.code === 'unavailable')) {
            request.log.warn({ err: error }, 'database unavailable');
            return unavailable(request, reply, DATABASE_RETRY_AFTER_S, UNAVAILABLE_PAGE, DATABASE_UNAVAILABLE);
          }
          throw error;
        }
      };

      const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
      // Pages are not part of the API document.
      site.route({ method: methods, url: '/*', schema: { hide: true }, handler: render });
      site.route({ method: methods, url: '/', schema: { hide: true }, handler: render });
    });
  };
}
