import { ratingLabel } from './format.ts';

/** A 0–5 rating as stars, read out as 'Оценка 5 из 5'; fractional averages fill partly. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const value = Math.max(0, Math.min(5, rating));
  return (
    <span
      className={`stars${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={`Оценка ${ratingLabel(value)} из 5`}
      style={{ '--rating': value } as React.CSSProperties}
    >
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
