import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadConfigFrom } from './config.ts';

// Development mode keeps a generated key in DATA_DIR: every call here gets a throwaway one.
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'crema-config-'));
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));
let dirs = 0;
const freshDataDir = () => path.join(tmpRoot, `data-${++dirs}`);
const loadConfig = (env: Record<string, string>) => loadConfigFrom({ DATA_DIR: freshDataDir(), ...env });

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ nodeEnv: 'development', host: '127.0.0.1', port: 3000, seedDemo: true, databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfigFrom({ NODE_ENV: 'test' }).dataDir).toBe(path.resolve('data'));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('has no metrics listener unless METRICS_PORT is set, on 127.0.0.1 by default; a 2 s connect timeout (decision 0075)', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ host: '10.0.0.5', port: 9464 });
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT: ожидается номер порта/);
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(2000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '3000' }).databaseConnectTimeoutMs).toBe(3000);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'long' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS: ожидается число миллисекунд/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'NODE_ENV', 'DATABASE_URL', 'SEED_DEMO']) expect(problems).toContain(name);
    }
  });

  it('seeds the demo school outside production only, and refuses SEED_DEMO=true in production', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k3Jx9q-production-secret-0123456789abcdef', SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    for (const value of ['true', '1', 'yes']) {
      try {
        loadConfig({ ...production, SEED_DEMO: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message).toMatch(/SEED_DEMO: в production демо-данные не загружаются/);
        expect((error as ConfigError).message).toContain('npm run user:create');
      }
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads PORT, HOST, DATA_DIR and PUBLIC_URL', () => {
    const dataDir = path.join(tmpRoot, 'crema');
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: `${dataDir}/`, PUBLIC_URL: 'https://crema.example/' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir, publicUrl: 'https://crema.example' });
  });

  describe('SECRET_KEY', () => {
    const strong = 'k3Jx9q-production-secret-0123456789abcdef';
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      return [];
    };

    // The key that used to be written in the source (and let strangers forge sign-in tokens).
    const published = 'crema-development-secret-do-not-use-in-production';

    it('outside production without SECRET_KEY, makes a random key once and keeps it in DATA_DIR (mode 0600)', () => {
      const dataDir = freshDataDir();
      const first = loadConfigFrom({ DATA_DIR: dataDir }).secretKey;
      expect(first).not.toBe(published);
      expect(first.length).toBeGreaterThanOrEqual(64);
      const file = path.join(dataDir, 'secret.key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // A restart on the same DATA_DIR keeps the key (sessions survive); another installation gets its own.
      expect(loadConfigFrom({ DATA_DIR: dataDir, NODE_ENV: 'development' }).secretKey).toBe(first);
      expect(loadConfigFrom({ DATA_DIR: freshDataDir() }).secretKey).not.toBe(first);
    });

    it('in tests without SECRET_KEY, uses a random key per configuration and writes nothing', () => {
      const dataDir = freshDataDir();
      const a = loadConfigFrom({ NODE_ENV: 'test', DATA_DIR: dataDir }).secretKey;
      const b = loadConfigFrom({ NODE_ENV: 'test', DATA_DIR: dataDir }).secretKey;
      expect(a).not.toBe(b);
      expect(a).not.toBe(published);
      expect(() => statSync(path.join(dataDir, 'secret.key'))).toThrow();
    });

    it('a set SECRET_KEY wins over the key file', () => {
      const dataDir = freshDataDir();
      loadConfigFrom({ DATA_DIR: dataDir });
      expect(loadConfigFrom({ DATA_DIR: dataDir, SECRET_KEY: strong }).secretKey).toBe(strong);
    });

    it('refuses a damaged key file instead of using it', () => {
      const dataDir = freshDataDir();
      loadConfigFrom({ DATA_DIR: dataDir });
      writeFileSync(path.join(dataDir, 'secret.key'), 'short\n');
      expect(problemsOf({ DATA_DIR: dataDir })).toEqual([expect.stringMatching(/^SECRET_KEY: файл .*secret\.key повреждён/)]);
    });

    it('is required in production (no file, no default)', () => {
      const smtp = { SMTP_URL: 'smtp://127.0.0.1:25' };
      const dataDir = freshDataDir();
      loadConfigFrom({ DATA_DIR: dataDir }); // a key file from an earlier development run is not used either
      const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir, ...smtp });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SECRET_KEY: в production нужен свой секретный ключ/);
      expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: strong, ...smtp }).secretKey).toBe(strong);
    });

    it('is at least 32 characters, and is listed together with other bad variables', () => {
      expect(problemsOf({ SECRET_KEY: 'short' })).toEqual(['SECRET_KEY: секретный ключ должен быть не короче 32 символов']);
      const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty' }).join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('SECRET_KEY');
    });

    it('SECRET_KEY_PREVIOUS: a comma list of earlier keys, each at least 32 characters (decision 0019)', () => {
      const a = 'a'.repeat(32);
      const b = 'b'.repeat(40);
      expect(loadConfig({ NODE_ENV: 'test' }).secretKeyPrevious).toEqual([]);
      expect(loadConfig({ NODE_ENV: 'test', SECRET_KEY_PREVIOUS: ` ${a}, ${b} ,` }).secretKeyPrevious).toEqual([a, b]);
      expect(problemsOf({ SECRET_KEY_PREVIOUS: `${a},short` })).toEqual([
        expect.stringMatching(/^SECRET_KEY_PREVIOUS.*каждый прежний ключ должен быть не короче 32 символов/),
      ]);
    });
  });

  describe('mail settings', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY: 'k3Jx9q-production-secret-0123456789abcdef' };

    it('needs no mail server outside production, and has a sender by default', () => {
      expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Crema <no-reply@crema.local>' });
    });

    it('refuses production without SMTP_URL, listed with the other bad variables', () => {
      try {
        loadConfig({ ...production, PORT: 'eighty' });
        expect.unreachable();
      } catch (error) {
        const problems = (error as ConfigError).problems;
        expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
        expect(problems.some((p) => /^SMTP_URL: в production нужен почтовый сервер/.test(p))).toBe(true);
      }
      expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).smtpUrl).toBe(
        'smtps://u:p@smtp.example.com:465',
      );
    });

    it('accepts only smtp:// and smtps:// addresses with a host', () => {
      for (const SMTP_URL of ['http://smtp.example.com', 'smtp:/nohost', 'smtp.example.com:25']) {
        expect(() => loadConfig({ SMTP_URL })).toThrow(/SMTP_URL: ожидается адрес/);
      }
    });
  });
  it('reads the per-IP hourly limit of sign-in codes, 20 by default', () => {
    expect(loadConfig({}).authCodesPerIpHour).toBe(20);
    expect(loadConfig({ AUTH_CODES_PER_IP_HOUR: '500' }).authCodesPerIpHour).toBe(500);
    expect(() => loadConfig({ AUTH_CODES_PER_IP_HOUR: '0' })).toThrow(/AUTH_CODES_PER_IP_HOUR/);
    expect(loadConfig({}).ordersPerIpHour).toBe(20);
    expect(loadConfig({ ORDERS_PER_IP_HOUR: '200' }).ordersPerIpHour).toBe(200);
    expect(() => loadConfig({ ORDERS_PER_IP_HOUR: 'много' })).toThrow(/ORDERS_PER_IP_HOUR/);
    expect(loadConfig({}).passwordFailuresPerIp10Min).toBe(30);
    expect(loadConfig({ PASSWORD_FAILURES_PER_IP_10MIN: '100000' }).passwordFailuresPerIp10Min).toBe(100_000);
    expect(() => loadConfig({ PASSWORD_FAILURES_PER_IP_10MIN: '0' })).toThrow(/PASSWORD_FAILURES_PER_IP_10MIN/);
  });
  it('reads the learning sweep interval (a minute) and the quiz saves per enrolment a minute (120)', () => {
    expect(loadConfig({})).toMatchObject({ learningSweepIntervalMs: 60_000, quizSavesPerMinute: 120 });
    expect(loadConfig({ LEARNING_SWEEP_INTERVAL_MS: '5000', QUIZ_SAVES_PER_MINUTE: '30' })).toMatchObject({
      learningSweepIntervalMs: 5000,
      quizSavesPerMinute: 30,
    });
    expect(() => loadConfig({ LEARNING_SWEEP_INTERVAL_MS: '10' })).toThrow(/LEARNING_SWEEP_INTERVAL_MS/);
    expect(() => loadConfig({ QUIZ_SAVES_PER_MINUTE: '0' })).toThrow(/QUIZ_SAVES_PER_MINUTE/);
  });

  describe('TRUST_PROXY', () => {
    it('is off by default and with false / 0', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    });

    it('takes the proxies: addresses, CIDR ranges and the names of reserved ranges', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1, fd00::/8,loopback' }).trustProxy).toEqual([
        '10.0.0.2',
        '10.1.0.0/16',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses true (every hop believed) and hop counts, saying what to write instead', () => {
      for (const TRUST_PROXY of ['true', 'yes', '1', '2']) {
        expect(() => loadConfig({ TRUST_PROXY }), TRUST_PROXY).toThrow(/TRUST_PROXY: .*укажите адреса прокси перед Crema/);
      }
    });

    it('lists the entries that are not addresses', () => {
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.local, 10.0.0.0/33,' })).toThrow(
        /TRUST_PROXY: ожидается false или адреса прокси; не подходит: proxy\.local, 10\.0\.0\.0\/33, \(пусто\)/,
      );
    });
  });

  it('reads the page settings: cache, render limit, extra CSP sources', () => {
    expect(loadConfig({}).pages).toEqual({ cacheTtlMs: 5000, cacheMaxBytes: 64 * 1024 * 1024, concurrency: 4, queue: 16, cspExtraSources: [] });
    const pages = loadConfig({
      PAGE_CACHE_TTL_MS: '0',
      SSR_CONCURRENCY: '2',
      SSR_QUEUE: '0',
      CSP_EXTRA_SOURCES: ' https://a.example.com  https://b.example.com:8443 ',
    }).pages;
    expect(pages).toMatchObject({ cacheTtlMs: 0, concurrency: 2, queue: 0, cspExtraSources: ['https://a.example.com', 'https://b.example.com:8443'] });
    for (const CSP_EXTRA_SOURCES of ["'unsafe-inline'", 'https://a.example.com; script-src *', 'a.example.com']) {
      expect(() => loadConfig({ CSP_EXTRA_SOURCES })).toThrow(/CSP_EXTRA_SOURCES: ожидаются адреса/);
    }
    expect(() => loadConfig({ SSR_CONCURRENCY: '0' })).toThrow(/SSR_CONCURRENCY/);
  });

  describe('payments', () => {
    const PROD = { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.ru:587' };

    it('uses the built-in test bank outside production when no terminal is set', () => {
      expect(loadConfig({ PORT: '4690' }).payments).toEqual({
        provider: 'testbank',
        terminalKey: 'CremaTestBank',
        password: 'crema-testbank-password',
        apiUrl: 'http://127.0.0.1:4690/dev/testbank/v2',
        receipt: { taxation: 'usn_income', tax: 'none' },
      });
      expect(loadConfig({ PUBLIC_URL: 'https://dev.crema.example/' }).payments?.apiUrl).toBe('https://dev.crema.example/dev/testbank/v2');
    });

    it('uses T-Bank with a terminal, and turns payments off in production without one', () => {
      const env = { TBANK_TERMINAL_KEY: '1700000000000', TBANK_PASSWORD: 'pa$$', RECEIPT_TAXATION: 'osn', RECEIPT_TAX: 'vat20' };
      expect(loadConfig({ ...PROD, ...env }).payments).toEqual({
        provider: 'tbank',
        terminalKey: '1700000000000',
        password: 'pa$$',
        apiUrl: 'https://securepay.tinkoff.ru/v2',
        receipt: { taxation: 'osn', tax: 'vat20' },
      });
      expect(loadConfig(PROD).payments).toBeNull();
    });

    it('refuses half a terminal, unknown taxes, and the test bank or plain http in production', () => {
      expect(() => loadConfig({ TBANK_TERMINAL_KEY: 'k' })).toThrow(/TBANK_TERMINAL_KEY и TBANK_PASSWORD/);
      expect(() => loadConfig({ TBANK_PASSWORD: 'p' })).toThrow(/TBANK_TERMINAL_KEY и TBANK_PASSWORD/);
      expect(() => loadConfig({ RECEIPT_TAXATION: 'usn' })).toThrow(/RECEIPT_TAXATION/);
      expect(() => loadConfig({ RECEIPT_TAX: 'vat18' })).toThrow(/RECEIPT_TAX: ожидается ставка/);
      const terminal = { TBANK_TERMINAL_KEY: 'k', TBANK_PASSWORD: 'p' };
      expect(() => loadConfig({ ...PROD, ...terminal, TBANK_API_URL: 'https://crema.example/dev/testbank/v2' })).toThrow(/тестовый банк/);
      expect(() => loadConfig({ ...PROD, ...terminal, TBANK_API_URL: 'http://securepay.tinkoff.ru/v2' })).toThrow(/https/);
      expect(() => loadConfig({ ...PROD, ...terminal, TBANK_API_URL: 'https://crema.example//DEV/testbank/v2' })).toThrow(/тестовый банк/);
      // Outside production the test bank may stand in for a configured terminal.
      expect(loadConfig({ ...terminal, TBANK_API_URL: 'http://127.0.0.1:3000/dev/testbank/v2/' }).payments?.apiUrl).toBe(
        'http://127.0.0.1:3000/dev/testbank/v2',
      );
    });
  });

  describe('captcha and the school address (decision 0022)', () => {
    it('is off by default: no provider, and no school address but the CONTACT_EMAIL setting', () => {
      const config = loadConfig({});
      expect(config.captcha).toBeNull();
      expect(config.schoolNotifyEmail).toBeNull();
    });

    it('reads the provider with its defaults: the provider’s own check address, score 0.5, fail open', () => {
      const config = loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k', SCHOOL_NOTIFY_EMAIL: 'school@crema.ru' });
      expect(config.captcha).toEqual({
        provider: 'recaptcha',
        secret: 's',
        siteKey: 'k',
        minScore: 0.5,
        verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
        timeoutMs: 5000,
        failOpen: true,
        scriptUrl: 'https://www.google.com/recaptcha/api.js',
        cspSources: ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
      });
      expect(config.schoolNotifyEmail).toBe('school@crema.ru');
      const yandex = loadConfig({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SECRET: 's', CAPTCHA_MIN_SCORE: '0.7', CAPTCHA_FAIL_OPEN: 'false' });
      expect(yandex.captcha).toMatchObject({
        verifyUrl: 'https://smartcaptcha.yandexcloud.net/validate',
        minScore: 0.7,
        failOpen: false,
        scriptUrl: 'https://smartcaptcha.yandexcloud.net/captcha.js',
        cspSources: ['https://smartcaptcha.yandexcloud.net'],
      });
    });

    it('checked against the local stand-in, the site loads the stand-in’s script and the policy allows nothing more (decision 0027)', () => {
      const recaptcha = loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:3000/dev/captcha/recaptcha/api/siteverify' });
      expect(recaptcha.captcha).toMatchObject({ scriptUrl: '/dev/captcha/recaptcha.js', cspSources: [] });
      const yandex = loadConfig({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:3000/dev/captcha/validate' });
      expect(yandex.captcha).toMatchObject({ scriptUrl: '/dev/captcha/smartcaptcha.js', cspSources: [] });
    });

    it('refuses half a setting, an unknown provider, a bad score or address, and the stand-in in production', () => {
      expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/CAPTCHA_PROVIDER и CAPTCHA_SECRET/);
      expect(() => loadConfig({ CAPTCHA_SECRET: 's' })).toThrow(/CAPTCHA_PROVIDER и CAPTCHA_SECRET/);
      expect(() => loadConfig({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET: 's' })).toThrow(/smartcaptcha или recaptcha/);
      expect(() => loadConfig({ CAPTCHA_MIN_SCORE: '2' })).toThrow(ConfigError);
      expect(() => loadConfig({ SCHOOL_NOTIFY_EMAIL: 'school' })).toThrow(/SCHOOL_NOTIFY_EMAIL/);
      const captcha = { CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SECRET: 's', CAPTCHA_VERIFY_URL: 'https://crema.example/dev/captcha/validate' };
      const production = { NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.ru:587' };
      expect(() => loadConfig({ ...production, ...captcha })).toThrow(/заглушку капчи/);
      // In production the site's key too: without it the site sends no token and every form is refused.
      const real = { CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SECRET: 's' };
      expect(() => loadConfig({ ...production, ...real })).toThrow(/CAPTCHA_SITE_KEY/);
      expect(() => loadConfig({ ...production, ...real, CAPTCHA_SITE_KEY: 'k' })).not.toThrow(/CAPTCHA/);
      expect(loadConfig(captcha).captcha?.verifyUrl).toBe('https://crema.example/dev/captcha/validate');
    });
  });
});
