import type { ApiFetch } from './api.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process API access for loaders, carrying the visitor's cookies. */
    api: ApiFetch;
    requestId: string;
  }
}

export {};
