/** Cookies the interface itself sets (spec §3, §9). */
export const COOKIES = {
  hideCookiesPanel: { name: 'hideCookiesPanel', maxAgeS: 365 * 24 * 60 * 60 },
  /** Holds the id of the dismissed header banner, so a new banner shows again. */
  hideHeaderBanner: { name: 'hideHeaderBanner', maxAgeS: 365 * 24 * 60 * 60 },
  /** The home page's discount banner, closed: hidden for 7 days (spec §9: 604800 s). */
  hideDiscountBanner: { name: 'hideDiscountBanner', maxAgeS: 604_800 },
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

/** Sets a first-party cookie from the browser for the whole site. */
export function writeCookie(name: string, value: string, maxAgeS: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax${secure}`;
}
