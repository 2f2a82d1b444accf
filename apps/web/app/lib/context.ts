import type { CurrentUser } from '@crema/contract';
import type { ApiFetch } from '../api/client.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process API access for loaders, carrying the visitor's cookies. */
    api: ApiFetch;
    /**
     * The signed-in person (null for a guest or an ended session), read once per page request
     * for every loader that asks.
     */
    currentUser: () => Promise<CurrentUser | null>;
    requestId: string;
    /** The site's own origin (PUBLIC_URL), for canonical and Open Graph URLs. */
    publicUrl: string;
    /** The request's structured logger (carries the request id). */
    log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
    /** This render's Content Security Policy nonce (fresh per render; the server swaps it per answer). */
    nonce: string;
    /** Outside sources allowed beside the counters' own (CSP_EXTRA_SOURCES and the captcha provider's). */
    cspSources: string[];
    /** Render the whole document before answering (a page kept for guests is not streamed). */
    waitForAll?: boolean;
  }
}

export {};
