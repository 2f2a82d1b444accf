import { Link } from 'react-router';
import type { Banner } from '@crema/contract';
import { COOKIES, useCookie, writeCookie } from '../../lib/cookies.ts';
import { IconClose } from './Icons.tsx';

/** The header banner: title, optional link with button text, close button; a dismissal is remembered. */
export function HeaderBanner({ banner }: { banner: Banner }) {
  // The root loader left a dismissed banner out; this hides it at once and after the layout remounts.
  const hidden = useCookie(COOKIES.hideHeaderBanner.name, undefined) === String(banner.id);
  if (hidden) return null;
  const external = banner.link ? /^https?:\/\//.test(banner.link) : false;
  return (
    <aside className="header-banner" aria-label="Объявление">
      <div className="container header-banner__inner">
        <p className="header-banner__title">{banner.title}</p>
        {banner.link ? (
          external ? (
            <a className="header-banner__button" href={banner.link}>
              {banner.button_text || 'Подробнее'}
            </a>
          ) : (
            <Link className="header-banner__button" to={banner.link}>
              {banner.button_text || 'Подробнее'}
            </Link>
          )
        ) : null}
        <button
          type="button"
          className="header-banner__close"
          aria-label="Скрыть объявление"
          onClick={() => {
            writeCookie(COOKIES.hideHeaderBanner.name, String(banner.id), COOKIES.hideHeaderBanner.maxAgeS);
          }}
        >
          <IconClose />
        </button>
      </div>
    </aside>
  );
}
