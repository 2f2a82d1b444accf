import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createInjectFetch } from './inject-fetch.ts';
import { createSessionRenewal } from './session-renewal.ts';

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
export function pageCacheControl(request: FastifyRequest, response: Response, setsCookie: boolean): string {
  // A mailed restore link carries a secret in its address: never kept by any cache (decision 0013).
  if (/[?&]restore=/.test(request.url)) return 'no-store';
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
 * Mounts the server-rendered site: hashed assets with immutable caching, other public files,
 * and every remaining path handed to the React Router request handler. Loaders reach the API
 * in-process through `context.api` (Fastify's inject), forwarding the visitor's cookies.
 */
export function mountWeb(build: ServerBuild, buildDir = WEB_BUILD_DIR) {
  return async (app: FastifyInstance) => {
    // Always 'production': this is a production build, and the other mode sends error stacks
    // to the browser.
    const handle = createRequestHandler(build, 'production');
    const clientDir = path.join(buildDir, 'client');
    const renewSession = createSessionRenewal(app);

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

      const render = async (request: FastifyRequest, reply: FastifyReply) => {
        // An expired access token with a live refresh cookie is renewed first, so the page (and
        // every API call its loaders make) sees the visitor signed in; a dead session is cleared.
        const sessionCookiesSet = await renewSession(request, reply);
        // Protocol and host as Fastify sees them (X-Forwarded-* when TRUST_PROXY is on); the
        // request is aborted by createRequest itself when the visitor goes away.
        const webRequest = createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:`, host: request.host });
        const forwarded: Record<string, string> = { 'x-request-id': request.id };
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') forwarded[name] = value;
        }
        const response = await handle(webRequest, {
          api: createInjectFetch(app, forwarded),
          requestId: request.id,
          log: request.log,
          publicUrl: app.deps.config.publicUrl,
        });
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie') void reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        void reply.header('cache-control', pageCacheControl(request, response, cookies.length > 0 || sessionCookiesSet));
        if (response.headers.get('content-type')?.startsWith('text/html')) void reply.header('vary', 'Cookie');
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as WebReadableStream));
      };

      const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
      // Pages are not part of the API document.
      site.route({ method: methods, url: '/*', schema: { hide: true }, handler: render });
      site.route({ method: methods, url: '/', schema: { hide: true }, handler: render });
    });
  };
}
