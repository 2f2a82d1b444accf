import type { CaptchaAction, Configs } from '@crema/contract';
import { FormRejection } from '../../api/useApiForm.ts';

// The browser side of the captcha (decision 0027): loads the provider's script once — Google
// reCAPTCHA v3 or Yandex SmartCaptcha in invisible mode, or the local stand-in that speaks the
// same browser API — and gets a fresh token for each send (tokens are single-use). The server
// names the provider, the public key and the script (POST /api/configs/); no settings, no captcha.

/** What the forms show when the check cannot run (the script did not load, or no answer in time). */
export const CAPTCHA_UNAVAILABLE = 'Не удалось проверить, что вы не робот. Обновите страницу и попробуйте ещё раз.';
/** SmartCaptcha showed its challenge and the person closed it without solving it. */
export const CAPTCHA_CANCELLED = 'Проверка «Я не робот» не завершена. Отправьте форму ещё раз.';
/** How long loading the script and getting a token may take before the form says so. */
export const CAPTCHA_TIMEOUT_MS = 10_000;

export type CaptchaProvider = 'recaptcha' | 'smartcaptcha';

export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
  scriptUrl: string;
}

/** The captcha settings in the root loader's configs; null when the captcha is off. */
export function captchaSettingsOf(configs: Configs | undefined): CaptchaSettings | null {
  const provider = configs?.CAPTCHA_PROVIDER;
  const siteKey = configs?.CAPTCHA_SITE_KEY;
  const scriptUrl = configs?.CAPTCHA_SCRIPT_URL;
  if ((provider !== 'recaptcha' && provider !== 'smartcaptcha') || !siteKey || !scriptUrl) return null;
  return { provider, siteKey, scriptUrl };
}

interface ReCaptchaApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
}

interface SmartCaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
  subscribe(widgetId: number, event: string, listener: () => void): () => void;
}

type CaptchaWindow = Window & { grecaptcha?: ReCaptchaApi; smartCaptcha?: SmartCaptchaApi } & Record<string, unknown>;

const page = () => window as unknown as CaptchaWindow;

/** The global SmartCaptcha calls when its script is ready (`onload=` of the script's URL). */
const SMARTCAPTCHA_ONLOAD = '__cremaSmartCaptchaReady';

const unavailable = () => new FormRejection({ fields: {}, general: [CAPTCHA_UNAVAILABLE] });

/** `promise`, or a rejection once `ms` pass without it settling. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(unavailable()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function addScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.captcha = 'true';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(unavailable());
    };
    document.head.append(script);
  });
}

/** The script's URL with the provider's query parameters (relative URLs are the stand-in's, on this site). */
function scriptUrlOf(settings: CaptchaSettings): string {
  const url = new URL(settings.scriptUrl, window.location.href);
  if (settings.provider === 'recaptcha') url.searchParams.set('render', settings.siteKey);
  else {
    url.searchParams.set('render', 'onload');
    url.searchParams.set('onload', SMARTCAPTCHA_ONLOAD);
  }
  return url.href;
}

/** One loaded provider per page: its script is added once; a failed load is tried again on the next call. */
let loaded: { key: string; ready: Promise<void> } | null = null;

function load(settings: CaptchaSettings): Promise<void> {
  const key = `${settings.provider} ${settings.scriptUrl} ${settings.siteKey}`;
  if (loaded?.key === key) return loaded.ready;
  const url = scriptUrlOf(settings);
  const ready =
    settings.provider === 'recaptcha'
      ? addScript(url).then(
          () =>
            new Promise<void>((resolve, reject) => {
              const api = page().grecaptcha;
              if (!api) reject(unavailable());
              else api.ready(() => resolve());
            }),
        )
      : new Promise<void>((resolve, reject) => {
          page()[SMARTCAPTCHA_ONLOAD] = () => (page().smartCaptcha ? resolve() : reject(unavailable()));
          addScript(url).catch(reject);
        });
  const attempt = { key, ready: withTimeout(ready, CAPTCHA_TIMEOUT_MS) };
  attempt.ready.catch(() => {
    if (loaded === attempt) loaded = null;
  });
  loaded = attempt;
  return attempt.ready;
}

/** Starts loading the provider's script ahead of the first send (e.g. when a form is focused). */
export function prepareCaptcha(settings: CaptchaSettings | null): void {
  if (settings) load(settings).catch(() => undefined);
}

/** SmartCaptcha's one invisible widget on the page and the send waiting for its token. */
let smartWidget: { key: string; id: number } | null = null;
let waiting: { resolve: (token: string) => void; reject: (error: unknown) => void; pause: () => void } | null = null;

function smartCaptchaWidget(api: SmartCaptchaApi, settings: CaptchaSettings): number {
  const key = `${settings.scriptUrl} ${settings.siteKey}`;
  if (smartWidget?.key === key) return smartWidget.id;
  const container = document.createElement('div');
  container.className = 'captcha-widget';
  document.body.append(container);
  const id = api.render(container, {
    sitekey: settings.siteKey,
    invisible: true,
    // The forms name SmartCaptcha and link its data notice themselves (CaptchaNotice).
    hideShield: true,
    hl: 'ru',
    callback: (token: string) => waiting?.resolve(token),
  });
  const fail = (error: unknown) => waiting?.reject(error);
  // A challenge shown to the person takes as long as it takes: no timeout while it is open.
  api.subscribe(id, 'challenge-visible', () => waiting?.pause());
  // Closed without solving: the token would have come before the challenge closed.
  api.subscribe(id, 'challenge-hidden', () => {
    const current = waiting;
    setTimeout(() => {
      if (current && waiting === current) fail(new FormRejection({ fields: {}, general: [CAPTCHA_CANCELLED] }));
    }, 1000);
  });
  api.subscribe(id, 'network-error', () => fail(unavailable()));
  api.subscribe(id, 'javascript-error', () => fail(unavailable()));
  smartWidget = { key, id };
  return id;
}

function smartCaptchaToken(settings: CaptchaSettings): Promise<string> {
  const api = page().smartCaptcha;
  if (!api) return Promise.reject(unavailable());
  const id = smartCaptchaWidget(api, settings);
  return new Promise<string>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => finish(() => reject(unavailable())), CAPTCHA_TIMEOUT_MS);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      if (waiting === current) waiting = null;
      settle();
    };
    const current = {
      resolve: (token: string) => finish(() => resolve(token)),
      reject: (error: unknown) => finish(() => reject(error)),
      pause: () => {
        clearTimeout(timer);
        timer = undefined;
      },
    };
    waiting?.reject(unavailable());
    waiting = current;
    api.reset(id);
    api.execute(id);
  });
}

/**
 * A fresh token for `action` (undefined when the captcha is off). Rejects with a FormRejection
 * carrying a Russian message, which a form shows like any other; what was typed stays.
 */
export async function tokenFor(settings: CaptchaSettings | null, action: CaptchaAction): Promise<string | undefined> {
  if (!settings) return undefined;
  await load(settings);
  if (settings.provider === 'smartcaptcha') return smartCaptchaToken(settings);
  const api = page().grecaptcha;
  if (!api) throw unavailable();
  const token = await withTimeout(Promise.resolve(api.execute(settings.siteKey, { action })), CAPTCHA_TIMEOUT_MS).catch((error: unknown) => {
    throw error instanceof FormRejection ? error : unavailable();
  });
  if (!token) throw unavailable();
  return token;
}
