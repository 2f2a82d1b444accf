// Database errors services turn into answers (api-conventions: constraint errors are translated).

/** True when the error (or one it wraps) is a PostgreSQL unique violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505') return constraint === undefined || pg.constraint === constraint;
  }
  return false;
}

/** Node's codes of a connection to the database refused, cut, timed out or not found. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What pg and its pool say when a connection cannot be made or broke off (they give no code). */
const CONNECTION_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * True when a query failed because PostgreSQL could not be reached or is restarting — a
 * connection refused, cut or timed out, SQLSTATE class 08 (connection exception), 57P01/57P02/57P03
 * (the server shutting down or starting) — rather than because of the query. The error may be
 * pg's own or the query builder's wrapping it (`cause`); an outside service's failed fetch is
 * not the database's and does not count.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    // Only the query builder's wrapper is looked through (DrizzleQueryError: 'Failed query: …').
    if (name !== 'DrizzleQueryError' && !(typeof message === 'string' && message.startsWith('Failed query'))) return false;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
