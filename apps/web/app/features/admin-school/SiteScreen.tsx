import { Link } from 'react-router';
import { SITE_AREAS, SiteTabs } from './ui.tsx';

/** /admin/school/site/: what of the site the school edits, each area with a line on what it holds. */
export function SiteScreen() {
  return (
    <section aria-labelledby="school-site-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="school-site-title">Сайт</h1>
        <a className="button button--ghost" href="/" target="_blank" rel="noopener">
          Открыть сайт
        </a>
      </div>
      <p className="admin-muted school-lead">Всё, что видит посетитель помимо курсов. Изменения видны на сайте сразу после сохранения.</p>
      <ul className="school-site-areas">
        {SITE_AREAS.map((area) => (
          <li key={area.path}>
            <h2>
              <Link to={area.path}>{area.title}</Link>
            </h2>
            <p className="admin-muted">{area.about}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
