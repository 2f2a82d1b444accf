import { useState } from 'react';
import { Link } from 'react-router';
import type { Banner } from '@crema/contract';
import { IconClose } from '../../components/layout/Icons.tsx';
import { COOKIES, writeCookie } from '../../lib/cookies.ts';
import { CatalogImage } from './CatalogImage.tsx';

/** The discount banner's picture. */
export const DISCOUNT_IMAGE = { width: 480, height: 360, opts: 'size:480x360,crop:center' } as const;

/**
 * The discount offer: closing it hides it for 7 days by a cookie, which the server
 * reads too, so a hidden banner never flashes in.
 */
export function DiscountBanner({ banner }: { banner: Banner }) {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    <aside className="discount container" aria-labelledby="discount-title">
      <div className="discount__card">
        <CatalogImage className="discount__image" image={banner.image} alt="" width={DISCOUNT_IMAGE.width} height={DISCOUNT_IMAGE.height} />
        <div className="discount__body">
          <p id="discount-title" className="discount__title">
            {banner.title}
          </p>
          {banner.text ? <p className="discount__text">{banner.text}</p> : null}
          {banner.link ? (
            <Link className="button button--primary" to={banner.link}>
              {banner.button_text || 'Выбрать курс'}
            </Link>
          ) : null}
        </div>
        <button
          type="button"
          className="discount__close"
          aria-label="Скрыть предложение"
          onClick={() => {
            writeCookie(COOKIES.hideDiscountBanner.name, '1', COOKIES.hideDiscountBanner.maxAgeS);
            setHidden(true);
          }}
        >
          <IconClose />
        </button>
      </div>
    </aside>
  );
}
