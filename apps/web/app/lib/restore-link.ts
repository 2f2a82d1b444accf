// The mailed restore link (`/?restore=<token>`) carries a secret in the address. Analytics
// counters (COUNTERS, in the page head) read `location` when they start, so the token must be
// gone from the address bar before any of them runs: the root layout puts RESTORE_LINK_SCRIPT,
// a classic inline script, in the head before the counters, and the parser runs it before it even
// reads theirs (async or not). The token waits in memory for the dialog host to take it once.

/** Where the inline script leaves the token for `takeRestoreToken`. */
const SLOT = '__cremaRestoreToken';

declare global {
  interface Window {
    [SLOT]?: string;
  }
}

/**
 * Moves `restore` out of the address (history.replaceState keeps the page, the rest of the query
 * and the hash) into window[SLOT]. Plain ES5: it runs before any bundle.
 */
export const RESTORE_LINK_SCRIPT =
  `(function(){try{var u=new URL(location.href),t=u.searchParams.get('restore');if(t===null)return;` +
  `u.searchParams.delete('restore');window.${SLOT}=t;` +
  `history.replaceState(history.state,'',u.pathname+u.search+u.hash)}catch(e){}})();`;

/** The token the inline script moved out of the address, once (null when there is none). */
export function takeRestoreToken(): string | null {
  if (typeof window === 'undefined') return null;
  const token = window[SLOT];
  delete window[SLOT];
  return token || null;
}
