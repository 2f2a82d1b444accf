import { createContext, useContext } from 'react';

/**
 * The page's Content Security Policy nonce while it is rendered on the server (entry.server
 * provides it). In the browser there is none: scripts added after hydration are not parser-
 * inserted HTML, and the browser hides the attribute's value anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce for an inline `<script>` the page renders itself (counters, structured data). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * Sites the video blocks may show in an iframe (features/content/video.ts builds their embed
 * URLs; its test checks each one is allowed here).
 */
export const PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://rutube.ru',
  'https://vk.com',
  'https://player.vimeo.com',
];

// The counters' hosts come from the contract's `counterSources` (entry.server reads them), the
// same code the staff settings screen and its API use (decision 0074).

export interface PolicyOptions {
  nonce: string;
  /** Origins the counters need for scripts, pixels and beacons (counterSources). */
  counterSources?: string[];
  /** Sources from the CSP_EXTRA_SOURCES setting, allowed like the counters' ones. */
  extraSources?: string[];
}

/**
 * The policy of a server-rendered page. Scripts run only from the site itself or with this
 * render's nonce (React Router's inline scripts, the counters); styles allow inline attributes
 * (React's `style={…}` and the school's HTML content use them); pictures and videos may come from
 * any https site (the school's HTML content links them); frames only from the video players.
 */
export function contentSecurityPolicy({ nonce, counterSources = [], extraSources = [] }: PolicyOptions): string {
  const outside = [...new Set([...counterSources, ...extraSources])];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...outside],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['media-src', "'self'", 'https:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...outside],
    ['frame-src', ...PLAYER_ORIGINS, ...outside],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
