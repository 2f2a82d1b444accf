import { Link } from 'react-router';
import { pageWindow } from './catalog-query.ts';

/** Numbered page links (plain links: shareable, work without JavaScript, back button works). */
export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы каталога">
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
