import { formatCount, formatPrice, HOUR_FORMS } from '@crema/contract/format';

/** A course price for people: '32 000 ₽', or what a missing price means. */
export function priceLabel(kopecks: number | null): string {
  if (kopecks === null) return 'Цена по запросу';
  if (kopecks === 0) return 'Бесплатно';
  return formatPrice(kopecks);
}

/** The old price is shown only when it really is higher than the current one. */
export function hasDiscount(price: number | null, oldPrice: number | null): oldPrice is number {
  return price !== null && oldPrice !== null && oldPrice > price;
}

/** '24 часа' — academic hours of a course. */
export function hoursLabel(hours: number): string {
  return formatCount(hours, HOUR_FORMS);
}

/** A rating with a decimal comma: 4.75 → '4,8', 5 → '5'. */
export function ratingLabel(value: number): string {
  return (Math.round(value * 10) / 10).toString().replace('.', ',');
}
