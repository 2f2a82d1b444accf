import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S } from '@crema/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { deriveKey } from '../../lib/keys.ts';
import type { Executor } from '../../db/client.ts';

export const JWT_ISSUER = 'crema';
export const JWT_AUDIENCE = 'crema:api';
const ALGORITHM = 'HS256';

/** What a valid access token says. */
export interface AccessClaims {
  userId: number;
  /** The refresh-token family (the sign-in) this access token belongs to. */
  sessionId: string;
}

/** Signs and checks short-lived JWTs of one kind with a key of their own. */
export class JwtCodec {
  private readonly key: Uint8Array;
  /** The key imported once: given raw bytes, jose imports them again for every token. */
  private readonly cryptoKey: Promise<webcrypto.CryptoKey>;
  constructor(
    secretKey: string,
    private readonly tokenType: string,
  ) {
    this.key = deriveKey(secretKey, `jwt-${tokenType}`);
    this.cryptoKey = webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** A token for `sub` with extra claims, living `ttlS` seconds. */
  async sign(sub: string, claims: Record<string, string>, ttlS: number): Promise<string> {
    return new SignJWT({ ...claims, token_type: this.tokenType })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlS}s`)
      .sign(await this.cryptoKey);
  }

  /** The claims of a valid token of this kind, or null (wrong algorithm, key, iss, aud, type; expired). */
  async verify(token: string): Promise<Record<string, unknown> & { sub: string } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.cryptoKey, {
        algorithms: [ALGORITHM],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      if (payload.token_type !== this.tokenType || typeof payload.sub !== 'string') return null;
      return { ...payload, sub: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** How many verified access tokens a process remembers before it starts again. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Access tokens: HS256 JWT with sub, sid (session family), iss, aud, exp and token_type 'access'.
 * A page render makes a dozen in-process calls with the same token: a token whose signature was
 * checked once is remembered (by its whole text, signature included) until it expires, so the
 * others cost a map lookup (decision 0081). Whether its session is still live is looked up apart.
 */
export class AccessTokens {
  private readonly codec: JwtCodec;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(config: Config) {
    this.codec = new JwtCodec(config.secretKey, 'access');
  }

  /** A fresh access token for a user in a session. */
  issue(claims: AccessClaims): Promise<string> {
    return this.codec.sign(String(claims.userId), { sid: claims.sessionId }, ACCESS_TOKEN_TTL_S);
  }

  /** The claims of a valid access token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.claims;
    const payload = await this.codec.verify(token);
    if (!payload || typeof payload.sid !== 'string' || !/^[1-9][0-9]{0,9}$/.test(payload.sub)) return null;
    const claims = { userId: Number(payload.sub), sessionId: payload.sid };
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    this.verified.set(token, { claims, expiresAtMs: Number(payload.exp) * 1000 });
    return claims;
  }
}

/** SHA-256 of a refresh token: the token has 256 random bits, so no salt or slow hash is needed. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Client details kept with a session, so a user could later see where they are signed in. */
export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** Stores a new refresh token (in `familyId`, or a new family) and returns it with its family. */
export async function issueRefreshToken(
  db: Executor,
  userId: number,
  client: ClientInfo,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TOKEN_TTL_S})`,
    userAgent: client.userAgent?.slice(0, 500),
    ip: client.ip,
  });
  return { token, familyId };
}

export type RotationResult =
  | { ok: true; userId: number; token: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Spends a refresh token and issues its successor in the same family. A token that was already
 * spent means it leaked (or a client misbehaved): the whole family is revoked (RFC 9700 §4.14),
 * so both the thief's and the owner's newest tokens stop working.
 */
export async function rotateRefreshToken(db: Db, token: string, client: ClientInfo): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expired) return { ok: false, reason: 'expired' } as const;
    await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
    const next = await issueRefreshToken(tx, row.userId, client, row.familyId);
    return { ok: true, userId: row.userId, ...next } as const;
  });
}

/** Ends one session: every token of the family stops working. */
export async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The family a refresh token belongs to, whatever its state. */
export async function familyOf(db: Executor, token: string): Promise<{ familyId: string; userId: number } | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return row;
}

/** Ends every session of a user except `keepFamilyId` (the one making the change), if given. */
export async function revokeUserSessions(db: Executor, userId: number, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
