import { useRef } from 'react';
import { Link } from 'react-router';
import type { Banner } from '@crema/contract';
import { CatalogImage } from './CatalogImage.tsx';
import { useHydrated } from './hydrated.ts';

/** Main banners: 16:10; a phone's full width at about twice its pixel density, half a desktop row. */
export const PROMO_IMAGE = { width: 720, height: 450, opts: 'size:720x450,crop:center' } as const;

const EXTERNAL = /^(https?:)?\/\//i;

function BannerLink({ banner }: { banner: Banner }) {
  if (!banner.link) return null;
  const text = banner.button_text || 'Подробнее';
  return EXTERNAL.test(banner.link) ? (
    <a className="button button--light promo__button" href={banner.link}>
      {text}
    </a>
  ) : (
    <Link className="button button--light promo__button" to={banner.link} prefetch="intent">
      {text}
    </Link>
  );
}

/**
 * The home page's main banners as a swipeable strip (CSS scroll snapping, no script needed).
 * Once hydrated, arrow buttons scroll it too. The first image is the largest paint on wide
 * screens (and about as large as the heading's text on a phone): eager, high priority.
 */
export function PromoBanners({ banners }: { banners: Banner[] }) {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  if (banners.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4;
    const atStart = element.scrollLeft <= 4;
    if (direction === 1 && atEnd) element.scrollTo({ left: 0, behavior: 'smooth' });
    else if (direction === -1 && atStart) element.scrollTo({ left: element.scrollWidth, behavior: 'smooth' });
    else element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="promo" aria-label="Акции и новости школы">
      {/* A strip without links still needs a keyboard stop to scroll it. */}
      <ul className="promo__track" ref={track} tabIndex={banners.some((banner) => banner.link) ? undefined : 0}>
        {banners.map((banner, index) => (
          <li key={banner.id} className="promo__slide">
            {banner.image && banner.image_mobile ? (
              // A phone gets the banner's phone image: the browser picks it by the screen's width.
              <picture>
                <source media="(max-width: 767px)" srcSet={banner.image_mobile.url} />
                <img className="promo__image" src={banner.image.url} alt="" width={PROMO_IMAGE.width} height={PROMO_IMAGE.height} loading={index === 0 ? 'eager' : 'lazy'} fetchPriority={index === 0 ? 'high' : undefined} />
              </picture>
            ) : (
              <CatalogImage
                className="promo__image"
                image={banner.image ?? banner.image_mobile}
                alt=""
                width={PROMO_IMAGE.width}
                height={PROMO_IMAGE.height}
                priority={index === 0}
              />
            )}
            <div className="promo__caption">
              <p className="promo__title">{banner.title}</p>
              {banner.text ? <p className="promo__text">{banner.text}</p> : null}
              <BannerLink banner={banner} />
            </div>
          </li>
        ))}
      </ul>
      {hydrated && banners.length > 1 ? (
        <div className="promo__controls">
          <button type="button" className="promo__arrow" aria-label="Предыдущий баннер" onClick={() => scroll(-1)}>
            <span aria-hidden="true">←</span>
          </button>
          <button type="button" className="promo__arrow" aria-label="Следующий баннер" onClick={() => scroll(1)}>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
