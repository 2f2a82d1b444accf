// Links a person can be sent to: a path of this site (a sign-in's `next`, a link staff type in a
// section) or, where allowed, an http(s) address. One checker for the API's schemas and the
// browser, so a trick that gets past one gets past neither: browsers read '\' as '/', resolve
// '..' and drop tabs and newlines, so '/\evil.example', '/..//evil.example' and '/\t/evil.example'
// all open another site although each starts with one '/'. zod-free: the sign-in code imports it.

const SITE = 'http://site.invalid';
/** Rounds of percent-decoding for the check ('%252F' → '%2F' → '/'); more is refused. */
const DECODE_ROUNDS = 4;

function hasControl(value: string): boolean {
  for (const char of value) if (char < ' ' || char === '\u007f') return true;
  return false;
}

/** The value with '%25', '%2F', '%5C' and '%2E' decoded (repeatedly) and backslashes made slashes; null when it keeps changing. */
function decodedForCheck(value: string): string | null {
  let current = value;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    const next = current.replace(/%25/gi, '%').replace(/%2f/gi, '/').replace(/%5c/gi, '/').replace(/%2e/gi, '.').replace(/\\/g, '/');
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** True for a path that stays on this site once a browser has parsed it. */
function staysOnSite(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  try {
    const url = new URL(path, SITE);
    return url.origin === SITE && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * A path of this site ('/user/courses/?tab=1') as the browser will read it — dot segments resolved,
 * backslashes as slashes — or null for anything that would leave the site or is not a plain path:
 * another origin ('//x', 'https://…'), a backslash or dot-segment trick, such a trick
 * percent-encoded (also twice), a control character.
 */
export function sitePath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value === '' || hasControl(value)) return null;
  const decoded = decodedForCheck(value);
  if (decoded === null || hasControl(safeDecode(decoded)) || !staysOnSite(decoded)) return null;
  const plain = value.replace(/\\/g, '/');
  if (!staysOnSite(plain)) return null;
  const url = new URL(plain, SITE);
  const path = url.pathname + url.search + url.hash;
  return staysOnSite(path) ? path : null;
}

/** Percent-decoding that never throws (a lone '%' stays as it is). */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A link staff may give a visitor: a path of this site (as `sitePath` returns it) or an http(s)
 * address with a host; null for anything else (javascript:, data:, '//host', spaces or control
 * characters, the path tricks above).
 */
export function safeLink(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value === '' || hasControl(value)) return null;
  if (/^https?:\/\//i.test(value)) {
    if (/\s|\\/.test(value)) return null;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? value : null;
    } catch {
      return null;
    }
  }
  return sitePath(value);
}
