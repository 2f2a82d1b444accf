import { Link } from 'react-router';
import { formatDate } from '@crema/contract/format';
import type { Route } from './+types/document';
import type { LegalDocument } from '@crema/contract';
import { json } from '../api/client.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.server.ts';
import { Breadcrumbs } from '../components/seo/Breadcrumbs.tsx';
import { notFound, orNotFound } from '../features/content/load.ts';
import { pageCrumbs } from '../features/content/PageView.tsx';
import { LegalText } from '../features/legal/LegalText.tsx';
import { useRoot } from '../lib/root-data.ts';
import { LegalDetails, legalDetails } from '../components/layout/LegalDetails.tsx';
import '../features/content/content.css';
import '../features/legal/legal.css';

const SLUG = /^[a-z0-9-]{1,100}$/;
const VERSION = /^[1-9]\d{0,5}$/;

/**
 * /documents/{slug}/ (the current version) and /documents/{slug}/v/{n}/ (one version, old ones
 * too): a legal document, server-rendered and printable (decision 0043). Unknown ones are the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { slug, version } = params as { slug: string; version?: string };
  if (!SLUG.test(slug) || (version !== undefined && !VERSION.test(version))) notFound();
  const doc = await orNotFound(
    // Loader-only call: kept out of the shared client, which every page loads (decision 0039).
    json<LegalDocument>(context.api, `/api/documents/${encodeURIComponent(slug)}/${version === undefined ? '' : `v/${Number(version)}/`}`),
  );
  const path = version === undefined ? `/documents/${doc.slug}/` : doc.url;
  return { doc, path, jsonLd: [breadcrumbJsonLd(context.publicUrl, pageCrumbs(doc.title, path))] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { doc, path } = loaderData;
  return pageMeta(rootDataOf(matches), {
    title: doc.is_current ? doc.title : `${doc.title}, редакция ${doc.version}`,
    description: `${doc.title}: редакция ${doc.version} от ${formatDate(doc.published_at)}.`,
    path,
  });
};

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { doc, path } = loaderData;
  const { configs } = useRoot();
  return (
    <main className="page container legal">
      <div className="page__column">
        <Breadcrumbs crumbs={pageCrumbs(doc.title, path)} />
        <header className="page__header">
          <h1 className="page__title">{doc.title}</h1>
          <dl className="legal__facts">
            <div>
              <dt>Редакция</dt>
              <dd>№ {doc.version}</dd>
            </div>
            <div>
              <dt>Действует с</dt>
              <dd>
                <time dateTime={doc.published_at}>{formatDate(doc.published_at)}</time>
              </dd>
            </div>
          </dl>
          {doc.is_current ? null : (
            <p className="legal__notice" role="note">
              Это прежняя редакция документа. Действующая —{' '}
              <Link to={`/documents/${doc.slug}/`}>редакция № {doc.current_version}</Link>.
            </p>
          )}
        </header>
        <div className="prose legal__body">
          <LegalText body={doc.body} />
        </div>
        {doc.kind === 'offer' && legalDetails(configs).length > 0 ? (
          // The offer ends with the school's legal details from the site settings.
          <section className="page-legal" aria-labelledby="legal-title">
            <h2 id="legal-title" className="page-legal__title">
              Реквизиты исполнителя
            </h2>
            <LegalDetails configs={configs} />
          </section>
        ) : null}
        {doc.versions.length > 1 ? (
          <section className="legal__versions" aria-labelledby="legal-versions">
            <h2 id="legal-versions">Редакции документа</h2>
            <ul>
              {doc.versions.map((v) => (
                <li key={v.version}>
                  {v.version === doc.version ? (
                    <span aria-current="page">
                      Редакция № {v.version} от <time dateTime={v.published_at}>{formatDate(v.published_at)}</time>
                      {v.version === doc.current_version ? ' (действующая)' : ''}
                    </span>
                  ) : (
                    <Link to={v.url}>
                      Редакция № {v.version} от <time dateTime={v.published_at}>{formatDate(v.published_at)}</time>
                      {v.version === doc.current_version ? ' (действующая)' : ''}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}
