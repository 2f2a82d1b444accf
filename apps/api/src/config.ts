import path from 'node:path';
import { z } from 'zod';

/**
 * Development stand-in for SECRET_KEY: public (it is in the repository), so refused in production.
 */
export const DEV_SECRET_KEY = 'crema-development-secret-do-not-use-in-production';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'ожидается true или false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'ожидается development, production или test' })
      .default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ error: 'ожидается адрес вида https://crema.school' }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user:pass@host:5432/db')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // Unset: the first free port from 54329 up (db/embedded.ts), so a second copy starts too.
    EMBEDDED_PG_PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(1024).max(65535).optional(),
    SEED_DEMO: booleanString.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanString.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    CONTENT_CACHE_TTL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(0).max(600_000).default(5000),
    SECRET_KEY: z
      .string()
      .min(32, 'секретный ключ должен быть не короче 32 символов')
      .default(DEV_SECRET_KEY),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, hostname: /^[^\s]+$/, error: 'ожидается адрес вида smtp://user:pass@smtp.example.com:587 или smtps://…:465' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Crema <no-reply@crema.local>'),
    MAIL_POLL_INTERVAL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(100).max(600_000).default(1000),
    AUTH_CODES_PER_IP_HOUR: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(20),
    MAIL_MAX_ATTEMPTS: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100).default(20),
    VK_CLIENT_ID: z.string().min(1).optional(),
    VK_AUTHORIZE_URL: z.url({ error: 'ожидается адрес вида https://id.vk.com/authorize' }).default('https://id.vk.com/authorize'),
    VK_TOKEN_URL: z.url({ error: 'ожидается адрес вида https://id.vk.com/oauth2/auth' }).default('https://id.vk.com/oauth2/auth'),
    VK_USER_INFO_URL: z
      .url({ error: 'ожидается адрес вида https://id.vk.com/oauth2/user_info' })
      .default('https://id.vk.com/oauth2/user_info'),
    YANDEX_CLIENT_ID: z.string().min(1).optional(),
    YANDEX_CLIENT_SECRET: z.string().min(1).optional(),
    YANDEX_AUTHORIZE_URL: z
      .url({ error: 'ожидается адрес вида https://oauth.yandex.ru/authorize' })
      .default('https://oauth.yandex.ru/authorize'),
    YANDEX_TOKEN_URL: z.url({ error: 'ожидается адрес вида https://oauth.yandex.ru/token' }).default('https://oauth.yandex.ru/token'),
    YANDEX_USER_INFO_URL: z.url({ error: 'ожидается адрес вида https://login.yandex.ru/info' }).default('https://login.yandex.ru/info'),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    contentCacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    /** The installation's master secret: feature keys are derived from it (lib/keys.ts), never used directly. */
    secretKey: env.SECRET_KEY,
    /** Outgoing mail server; unset outside production, where the outbox is read at /dev/mail/. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    /** Codes and restore links one IP address may request per hour (decision 0009). */
    authCodesPerIpHour: env.AUTH_CODES_PER_IP_HOUR,
    /** Social sign-in (modules/social): a provider without a client id is off and its button hidden. */
    social: {
      vk: env.VK_CLIENT_ID
        ? {
            clientId: env.VK_CLIENT_ID,
            clientSecret: undefined,
            authorizeUrl: env.VK_AUTHORIZE_URL,
            tokenUrl: env.VK_TOKEN_URL,
            userInfoUrl: env.VK_USER_INFO_URL,
          }
        : null,
      yandex:
        env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET
          ? {
              clientId: env.YANDEX_CLIENT_ID,
              clientSecret: env.YANDEX_CLIENT_SECRET,
              authorizeUrl: env.YANDEX_AUTHORIZE_URL,
              tokenUrl: env.YANDEX_TOKEN_URL,
              userInfoUrl: env.YANDEX_USER_INFO_URL,
            }
          : null,
    },
  }));

/** Validated, frozen settings read once at start-up. */
export type Config = Readonly<z.output<typeof envSchema>>;

/** Thrown with every bad variable listed, so one run shows all of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Неверные настройки окружения:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads settings from `env` (empty strings count as unset). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  // Checked outside the schema so it is listed together with any other bad variable.
  if (cleaned.NODE_ENV === 'production' && (cleaned.SECRET_KEY === undefined || cleaned.SECRET_KEY === DEV_SECRET_KEY)) {
    problems.push(
      'SECRET_KEY: в production нужен свой секретный ключ (не короче 32 символов); ключ для разработки ' +
        'не подходит. Создайте его, например: openssl rand -base64 48',
    );
  }
  // Without a mail server nobody could receive a sign-in code: refuse rather than queue forever.
  if (cleaned.NODE_ENV === 'production' && cleaned.SMTP_URL === undefined) {
    problems.push('SMTP_URL: в production нужен почтовый сервер, например smtps://user:pass@smtp.example.com:465');
  }
  // Yandex always needs both: an id without its secret would show a button that cannot work.
  if ((cleaned.YANDEX_CLIENT_ID === undefined) !== (cleaned.YANDEX_CLIENT_SECRET === undefined)) {
    problems.push('YANDEX_CLIENT_ID и YANDEX_CLIENT_SECRET: для входа через Яндекс ID нужны оба (или ни одного)');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(parsed.data);
}
