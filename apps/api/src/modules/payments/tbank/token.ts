// The request signature of T-Bank internet acquiring API v2 (the `Token` field), used for our
// requests to the provider and for the notifications it sends us alike.
import { createHash, timingSafeEqual } from 'node:crypto';

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * The Token of `body`: its root-level scalar fields (nested objects and arrays such as `Receipt`
 * and `DATA` are left out, so are nulls and `Token` itself) plus `Password`, sorted by key, the
 * values alone concatenated (booleans as `true` / `false`), SHA-256 of that UTF-8 string as
 * lowercase hex.
 */
export function computeToken(body: Readonly<Record<string, unknown>>, password: string): string {
  const pairs: [string, string][] = [['Password', password]];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'Token' || key === 'Password' || !isScalar(value)) continue;
    pairs.push([key, String(value)]);
  }
  // Keys are ASCII field names: a plain code-unit comparison, never a locale-aware one.
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, value]) => value).join(''), 'utf8')
    .digest('hex');
}

/** `body` with its `Token` (a new object; the input is left as it is). */
export function signRequest<T extends Record<string, unknown>>(body: T, password: string): T & { Token: string } {
  const { Token: _ignored, ...rest } = body as Record<string, unknown>;
  return { ...(rest as T), Token: computeToken(rest, password) };
}

/** True when `body.Token` is the Token of the rest of `body` (compared in constant time). */
export function verifyToken(body: unknown, password: string): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const token = (body as Record<string, unknown>).Token;
  if (typeof token !== 'string' || !/^[0-9a-fA-F]{64}$/.test(token)) return false;
  const expected = Buffer.from(computeToken(body as Record<string, unknown>, password), 'hex');
  return timingSafeEqual(expected, Buffer.from(token.toLowerCase(), 'hex'));
}
