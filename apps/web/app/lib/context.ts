import type { ApiFetch } from '../api/client.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process API access for loaders, carrying the visitor's cookies. */
    api: ApiFetch;
    requestId: string;
    /** The site's own origin (PUBLIC_URL), for canonical and Open Graph URLs. */
    publicUrl: string;
    /** The request's structured logger (carries the request id). */
    log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  }
}

export {};
