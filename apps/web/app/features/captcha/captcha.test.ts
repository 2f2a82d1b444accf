import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CaptchaModule from './captcha.ts';

// The site's side of the captcha (decision 0027) in a bare page: a fake window and document
// whose added <script> "loads" by installing a fake provider with the provider's browser API.
// (The real browser, the stand-in's scripts and the server's check are in e2e/captcha.spec.ts.)

interface FakeScript {
  src: string;
  async: boolean;
  dataset: Record<string, string>;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove: () => void;
}

type Page = Record<string, unknown> & { location: { href: string } };

let page: Page;
let scripts: FakeScript[];
let loadScript: (script: FakeScript) => void;
let captcha: typeof CaptchaModule;

beforeEach(async () => {
  scripts = [];
  page = { location: { href: 'https://crema.example/contacts/' } };
  loadScript = (script) => script.onload?.();
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', {
    createElement: (): FakeScript => ({ src: '', async: false, dataset: {}, onload: null, onerror: null, remove: vi.fn() }),
    head: {
      append: (script: FakeScript) => {
        scripts.push(script);
        queueMicrotask(() => loadScript(script));
      },
    },
    body: { append: vi.fn() },
  });
  // The module keeps one loaded provider per page: a fresh copy per test.
  vi.resetModules();
  captcha = await import('./captcha.ts');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const RECAPTCHA = { provider: 'recaptcha', siteKey: 'site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' } as const;
const SMART = { provider: 'smartcaptcha', siteKey: 'smart-key', scriptUrl: '/dev/captcha/smartcaptcha.js' } as const;

/** A Google-like grecaptcha: tokens numbered per call. */
function installReCaptcha() {
  let issued = 0;
  const execute = vi.fn(async (_key: string, options: { action: string }) => `token-${options.action}-${++issued}`);
  loadScript = (script) => {
    page.grecaptcha = { ready: (callback: () => void) => setTimeout(callback, 0), execute };
    script.onload?.();
  };
  return execute;
}

/** A Yandex-like smartCaptcha; `answer` decides what execute does (a token by default). */
function installSmartCaptcha(answer: (emit: (event: string) => void, callback: (token: string) => void) => void = (_, callback) => callback(`smart-${Date.now()}-${Math.random()}`)) {
  const listeners = new Map<string, () => void>();
  let params: Record<string, unknown> = {};
  const api = {
    render: vi.fn((_container: unknown, given: Record<string, unknown>) => {
      params = given;
      return 7;
    }),
    execute: vi.fn(() => answer((event) => listeners.get(event)?.(), params.callback as (token: string) => void)),
    reset: vi.fn(),
    subscribe: vi.fn((_id: number, event: string, listener: () => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }),
  };
  loadScript = (script) => {
    page.smartCaptcha = api;
    script.onload?.();
    const onload = new URL(script.src).searchParams.get('onload');
    (page[onload ?? ''] as (() => void) | undefined)?.();
  };
  return api;
}

const messageOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as { problems: { general: string[] } }).problems.general;
};

describe('captchaSettingsOf', () => {
  it('is on only with a known provider, a site key and a script', () => {
    expect(captcha.captchaSettingsOf({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'k', CAPTCHA_SCRIPT_URL: '/s.js' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'k',
      scriptUrl: '/s.js',
    });
    expect(captcha.captchaSettingsOf({})).toBeNull();
    expect(captcha.captchaSettingsOf(undefined)).toBeNull();
    expect(captcha.captchaSettingsOf({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'k' })).toBeNull();
    expect(captcha.captchaSettingsOf({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'k', CAPTCHA_SCRIPT_URL: '/s.js' })).toBeNull();
  });
});

describe('tokenFor', () => {
  it('off: no token and no script', async () => {
    expect(await captcha.tokenFor(null, 'studentForm')).toBeUndefined();
    expect(scripts).toEqual([]);
  });

  it('reCAPTCHA v3: loads api.js?render={siteKey} once, a fresh token for each send with its action', async () => {
    const execute = installReCaptcha();
    captcha.prepareCaptcha(RECAPTCHA);
    expect(await captcha.tokenFor(RECAPTCHA, 'studentForm')).toBe('token-studentForm-1');
    expect(await captcha.tokenFor(RECAPTCHA, 'orderForm')).toBe('token-orderForm-2');
    expect(scripts.map((script) => script.src)).toEqual(['https://www.google.com/recaptcha/api.js?render=site-key']);
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'orderForm' });
  });

  it('a script that fails to load: the Russian message, and the next send tries to load it again', async () => {
    loadScript = (script) => script.onerror?.();
    expect(await messageOf(captcha.tokenFor(RECAPTCHA, 'studentForm'))).toEqual([captcha.CAPTCHA_UNAVAILABLE]);
    expect(scripts[0]!.remove).toHaveBeenCalled();
    installReCaptcha();
    expect(await captcha.tokenFor(RECAPTCHA, 'studentForm')).toBe('token-studentForm-1');
    expect(scripts).toHaveLength(2);
  });

  it('a provider that never answers: the Russian message after the timeout', async () => {
    vi.useFakeTimers();
    loadScript = () => undefined; // neither load nor error
    const pending = messageOf(captcha.tokenFor(RECAPTCHA, 'studentForm'));
    await vi.advanceTimersByTimeAsync(captcha.CAPTCHA_TIMEOUT_MS);
    expect(await pending).toEqual([captcha.CAPTCHA_UNAVAILABLE]);
  });

  it('SmartCaptcha: loads ?render=onload&onload=…, renders one invisible widget, a fresh token per send', async () => {
    const api = installSmartCaptcha();
    const first = await captcha.tokenFor(SMART, 'studentForm');
    const second = await captcha.tokenFor(SMART, 'orderForm');
    expect(first).toMatch(/^smart-/);
    expect(second).toMatch(/^smart-/);
    expect(second).not.toBe(first);
    const src = new URL(scripts[0]!.src);
    expect(src.origin + src.pathname).toBe('https://crema.example/dev/captcha/smartcaptcha.js');
    expect(src.searchParams.get('render')).toBe('onload');
    expect(src.searchParams.get('onload')).toBeTruthy();
    expect(scripts).toHaveLength(1);
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(api.render.mock.calls[0]![1]).toMatchObject({ sitekey: 'smart-key', invisible: true, hideShield: true });
    // Each send resets the widget first (tokens are single-use), then executes it.
    expect(api.reset).toHaveBeenCalledTimes(2);
    expect(api.execute).toHaveBeenCalledWith(7);
  });

  it('SmartCaptcha: a challenge shown waits for the person; closed unsolved, or a network error, gives a Russian message', async () => {
    vi.useFakeTimers();
    let step: 'challenge' | 'network' = 'challenge';
    installSmartCaptcha((emit) => emit(step === 'challenge' ? 'challenge-visible' : 'network-error'));
    const challenged = messageOf(captcha.tokenFor(SMART, 'studentForm'));
    // Longer than the timeout: the challenge is open, so no error yet.
    let settled = false;
    void challenged.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(captcha.CAPTCHA_TIMEOUT_MS * 3);
    expect(settled).toBe(false);
    (page.smartCaptcha as { subscribe: { mock: { calls: [number, string, () => void][] } } }).subscribe.mock.calls
      .find(([, event]) => event === 'challenge-hidden')![2]();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await challenged).toEqual([captcha.CAPTCHA_CANCELLED]);

    step = 'network';
    expect(await messageOf(captcha.tokenFor(SMART, 'studentForm'))).toEqual([captcha.CAPTCHA_UNAVAILABLE]);
  });
});
