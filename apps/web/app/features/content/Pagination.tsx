import { Link } from 'react-router';
import './content.css';

/** Page numbers to show: the first, the last and two around the current one, gaps as null. */
export function pageList(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 3) wanted.add(2).add(3).add(4);
  if (current >= total - 2) wanted.add(total - 1).add(total - 2).add(total - 3);
  const pages = [...wanted].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of pages) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && page - previous > 1) result.push(page - previous === 2 ? previous + 1 : null);
    result.push(page);
  }
  return result;
}

/** Plain-link paging (works without scripts): previous, numbers, next. */
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
          ← Назад
        </Link>
      ) : null}
      <ol className="pagination__pages">
        {pageList(page, totalPages).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  {item}
                </span>
              ) : (
                <Link className="pagination__page" to={hrefFor(item)} aria-label={`Страница ${item}`}>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link className="pagination__step" to={hrefFor(page + 1)} rel="next">
          Дальше →
        </Link>
      ) : null}
    </nav>
  );
}
