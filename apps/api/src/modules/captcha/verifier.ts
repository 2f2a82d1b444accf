// The server-side captcha check (decision 0022): a real client of Yandex SmartCaptcha's /validate
// and of Google reCAPTCHA v3's siteverify, chosen by config. Off when not configured: every check
// passes and forms work without a captcha. Orders call the same `requireCaptcha`.
import type { FastifyBaseLogger } from 'fastify';
import { CAPTCHA_TEXTS, CAPTCHA_TOKEN_FIELD, type CaptchaAction } from '@crema/contract';
import type { Config } from '../../config.ts';
import { ApiError } from '../../errors.ts';

export type CaptchaSettings = NonNullable<Config['captcha']>;

/** Why a check passed or not; `ok` is the decision. */
export type CaptchaReason =
  | 'off'
  | 'passed'
  | 'missing'
  | 'failed'
  | 'wrong_action'
  | 'low_score'
  | 'unavailable';

export interface CaptchaResult {
  ok: boolean;
  reason: CaptchaReason;
  /** reCAPTCHA v3's score, when it gave one. */
  score?: number;
}

export interface CaptchaVerifier {
  /** False when no provider is configured (every check passes with reason 'off'). */
  readonly enabled: boolean;
  verify(token: string | undefined, options: { action: CaptchaAction; ip: string }): Promise<CaptchaResult>;
}

const MAX_TOKEN_LENGTH = 8192;

/** The provider's answer, or null when it could not be had (network, timeout, HTTP error, not JSON). */
async function postForm(settings: CaptchaSettings, form: Record<string, string>, log: FastifyBaseLogger): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!res.ok) {
      log.warn({ provider: settings.provider, status: res.status }, 'captcha: провайдер ответил ошибкой HTTP');
      return null;
    }
    const body: unknown = await res.json();
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      log.warn({ provider: settings.provider }, 'captcha: ответ провайдера не похож на JSON-объект');
      return null;
    }
    return body as Record<string, unknown>;
  } catch (error) {
    log.warn({ provider: settings.provider, err: error }, 'captcha: провайдер недоступен');
    return null;
  }
}

/** Yandex SmartCaptcha: POST secret, token, ip → {status: 'ok' | 'failed', message, host?}. */
async function smartCaptcha(settings: CaptchaSettings, token: string, ip: string, log: FastifyBaseLogger): Promise<CaptchaResult | null> {
  const body = await postForm(settings, { secret: settings.secret, token, ip }, log);
  if (!body) return null;
  if (body.status === 'ok') return { ok: true, reason: 'passed' };
  if (body.status === 'failed') {
    log.info({ provider: 'smartcaptcha', message: body.message }, 'captcha: проверка не пройдена');
    return { ok: false, reason: 'failed' };
  }
  log.warn({ provider: 'smartcaptcha', body }, 'captcha: неожиданный ответ провайдера');
  return null;
}

/** reCAPTCHA v3: POST secret, response, remoteip → {success, score, action, challenge_ts, hostname, error-codes?}. */
async function reCaptcha(
  settings: CaptchaSettings,
  token: string,
  options: { action: CaptchaAction; ip: string },
  log: FastifyBaseLogger,
): Promise<CaptchaResult | null> {
  const body = await postForm(settings, { secret: settings.secret, response: token, remoteip: options.ip }, log);
  if (!body) return null;
  if (typeof body.success !== 'boolean') {
    log.warn({ provider: 'recaptcha', body }, 'captcha: неожиданный ответ провайдера');
    return null;
  }
  const errors = Array.isArray(body['error-codes']) ? body['error-codes'] : [];
  // A bad secret is our misconfiguration, not the visitor's fault: treated as the provider being unusable.
  if (errors.includes('invalid-input-secret') || errors.includes('missing-input-secret')) {
    log.error({ provider: 'recaptcha', errors }, 'captcha: провайдер не принял секретный ключ (CAPTCHA_SECRET)');
    return null;
  }
  if (!body.success) {
    log.info({ provider: 'recaptcha', errors }, 'captcha: проверка не пройдена');
    return { ok: false, reason: 'failed' };
  }
  const score = typeof body.score === 'number' ? body.score : undefined;
  if (body.action !== options.action) {
    log.info({ provider: 'recaptcha', expected: options.action, action: body.action }, 'captcha: токен выдан для другого действия');
    return { ok: false, reason: 'wrong_action', ...(score === undefined ? {} : { score }) };
  }
  if (score === undefined || score < settings.minScore) return { ok: false, reason: 'low_score', ...(score === undefined ? {} : { score }) };
  return { ok: true, reason: 'passed', score };
}

/** The verifier for `settings` (null: captcha off). */
export function createCaptchaVerifier(settings: Config['captcha'], log: FastifyBaseLogger): CaptchaVerifier {
  if (!settings) return { enabled: false, verify: async () => ({ ok: true, reason: 'off' }) };
  return {
    enabled: true,
    async verify(token, options) {
      const value = token?.trim() ?? '';
      if (!value) return { ok: false, reason: 'missing' };
      if (value.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'failed' };
      const result =
        settings.provider === 'smartcaptcha' ? await smartCaptcha(settings, value, options.ip, log) : await reCaptcha(settings, value, options, log);
      if (result) return result;
      // The provider could not answer: let the application through or not, as configured (decision 0022).
      log.warn(
        { provider: settings.provider, action: options.action },
        settings.failOpen ? 'captcha: провайдер не ответил, запрос пропущен без проверки' : 'captcha: провайдер не ответил, запрос отклонён',
      );
      return { ok: settings.failOpen, reason: 'unavailable' };
    },
  };
}

/** Throws the field error under `g-recaptcha-response` unless the check passes. */
export async function requireCaptcha(
  verifier: CaptchaVerifier,
  token: string | undefined,
  options: { action: CaptchaAction; ip: string },
): Promise<CaptchaResult> {
  const result = await verifier.verify(token, options);
  if (result.ok) return result;
  const message =
    result.reason === 'missing' ? CAPTCHA_TEXTS.missing : result.reason === 'unavailable' ? CAPTCHA_TEXTS.unavailable : CAPTCHA_TEXTS.failed;
  throw ApiError.fields({ [CAPTCHA_TOKEN_FIELD]: [message] });
}
