import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { authCodes, type AuthCode } from '../../db/schema/index.ts';
import { deriveKey } from '../../lib/keys.ts';
import type { Executor } from '../../db/client.ts';

/** A code lives 10 minutes and dies after 5 wrong entries; a restore link lives 60 minutes. */
export const CODE_TTL_MIN = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const RESTORE_TTL_MIN = 60;

export type CodePurpose = 'login' | 'password_change';

export type CodeCheck = { ok: true; id: number } | { ok: false; message: string };

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

  /** Issues a fresh 4-digit code for `email`; every older live code of that purpose stops working. */
  async issueCode(tx: Executor, email: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    await this.voidLive(tx, email, purpose);
    await tx.insert(authCodes).values({
      email,
      purpose,
      codeHash: this.digest([purpose, email, code]),
      expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MIN})`,
    });
    return code;
  }

  /**
   * Checks `code` against the newest code sent to `email` for `purpose`. A wrong code spends an
   * attempt (the caller must commit that even though it answers with an error). A right code is
   * not consumed here: the caller consumes it once everything else about the request is fine.
   */
  async checkCode(tx: Executor, email: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const [row] = await tx
      .select({
        id: authCodes.id,
        codeHash: authCodes.codeHash,
        attempts: authCodes.attempts,
        consumedAt: authCodes.consumedAt,
        expired: sql<boolean>`${authCodes.expiresAt} <= now()`,
      })
      .from(authCodes)
      .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose)))
      .orderBy(desc(authCodes.id))
      .limit(1)
      .for('update');
    if (!row) return { ok: false, message: 'Код для этого адреса не запрашивался. Запросите код.' };
    if (row.consumedAt) return { ok: false, message: 'Этот код уже недействителен. Запросите новый код.' };
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      return { ok: false, message: 'Попытки ввода этого кода закончились. Запросите новый код.' };
    }
    if (row.expired) return { ok: false, message: 'Срок действия кода истёк. Запросите новый код.' };
    if (!this.matches(row.codeHash, [purpose, email, code])) {
      const attempts = row.attempts + 1;
      await tx.update(authCodes).set({ attempts }).where(eq(authCodes.id, row.id));
      const left = CODE_MAX_ATTEMPTS - attempts;
      return {
        ok: false,
        message: left > 0 ? `Неверный код. Осталось попыток: ${left}.` : 'Неверный код. Попытки закончились — запросите новый код.',
      };
    }
    return { ok: true, id: row.id };
  }

  /** Marks a code or link token as used. */
  async consume(tx: Executor, id: number): Promise<void> {
    await tx.update(authCodes).set({ consumedAt: sql`now()` }).where(eq(authCodes.id, id));
  }

  /** Issues a one-time link token `<id>.<secret>` (the id finds the row, the secret proves possession). */
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
