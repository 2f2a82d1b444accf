// The stand-in's browser scripts (decision 0027), run as a page would run them — the provider's
// browser API, tokens from POST /dev/captcha/token/ — against the stand-in over real HTTP, and
// what the site is told about the captcha (POST /api/configs/).
import vm from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildUser, signInAs } from '../../test/factories.ts';
import { CAPTCHA_STANDIN_PREFIX, captchaStandIn } from './stand-in.ts';

const SECRET = 'stand-in-script-secret';

interface PageWindow {
  grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
  smartCaptcha?: {
    render(container: unknown, params: Record<string, unknown>): number;
    execute(id?: number): void;
    getResponse(id?: number): string;
    subscribe(id: number, event: string, listener: (value?: string) => void): () => void;
  };
  [name: string]: unknown;
}

/** Runs a served script in a bare "page": window, document.currentScript and fetch. */
function runInPage(script: string, src: string, globals: Record<string, unknown> = {}): PageWindow {
  const container = { attributes: new Map<string, string>(), setAttribute(name: string, value: string) { this.attributes.set(name, value); }, removeAttribute() {} };
  const page: Record<string, unknown> = {
    URL,
    fetch,
    setTimeout,
    document: { currentScript: { src }, getElementById: (id: string) => (id === 'captcha' ? container : null) },
    ...globals,
  };
  page.window = page;
  vm.runInContext(script, vm.createContext(page));
  return page as PageWindow;
}

describe('the stand-in’s browser scripts', () => {
  let standIn: FastifyInstance;
  let base: string;
  const post = async (path: string, form: Record<string, string>) =>
    (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })).json();
  const script = async (name: string) => {
    const res = await fetch(`${base}/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.text();
  };

  beforeAll(async () => {
    standIn = Fastify({ logger: false });
    await standIn.register(captchaStandIn, { prefix: CAPTCHA_STANDIN_PREFIX, secret: SECRET });
    base = `${await standIn.listen({ host: '127.0.0.1', port: 0 })}${CAPTCHA_STANDIN_PREFIX}`;
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('recaptcha.js: grecaptcha.ready/execute give a fresh single-use token for the action, checked by siteverify', async () => {
    const page = runInPage(await script('recaptcha.js'), `${base}/recaptcha.js?render=site-key-1`);
    await new Promise<void>((resolve) => page.grecaptcha!.ready(resolve));
    const first = await page.grecaptcha!.execute('site-key-1', { action: 'orderForm' });
    const second = await page.grecaptcha!.execute('site-key-1', { action: 'orderForm' });
    expect(first).not.toBe(second);
    expect(await post('/recaptcha/api/siteverify', { secret: SECRET, response: first })).toMatchObject({ success: true, action: 'orderForm', score: 0.9 });
    expect(await post('/recaptcha/api/siteverify', { secret: SECRET, response: first })).toMatchObject({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    // Another site key than the one it was loaded with, or no action: refused as Google does.
    await expect(page.grecaptcha!.execute('other-key', { action: 'orderForm' })).rejects.toThrow(/site key/);
    await expect(page.grecaptcha!.execute('site-key-1', { action: '' })).rejects.toThrow(/action/);
  });

  it('smartcaptcha.js: calls the onload function, renders an invisible widget, execute hands a token to the callback', async () => {
    let loaded = false;
    const page = runInPage(await script('smartcaptcha.js'), `${base}/smartcaptcha.js?render=onload&onload=onCaptchaReady`, {
      onCaptchaReady: () => {
        loaded = true;
      },
    });
    await expect.poll(() => loaded).toBe(true);
    const tokens: string[] = [];
    const id = page.smartCaptcha!.render('captcha', { sitekey: 'site-key-2', invisible: true, hideShield: true, callback: (token: string) => tokens.push(token) });
    const succeeded: string[] = [];
    page.smartCaptcha!.subscribe(id, 'success', (token) => succeeded.push(token ?? ''));
    page.smartCaptcha!.execute(id);
    await expect.poll(() => tokens.length).toBe(1);
    expect(succeeded).toEqual(tokens);
    expect(page.smartCaptcha!.getResponse(id)).toBe(tokens[0]);
    expect(await post('/validate', { secret: SECRET, token: tokens[0]!, ip: '127.0.0.1' })).toMatchObject({ status: 'ok' });
    expect(await post('/validate', { secret: SECRET, token: tokens[0]!, ip: '127.0.0.1' })).toMatchObject({ status: 'failed' });
    expect(() => page.smartCaptcha!.render('missing', { sitekey: 'k' })).toThrow(/container/);
  });
});

describe('what the site is told about the captcha (POST /api/configs/)', () => {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  };
  const configs = async (t: TestContext, keys?: string[]) =>
    (await t.app.inject({ method: 'POST', url: '/api/configs/', payload: keys ? { keys } : {} })).json() as Record<string, string>;
  const KEYS = ['CAPTCHA_PROVIDER', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SCRIPT_URL'];

  it('the provider’s own script, or the stand-in’s when checks go to it; nothing when off', async () => {
    const google = await appWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k1' });
    expect(await configs(google, KEYS)).toEqual({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'k1', CAPTCHA_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js' });
    const yandex = await appWith({
      CAPTCHA_PROVIDER: 'smartcaptcha',
      CAPTCHA_SECRET: 's',
      CAPTCHA_SITE_KEY: 'k2',
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/dev/captcha/validate',
    });
    expect(await configs(yandex)).toMatchObject({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SITE_KEY: 'k2', CAPTCHA_SCRIPT_URL: '/dev/captcha/smartcaptcha.js' });
    const off = await appWith({});
    expect(await configs(off, KEYS)).toEqual({});
  });

  it('the stand-in serves its scripts, and a signed-in visitor’s page gets tokens without a CSRF header', async () => {
    const t = await appWith({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k', CAPTCHA_VERIFY_URL: 'http://127.0.0.1:1/dev/captcha/recaptcha/api/siteverify' });
    const served = await t.app.inject({ method: 'GET', url: '/dev/captcha/recaptcha.js' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('window.grecaptcha');
    const { cookieHeaders } = await signInAs(t.app, await buildUser(t.database.db));
    const { cookie } = cookieHeaders;
    const res = await t.app.inject({ method: 'POST', url: '/dev/captcha/token/', headers: { cookie }, payload: { action: 'studentForm' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^standin\./);
    // Elsewhere the same cookie without the header is still refused (the CSRF check is untouched).
    const refused = await t.app.inject({ method: 'POST', url: '/api/feedback/course_form/process/', headers: { cookie }, payload: {} });
    expect(refused.statusCode).toBe(403);
  });
});
