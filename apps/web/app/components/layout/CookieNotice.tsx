import { COOKIES, useCookie, writeCookie } from '../../lib/cookies.ts';

/**
 * Shown until 'ОК'; the choice is kept for 365 days (cookie hideCookiesPanel). The
 * server renders from the request's cookie (`accepted`); in the browser the cookie itself decides,
 * so the layout mounting afresh (the error page swaps the root's element) cannot bring it back
 * (lib/cookies.ts useCookie).
 */
export function CookieNotice({ accepted }: { accepted: boolean }) {
  const hidden = useCookie(COOKIES.hideCookiesPanel.name, accepted ? '1' : undefined) === '1';
  if (hidden) return null;
  return (
    <section className="cookie-notice" aria-label="Уведомление о cookie">
      <p className="cookie-notice__text">
        Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая пользоваться сайтом, вы соглашаетесь с{' '}
        <a href="/documents/cookie-policy/">политикой использования файлов cookie</a>.
      </p>
      <button
        type="button"
        className="button button--primary cookie-notice__ok"
        onClick={() => {
          writeCookie(COOKIES.hideCookiesPanel.name, '1', COOKIES.hideCookiesPanel.maxAgeS);
        }}
      >
        ОК
      </button>
    </section>
  );
}
