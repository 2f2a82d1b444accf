// A local stand-in for the captcha providers, for development and tests (never production; app.ts
// mounts it at /dev/captcha/, for this machine only). It speaks both check protocols — Yandex
// SmartCaptcha's POST /validate (secret, token, ip → {status, message, host}) and Google
// reCAPTCHA's POST /recaptcha/api/siteverify (secret, response, remoteip → {success, score,
// action, challenge_ts, hostname, error-codes}) — so the real verifier (verifier.ts) talks to it
// unchanged. Instead of a widget, POST /token/ {action, score} issues a token as a widget would;
// each token is good once and for five minutes, as the providers' are. Tokens live in memory.
// GET /recaptcha.js and /smartcaptcha.js are the widgets' browser scripts (stand-in-scripts.ts),
// which the site loads instead of the providers' when checks go to the stand-in (decision 0027).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { localOnly } from '../../plugins/local-only.ts';
import { RECAPTCHA_STANDIN_SCRIPT, SMARTCAPTCHA_STANDIN_SCRIPT } from './stand-in-scripts.ts';

export { CAPTCHA_STANDIN_PREFIX } from './settings.ts';
/** The stand-in's own secret, used when the configured check address is not the stand-in's. */
export const CAPTCHA_STANDIN_SECRET = 'crema-captcha-standin-secret';

const TOKEN_TTL_MS = 5 * 60 * 1000;
const MAX_TOKENS = 5000;

interface IssuedToken {
  action: string;
  score: number;
  hostname: string;
  issuedAt: number;
}

export interface CaptchaStandInOptions {
  secret: string;
}

const field = (request: FastifyRequest, name: string): string => {
  const value = (request.body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

export const captchaStandIn: FastifyPluginAsync<CaptchaStandInOptions> = async (app, options) => {
  const tokens = new Map<string, IssuedToken>();

  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
    // The stand-in acts for no account: a signed-in visitor's page asks it for tokens without a CSRF header.
    route.config = { ...route.config, readOnly: true };
  });
  app.addHook('onRequest', localOnly);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** Takes a token once: the providers refuse a second check of the same token. */
  const take = (token: string): IssuedToken | null => {
    const issued = tokens.get(token);
    tokens.delete(token);
    if (!issued || Date.now() - issued.issuedAt > TOKEN_TTL_MS) return null;
    return issued;
  };

  // The widgets' browser scripts, speaking the providers' browser APIs.
  for (const [name, script] of [
    ['recaptcha.js', RECAPTCHA_STANDIN_SCRIPT],
    ['smartcaptcha.js', SMARTCAPTCHA_STANDIN_SCRIPT],
  ] as const) {
    app.get(`/${name}`, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
    );
  }

  // What a widget does in the browser: here a token for an action and, for reCAPTCHA v3, a score.
  app.post('/token/', async (request) => {
    const action = field(request, 'action') || 'studentForm';
    const scoreText = field(request, 'score');
    const score = scoreText === '' ? 0.9 : Number(scoreText);
    if (!Number.isFinite(score) || score < 0 || score > 1) return { error: 'score: число от 0 до 1' };
    while (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value as string);
    const token = `standin.${randomBytes(18).toString('base64url')}`;
    tokens.set(token, { action, score, hostname: request.hostname, issuedAt: Date.now() });
    return { token };
  });

  // Yandex SmartCaptcha.
  app.post('/validate', async (request, reply) => {
    if (field(request, 'secret') !== options.secret) {
      return reply.status(403).send({ status: 'failed', message: 'Authentication failed. Secret has not provided.' });
    }
    const issued = take(field(request, 'token'));
    if (!issued) return { status: 'failed', message: 'Token invalid or expired.' };
    return { status: 'ok', message: '', host: issued.hostname };
  });

  // Google reCAPTCHA v3.
  app.post('/recaptcha/api/siteverify', async (request) => {
    if (field(request, 'secret') === '') return { success: false, 'error-codes': ['missing-input-secret'] };
    if (field(request, 'secret') !== options.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const response = field(request, 'response');
    if (response === '') return { success: false, 'error-codes': ['missing-input-response'] };
    const issued = take(response);
    if (!issued) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    return {
      success: true,
      score: issued.score,
      action: issued.action,
      challenge_ts: new Date(issued.issuedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      hostname: issued.hostname,
    };
  });
};
