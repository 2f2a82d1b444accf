import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  AUTH_CODE_RESEND_S,
  NON_FIELD_ERRORS,
  passwordProblems,
  pluralRu,
  type CodeSent,
  type CurrentUser,
} from '@crema/contract';
import type { AppDeps } from '../../deps.ts';
import { users, type User } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { deriveKey } from '../../lib/keys.ts';
import type { Executor } from '../../db/client.ts';
import { hitRateLimit, peekRateLimit, resetRateLimit, type RateRule } from '../../lib/rate-limit.ts';
import { AuthCodes, CODE_TTL_MIN, RESTORE_TTL_MIN, type CodePurpose } from './codes.ts';
import { sendAuthMail } from './mailer.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import type { Actor, SignedInActor } from './actor.ts';
import {
  AccessTokens,
  JwtCodec,
  issueRefreshToken,
  revokeUserSessions,
  rotateRefreshToken,
  type ClientInfo,
} from './tokens.ts';

/** Limits (decision 0009). Keys are per purpose where the purpose matters. */
export const LIMITS = {
  /** One code per e-mail per 180 s: the resend countdown of spec §9, enforced here. */
  sendPerEmail: { limit: 1, windowS: AUTH_CODE_RESEND_S },
  sendPerEmailDaily: { limit: 10, windowS: 86_400 },
  /** The default of AUTH_CODES_PER_IP_HOUR; the service uses the configured value. */
  sendPerIp: { limit: 20, windowS: 3600 },
  passwordFailuresPerAccount: { limit: 10, windowS: 600 },
  passwordFailuresPerIp: { limit: 30, windowS: 600 },
  codeFailuresPerIp: { limit: 30, windowS: 600 },
} satisfies Record<string, RateRule>;

/** How long the token from a password-change code stays good. */
export const CHANGE_TOKEN_TTL_S = 900;

const SECONDS_ACC = ['секунду', 'секунды', 'секунд'] as const;
const MINUTES_ACC = ['минуту', 'минуты', 'минут'] as const;

function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} ${pluralRu(seconds, SECONDS_ACC)}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${pluralRu(minutes, MINUTES_ACC)}`;
}

function tooMany(detail: string, retryAfterS: number): ApiError {
  return new ApiError('too_many_requests', detail, { retryAfterS });
}

/** Password-set problems go under non_field_errors: spec §8 says those dialogs show them. */
function formError(message: string | string[]): ApiError {
  return ApiError.fields({ [NON_FIELD_ERRORS]: Array.isArray(message) ? message : [message] });
}

/** The normalised form sign-in uses for an address stored as entered. */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** Spec §3 User as the API shows it. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    patronymic: user.patronymic,
    phone: user.phone,
    address: user.address,
    birth_date: user.birthDate,
    gender: user.gender,
    is_course_owner: user.isCourseOwner,
    is_questionnaire_completed: user.isQuestionnaireCompleted,
    data_refusal: user.dataRefusal,
    has_password: user.passwordHash !== null,
  };
}

/** What a session records about the client that opened it. */
export function clientOf(actor: Actor): ClientInfo {
  return { ip: actor.ip, userAgent: actor.userAgent };
}

async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return user;
}

/** Sign-in flows of spec §7 (decision 0009). One instance per app. */
export class AuthService {
  private readonly codes: AuthCodes;
  private readonly accessTokens: AccessTokens;
  private readonly changeTokens: JwtCodec;
  private readonly fingerprintKey: Buffer;

  constructor(private readonly deps: AppDeps) {
    this.codes = new AuthCodes(deps.config);
    this.accessTokens = new AccessTokens(deps.config);
    this.changeTokens = new JwtCodec(deps.config.secretKey, 'password_change');
    this.fingerprintKey = deriveKey(deps.config.secretKey, 'password-fingerprint');
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * Counts one send for `email` and the caller's IP, refusing with 429 + Retry-After when over.
   * The IP is checked first and the daily cap last, so a refused request does not eat the quota
   * of a later limit (nobody can burn another person's daily codes by hammering the countdown).
   */
  private async limitSend(purpose: string, email: string, ip: string): Promise<void> {
    const perIp = await hitRateLimit(this.db, `send:ip:${ip}`, { ...LIMITS.sendPerIp, limit: this.deps.config.authCodesPerIpHour });
    if (!perIp.allowed) {
      throw tooMany(`Слишком много запросов с вашего адреса. Попробуйте через ${waitText(perIp.retryAfterS)}.`, perIp.retryAfterS);
    }
    const perEmail = await hitRateLimit(this.db, `send:${purpose}:email:${email}`, LIMITS.sendPerEmail);
    if (!perEmail.allowed) {
      throw tooMany(
        `Письмо уже отправлено. Запросить новое можно через ${waitText(perEmail.retryAfterS)}.`,
        perEmail.retryAfterS,
      );
    }
    const daily = await hitRateLimit(this.db, `send:${purpose}:day:${email}`, LIMITS.sendPerEmailDaily);
    if (!daily.allowed) {
      throw tooMany('Слишком много писем на этот адрес за сутки. Попробуйте позже.', daily.retryAfterS);
    }
  }

  private async sendCode(purpose: CodePurpose, email: string, actor: Actor, onlyExisting: boolean) {
    await this.limitSend(purpose, email, actor.ip);
    await this.db.transaction(async (tx) => {
      if (onlyExisting && !(await findUserByEmail(tx, email))) return;
      const code = await this.codes.issueCode(tx, email, purpose);
      await sendAuthMail(tx, {
        to: email,
        template: purpose === 'login' ? 'login_code' : 'password_change_code',
        data: { code, validMinutes: CODE_TTL_MIN },
      });
    });
  }

  /** POST /api/auth/send_code/email/: a sign-in code (a new address is registered on entry). */
  async sendLoginCode(email: string, actor: Actor): Promise<CodeSent> {
    await this.sendCode('login', email, actor, false);
    return { detail: `Код отправлен на ${email}.`, resend_after: AUTH_CODE_RESEND_S };
  }

  /** POST /api/auth/change/: a password-change code, sent only to an existing account; same answer either way. */
  async sendChangeCode(email: string, actor: Actor): Promise<CodeSent> {
    await this.sendCode('password_change', email, actor, true);
    return { detail: `Если адрес ${email} зарегистрирован, мы отправили на него код.`, resend_after: AUTH_CODE_RESEND_S };
  }

  /** Refuses when this IP has entered too many wrong codes lately. */
  private async guardCodeEntry(ip: string): Promise<void> {
    const state = await peekRateLimit(this.db, `code_fail:ip:${ip}`, LIMITS.codeFailuresPerIp);
    if (!state.allowed) {
      throw tooMany(`Слишком много неверных кодов. Попробуйте через ${waitText(state.retryAfterS)}.`, state.retryAfterS);
    }
  }

  private async codeFailed(ip: string, message: string): Promise<never> {
    await hitRateLimit(this.db, `code_fail:ip:${ip}`, LIMITS.codeFailuresPerIp);
    throw ApiError.fields({ code: [message] });
  }

  /** Opens a session: a new refresh-token family and an access token in it (also used by social sign-in). */
  async startSession(tx: Executor, user: User, client: ClientInfo) {
    const refresh = await issueRefreshToken(tx, user.id, client);
    const access = await this.accessTokens.issue({ userId: user.id, sessionId: refresh.familyId });
    return { access, refresh: refresh.token, sessionId: refresh.familyId };
  }

  /** POST /api/auth/token/email/: the code signs in, registering a new address (verified by the code). */
  async signInWithCode(email: string, code: string, actor: Actor) {
    await this.guardCodeEntry(actor.ip);
    const result = await this.db.transaction(async (tx) => {
      const check = await this.codes.checkCode(tx, email, 'login', code);
      if (!check.ok) return check;
      await this.codes.consume(tx, check.id);
      await tx.insert(users).values({ email }).onConflictDoNothing();
      const [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, lastLoginAt: sql`now()` })
        .where(sql`lower(${users.email}) = ${email}`)
        .returning();
      if (!user) throw new Error('user vanished during sign-in');
      return { ok: true as const, user, session: await this.startSession(tx, user, clientOf(actor)) };
    });
    if (!result.ok) return this.codeFailed(actor.ip, result.message);
    return result;
  }

  /** POST /api/auth/token/: e-mail and password; one answer for every failure, limited per account and IP. */
  async signInWithPassword(email: string, password: string, actor: Actor) {
    const accountKey = `login_fail:email:${email}`;
    const ipKey = `login_fail:ip:${actor.ip}`;
    for (const [key, rule] of [
      [accountKey, LIMITS.passwordFailuresPerAccount],
      [ipKey, LIMITS.passwordFailuresPerIp],
    ] as const) {
      const state = await peekRateLimit(this.db, key, rule);
      if (!state.allowed) {
        throw tooMany(`Слишком много неудачных попыток входа. Попробуйте через ${waitText(state.retryAfterS)}.`, state.retryAfterS);
      }
    }
    const user = await findUserByEmail(this.db, email);
    if (!(await checkPassword(user?.passwordHash, password)) || !user) {
      await hitRateLimit(this.db, accountKey, LIMITS.passwordFailuresPerAccount);
      await hitRateLimit(this.db, ipKey, LIMITS.passwordFailuresPerIp);
      throw new ApiError('unauthenticated', 'Неверный e-mail или пароль.');
    }
    await resetRateLimit(this.db, accountKey);
    return this.db.transaction(async (tx) => {
      const [fresh] = await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id)).returning();
      const signedIn = fresh ?? user;
      return { user: signedIn, session: await this.startSession(tx, signedIn, clientOf(actor)) };
    });
  }

  /** POST /api/auth/token/refresh/: spends the refresh token and returns the next pair. */
  async refresh(token: string, actor: Actor) {
    const rotated = await rotateRefreshToken(this.db, token, clientOf(actor));
    if (!rotated.ok) {
      throw new ApiError(
        'unauthenticated',
        rotated.reason === 'reused'
          ? 'Этот сеанс завершён из соображений безопасности. Войдите снова.'
          : 'Сеанс истёк или завершён. Войдите снова.',
      );
    }
    const [user] = await this.db.select().from(users).where(eq(users.id, rotated.userId));
    if (!user) throw new ApiError('unauthenticated', 'Сеанс истёк или завершён. Войдите снова.');
    const access = await this.accessTokens.issue({ userId: user.id, sessionId: rotated.familyId });
    return { user, session: { access, refresh: rotated.token, sessionId: rotated.familyId } };
  }

  /** POST /api/auth/restore/: mails a one-time link to an existing account; the same answer for any address. */
  async requestRestore(email: string, actor: Actor): Promise<{ detail: string }> {
    await this.limitSend('password_restore', email, actor.ip);
    await this.db.transaction(async (tx) => {
      if (!(await findUserByEmail(tx, email))) return;
      const token = await this.codes.issueRestoreToken(tx, email);
      await sendAuthMail(tx, {
        to: email,
        template: 'password_restore_link',
        data: { url: `${this.deps.config.publicUrl}/?restore=${encodeURIComponent(token)}`, validMinutes: RESTORE_TTL_MIN },
      });
    });
    return { detail: `Если адрес ${email} зарегистрирован, мы отправили на него ссылку для создания пароля.` };
  }

  /** A short fingerprint of the current password hash: a change token dies once the password changes. */
  private fingerprint(user: Pick<User, 'id' | 'passwordHash'>): string {
    return createHmac('sha256', this.fingerprintKey)
      .update(`${user.id}:${user.passwordHash ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Sets a new password if the stored hash is still `expectedHash` (so two racing requests
   * with one token cannot both succeed), then ends the user's other sessions.
   */
  private async storePassword(
    tx: Executor,
    user: Pick<User, 'id' | 'passwordHash'>,
    newHash: string,
    keepSessionId: string | undefined,
  ): Promise<boolean> {
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(sql`${users.id} = ${user.id} and ${users.passwordHash} is not distinct from ${user.passwordHash}`)
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await revokeUserSessions(tx, user.id, keepSessionId);
    return true;
  }

  /** The caller's own session, kept when they change their own password while signed in. */
  private keepSession(actor: Actor, userId: number): string | undefined {
    return actor.user?.id === userId ? (actor.sessionId ?? undefined) : undefined;
  }

  /** PATCH /api/auth/set-password/restore/: the mailed link token sets the password once. */
  async setPasswordByRestoreToken(token: string, password: string, confirm: string, actor: Actor) {
    const problems = passwordProblems(password, confirm);
    if (problems.length) throw formError(problems);
    const invalid = 'Ссылка для создания пароля недействительна или устарела. Запросите новую.';
    const newHash = await hashPassword(password);
    const done = await this.db.transaction(async (tx) => {
      const row = await this.codes.findRestoreToken(tx, token);
      if (!row) return false;
      const user = await findUserByEmail(tx, row.email);
      if (!user) return false;
      await this.codes.consume(tx, row.id);
      return this.storePassword(tx, user, newHash, this.keepSession(actor, user.id));
    });
    if (!done) throw formError(invalid);
    return { detail: 'Пароль сохранён. Теперь можно войти с ним.' };
  }

  /** POST /api/auth/change/code/: a right password-change code becomes a 15-minute change token. */
  async exchangeChangeCode(email: string, code: string, actor: Actor) {
    await this.guardCodeEntry(actor.ip);
    const result = await this.db.transaction(async (tx) => {
      const check = await this.codes.checkCode(tx, email, 'password_change', code);
      if (!check.ok) return check;
      const user = await findUserByEmail(tx, email);
      if (!user) return { ok: false as const, message: 'Код для этого адреса не запрашивался. Запросите код.' };
      await this.codes.consume(tx, check.id);
      return { ok: true as const, user };
    });
    if (!result.ok) return this.codeFailed(actor.ip, result.message);
    const token = await this.changeTokens.sign(String(result.user.id), { pwv: this.fingerprint(result.user) }, CHANGE_TOKEN_TTL_S);
    return { access_token: token, expires_in: CHANGE_TOKEN_TTL_S };
  }

  /** PATCH /api/auth/set-password/change/: the change token sets the password; other sessions end. */
  async setPasswordByChangeToken(token: string, password: string, confirm: string, actor: Actor) {
    const problems = passwordProblems(password, confirm);
    if (problems.length) throw formError(problems);
    const invalid = 'Подтверждение смены пароля устарело. Запросите новый код.';
    const claims = await this.changeTokens.verify(token);
    if (!claims || !/^[1-9][0-9]{0,9}$/.test(claims.sub)) throw formError(invalid);
    const [user] = await this.db.select().from(users).where(eq(users.id, Number(claims.sub)));
    if (!user || claims.pwv !== this.fingerprint(user)) throw formError(invalid);
    const newHash = await hashPassword(password);
    const done = await this.db.transaction((tx) => this.storePassword(tx, user, newHash, this.keepSession(actor, user.id)));
    if (!done) throw formError(invalid);
    return { detail: 'Пароль изменён.' };
  }

  /** POST /api/auth/set-password/: signed in, with a mailed code and the current password. */
  async changeOwnPassword(
    body: { code: string; current_password?: string; password: string; confirm_password: string },
    actor: SignedInActor,
  ) {
    const problems = passwordProblems(body.password, body.confirm_password);
    if (problems.length) throw formError(problems);
    const email = normaliseEmail(actor.user.email);
    const accountKey = `login_fail:email:${email}`;
    const limit = await peekRateLimit(this.db, accountKey, LIMITS.passwordFailuresPerAccount);
    if (!limit.allowed) {
      throw tooMany(`Слишком много неудачных попыток. Попробуйте через ${waitText(limit.retryAfterS)}.`, limit.retryAfterS);
    }
    await this.guardCodeEntry(actor.ip);
    const newHash = await hashPassword(body.password);
    const result = await this.db.transaction(async (tx) => {
      const check = await this.codes.checkCode(tx, email, 'password_change', body.code);
      if (!check.ok) return { outcome: 'code' as const, message: check.message };
      const [user] = await tx.select().from(users).where(eq(users.id, actor.user.id)).for('update');
      if (!user) return { outcome: 'gone' as const };
      if (user.passwordHash && !(await checkPassword(user.passwordHash, body.current_password ?? ''))) {
        return { outcome: 'password' as const };
      }
      await this.codes.consume(tx, check.id);
      await this.storePassword(tx, user, newHash, actor.sessionId);
      return { outcome: 'ok' as const };
    });
    if (result.outcome === 'code') return this.codeFailed(actor.ip, result.message);
    if (result.outcome === 'gone') throw new ApiError('unauthenticated', 'Войдите, чтобы продолжить.');
    if (result.outcome === 'password') {
      await hitRateLimit(this.db, accountKey, LIMITS.passwordFailuresPerAccount);
      throw formError('Текущий пароль указан неверно.');
    }
    return { detail: 'Пароль изменён. На других устройствах нужно войти заново.' };
  }
}
