import { Link } from 'react-router';
import './pagination.css';

/**
 * Page numbers to show: all of a short list; otherwise the first, the last and the neighbours of
 * the current one, with enough pages near an end that a single hidden page is never '…' (null).
 */
export function pageWindow(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  if (current <= 3) [2, 3, 4].forEach((n) => pages.add(n));
  if (current >= total - 2) [total - 3, total - 2, total - 1].forEach((n) => pages.add(n));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/**
 * Numbered page links of a list (catalogue, blog): plain links, so pages are shareable, work
 * without JavaScript and the back button works. `label` names the navigation ('Страницы блога').
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link className="pagination__step" to={hrefFor(page - 1)} rel="prev">
          <span aria-hidden="true">←</span> Назад
        </Link>
      ) : null}
      <ul className="pagination__list">
        {pageWindow(page, totalPages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  <span className="visually-hidden">Страница </span>
                  {n}
                </span>
              ) : (
                <Link className="pagination__page" to={hrefFor(n)}>
                  <span className="visually-hidden">Страница </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} rel="next">
          Вперёд <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
