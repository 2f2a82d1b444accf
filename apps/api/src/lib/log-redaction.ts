// What never reaches a log line: secrets carried by addresses, and the values of a failed query.
// Used by the process logger's serializers (logger.ts) and the access line (plugins/access-log.ts).

/** What a secret is replaced with. */
export const REDACTED = '***';

/**
 * Paths carrying a secret, the secret being the first group. Each stands for a way into someone's
 * data: the iCal feed's secret, an invitation token, an order code (the payment page, the order
 * calls, the cancel call). Slashes may be doubled (the router ignores duplicates); a page's data
 * request (`….data`) is the same page.
 */
const SECRET_PATHS: readonly RegExp[] = [
  /^\/+ical\/+([^/]+?)(?=\.ics$|\/|$)/,
  /^\/+invitation\/+([^/]+?)(?=\.data$|\/|$)/,
  /^\/+api\/+invitations\/+([^/]+?)(?=\/|$)/,
  /^\/+courses\/+payment\/+([^/]+?)(?=\.data$|\/|$)/,
  /^\/+api\/+order\/+payment\/+([^/]+?)(?=\/|$)/,
  /^\/+api\/+order\/+(?!request\/|payment\/|request$)([^/]+?)(?=\/+(?:claim|confirm|send_code)(?:\/|$))/,
  /^\/+api\/+user\/+orders\/+([^/]+?)(?=\/+cancel(?:\/|$))/,
];

/**
 * Query keys carrying a secret: the password-restore token (`/?restore=`, an account for an hour),
 * the order code of the bank's way back (`/tbank-payment-callback/?code=`), a social sign-in's
 * authorisation code and state, tokens.
 */
const SECRET_KEYS = new Set(['restore', 'code', 'state', 'token', 'access_token', 'refresh_token', 'refresh']);

function redactPath(path: string): string {
  for (const pattern of SECRET_PATHS) {
    const match = pattern.exec(path);
    if (match?.[1] !== undefined) {
      const start = match[0].length - match[1].length;
      return `${path.slice(0, start)}${REDACTED}${path.slice(match[0].length)}`;
    }
  }
  return path;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // a malformed key is logged as it came
      }
      return SECRET_KEYS.has(key.toLowerCase()) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * A request address fit for a log: the secrets in its path and query replaced by `***`. Takes a
 * path with its query (`/ical/abc.ics`, `/?restore=1.x`) or a whole URL (`https://host/…`).
 */
export function redactUrl(url: string): string;
export function redactUrl(url: unknown): unknown;
export function redactUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const hash = rest.indexOf('#');
  const withoutHash = hash < 0 ? rest : rest.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? null : withoutHash.slice(q + 1);
  return `${origin}${redactPath(path)}${query === null ? '' : `?${redactQuery(query)}`}`;
}

/** The properties of a database error that carry the values of the query (a payer's name, phone, passport). */
const VALUE_PROPERTIES = ['params', 'parameters', 'detail', 'where', 'internalQuery'];

/** 'Failed query: … \nparams: a,b' (Drizzle) → 'Failed query: … \nparams: ***'; a pg message quoting a value loses the value. */
function scrubText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`)
    .replace(/((?:invalid input syntax for type|invalid input value for enum) [^:]+): "[\s\S]*?"(?=\n|$)/, `$1: "${REDACTED}"`);
}

/**
 * A serialised error (pino's `err`) without the values of a failed query, its causes too: Drizzle's
 * error names the parameters in its message, stack and `params`; PostgreSQL's names the clashing
 * value in `detail` ('Key (email)=(…) already exists').
 */
export function scrubError<T>(err: T, depth = 0): T {
  if (err === null || typeof err !== 'object' || depth > 5) return err;
  const copy: Record<string, unknown> = { ...(err as Record<string, unknown>) };
  for (const key of VALUE_PROPERTIES) {
    if (key in copy) copy[key] = REDACTED;
  }
  if (typeof copy.message === 'string') copy.message = scrubText(copy.message);
  if (typeof copy.stack === 'string') copy.stack = scrubText(copy.stack);
  if (copy.cause !== undefined) copy.cause = scrubError(copy.cause, depth + 1);
  return copy as T;
}
