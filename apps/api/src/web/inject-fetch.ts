import type { FastifyInstance } from 'fastify';
import { sharedTopicsOf, type SharedAnswers } from '../lib/shared-answers.ts';

/** A `fetch` for server-side loaders that calls the API in-process, without a socket. */
export type ApiFetch = (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;

/**
 * `remoteAddress` is the visitor's connection's address, so the API sees the same client as the
 * page did (limits per network, such as certificate lookups, count the visitor, not the server).
 */
export function createInjectFetch(app: FastifyInstance, forwardedHeaders: Record<string, string>, shared?: SharedAnswers, remoteAddress?: string): ApiFetch {
  return async (path, init = {}) => {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...forwardedHeaders, ...init.headers };
    let payload: string | undefined;
    if (init.body !== undefined) {
      payload = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    // Extra headers of the call itself may change the answer: such calls are not shared.
    const key = shared?.enabled && !init.headers ? `${method} ${path} ${payload ?? ''}` : undefined;
    const known = key === undefined ? undefined : shared!.get(key);
    if (known) return new Response(known.body, { status: known.status, headers: known.headers });

    const since = shared?.mark() ?? 0;
    const res = await app.inject({ method: method as 'GET', url: path, headers, payload, ...(remoteAddress ? { remoteAddress } : {}) });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, String(v));
      else if (value !== undefined) responseHeaders.set(name, String(value));
    }
    const topics = sharedTopicsOf(res.raw.req);
    if (key !== undefined && topics && res.statusCode === 200 && !responseHeaders.has('set-cookie')) {
      shared!.keep(key, since, { topics, status: res.statusCode, headers: responseHeaders, body: res.rawPayload });
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}
