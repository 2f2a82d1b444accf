import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// The server's port: E2E_PORT, else 3100 or another free one when something listens there
// (scripts/lib/free-port.mjs; scripts/e2e.mjs chooses it the same way and passes it on). This
// module is read again in every worker: the port goes into the environment they inherit, so all
// of them use the one the server was started on.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [path.join(repoRoot, 'scripts/lib/free-port.mjs')], { encoding: 'utf8' }).trim();
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// A throwaway data directory: every run starts from a freshly seeded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'crema-e2e-'));

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

const PHONE = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 }, launchOptions };
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
/** Specs that change the shared demo site's phone, header menu or a course's rating (restored at their end). */
const CHANGES_SHARED = /\/site-(settings|menus|reviews)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // A walk of a few screens takes 20–30 s on a loaded two-core machine; a test that hangs still fails within a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Asia/Vladivostok', // far from Moscow on purpose: times must still be Moscow's
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    // Specs that set the width themselves (breakpoints, overflow from 320 to 1920 px, axe) run once, on the desktop.
    { name: 'phone', use: PHONE, testIgnore: [/\/(breakpoints|overflow|axe)\.spec\.ts$/, CHANGES_SHARED] },
    { name: 'desktop', use: DESKTOP, testIgnore: CHANGES_SHARED },
    // Specs that change for a moment what every page shows (the phone, the header menu, a course's
    // rating) run once the others are done: no other spec reads the site in the middle of the change.
    { name: 'phone-after', use: PHONE, testMatch: CHANGES_SHARED, dependencies: ['phone', 'desktop'] },
    { name: 'desktop-after', use: DESKTOP, testMatch: CHANGES_SHARED, dependencies: ['phone', 'desktop'] },
  ],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, so the server finishes its shutdown and stops its embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 20000),
      LOG_LEVEL: 'warn',
      // Social sign-in against the server's own stand-in providers (modules/social/fake-provider.ts).
      // Every browser test signs in from 127.0.0.1: one address, many codes (a real limit test is in the API tests).
      AUTH_CODES_PER_IP_HOUR: '1000',
      ORDERS_PER_IP_HOUR: '1000',
      VK_CLIENT_ID: 'e2e-vk',
      VK_AUTHORIZE_URL: `${baseURL}/dev/oauth/vk/authorize/`,
      VK_TOKEN_URL: `${baseURL}/dev/oauth/vk/oauth2/auth/`,
      VK_USER_INFO_URL: `${baseURL}/dev/oauth/vk/oauth2/user_info/`,
      YANDEX_CLIENT_ID: 'e2e-yandex',
      YANDEX_CLIENT_SECRET: 'e2e-yandex-secret',
      YANDEX_AUTHORIZE_URL: `${baseURL}/dev/oauth/yandex/authorize/`,
      YANDEX_TOKEN_URL: `${baseURL}/dev/oauth/yandex/token/`,
      YANDEX_USER_INFO_URL: `${baseURL}/dev/oauth/yandex/info/`,
      // Captcha on for every browser test, against the server's own stand-in (decision 0027): the
      // site loads /dev/captcha/recaptcha.js and every application or order form must send a real token.
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SECRET: 'e2e-captcha-secret',
      CAPTCHA_SITE_KEY: 'e2e-captcha-site-key',
      CAPTCHA_VERIFY_URL: `${baseURL}/dev/captcha/recaptcha/api/siteverify`,
      // The clock letters are queued by (decision 0086): noon in Moscow, so a letter that may not go
      // at night goes at once whenever the tests run — deterministic, not timed.
      MAIL_NOW: '2026-03-02T12:00:00+03:00',
    },
  },
});
