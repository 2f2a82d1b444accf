import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIES } from '@crema/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users, type User } from '../../db/schema/index.ts';
import { AccessTokens, type AccessClaims } from './tokens.ts';

/**
 * The header an in-process call of a page render carries (web/inject-fetch.ts): the render's id,
 * under which the session's user is looked up once for all of its calls.
 */
export const RENDER_HEADER = 'x-crema-render';

/** Reads `Bearer <jwt>` (the scheme is case-insensitive; a bare token is accepted too). */
export function bearer(value: string): string {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? value.trim();
}

/** The access token of a request and how it came: the API clients' header first, else the site's cookie. */
export function accessTokenOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | null {
  const header = request.headers['jwt-access-token'];
  if (typeof header === 'string' && header.trim() !== '') return { token: bearer(header), via: 'header' };
  const cookie = request.cookies[SESSION_COOKIES.access];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * The user and whether the session is live, in one round trip: a prepared statement, since every
 * signed-in call asks it (building the query each time cost more than running it).
 */
function sessionUserStatement(db: Db) {
  return db
    .select({
      user: users,
      live: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sql.placeholder('sessionId')),
            eq(refreshTokens.userId, users.id),
            isNull(refreshTokens.revokedAt),
          ),
        )})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('crema_session_user');
}

/**
 * Who holds an access token (decision 0011): the token's signature (remembered per token,
 * AccessTokens) and the user of its session while the session is live (a database read).
 *
 * A page render asks the API a dozen times in-process with the same cookies (decision 0081): the
 * render opens a scope, its calls carry the scope's id (RENDER_HEADER), and the user is read once
 * per scope. Only renders that change nothing open one (GET pages and their data requests): a form
 * post's action may sign out or rename the user, and the loaders after it must see that. An id
 * that names no open scope (a forged header) is ignored: the user is read as for any call.
 */
export class SessionUsers {
  readonly tokens: AccessTokens;
  private readonly scopes = new Map<string, Map<string, Promise<User | null>>>();
  private readonly statement: ReturnType<typeof sessionUserStatement>;

  constructor(db: Db, config: Config) {
    this.tokens = new AccessTokens(config);
    this.statement = sessionUserStatement(db);
  }

  /** The user of a live session, or null when it has ended (sign-out, password change). */
  user(claims: AccessClaims, renderId?: string): Promise<User | null> {
    const scope = renderId === undefined ? undefined : this.scopes.get(renderId);
    if (!scope) return this.read(claims);
    const key = `${claims.userId}:${claims.sessionId}`;
    let found = scope.get(key);
    if (!found) {
      found = this.read(claims);
      scope.set(key, found);
      // A failed read (the database away) is not remembered.
      found.catch(() => scope.delete(key));
    }
    return found;
  }

  /** The user an access token signs in (its signature, then its session), or null. */
  async userOf(token: string | undefined, renderId?: string): Promise<User | null> {
    const claims = token ? await this.tokens.verify(token) : null;
    return claims ? this.user(claims, renderId) : null;
  }

  /** Opens a render's scope; `close` it once the render's calls are made. */
  openScope(): { id: string; close: () => void } {
    const id = randomUUID();
    this.scopes.set(id, new Map());
    return { id, close: () => this.scopes.delete(id) };
  }

  private async read(claims: AccessClaims): Promise<User | null> {
    const [row] = await this.statement.execute({ userId: claims.userId, sessionId: claims.sessionId });
    return row?.live ? row.user : null;
  }
}
