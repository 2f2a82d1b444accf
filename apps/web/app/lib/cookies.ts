import { useSyncExternalStore } from 'react';

/** Cookies the interface itself sets. */
export const COOKIES = {
  hideCookiesPanel: { name: 'hideCookiesPanel', maxAgeS: 365 * 24 * 60 * 60 },
  /** Holds the id of the dismissed header banner, so a new banner shows again. */
  hideHeaderBanner: { name: 'hideHeaderBanner', maxAgeS: 365 * 24 * 60 * 60 },
  /** The home page's discount banner, closed: hidden for 7 days (604800 s). */
  hideDiscountBanner: { name: 'hideDiscountBanner', maxAgeS: 604_800 },
  /** SkipAccountData answered 'Пропустить': the offer to fill in the profile is not made again (a year). */
  skipAccountData: { name: 'skipAccountData', maxAgeS: 365 * 24 * 60 * 60 },
  // The re-consent questions put off are in features/account/ReconsentPrompt.tsx (RECONSENT_COOKIE):
  // account code, kept out of every page's first load.
} as const;

/** Reads one cookie from a Cookie header (server) or document.cookie (browser). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets a first-party cookie from the browser for the whole site. */
export function writeCookie(name: string, value: string, maxAgeS: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}

/**
 * A cookie the interface sets (a dismissed notice or banner), as it is now: `serverValue` (read
 * by a loader from the request) on the server and while hydrating, then the browser's cookie,
 * updated by `writeCookie`. Unlike state copied from loader data, it survives the layout being
 * mounted afresh (the root's error page swaps the element under it) without a reload.
 */
export function useCookie(name: string, serverValue: string | undefined): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readCookie(document.cookie, name),
    () => serverValue,
  );
}
