// Database errors services turn into answers (api-conventions: constraint errors are translated).

/** True when the error (or one it wraps) is a PostgreSQL unique violation, optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (pg.code === '23505') return constraint === undefined || pg.constraint === constraint;
  }
  return false;
}
