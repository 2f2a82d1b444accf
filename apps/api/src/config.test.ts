import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SECRET_KEY, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ nodeEnv: 'development', host: '127.0.0.1', port: 3000, seedDemo: true, databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(Object.isFrozen(config)).toBe(true);
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

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads PORT, HOST, DATA_DIR and PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/crema', PUBLIC_URL: 'https://crema.example/' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/tmp/crema', publicUrl: 'https://crema.example' });
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

    it('has a development default outside production', () => {
      expect(loadConfig({}).secretKey).toBe(DEV_SECRET_KEY);
      expect(loadConfig({ NODE_ENV: 'test' }).secretKey).toBe(DEV_SECRET_KEY);
    });

    it('is required in production and must not be the development default', () => {
      const smtp = { SMTP_URL: 'smtp://127.0.0.1:25' };
      const envs: Record<string, string>[] = [{ NODE_ENV: 'production', ...smtp }, { NODE_ENV: 'production', SECRET_KEY: DEV_SECRET_KEY, ...smtp }];
      for (const env of envs) {
        const problems = problemsOf(env);
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(/^SECRET_KEY: в production нужен свой секретный ключ/);
      }
      expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: strong, ...smtp }).secretKey).toBe(strong);
    });

    it('is at least 32 characters, and is listed together with other bad variables', () => {
      expect(problemsOf({ SECRET_KEY: 'short' })).toEqual(['SECRET_KEY: секретный ключ должен быть не короче 32 символов']);
      const problems = problemsOf({ NODE_ENV: 'production', PORT: 'eighty' }).join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('SECRET_KEY');
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
});
