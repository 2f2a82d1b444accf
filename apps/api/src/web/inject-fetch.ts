import type { FastifyInstance } from 'fastify';

/** A `fetch` for server-side loaders that calls the API in-process, without a socket. */
export type ApiFetch = (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;

export function createInjectFetch(app: FastifyInstance, forwardedHeaders: Record<string, string>): ApiFetch {
  return async (path, init = {}) => {
    const headers: Record<string, string> = { ...forwardedHeaders, ...init.headers };
    let payload: string | undefined;
    if (init.body !== undefined) {
      payload = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers,
      payload,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, String(v));
      else if (value !== undefined) responseHeaders.set(name, String(value));
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}
