import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '@crema/contract/rules';
import { TESTBANK_PASSWORD, TESTBANK_PREFIX, TESTBANK_TERMINAL_KEY } from './modules/payments/testbank/credentials.ts';
import { TAXATIONS, TAXES } from './modules/payments/receipt.ts';
import { CAPTCHA_PROVIDERS, CAPTCHA_STANDIN_PREFIX, CAPTCHA_VERIFY_URLS, captchaBrowserSettings } from './modules/captcha/settings.ts';

/** Where a development installation keeps the SECRET_KEY it generated for itself (in DATA_DIR). */
export const SECRET_KEY_FILE = 'secret.key';
const MIN_SECRET_LENGTH = 32;

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'ожидается true или false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** T-Bank internet acquiring API v2. */
export const TBANK_API_URL = 'https://securepay.tinkoff.ru/v2';

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range or one of proxy-addr's names for reserved ranges. */
function isProxyAddress(text: string): boolean {
  if (PROXY_NAMES.includes(text) || isIP(text) !== 0) return true;
  const [ip = '', bits, ...rest] = text.split('/');
  const version = isIP(ip);
  if (version === 0 || rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe: none (`false`), or those added by the listed proxies
 * (addresses, CIDR ranges, or `loopback` / `linklocal` / `uniquelocal`). A bare `true` would
 * believe every hop, so anyone could pick the address per-IP limits see by sending the header
 * themselves; a hop count cannot tell the proxy from a client that reaches Crema directly (and
 * Fastify trusts nothing for one). Both are refused with the reason.
 */
const trustProxySchema = z.string().transform((raw, ctx): false | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const example = 'укажите адреса прокси перед Crema через запятую, например 127.0.0.1 или 10.0.0.2, 10.0.0.0/8, loopback';
  if (value === 'true' || value === 'yes') {
    return refuse(`true доверяет любому X-Forwarded-For, и ограничения по IP обходятся подделкой заголовка; ${example}`);
  }
  if (/^\d+$/.test(value)) {
    return refuse(`число прокси не отличает прокси от клиента, пришедшего напрямую; ${example}`);
  }
  const list = value.split(',').map((s) => s.trim());
  const bad = list.filter((item) => !isProxyAddress(item));
  if (bad.length > 0) {
    return refuse(`ожидается false или адреса прокси; не подходит: ${bad.map((b) => b || '(пусто)').join(', ')}; ${example}`);
  }
  return list;
});

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
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(100).max(60_000).default(2000),
    // Unset: no metrics listener. Never a port nginx forwards to.
    METRICS_PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // Unset: the first free port from 54329 up (db/embedded.ts), so a second copy starts too.
    EMBEDDED_PG_PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(1024).max(65535).optional(),
    // Unset: the demo school outside production only; production refuses it (loadConfig).
    SEED_DEMO: booleanString.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySchema.default(false),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    STORAGE: z.enum(['local', 's3'], { error: 'ожидается local (папка на диске) или s3 (хранилище, совместимое с S3)' }).default('local'),
    // Unset: DATA_DIR/uploads. Several processes share one folder (say, a mounted network disk).
    UPLOADS_DIR: z.string().min(1).optional(),
    S3_ENDPOINT: z.url({ error: 'ожидается адрес хранилища вида https://storage.yandexcloud.net' }).optional(),
    S3_REGION: z.string().min(1).default('ru-central1'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'ожидается имя бакета: 3–63 строчные латинские буквы, цифры, точки и дефисы')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    IMAGE_CACHE_MAX_MB: z.coerce.number({ error: 'ожидается число мегабайт' }).int().min(16).max(1_048_576).default(1024),
    /** The video encoder for homework videos' phone copies: a command on PATH or a path; empty — none. */
    FFMPEG_PATH: z.string().default('ffmpeg'),
    CONTENT_CACHE_TTL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(0).max(600_000).default(5000),
    SECRET_KEY: z.string().min(MIN_SECRET_LENGTH, 'секретный ключ должен быть не короче 32 символов').optional(),
    SECRET_KEY_PREVIOUS: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
      .pipe(z.array(z.string().min(MIN_SECRET_LENGTH, 'каждый прежний ключ должен быть не короче 32 символов'))),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, hostname: /^[^\s]+$/, error: 'ожидается адрес вида smtp://user:pass@smtp.example.com:587 или smtps://…:465' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Crema <no-reply@crema.local>'),
    MAIL_POLL_INTERVAL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(100).max(600_000).default(1000),
    AUTH_CODES_PER_IP_HOUR: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(20),
    ORDERS_PER_IP_HOUR: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(20),
    PASSWORD_FAILURES_PER_IP_10MIN: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(30),
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
    PAGE_CACHE_TTL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(0).max(600_000).default(5000),
    PAGE_CACHE_MAX_MB: z.coerce.number({ error: 'ожидается число мегабайт' }).int().min(1).max(4096).default(64),
    SSR_CONCURRENCY: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(1000).default(4),
    SSR_QUEUE: z.coerce.number({ error: 'ожидается целое число' }).int().min(0).max(10_000).default(16),
    TBANK_TERMINAL_KEY: z.string().min(1).optional(),
    TBANK_PASSWORD: z.string().min(1).optional(),
    TBANK_API_URL: z.url({ error: 'ожидается адрес вида https://securepay.tinkoff.ru/v2' }).default(TBANK_API_URL),
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(1000).max(86_400_000).default(60_000),
    PAYMENT_RECONCILE_AFTER_MIN: z.coerce.number({ error: 'ожидается число минут' }).int().min(1).max(1440).default(10),
    WAITING_OFFER_HOURS: z.coerce.number({ error: 'ожидается число часов' }).int().min(1).max(168).default(24),
    ORDER_HOLD_MINUTES: z.coerce.number({ error: 'ожидается число минут' }).int().min(5).max(10_080).default(30),
    PAYMENT_NOTIFICATIONS_PER_MINUTE: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(120),
    LEARNING_SWEEP_INTERVAL_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(1000).max(86_400_000).default(60_000),
    AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'ожидается число дней' }).int().min(30).max(36_500).default(AUDIT_RETENTION_DAYS_DEFAULT),
    QUIZ_SAVES_PER_MINUTE: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(100_000).default(120),
    RECEIPT_TAXATION: z.enum(TAXATIONS, { error: `ожидается одна из систем налогообложения: ${TAXATIONS.join(', ')}` }).default('usn_income'),
    RECEIPT_TAX: z.enum(TAXES, { error: `ожидается ставка НДС: ${TAXES.join(', ')}` }).default('none'),
    CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS, { error: 'ожидается smartcaptcha или recaptcha' }).optional(),
    CAPTCHA_SECRET: z.string().min(1).optional(),
    CAPTCHA_SITE_KEY: z.string().min(1).optional(),
    CAPTCHA_MIN_SCORE: z.coerce.number({ error: 'ожидается число от 0 до 1' }).min(0).max(1).default(0.5),
    CAPTCHA_VERIFY_URL: z.url({ error: 'ожидается адрес проверки капчи, например https://smartcaptcha.yandexcloud.net/validate' }).optional(),
    CAPTCHA_TIMEOUT_MS: z.coerce.number({ error: 'ожидается число миллисекунд' }).int().min(100).max(60_000).default(5000),
    CAPTCHA_FAIL_OPEN: booleanString.default(true),
    /** Tests only: the instant letters are queued by (their night hold is judged by it), e.g. 2026-03-02T12:00:00+03:00. */
    MAIL_NOW: z.iso.datetime({ offset: true, error: 'ожидается момент времени ISO 8601 со смещением, например 2026-03-02T12:00:00+03:00' }).optional(),
    SCHOOL_NOTIFY_EMAIL: z.email({ error: 'ожидается адрес электронной почты школы, например school@crema.ru' }).optional(),
    CSP_EXTRA_SOURCES: z
      .string()
      .regex(/^\s*(?:https?:\/\/[^\s;,']+(?:\s+|$))*$/, 'ожидаются адреса вида https://mc.yandex.ru через пробел')
      .default(''),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    /** A fixed clock for queued letters (browser tests); null — the real one. Refused in production. */
    mailNow: env.MAIL_NOW ? new Date(env.MAIL_NOW) : null,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    /** How long a query may wait for a connection before it fails (then 503): PostgreSQL away must not hang requests. */
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    /** The Prometheus listener (GET /metrics), or null when METRICS_PORT is unset (decision 0075). */
    metrics: env.METRICS_PORT === undefined ? null : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    /** The demo school (with its public demo password) on an empty database; never in production. */
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    /** Fastify's trustProxy: false or the proxies' addresses (never plain true, never a hop count). */
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    contentCacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    /** ffmpeg for the phone copies of homework videos, or null: videos are then played as they were sent. */
    ffmpeg: env.FFMPEG_PATH.trim() || null,
    /**
     * Where uploads live (modules/media/storage.ts, decision 0076): a folder on the disk (shared by
     * the processes that mount it) or an S3-compatible bucket. Checked in loadConfig.
     */
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' as const, uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads')) },
    /** Budget of DATA_DIR/cache/images; least recently used variants are removed above it (modules/media). */
    imageCacheMaxMb: env.IMAGE_CACHE_MAX_MB,
    /**
     * The installation's master secret: feature keys are derived from it (lib/keys.ts), never used
     * directly. Unset here only outside production: loadConfig fills it in (secretKeyFor).
     */
    secretKey: env.SECRET_KEY,
    /** Earlier SECRET_KEYs whose sealed personal data must still open until re-sealed (decision 0019). */
    secretKeyPrevious: env.SECRET_KEY_PREVIOUS,
    /** Outgoing mail server; unset outside production, where the outbox is read at /dev/mail/. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    /** Codes and restore links one IP address may request per hour (decision 0009). */
    authCodesPerIpHour: env.AUTH_CODES_PER_IP_HOUR,
    passwordFailuresPerIp10Min: env.PASSWORD_FAILURES_PER_IP_10MIN,
    /** Orders one address (an IPv6 /64) may place per hour: unconfirmed orders hold group seats. */
    ordersPerIpHour: env.ORDERS_PER_IP_HOUR,
    /** Server-rendered pages: guest page cache, render limit, CSP (web/ssr.ts, decision 0016). */
    pages: {
      cacheTtlMs: env.PAGE_CACHE_TTL_MS,
      cacheMaxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
      concurrency: env.SSR_CONCURRENCY,
      queue: env.SSR_QUEUE,
      cspExtraSources: env.CSP_EXTRA_SOURCES.split(/\s+/).filter(Boolean),
    },
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
    /** Card payments: the provider, its terminal and the receipt's taxes (see paymentsConfig). */
    payments: paymentsConfig(env),
    /**
     * Captcha on applications and orders (modules/captcha/verifier.ts, decision 0022): null — off, forms work
     * without it — unless both the provider and its secret are set.
     */
    captcha:
      env.CAPTCHA_PROVIDER && env.CAPTCHA_SECRET
        ? {
            provider: env.CAPTCHA_PROVIDER,
            secret: env.CAPTCHA_SECRET,
            siteKey: env.CAPTCHA_SITE_KEY ?? null,
            minScore: env.CAPTCHA_MIN_SCORE,
            verifyUrl: env.CAPTCHA_VERIFY_URL ?? CAPTCHA_VERIFY_URLS[env.CAPTCHA_PROVIDER],
            timeoutMs: env.CAPTCHA_TIMEOUT_MS,
            failOpen: env.CAPTCHA_FAIL_OPEN,
            // The widget's script and the page policy's sources (the stand-in's script when checked against it).
            ...captchaBrowserSettings(env.CAPTCHA_PROVIDER, env.CAPTCHA_VERIFY_URL ?? CAPTCHA_VERIFY_URLS[env.CAPTCHA_PROVIDER]),
          }
        : null,
    /** Where the school hears about new applications; unset: the site's CONTACT_EMAIL setting. */
    schoolNotifyEmail: env.SCHOOL_NOTIFY_EMAIL ?? null,
    /** The payment reconciliation job (modules/orders/reconcile.ts): how often, and after how long pending. */
    paymentReconcileIntervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
    paymentReconcileAfterMs: env.PAYMENT_RECONCILE_AFTER_MIN * 60_000,
    /** How long an unpaid order holds its group seats; then the same job cancels it (decision 0049). */
    orderHoldMs: env.ORDER_HOLD_MINUTES * 60_000,
    /** How long a seat freed in a full group is held for the first person of its waiting list (decision 0067). */
    waitingOfferMs: env.WAITING_OFFER_HOURS * 3_600_000,
    /** Requests to the bank's notification address one network may send per minute (more get 429). */
    paymentNotificationsPerMinute: env.PAYMENT_NOTIFICATIONS_PER_MINUTE,
    /** The learning sweep (modules/learning/sweep.ts): overdue attempts finished, expired course sessions deleted. */
    learningSweepIntervalMs: env.LEARNING_SWEEP_INTERVAL_MS,
    /** Quiz answer saves (autosave) one enrolment may send per minute (decision 0028). */
    quizSavesPerMinute: env.QUIZ_SAVES_PER_MINUTE,
    /** How many days the audit trail keeps a record (modules/audit). */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
  }));

/**
 * Card payments (modules/payments, decision 0021): T-Bank when a terminal is configured; the
 * built-in test bank (/dev/testbank/ on this server) when none is and this is not production;
 * null — payments off, the order page says so — in production without a terminal.
 */
function paymentsConfig(env: {
  NODE_ENV: string;
  HOST: string;
  PORT: number;
  PUBLIC_URL?: string;
  TBANK_TERMINAL_KEY?: string;
  TBANK_PASSWORD?: string;
  TBANK_API_URL: string;
  RECEIPT_TAXATION: (typeof TAXATIONS)[number];
  RECEIPT_TAX: (typeof TAXES)[number];
}) {
  const receipt = { taxation: env.RECEIPT_TAXATION, tax: env.RECEIPT_TAX };
  if (env.TBANK_TERMINAL_KEY && env.TBANK_PASSWORD) {
    return {
      provider: 'tbank' as 'tbank' | 'testbank',
      terminalKey: env.TBANK_TERMINAL_KEY,
      password: env.TBANK_PASSWORD,
      apiUrl: env.TBANK_API_URL.replace(/\/+$/, ''),
      receipt,
    };
  }
  if (env.NODE_ENV === 'production') return null;
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  return {
    provider: 'testbank' as 'tbank' | 'testbank',
    terminalKey: TESTBANK_TERMINAL_KEY,
    password: TESTBANK_PASSWORD,
    apiUrl: `${publicUrl}${TESTBANK_PREFIX}/v2`,
    receipt,
  };
}

/** Validated, frozen settings read once at start-up. */
export type Config = Readonly<Omit<z.output<typeof envSchema>, 'secretKey'> & { secretKey: string }>;

/** Thrown with every bad variable listed, so one run shows all of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Неверные настройки окружения:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The settings of a command or the server, read once at its start: every bad variable listed on
 * stderr and the process ended (exit code 1), as nothing could run with them.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
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
  if (cleaned.NODE_ENV === 'production' && cleaned.SECRET_KEY === undefined) {
    problems.push(
      'SECRET_KEY: в production нужен свой секретный ключ (не короче 32 символов). ' +
        'Создайте его, например: openssl rand -base64 48',
    );
  }
  // Without a mail server nobody could receive a sign-in code: refuse rather than queue forever.
  if (cleaned.NODE_ENV === 'production' && cleaned.MAIL_NOW !== undefined) {
    problems.push('MAIL_NOW: в production часы писем не подменяются — уберите эту переменную.');
  }
  if (cleaned.NODE_ENV === 'production' && cleaned.SMTP_URL === undefined) {
    problems.push('SMTP_URL: в production нужен почтовый сервер, например smtps://user:pass@smtp.example.com:465');
  }
  // The demo accounts' password is published: a production site must never have them (the first
  // staff account comes from `npm run user:create`).
  if (cleaned.NODE_ENV === 'production' && ['true', '1', 'yes'].includes(cleaned.SEED_DEMO ?? '')) {
    problems.push(
      'SEED_DEMO: в production демо-данные не загружаются — у демо-учётных записей общеизвестный пароль. ' +
        'Уберите SEED_DEMO (или укажите false); первую учётную запись сотрудника создайте командой ' +
        'npm run user:create -- --staff адрес@школы',
    );
  }
  // Yandex always needs both: an id without its secret would show a button that cannot work.
  if ((cleaned.YANDEX_CLIENT_ID === undefined) !== (cleaned.YANDEX_CLIENT_SECRET === undefined)) {
    problems.push('YANDEX_CLIENT_ID и YANDEX_CLIENT_SECRET: для входа через Яндекс ID нужны оба (или ни одного)');
  }
  // A terminal key without its password (or the reverse) could sign nothing.
  if ((cleaned.TBANK_TERMINAL_KEY === undefined) !== (cleaned.TBANK_PASSWORD === undefined)) {
    problems.push('TBANK_TERMINAL_KEY и TBANK_PASSWORD: для оплаты через Т-Банк нужны оба (или ни одного — тогда оплата картой выключена)');
  }
  if (cleaned.NODE_ENV === 'production' && cleaned.TBANK_API_URL !== undefined && URL.canParse(cleaned.TBANK_API_URL)) {
    const api = new URL(cleaned.TBANK_API_URL);
    if (api.pathname.replace(/\/{2,}/g, '/').toLowerCase().includes(TESTBANK_PREFIX)) {
      problems.push('TBANK_API_URL: в production нельзя указывать тестовый банк (/dev/testbank/); укажите https://securepay.tinkoff.ru/v2');
    } else if (api.protocol !== 'https:') {
      problems.push('TBANK_API_URL: в production адрес банка должен начинаться с https://');
    }
  }
  // A provider without its secret (or the reverse) would check nothing: say so rather than run without.
  if ((cleaned.CAPTCHA_PROVIDER === undefined) !== (cleaned.CAPTCHA_SECRET === undefined)) {
    problems.push('CAPTCHA_PROVIDER и CAPTCHA_SECRET: для капчи нужны оба (или ни одного — тогда капча выключена)');
  }
  // Without the widget's key the site sends no token and the server refuses every application and
  // order. Outside production the API alone may be tried with a captcha (its tests do).
  if (cleaned.NODE_ENV === 'production' && cleaned.CAPTCHA_PROVIDER !== undefined && cleaned.CAPTCHA_SITE_KEY === undefined) {
    problems.push('CAPTCHA_SITE_KEY: с включённой капчей нужен и ключ виджета для сайта, иначе сайт не сможет отправить ни одной заявки');
  }
  if (cleaned.NODE_ENV === 'production' && cleaned.CAPTCHA_VERIFY_URL !== undefined && URL.canParse(cleaned.CAPTCHA_VERIFY_URL)) {
    if (new URL(cleaned.CAPTCHA_VERIFY_URL).pathname.toLowerCase().includes(CAPTCHA_STANDIN_PREFIX)) {
      problems.push('CAPTCHA_VERIFY_URL: в production нельзя указывать локальную заглушку капчи (/dev/captcha/)');
    }
  }
  if (cleaned.STORAGE === 's3') {
    const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => cleaned[name] === undefined);
    if (missing.length > 0) {
      problems.push(`${missing.join(', ')}: для STORAGE=s3 нужны бакет и ключ доступа (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`);
    }
    // Outside production an S3 without an address would be the real AWS: tests and development
    // talk to the local stand-in (modules/media/s3-standin.ts) instead.
    if (cleaned.NODE_ENV !== 'production' && cleaned.S3_ENDPOINT === undefined) {
      problems.push(
        'S3_ENDPOINT: вне production STORAGE=s3 работает только с явно указанным адресом хранилища ' +
          '(например, локальной заглушки S3: npx tsx apps/api/src/modules/media/s3-standin.ts), чтобы тесты и разработка не писали в настоящий бакет',
      );
    }
  } else if (cleaned.S3_BUCKET !== undefined) {
    problems.push('S3_BUCKET: бакет задан, но STORAGE не s3 — загрузки хранились бы в папке; укажите STORAGE=s3 или уберите S3_*');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  let secretKey: string;
  try {
    secretKey = secretKeyFor(parsed.data);
  } catch (error) {
    throw new ConfigError([`SECRET_KEY: ${(error as Error).message}`]);
  }
  return Object.freeze({ ...parsed.data, secretKey });
}

/**
 * SECRET_KEY when set. Otherwise (never in production, which requires it): in tests a random key
 * for this process only; in development the installation's own random key, made once and kept in
 * DATA_DIR/secret.key, so sessions survive restarts. No key written in the source is ever used:
 * a published one would let anyone forge sign-in tokens.
 */
function secretKeyFor(config: { secretKey?: string; nodeEnv: string; dataDir: string }): string {
  if (config.secretKey !== undefined) return config.secretKey;
  if (config.nodeEnv === 'test') return randomBytes(48).toString('base64');
  return readOrCreateSecretKey(config.dataDir);
}

/**
 * The key in `dataDir/secret.key`, created with mode 0600 if missing. The file appears whole or
 * not at all (written aside, then hard-linked into place, which fails if it exists), so processes
 * starting together on one DATA_DIR agree on one key.
 */
export function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const read = (): string => {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < MIN_SECRET_LENGTH) {
      throw new Error(`файл ${file} повреждён (ключ короче 32 символов); удалите его или задайте SECRET_KEY`);
    }
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw wrapFsError(error, file);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temp, `${randomBytes(48).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
    return read();
  } catch (error) {
    throw wrapFsError(error, file);
  }
}

function wrapFsError(error: unknown, file: string): Error {
  if (error instanceof Error && !('code' in error)) return error;
  return new Error(`не удалось прочитать или создать ${file} (${(error as Error).message}); задайте SECRET_KEY или проверьте права на DATA_DIR`);
}
