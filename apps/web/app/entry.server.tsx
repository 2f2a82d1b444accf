import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction, type AppLoadContext } from 'react-router';
import './lib/context.ts';
import { contentSecurityPolicy, NonceContext } from './lib/csp.ts';
import { counterSources } from './lib/counters.server.ts';
import type { RootData } from './lib/root-data.ts';

/** A render still streaming after this long is cut off (its error boundary shows). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers, the SPA fallback and pages kept for guests get the whole document at once; people
  // get the shell first.
  const waitForAll = loadContext.waitForAll || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  const { nonce } = loadContext;
  // The counters rendered into this page bring their own sources (none when the shell failed).
  const root = routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
  headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy({ nonce, counterSources: counterSources(root?.counters), extraSources: loadContext.cspSources }),
  );
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cuts off a render that streams too long; cleared as soon as rendering ends.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const send = () => {
      shellRendered = true;
      const body = new PassThrough();
      headers.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // A part that is ready is written in place. React otherwise moves a ready Suspense part that
      // comes after 12.8 KB of the page out of line, to be put in place by an inline script, so
      // without JavaScript it stays hidden (a review opened by its address, decision 0036).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!waitForAll) send();
      },
      onAllReady() {
        // Rendering is over: the abort timer must not outlive the request.
        clearTimeout(timer);
        if (waitForAll) send();
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors before the shell are reported through handleError; these are mid-stream ones.
        if (shellRendered) loadContext.log.error({ err: error, url: request.url }, 'page stream failed');
      },
    });
  });
}

/** Server-side errors of loaders, actions and rendering go to the structured log with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as AppLoadContext | undefined)?.log;
  if (log) log.error({ err: error, url: request.url }, 'page failed');
  else console.error(error);
};
