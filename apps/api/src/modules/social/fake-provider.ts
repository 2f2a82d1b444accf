// A local stand-in for VK ID and Yandex ID, for development and tests (never in production):
// the same authorize / token / user-info protocol as the real providers, at /dev/oauth/{vk|yandex}/.
// Its codes and tokens live in process memory: it is a dev-only fake, one process serves the
// whole flow, and losing them on restart only means signing in again.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { localOnly } from '../../plugins/local-only.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { SocialProvider } from './providers.ts';

export const FAKE_OAUTH_PREFIX = '/dev/oauth';
const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 2000;

interface FakeUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

interface PendingCode {
  provider: SocialProvider;
  clientId: string;
  redirectUri: string;
  challenge: string;
  deviceId: string | null;
  user: FakeUser;
  expiresAt: number;
}

/** True when a configured provider points at the stand-in, so it should be mounted. */
export function usesFakeProvider(config: Config): boolean {
  return Object.values(config.social).some((s) => s !== null && new URL(s.authorizeUrl).pathname.startsWith(`${FAKE_OAUTH_PREFIX}/`));
}

const token = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A stable provider id per address, as a real provider keeps one per person. */
function userIdFor(provider: SocialProvider, email: string): string {
  const hex = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex');
  return String(Number.parseInt(hex.slice(0, 12), 16));
}

function prune<V extends { expiresAt: number }>(map: Map<string, V>): void {
  const now = Date.now();
  for (const [key, value] of map) if (value.expiresAt <= now) map.delete(key);
  while (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
}

const NAMES: Record<SocialProvider, string> = { vk: 'VK ID', yandex: 'Яндекс ID' };

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>` +
        `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1b1f24}` +
        `main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px}` +
        `label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font:inherit}` +
        `.actions{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:10px;font:inherit;cursor:pointer}` +
        `</style></head><body><main>${body}</main></body></html>`,
    );
}

/** The stand-in itself; register with `{ prefix: FAKE_OAUTH_PREFIX }`. */
export const fakeOAuthProvider: FastifyPluginAsync<{ yandexClientSecret?: string }> = async (app, options) => {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { provider: SocialProvider; clientId: string; user: FakeUser; expiresAt: number }>();

  // It signs anyone in as any address: only this machine may use it (the browser and this server).
  app.addHook('onRequest', localOnly);
  // Token and user-info calls are forms, as at the real providers (scoped to this plugin).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const provider of ['vk', 'yandex'] as const) {
    const name = NAMES[provider];

    app.get(`/${provider}/authorize/`, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const problems: string[] = [];
      if (q.response_type !== 'code') problems.push('response_type должен быть code');
      if (!q.client_id) problems.push('нет client_id');
      if (!q.code_challenge) problems.push('нет code_challenge (PKCE обязателен)');
      if ((q.code_challenge_method ?? '').toUpperCase() !== 'S256') problems.push('code_challenge_method должен быть S256');
      let redirect: URL | null = null;
      try {
        redirect = new URL(q.redirect_uri ?? '');
        if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error('scheme');
      } catch {
        problems.push('неверный redirect_uri');
      }
      if (problems.length > 0 || !redirect) {
        return page(reply, 400, `${name}: ошибка запроса`, `<h1>Ошибка запроса</h1><p>${escapeHtml(problems.join('; '))}</p>`);
      }
      const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope']
        .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(q[key] ?? '')}">`)
        .join('');
      const email = q.login_hint ?? `${provider}.user@example.ru`;
      return page(
        reply,
        200,
        `${name} — тестовый вход`,
        `<h1>${escapeHtml(name)}</h1><p>Тестовый провайдер Crema: сайт просит доступ к имени и почте (${escapeHtml(q.scope ?? '')}).</p>` +
          `<form method="get" action="${FAKE_OAUTH_PREFIX}/${provider}/decide/">${hidden}` +
          `<label for="email">Почта</label><input id="email" name="email" type="email" value="${escapeHtml(email)}">` +
          `<label for="first_name">Имя</label><input id="first_name" name="first_name" value="Иван">` +
          `<label for="last_name">Фамилия</label><input id="last_name" name="last_name" value="Соцсетев">` +
          `<div class="actions"><button type="submit" name="decision" value="allow">Разрешить</button>` +
          `<button type="submit" name="decision" value="deny">Отказать</button></div></form>`,
      );
    });

    app.get(`/${provider}/decide/`, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      let target: URL;
      try {
        target = new URL(q.redirect_uri ?? '');
      } catch {
        return page(reply, 400, 'Ошибка', '<h1>Неверный redirect_uri</h1>');
      }
      if (q.state) target.searchParams.set('state', q.state);
      if (q.decision !== 'allow') {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'User denied access');
        return reply.redirect(target.toString(), 302);
      }
      const email = (q.email ?? '').trim();
      prune(codes);
      const code = token();
      const deviceId = provider === 'vk' ? token() : null;
      codes.set(code, {
        provider,
        clientId: q.client_id ?? '',
        redirectUri: q.redirect_uri ?? '',
        challenge: q.code_challenge ?? '',
        deviceId,
        user: {
          id: userIdFor(provider, email || 'no-email'),
          email,
          firstName: (q.first_name ?? '').trim(),
          lastName: (q.last_name ?? '').trim(),
        },
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      target.searchParams.set('code', code);
      if (deviceId) {
        target.searchParams.set('device_id', deviceId);
        target.searchParams.set('type', 'code_v2');
        target.searchParams.set('expires_in', '600');
      }
      return reply.redirect(target.toString(), 302);
    });
  }

  /** Spends a code (single use: it is gone on the first presentation, right or wrong). */
  function redeem(provider: SocialProvider, body: unknown): PendingCode | { error: string; description: string } {
    const code = field(body, 'code');
    const pending = codes.get(code);
    codes.delete(code);
    if (field(body, 'grant_type') !== 'authorization_code') return { error: 'unsupported_grant_type', description: 'grant_type' };
    if (!pending || pending.provider !== provider || pending.expiresAt <= Date.now()) {
      return { error: 'invalid_grant', description: 'Code is invalid, expired or already used' };
    }
    if (pending.clientId !== field(body, 'client_id')) return { error: 'invalid_client', description: 'client_id mismatch' };
    if (s256(field(body, 'code_verifier')) !== pending.challenge) {
      return { error: 'invalid_grant', description: 'code_verifier does not match code_challenge' };
    }
    if (provider === 'vk') {
      if (field(body, 'redirect_uri') !== pending.redirectUri) return { error: 'invalid_grant', description: 'redirect_uri mismatch' };
      if (field(body, 'device_id') !== pending.deviceId) return { error: 'invalid_grant', description: 'device_id mismatch' };
    }
    return pending;
  }

  function issueToken(pending: PendingCode): string {
    prune(tokens);
    const access = token();
    tokens.set(access, { provider: pending.provider, clientId: pending.clientId, user: pending.user, expiresAt: Date.now() + TOKEN_TTL_MS });
    return access;
  }

  function tokenUser(provider: SocialProvider, access: string) {
    const entry = tokens.get(access);
    return entry && entry.provider === provider && entry.expiresAt > Date.now() ? entry : null;
  }

  app.post('/vk/oauth2/auth/', async (request, reply) => {
    const result = redeem('vk', request.body);
    if ('error' in result) return reply.status(400).send({ error: result.error, error_description: result.description });
    return {
      access_token: issueToken(result),
      refresh_token: token(),
      id_token: token(),
      token_type: 'Bearer',
      expires_in: 3600,
      user_id: Number(result.user.id),
      state: field(request.body, 'state'),
      scope: 'email',
    };
  });

  app.post('/vk/oauth2/user_info/', async (request, reply) => {
    const entry = tokenUser('vk', field(request.body, 'access_token'));
    if (!entry || entry.clientId !== field(request.body, 'client_id')) {
      return reply.status(401).send({ error: 'invalid_token', error_description: 'Access token is invalid' });
    }
    const { user } = entry;
    return {
      user: {
        user_id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        ...(user.email ? { email: user.email } : {}),
        avatar: '',
        sex: 0,
        verified: false,
      },
    };
  });

  app.post('/yandex/token/', async (request, reply) => {
    if (options.yandexClientSecret && field(request.body, 'client_secret') !== options.yandexClientSecret) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const result = redeem('yandex', request.body);
    if ('error' in result) return reply.status(400).send({ error: result.error, error_description: result.description });
    return { access_token: issueToken(result), refresh_token: token(), token_type: 'bearer', expires_in: 31_536_000 };
  });

  app.get('/yandex/info/', async (request, reply) => {
    const match = /^OAuth\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const entry = match?.[1] ? tokenUser('yandex', match[1]) : null;
    if (!entry) return reply.status(401).send({ error: 'invalid_token' });
    const { user } = entry;
    return {
      id: user.id,
      login: user.email.split('@')[0] ?? user.id,
      client_id: entry.clientId,
      first_name: user.firstName,
      last_name: user.lastName,
      display_name: `${user.firstName} ${user.lastName}`.trim(),
      ...(user.email ? { default_email: user.email, emails: [user.email] } : { emails: [] }),
      psuid: `psuid-${user.id}`,
    };
  });
};
