import type { Banner } from '@crema/contract';
import { MediaImage } from '../../components/ui/MediaImage.tsx';

// The preview of a banner on its form (decision 0071): the home page's slide and discount card in
// the site's own markup and styles (routes/home.css), drawn here rather than imported from the
// catalogue's components — sharing those would split the home page's code into one more chunk.
// The header's strip is the shell's own component (the route module passes it).

export function PromoSlidePreview({ banner }: { banner: Banner }) {
  return (
    <section className="promo" aria-label="Баннер слайдера">
      <ul className="promo__track">
        <li className="promo__slide">
          <MediaImage className="promo__image" image={banner.image} alt="" width={720} height={450} />
          <div className="promo__caption">
            <p className="promo__title">{banner.title}</p>
            {banner.text ? <p className="promo__text">{banner.text}</p> : null}
            {banner.link ? <span className="button button--light promo__button">{banner.button_text || 'Подробнее'}</span> : null}
          </div>
        </li>
      </ul>
    </section>
  );
}

export function DiscountPreview({ banner }: { banner: Banner }) {
  return (
    <aside className="discount" aria-label="Баннер скидки">
      <div className="discount__card">
        <MediaImage className="discount__image" image={banner.image} alt="" width={480} height={360} />
        <div className="discount__body">
          <p className="discount__title">{banner.title}</p>
          {banner.text ? <p className="discount__text">{banner.text}</p> : null}
          {banner.link ? <span className="button button--primary">{banner.button_text || 'Выбрать курс'}</span> : null}
        </div>
      </div>
    </aside>
  );
}
