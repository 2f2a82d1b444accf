import { Link } from 'react-router';
import { breadcrumbJsonLd, type Crumb } from '../../lib/seo.ts';
import { JsonLd } from './JsonLd.tsx';
import './breadcrumbs.css';

/** The visible trail plus its BreadcrumbList; the last crumb is the current page (not a link). */
export function Breadcrumbs({ crumbs, publicUrl }: { crumbs: readonly Crumb[]; publicUrl: string }) {
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
      <JsonLd data={breadcrumbJsonLd(publicUrl, crumbs)} />
    </nav>
  );
}
