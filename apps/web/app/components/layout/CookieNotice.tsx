import { useState } from 'react';
import { COOKIES, writeCookie } from '../../lib/cookies.ts';

/** Spec §2/§4: shown until 'ОК'; the choice is kept for 365 days (cookie hideCookiesPanel). */
export function CookieNotice({ accepted, privacyLink }: { accepted: boolean; privacyLink?: string }) {
  const [hidden, setHidden] = useState(accepted);
  if (hidden) return null;
  return (
    <section className="cookie-notice" aria-label="Уведомление о cookie">
      <p className="cookie-notice__text">
        Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая пользоваться сайтом, вы соглашаетесь с этим
        {privacyLink ? (
          <>
            {' '}
            и с <a href={privacyLink}>политикой конфиденциальности</a>
          </>
        ) : null}
        .
      </p>
      <button
        type="button"
        className="button button--primary cookie-notice__ok"
        onClick={() => {
          writeCookie(COOKIES.hideCookiesPanel.name, '1', COOKIES.hideCookiesPanel.maxAgeS);
          setHidden(true);
        }}
      >
        ОК
      </button>
    </section>
  );
}
