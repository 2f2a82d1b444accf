import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { authCodes, type AuthCode } from '../../db/schema/index.ts';
import { deriveKey } from '../../lib/keys.ts';
import type { Executor } from '../../db/client.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

/** A code lives 10 minutes and dies after 5 wrong entries; a restore link lives 60 minutes. */
export const CODE_TTL_MIN = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const RESTORE_TTL_MIN = 60;

/**
 * The purposes of 4-digit codes; account_delete and email_change confirm actions of a signed-in user;
 * order_confirmation confirms a guest's order (InputCodeOrder) and is bound to that order.
 */
export type CodePurpose = 'login' | 'password_change' | 'account_delete' | 'email_change' | 'order_confirmation';

export type CodeCheck = { ok: true; id: number } | { ok: false; message: string };

/** The one answer to a code that does not work, with the attempts left (the same for every address). */
export function wrongCodeMessage(left: number): string {
  return left > 0
    ? `Код не подходит или устарел. Осталось попыток: ${left}.`
    : 'Код не подходит или устарел. Попытки закончились — запросите новый код.';
}

/**
 * One-time codes and link tokens kept as HMAC-SHA256 under a key of their own. A keyed hash
 * is enough for 4 digits because guessing is bounded by the attempt counter and the send
 * limits, not by the hash's cost; a stolen table without the key reveals nothing.
 */
export class AuthCodes {
  private readonly key: Buffer;
  constructor(config: Config) {
    this.key = deriveKey(config.secretKey, 'auth-code');
  }

  private digest(parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u0000')).digest('hex');
  }

  /**
   * Issues a fresh 4-digit code for `email`; every older live code of that purpose stops working.
   * `deliverable: false` (an address without an account, which gets no code) stores the same kind
   * of row with a hash nothing typed can match, so both cases do the same work and wrong entries
   * are answered alike afterwards.
   */
  async issueCode(tx: Executor, email: string, purpose: CodePurpose, deliverable = true, orderId: number | null = null): Promise<string> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    await this.voidLive(tx, email, purpose);
    await tx.insert(authCodes).values({
      email,
      purpose,
      orderId,
      codeHash: this.digest([purpose, email, deliverable ? code : randomBytes(16).toString('hex')]),
      expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MIN})`,
    });
    return code;
  }

  /**
   * Checks `code` against the newest code sent to `email` for `purpose`. A wrong code spends an
   * attempt (the caller must commit that even though it answers with an error). A right code is
   * not consumed here: the caller consumes it once everything else about the request is fine.
   *
   * Every failure is answered in the same words, whether the code was wrong, used, expired or
   * never sent (for an address that never had one, attempts are counted against the address
   * itself), so the answer does not tell whether an address has an account or ever signed in.
   */
  async checkCode(tx: Executor, email: string, purpose: CodePurpose, code: string, orderId?: number): Promise<CodeCheck> {
    const [row] = await tx
      .select({
        id: authCodes.id,
        codeHash: authCodes.codeHash,
        attempts: authCodes.attempts,
        consumedAt: authCodes.consumedAt,
        expired: sql<boolean>`${authCodes.expiresAt} <= now()`,
      })
      .from(authCodes)
      .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose), orderId === undefined ? undefined : eq(authCodes.orderId, orderId)))
      .orderBy(desc(authCodes.id))
      .limit(1)
      .for('update');
    const live = row && !row.consumedAt && !row.expired;
    if (live && row.attempts < CODE_MAX_ATTEMPTS && this.matches(row.codeHash, [purpose, email, code])) return { ok: true, id: row.id };
    let left: number;
    if (live) {
      const attempts = Math.min(row.attempts + 1, CODE_MAX_ATTEMPTS);
      if (attempts !== row.attempts) await tx.update(authCodes).set({ attempts }).where(eq(authCodes.id, row.id));
      left = CODE_MAX_ATTEMPTS - attempts;
    } else {
      const misses = await hitRateLimit(tx, `code_miss:${purpose}:${email}`, { limit: CODE_MAX_ATTEMPTS, windowS: CODE_TTL_MIN * 60 });
      left = Math.max(0, CODE_MAX_ATTEMPTS - misses.count);
    }
    return { ok: false, message: wrongCodeMessage(left) };
  }

  /** Marks a code or link token as used. */
  async consume(tx: Executor, id: number): Promise<void> {
    await tx.update(authCodes).set({ consumedAt: sql`now()` }).where(eq(authCodes.id, id));
  }

  /**
   * Issues a one-time link token `<id>.<secret>` (the id finds the row, the secret proves
   * possession). An address without an account gets the same row and no letter with it.
   */
  async issueRestoreToken(tx: Executor, email: string): Promise<string> {
    await this.voidLive(tx, email, 'password_restore');
    const secret = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(authCodes)
      .values({
        email,
        purpose: 'password_restore',
        codeHash: this.digest(['password_restore', secret]),
        expiresAt: sql`now() + make_interval(mins => ${RESTORE_TTL_MIN})`,
      })
      .returning({ id: authCodes.id });
    if (!row) throw new Error('auth code insert returned nothing');
    return `${row.id}.${secret}`;
  }

  /** The live restore-token row `token` names and proves, locked for the caller's transaction. */
  async findRestoreToken(tx: Executor, token: string): Promise<Pick<AuthCode, 'id' | 'email'> | undefined> {
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || Number(match[1]) > 2_147_483_647) return undefined;
    const [row] = await tx
      .select({ id: authCodes.id, email: authCodes.email, codeHash: authCodes.codeHash })
      .from(authCodes)
      .where(
        and(
          eq(authCodes.id, Number(match[1])),
          eq(authCodes.purpose, 'password_restore'),
          isNull(authCodes.consumedAt),
          sql`${authCodes.expiresAt} > now()`,
        ),
      )
      .for('update');
    if (!row || !this.matches(row.codeHash, ['password_restore', match[2] ?? ''])) return undefined;
    return { id: row.id, email: row.email };
  }

  private matches(storedHex: string, parts: string[]): boolean {
    const expected = Buffer.from(this.digest(parts), 'hex');
    const stored = Buffer.from(storedHex, 'hex');
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  }

  private async voidLive(tx: Executor, email: string, purpose: AuthCode['purpose']): Promise<void> {
    await tx
      .update(authCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)));
  }
}
