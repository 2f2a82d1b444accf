import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps, Logger } from '../../deps.ts';
import { socialAccounts, users, type User } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { hitRateLimit, networkOf, type RateRule } from '../../lib/rate-limit.ts';
import type { Actor } from '../auth/actor.ts';
import { clientOf, normaliseEmail, type AuthService } from '../auth/service.ts';
import { SIGN_UP_CONSENT_FIELD, SIGN_UP_CONSENT_REQUIRED } from '@crema/contract';
import {
  PROVIDER_META,
  ProviderError,
  fetchProfile,
  type CodeGrant,
  type ProviderProfile,
  type ProviderSettings,
  type SocialProvider,
} from './providers.ts';

/** Exchanges per IP: a code is single-use anyway, this only stops hammering the providers through us. */
export const SOCIAL_LIMIT: RateRule = { limit: 30, windowS: 600 };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Texts a person reads on the callback page (decision 0010). */
export const SOCIAL_TEXTS = {
  disabled: (name: string) => `Вход через ${name} не настроен.`,
  rejected: (name: string) =>
    `${name} не принял код входа: он уже использован или устарел. Начните вход заново — нажмите кнопку ${name} ещё раз.`,
  unavailable: (name: string) => `${name} сейчас не отвечает. Попробуйте войти ещё раз через минуту или войдите по коду из письма.`,
  noEmail: (name: string) =>
    `${name} не сообщил адрес электронной почты. Разрешите доступ к почте при входе или войдите по коду из письма.`,
  badRedirect: 'Адрес возврата не совпадает с адресом сайта. Начните вход заново со страницы сайта.',
  tooMany: 'Слишком много попыток входа. Попробуйте через несколько минут.',
} as const;

/** Social sign-in: code → profile → linked or new account → the usual session. */
export class SocialService {
  constructor(
    private readonly deps: AppDeps,
    /** The app's one AuthService (`app.auth`): sessions and the sign-in hooks. */
    private readonly auth: AuthService,
  ) {}

  /** The provider's settings, or a 404 when it is not configured. */
  settings(provider: SocialProvider): ProviderSettings {
    const settings = this.deps.config.social[provider];
    if (!settings) throw ApiError.notFound(SOCIAL_TEXTS.disabled(PROVIDER_META[provider].name));
    return settings;
  }

  /**
   * The redirect URI must be this site's callback page for the provider: on PUBLIC_URL, or on
   * `origin`, the address the request came to (a developer on localhost). The provider checks it again.
   */
  checkRedirect(provider: SocialProvider, redirectUri: string, origin: string | undefined): void {
    const path = PROVIDER_META[provider].callbackPath;
    const allowed = new Set([`${this.deps.config.publicUrl}${path}`]);
    // Without an origin (a malformed Host header, or a job) only PUBLIC_URL counts.
    if (origin) allowed.add(`${origin}${path}`);
    if (!allowed.has(redirectUri)) throw ApiError.fields({ redirect_uri: [SOCIAL_TEXTS.badRedirect] });
  }

  /**
   * POST /api/auth/social/{provider}/: exchanges the code and signs in. `origin` is the address
   * the request came to (checkRedirect); `log` the request's logger, so a provider's failure is
   * logged with the request id.
   */
  async signIn(
    provider: SocialProvider,
    grant: CodeGrant,
    actor: Actor,
    context: { origin: string | undefined; log: Logger; consent: boolean },
  ) {
    const settings = this.settings(provider);
    this.checkRedirect(provider, grant.redirectUri, context.origin);
    const name = PROVIDER_META[provider].name;
    const limit = await hitRateLimit(this.deps.db, `social:ip:${networkOf(actor.ip)}`, SOCIAL_LIMIT);
    if (!limit.allowed) throw new ApiError('too_many_requests', SOCIAL_TEXTS.tooMany, { retryAfterS: limit.retryAfterS });

    let profile: ProviderProfile;
    try {
      profile = await fetchProfile(provider, settings, grant);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      context.log.warn({ provider, err: error.message }, 'social sign-in: provider refused or failed');
      if (error.kind === 'rejected') throw ApiError.fields({ code: [SOCIAL_TEXTS.rejected(name)] });
      throw new ApiError('unavailable', SOCIAL_TEXTS.unavailable(name));
    }
    return this.signInWithProfile(provider, profile, actor, context.consent);
  }

  /**
   * The account already linked to this provider id; otherwise the account with the same
   * (provider-confirmed) e-mail, now linked; otherwise a new one — only when the person ticked the
   * sign-up consent box before leaving for the provider (`consent`), which is then recorded; without
   * it a field error under `consent_personal_data` and no account (the return page asks for the box
   * and starts again). Then a session, as any sign-in.
   */
  async signInWithProfile(provider: SocialProvider, profile: ProviderProfile, actor: Actor, consent = false) {
    const name = PROVIDER_META[provider].name;
    const email = profile.email ? normaliseEmail(profile.email) : null;
    return this.deps.db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ user: users })
        .from(socialAccounts)
        .innerJoin(users, eq(users.id, socialAccounts.userId))
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, profile.id)));
      let user: User | undefined = linked?.user;
      let created = false;
      if (!user) {
        if (!email || email.length > 254 || !EMAIL_SHAPE.test(email)) throw ApiError.fields({ email: [SOCIAL_TEXTS.noEmail(name)] });
        if (!consent) {
          const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
          if (!existing) throw ApiError.fields({ [SIGN_UP_CONSENT_FIELD]: [SIGN_UP_CONSENT_REQUIRED] });
        }
        const inserted = await tx
          .insert(users)
          .values({ email, firstName: profile.firstName, lastName: profile.lastName, emailVerifiedAt: sql`now()` })
          .onConflictDoNothing()
          .returning();
        created = inserted.length > 0;
        // Both providers report only confirmed addresses, so the address counts as verified.
        [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(sql`lower(${users.email}) = ${email}`)
          .returning();
        if (!user) throw new Error('user vanished during social sign-in');
        // The box ticked on the site before leaving for the provider, recorded as code sign-in records it.
        if (created) await this.auth.hooks.runSignUp(tx, user, clientOf(actor));
        // Courses an owner opened to this (provider-confirmed) address before it had an account (decision 0035).
        await this.auth.hooks.runAddressProven(tx, user);
        await tx
          .insert(socialAccounts)
          .values({ userId: user.id, provider, providerUserId: profile.id, email })
          .onConflictDoNothing();
      }
      [user] = await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id)).returning();
      if (!user) throw new Error('user vanished during social sign-in');
      const session = await this.auth.startSession(tx, user, clientOf(actor));
      return { user, session, created };
    });
  }
}
