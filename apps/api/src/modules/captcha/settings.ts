// Captcha settings shared by config.ts and the verifier (no imports: config.ts loads this first).

export const CAPTCHA_PROVIDERS = ['smartcaptcha', 'recaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** The providers' own check addresses (Yandex SmartCaptcha /validate, Google reCAPTCHA siteverify). */
export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  smartcaptcha: 'https://smartcaptcha.yandexcloud.net/validate',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

/** Where the local stand-in answers (outside production, for this machine only). */
export const CAPTCHA_STANDIN_PREFIX = '/dev/captcha';

/** The providers' browser scripts (the site adds `?render=…` / `?render=onload&onload=…`). */
export const CAPTCHA_SCRIPT_URLS: Record<CaptchaProvider, string> = {
  smartcaptcha: 'https://smartcaptcha.yandexcloud.net/captcha.js',
  recaptcha: 'https://www.google.com/recaptcha/api.js',
};

/**
 * The origins a page must allow (scripts, frames, connections) for the provider's widget: Google
 * serves reCAPTCHA's loader from www.google.com, its code from www.gstatic.com and its frames from
 * www.google.com and recaptcha.google.com; SmartCaptcha serves all three from its own host.
 */
export const CAPTCHA_CSP_SOURCES: Record<CaptchaProvider, readonly string[]> = {
  smartcaptcha: ['https://smartcaptcha.yandexcloud.net'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com', 'https://recaptcha.google.com'],
};

/** True when the check address is the local stand-in's (its path is under /dev/captcha/). */
export function isStandInUrl(url: string): boolean {
  return new URL(url).pathname.startsWith(`${CAPTCHA_STANDIN_PREFIX}/`);
}

/**
 * What the browser needs besides the site key: the script to load and the origins the page's
 * policy must allow. Checked against the stand-in, the site loads the stand-in's own script
 * (same origin, nothing to allow); otherwise the provider's.
 */
export function captchaBrowserSettings(provider: CaptchaProvider, verifyUrl: string): { scriptUrl: string; cspSources: string[] } {
  if (isStandInUrl(verifyUrl)) return { scriptUrl: `${CAPTCHA_STANDIN_PREFIX}/${provider}.js`, cspSources: [] };
  return { scriptUrl: CAPTCHA_SCRIPT_URLS[provider], cspSources: [...CAPTCHA_CSP_SOURCES[provider]] };
}
