import { formatPrice } from '@crema/contract/format';
import { hasDiscount, priceLabel } from './format.ts';

/** The price with the old one crossed out; both are named for screen readers. */
export function PriceTag({ price, oldPrice, large = false }: { price: number | null; oldPrice: number | null; large?: boolean }) {
  return (
    <p className={`price${large ? ' price--large' : ''}`}>
      <span className="price__current">
        <span className="visually-hidden">Цена: </span>
        {priceLabel(price)}
      </span>
      {hasDiscount(price, oldPrice) ? (
        <s className="price__old">
          <span className="visually-hidden">Цена без скидки: </span>
          {formatPrice(oldPrice)}
        </s>
      ) : null}
    </p>
  );
}
