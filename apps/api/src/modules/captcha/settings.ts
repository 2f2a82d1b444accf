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
