import { useCallback, useMemo } from 'react';
import type { CaptchaAction } from '@crema/contract';
import { useRootData } from '../../lib/root-data.ts';
import { captchaSettingsOf, prepareCaptcha, tokenFor, type CaptchaSettings } from './captcha.ts';
import './captcha.css';

// The captcha for a form (decision 0027): imported only by the forms that send applications or
// orders, which are themselves loaded on demand, so nothing of it is in a page's first load.

export interface Captcha {
  /** The provider's settings from the root loader's configs; null when the captcha is off. */
  settings: CaptchaSettings | null;
  /** A fresh token for the action, undefined when off; rejects with a FormRejection (a Russian message). */
  captchaToken: (action: CaptchaAction) => Promise<string | undefined>;
  /** Starts loading the provider's script (call when the person starts filling the form). */
  prepare: () => void;
}

/** The captcha as configured for this site. */
export function useCaptcha(): Captcha {
  const root = useRootData();
  const provider = root?.configs?.CAPTCHA_PROVIDER;
  const siteKey = root?.configs?.CAPTCHA_SITE_KEY;
  const scriptUrl = root?.configs?.CAPTCHA_SCRIPT_URL;
  const settings = useMemo(
    () => captchaSettingsOf({ CAPTCHA_PROVIDER: provider ?? '', CAPTCHA_SITE_KEY: siteKey ?? '', CAPTCHA_SCRIPT_URL: scriptUrl ?? '' }),
    [provider, siteKey, scriptUrl],
  );
  const captchaToken = useCallback((action: CaptchaAction) => tokenFor(settings, action), [settings]);
  const prepare = useCallback(() => prepareCaptcha(settings), [settings]);
  return { settings, captchaToken, prepare };
}

/**
 * The line under a protected form naming the provider: both widgets are hidden (reCAPTCHA's
 * badge, SmartCaptcha's shield), and each provider then asks the site to say so in the form —
 * Google with its privacy policy and terms, Yandex with its notice on data processing.
 */
export function CaptchaNotice({ settings }: { settings: CaptchaSettings | null }) {
  if (!settings) return null;
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <p className="captcha-notice">
      {settings.provider === 'recaptcha' ? (
        <>
          Форма защищена reCAPTCHA, действуют {link('https://policies.google.com/privacy', 'Политика конфиденциальности')} и{' '}
          {link('https://policies.google.com/terms', 'Условия использования')} Google.
        </>
      ) : (
        <>
          Форма защищена Yandex SmartCaptcha, см. {link('https://yandex.ru/legal/smartcaptcha_notice/', 'условия обработки данных сервисом')}.
        </>
      )}
    </p>
  );
}
