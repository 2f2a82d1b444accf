import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_BLOCKED,
  AUTH_CODE_RESEND_S,
  NON_FIELD_ERRORS,
  ORDER_CODE_RESEND_S,
  SIGN_UP_CONSENT_FIELD,
  SIGN_UP_CONSENT_REQUIRED,
  normaliseEmail,
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
import {
  hitRateLimit,
  hitRateLimits,
  networkOf,
  refundRateLimit,
  resetRateLimit,
  takeStepped,
  type RateCheck,
  type RateRule,
  type SteppedRule,
} from '../../lib/rate-limit.ts';
import { AuthCodes, CODE_TTL_MIN, RESTORE_TTL_MIN, wrongCodeMessage, type CodePurpose } from './codes.ts';
import { KnownDevices } from './devices.ts';
import { SignInHooks } from './hooks.ts';
import { sendAuthMail } from './mailer.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { clientOf, type Actor, type SignedInActor } from './actor.ts';
import {
  AccessTokens,
  JwtCodec,
  issueRefreshToken,
  revokeUserSessions,
  rotateRefreshToken,
  type ClientInfo,
} from './tokens.ts';

/** Limits (decisions 0009 and 0013). Keys are per purpose where the purpose matters. */
export const LIMITS = {
  /** One code per e-mail per 180 s: the resend countdown, enforced here. */
  sendPerEmail: { limit: 1, windowS: AUTH_CODE_RESEND_S },
  /** Letters to one address asked from one client (IP), all purposes: the harsh part hits only that client. */
  sendPerEmailClientDaily: { limit: 10, windowS: 86_400 },
  /** Letters to one address from anywhere, all purposes: at worst an hour's wait, never a day's. */
  sendPerEmailHourly: { limit: 10, windowS: 3600 },
  /** One order-confirmation code per order per 30 s: the InputCodeOrder countdown, enforced here. */
  sendPerOrder: { limit: 1, windowS: ORDER_CODE_RESEND_S },
  /** The default of AUTH_CODES_PER_IP_HOUR; the service uses the configured value. */
  sendPerIp: { limit: 20, windowS: 3600 },
  /** Wrong passwords and wrong codes from one IP, whatever the addresses (passwords: the default of PASSWORD_FAILURES_PER_IP_10MIN). */
  passwordFailuresPerIp: { limit: 30, windowS: 600 },
  codeFailuresPerIp: { limit: 30, windowS: 600 },
  /** Wrong codes and passwords for one address from one client (IP), all purposes together. */
  failuresPerAccountClient: { limit: 10, windowS: 900 },
} satisfies Record<string, RateRule>;

/**
 * The guessing budget of one address across codes (sign-in, password change) and passwords,
 * from every client: 5 failures a day pass at once, then each one makes the next wait 1, 5, 15,
 * 60 minutes and then 4 hours — at most 15 guesses a day (decision 0013). A known browser
 * (devices.ts) has a budget of its own, so guessing from elsewhere does not keep the owner out.
 */
export const ACCOUNT_GUESSES: SteppedRule = { free: 5, waitsS: [60, 300, 900, 3600, 14_400], windowS: 86_400 };

/** What a guess (a code or a password entry) is counted against; settled once its outcome is known. */
interface GuessTicket {
  email: string;
  ipKey: string;
  clientKey: string;
  accountKey: string;
}

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

/** Password-set problems go under non_field_errors: those dialogs show them. */
function formError(message: string | string[]): ApiError {
  return ApiError.fields({ [NON_FIELD_ERRORS]: Array.isArray(message) ? message : [message] });
}

export { normaliseEmail };

/** The user as the API shows it. */
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
    is_staff: user.isStaff,
    is_curator: user.isCurator,
    is_questionnaire_completed: user.isQuestionnaireCompleted,
    data_refusal: user.dataRefusal,
    has_password: user.passwordHash !== null,
  };
}

export { clientOf } from './actor.ts';

async function findUserByEmail(db: Executor, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  return user;
}

/**
 * Sign-in flows (decision 0009). One instance per app (`app.auth`); what a sign-in does
 * for other modules (course grants, sign-up consents) runs through `hooks`, registered by app.ts.
 */
export class AuthService {
  readonly hooks = new SignInHooks();
  private readonly codes: AuthCodes;
  private readonly accessTokens: AccessTokens;
  private readonly changeTokens: JwtCodec;
  private readonly fingerprintKey: Buffer;
  readonly devices: KnownDevices;

  constructor(private readonly deps: AppDeps) {
    this.codes = new AuthCodes(deps.config);
    this.devices = new KnownDevices(deps.config);
    this.accessTokens = new AccessTokens(deps.config);
    this.changeTokens = new JwtCodec(deps.config.secretKey, 'password_change');
    this.fingerprintKey = deriveKey(deps.config.secretKey, 'password-fingerprint');
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * Counts one send for `email` and the caller's IP, refusing with 429 + Retry-After when over.
   * Checked in order — the IP, the 180 s countdown, this client's daily letters to the address,
   * the address's hourly letters from anywhere — and a refused request gives back what it
   * counted, so it spends no later quota. Hammering an address from one client exhausts only
   * that client's quota; from many clients, the owner waits an hour at worst.
   */
  private async limitSend(
    purpose: string,
    email: string,
    network: string,
    resend: RateCheck = { key: `send:${purpose}:email:${email}`, rule: LIMITS.sendPerEmail },
  ): Promise<void> {
    const checks: RateCheck[] = [
      { key: `send:ip:${network}`, rule: { ...LIMITS.sendPerIp, limit: this.deps.config.authCodesPerIpHour } },
      resend,
      { key: `send:client:${network}:${email}`, rule: LIMITS.sendPerEmailClientDaily },
      { key: `send:hour:${email}`, rule: LIMITS.sendPerEmailHourly },
    ];
    const result = await hitRateLimits(this.db, checks);
    if (result.allowed) return;
    const wait = result.state.retryAfterS;
    const messages = [
      `Слишком много запросов с вашего адреса. Попробуйте через ${waitText(wait)}.`,
      `Письмо уже отправлено. Запросить новое можно через ${waitText(wait)}.`,
      'Слишком много писем на этот адрес за сутки. Попробуйте позже.',
      `Слишком много писем на этот адрес. Попробуйте через ${waitText(wait)}.`,
    ];
    throw tooMany(messages[result.index] ?? messages[0]!, wait);
  }

  /**
   * Queues a code (or, for `change`, a letter saying there is no account) in one transaction:
   * an address without an account gets the same code row (one nobody can type) and a letter,
   * so the answer and the work are the same for every address.
   */
  private async sendCode(purpose: CodePurpose, email: string, actor: Actor, onlyExisting: boolean) {
    await this.limitSend(purpose, email, networkOf(actor.ip));
    await this.db.transaction(async (tx) => {
      const exists = !onlyExisting || Boolean(await findUserByEmail(tx, email));
      const code = await this.codes.issueCode(tx, email, purpose, exists);
      if (!exists) {
        await sendAuthMail(tx, { to: email, template: 'no_account', data: { request: 'change' } });
        return;
      }
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

  /**
   * A code confirming an action of the signed-in user (decision 0018), under the same letter
   * budgets as sign-in: `account_delete` goes to the account's address, `email_change` to the new
   * one. `taken` (an address change to an address with an account): the same code row, one nobody
   * can type, and a letter saying the address is taken instead of a code — the answer is the same.
   */
  async sendActionCode(purpose: 'account_delete' | 'email_change', email: string, actor: Actor, taken = false): Promise<CodeSent> {
    await this.limitSend(purpose, email, networkOf(actor.ip));
    await this.db.transaction(async (tx) => {
      const code = await this.codes.issueCode(tx, email, purpose, !taken);
      if (taken) {
        await sendAuthMail(tx, { to: email, template: 'email_change_taken', data: {} });
        return;
      }
      await sendAuthMail(tx, {
        to: email,
        template: purpose === 'account_delete' ? 'account_delete_code' : 'email_change_code',
        data: { code, validMinutes: CODE_TTL_MIN },
      });
    });
    return { detail: `Код отправлен на ${email}.`, resend_after: AUTH_CODE_RESEND_S };
  }

  /**
   * A code confirming order `orderId` (InputCodeOrder), mailed to the order's payer address: once per
   * 30 s per order, under the same IP and per-address letter budgets as sign-in codes. The
   * code is bound to the order: it confirms nothing else.
   */
  async sendOrderCode(orderId: number, email: string, actor: Actor): Promise<CodeSent> {
    await this.limitSend('order_confirmation', email, networkOf(actor.ip), { key: `send:order:${orderId}`, rule: LIMITS.sendPerOrder });
    await this.db.transaction(async (tx) => {
      const code = await this.codes.issueCode(tx, email, 'order_confirmation', true, orderId);
      await sendAuthMail(tx, { to: email, template: 'order_code', data: { code, validMinutes: CODE_TTL_MIN } });
    });
    return { detail: `Код отправлен на ${email}.`, resend_after: ORDER_CODE_RESEND_S };
  }

  /**
   * Checks `code` of order `orderId` mailed to `email` with the budgets of a sign-in code; when right,
   * signs the person in as sign-in by code does (registering a new address, with the consents of the
   * order form recorded by `attach`) and runs `attach` in the same transaction. An ApiError thrown by
   * `attach` rolls everything back and gives the guess back.
   */
  async signInWithOrderCode<T>(
    email: string,
    code: string,
    orderId: number,
    actor: Actor,
    deviceMark: string | undefined,
    attach: (tx: Executor, user: User, created: boolean) => Promise<T>,
  ) {
    const ticket = await this.reserveGuess('code', email, actor, deviceMark);
    let result: { ok: false; message: string } | { ok: true; user: User; session: Awaited<ReturnType<AuthService['startSession']>>; value: T };
    try {
      result = await this.db.transaction(async (tx) => {
        const check = await this.codes.checkCode(tx, email, 'order_confirmation', code, orderId);
        if (!check.ok) return check;
        await this.codes.consume(tx, check.id);
        const { user, created } = await this.verifiedSignIn(tx, email);
        const value = await attach(tx, user, created);
        return { ok: true as const, user, value, session: await this.startSession(tx, user, clientOf(actor)) };
      });
    } catch (error) {
      if (error instanceof ApiError) await this.guessSucceeded(ticket);
      throw error;
    }
    return this.settleCode(ticket, result);
  }

  /**
   * Checks a code sent by sendActionCode to `email` and, when right, consumes it and runs `action`
   * in the same transaction. Guesses count against the signed-in account's address with the
   * budgets of sign-in (this browser is known for it), and a wrong code is answered like sign-in's:
   * `{code: [...]}`. An error thrown by `action` rolls everything back and gives the guess back.
   */
  async withActionCode<T>(
    purpose: 'account_delete' | 'email_change',
    email: string,
    code: string,
    actor: SignedInActor,
    action: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const accountEmail = normaliseEmail(actor.user.email);
    const ticket = await this.reserveGuess('code', accountEmail, actor, this.devices.markFor(accountEmail));
    let result: { ok: true; value: T } | { ok: false; message: string };
    try {
      result = await this.db.transaction(async (tx) => {
        const check = await this.codes.checkCode(tx, email, purpose, code);
        if (!check.ok) return check;
        await this.codes.consume(tx, check.id);
        return { ok: true as const, value: await action(tx) };
      });
    } catch (error) {
      if (error instanceof ApiError) await this.guessSucceeded(ticket);
      throw error;
    }
    return (await this.settleCode(ticket, result)).value;
  }

  /**
   * Counts one guess before it is tried (so simultaneous guesses cannot slip past a limit):
   * against the caller's IP, the address from this client, and the address's budget — the
   * known browser's own one when `deviceMark` proves the browser known. Refused: 429, nothing
   * spent. The same keys and rows for every address, existing or not.
   */
  private async reserveGuess(kind: 'code' | 'password', email: string, actor: Actor, deviceMark: string | undefined): Promise<GuessTicket> {
    const known = this.devices.isKnown(email, deviceMark);
    const ticket: GuessTicket = {
      email,
      ipKey: `${kind === 'code' ? 'code_fail' : 'login_fail'}:ip:${networkOf(actor.ip)}`,
      clientKey: `guess:client:${networkOf(actor.ip)}:${email}`,
      accountKey: `guess:${known ? 'known' : 'any'}:${email}`,
    };
    const tooManyWrong = (wait: number) =>
      kind === 'code'
        ? `Слишком много неверных кодов. Попробуйте через ${waitText(wait)}.`
        : `Слишком много неудачных попыток входа. Попробуйте через ${waitText(wait)}.`;
    const client = await hitRateLimits(this.db, [
      { key: ticket.ipKey, rule: kind === 'code' ? LIMITS.codeFailuresPerIp : { ...LIMITS.passwordFailuresPerIp, limit: this.deps.config.passwordFailuresPerIp10Min } },
      { key: ticket.clientKey, rule: LIMITS.failuresPerAccountClient },
    ]);
    if (!client.allowed) throw tooMany(tooManyWrong(client.state.retryAfterS), client.state.retryAfterS);
    const account = await takeStepped(this.db, ticket.accountKey, ACCOUNT_GUESSES);
    if (!account.allowed) {
      await refundRateLimit(this.db, ticket.ipKey);
      await refundRateLimit(this.db, ticket.clientKey);
      throw tooMany(
        `Слишком много неудачных попыток для этого адреса. Попробуйте через ${waitText(account.retryAfterS)}.`,
        account.retryAfterS,
      );
    }
    if (account.count > ACCOUNT_GUESSES.free) await this.alertOwner(email);
    return ticket;
  }

  /** A guess that turned out right: its counts are given back and the address's failures forgotten. */
  private async guessSucceeded(ticket: GuessTicket): Promise<void> {
    await refundRateLimit(this.db, ticket.ipKey);
    await resetRateLimit(this.db, ticket.clientKey);
    await resetRateLimit(this.db, ticket.accountKey);
  }

  /**
   * Once a day at most, tells the owner of `email` about repeated failures (when the address has an
   * account; the counter is kept for every address alike).
   */
  private async alertOwner(email: string): Promise<void> {
    const once = await hitRateLimit(this.db, `alert:${email}`, { limit: 1, windowS: 86_400 });
    if (!once.allowed) return;
    await this.db.transaction(async (tx) => {
      if (!(await findUserByEmail(tx, email))) return;
      await sendAuthMail(tx, { to: email, template: 'sign_in_failures', data: {} });
    });
  }

  /** Settles a code entry: a right code gives its guess back; a wrong one stays counted and is answered. */
  private async settleCode<T extends { ok: true }>(ticket: GuessTicket, result: T | { ok: false; message: string }): Promise<T> {
    if (!result.ok) throw ApiError.fields({ code: [result.message] });
    await this.guessSucceeded(ticket);
    return result;
  }

  /** Opens a session: a new refresh-token family and an access token in it (also used by social sign-in). */
  async startSession(tx: Executor, user: User, client: ClientInfo) {
    // A blocked account signs in no way: the check sits where every sign-in gets its session.
    if (user.blockedAt) throw new ApiError('forbidden', ACCOUNT_BLOCKED);
    const refresh = await issueRefreshToken(tx, user.id, client);
    const access = await this.accessTokens.issue({ userId: user.id, sessionId: refresh.familyId });
    return { access, refresh: refresh.token, sessionId: refresh.familyId };
  }

  /**
   * POST /api/auth/token/email/ (and the invitation link's guest path): the code signs in,
   * registering a new address (verified by the code) only when the person ticked the sign-up consent
   * box (`consent`); the two consent records are written for a new account only. A right code for an
   * address without an account and without the box is refused with a field error under
   * `consent_personal_data`, the code kept for the next try — the answer comes only after the right
   * code, so it tells nothing to someone without the mailbox.
   */
  async signInWithCode(email: string, code: string, actor: Actor, deviceMark?: string, consent = false) {
    const ticket = await this.reserveGuess('code', email, actor, deviceMark);
    let result: { ok: false; message: string } | { ok: true; user: User; session: Awaited<ReturnType<AuthService['startSession']>> };
    try {
      result = await this.db.transaction(async (tx) => {
        const check = await this.codes.checkCode(tx, email, 'login', code);
        if (!check.ok) return check;
        if (!consent && !(await findUserByEmail(tx, email))) throw ApiError.fields({ [SIGN_UP_CONSENT_FIELD]: [SIGN_UP_CONSENT_REQUIRED] });
        await this.codes.consume(tx, check.id);
        const { user, created } = await this.verifiedSignIn(tx, email);
        // A new account: the box the person ticked accepted the privacy policy and the processing of
        // personal data; recorded (a sign-up hook) with this request's IP and browser.
        if (created) await this.hooks.runSignUp(tx, user, clientOf(actor));
        return { ok: true as const, user, session: await this.startSession(tx, user, clientOf(actor)) };
      });
    } catch (error) {
      if (error instanceof ApiError) await this.guessSucceeded(ticket);
      throw error;
    }
    return this.settleCode(ticket, result);
  }

  /**
   * POST /api/auth/token/: e-mail and password; one answer for every failure (an unknown address
   * is verified against a throw-away hash), counted before the check (reserveGuess).
   */
  async signInWithPassword(email: string, password: string, actor: Actor, deviceMark?: string) {
    const ticket = await this.reserveGuess('password', email, actor, deviceMark);
    const user = await findUserByEmail(this.db, email);
    if (!(await checkPassword(user?.passwordHash, password)) || !user) {
      throw new ApiError('unauthenticated', 'Неверный e-mail или пароль.');
    }
    await this.guessSucceeded(ticket);
    return this.db.transaction(async (tx) => {
      const [fresh] = await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id)).returning();
      const signedIn = fresh ?? user;
      // Courses an owner opened to this verified address meanwhile (decision 0035), as a code sign-in does.
      if (signedIn.emailVerifiedAt) await this.hooks.runAddressProven(tx, signedIn);
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
    if (user.blockedAt) throw new ApiError('forbidden', ACCOUNT_BLOCKED);
    // Courses an owner opened to this verified address meanwhile (decision 0035): a signed-in person
    // gets them within an access token's life, without opening 'Мое обучение'.
    await this.hooks.runRefresh(this.db, user);
    const access = await this.accessTokens.issue({ userId: user.id, sessionId: rotated.familyId });
    return { user, session: { access, refresh: rotated.token, sessionId: rotated.familyId } };
  }

  /** POST /api/auth/restore/: mails a one-time link to an existing account; the same answer for any address. */
  async requestRestore(email: string, actor: Actor): Promise<{ detail: string }> {
    await this.limitSend('password_restore', email, networkOf(actor.ip));
    await this.db.transaction(async (tx) => {
      const exists = Boolean(await findUserByEmail(tx, email));
      // The same row either way; an address without an account gets a letter saying so instead.
      const token = await this.codes.issueRestoreToken(tx, email);
      if (!exists) {
        await sendAuthMail(tx, { to: email, template: 'no_account', data: { request: 'restore' } });
        return;
      }
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
    const email = await this.db.transaction(async (tx) => {
      const row = await this.codes.findRestoreToken(tx, token);
      if (!row) return null;
      const user = await findUserByEmail(tx, row.email);
      if (!user) return null;
      await this.codes.consume(tx, row.id);
      return (await this.storePassword(tx, user, newHash, this.keepSession(actor, user.id))) ? user.email : null;
    });
    if (!email) throw formError(invalid);
    return { detail: 'Пароль сохранён. Теперь можно войти с ним.', email };
  }

  /** POST /api/auth/change/code/: a right password-change code becomes a 15-minute change token. */
  async exchangeChangeCode(email: string, code: string, actor: Actor, deviceMark?: string) {
    const ticket = await this.reserveGuess('code', email, actor, deviceMark);
    const result = await this.settleCode(
      ticket,
      await this.db.transaction(async (tx) => {
        const check = await this.codes.checkCode(tx, email, 'password_change', code);
        if (!check.ok) return check;
        // A code that matched was mailed to an account (others cannot match); it may have gone since.
        const user = await findUserByEmail(tx, email);
        if (!user) return { ok: false as const, message: wrongCodeMessage(0) };
        await this.codes.consume(tx, check.id);
        return { ok: true as const, user };
      }),
    );
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
    // The caller is signed in on this browser: it counts as known for the address.
    const ticket = await this.reserveGuess('code', email, actor, this.devices.markFor(email));
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
    if (result.outcome === 'code') throw ApiError.fields({ code: [result.message] });
    if (result.outcome === 'gone') throw new ApiError('unauthenticated', 'Войдите, чтобы продолжить.');
    if (result.outcome === 'password') throw formError('Текущий пароль указан неверно.');
    await this.guessSucceeded(ticket);
    return { detail: 'Пароль изменён. На других устройствах нужно войти заново.' };
  }

  /**
   * A code mailed to `email` was right: the address is proven. The account is made if it is new
   * (`created`), marked verified and signed in now; one step for sign-in by code and the order code.
   */
  private async verifiedSignIn(tx: Executor, email: string): Promise<{ user: User; created: boolean }> {
    const created = await tx.insert(users).values({ email }).onConflictDoNothing().returning({ id: users.id });
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, lastLoginAt: sql`now()` })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning();
    if (!user) throw new Error('user vanished during sign-in by code');
    // Courses an owner opened to this address before it had an account (decision 0035).
    await this.hooks.runAddressProven(tx, user);
    return { user, created: created.length > 0 };
  }
}
