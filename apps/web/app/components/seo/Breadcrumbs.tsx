import { Link } from 'react-router';
import type { Crumb } from '../../lib/seo.ts';
import './breadcrumbs.css';

/**
 * The visible trail; the last crumb is the current page (not a link). Its BreadcrumbList comes
 * from the route's loader (`breadcrumbJsonLd`), so the builder stays out of the browser bundle.
 */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol className="breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="breadcrumbs__item">
            {index < crumbs.length - 1 ? (
              <Link to={crumb.path}>{crumb.name}</Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
