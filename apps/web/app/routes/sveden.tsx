import type { Route } from './+types/sveden';
import type { SvedenIndex, SvedenPage } from '@crema/contract';
import { json } from '../api/client.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.server.ts';
import { Breadcrumbs } from '../components/seo/Breadcrumbs.tsx';
import { notFound, orNotFound } from '../features/content/load.ts';
import { SVEDEN_TITLE, SvedenNavigation, SvedenSectionView } from '../features/sveden/Sveden.tsx';
import { LegalDetails, legalDetails } from '../components/layout/LegalDetails.tsx';
import { useRoot } from '../lib/root-data.ts';

/** The section's root and its subsections' addresses (decision 0042). */
const ROOT = '/sveden/';
const KEY = /^[A-Za-z_]{1,40}$/;

/**
 * /sveden/ (every subsection listed) and /sveden/{key}/ (one subsection with the shared
 * navigation); an unknown key is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params.section;
  const crumbs = [
    { name: 'Главная', path: '/' },
    { name: SVEDEN_TITLE, path: ROOT },
  ];
  if (!key) {
    const { nav } = await json<SvedenIndex>(context.api, '/api/sveden/');
    return { nav, section: null, jsonLd: [breadcrumbJsonLd(context.publicUrl, crumbs)] };
  }
  if (!KEY.test(key)) notFound();
  const { nav, section } = await orNotFound(json<SvedenPage>(context.api, `/api/sveden/${encodeURIComponent(key)}/`));
  return { nav, section, jsonLd: [breadcrumbJsonLd(context.publicUrl, [...crumbs, { name: section.title, path: `${ROOT}${section.key}/` }])] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const section = loaderData?.section;
  return pageMeta(rootDataOf(matches), {
    title: section ? `${section.title} — ${SVEDEN_TITLE}` : SVEDEN_TITLE,
    description: section ? `${SVEDEN_TITLE}: ${section.title}.` : 'Обязательный раздел сайта образовательной организации: основные сведения, документы, образование, педагогический состав и другие подразделы.',
    path: section ? `${ROOT}${section.key}/` : ROOT,
  });
};

export default function Sveden({ loaderData }: Route.ComponentProps) {
  const { nav, section } = loaderData;
  const { configs } = useRoot();
  const crumbs = [
    { name: 'Главная', path: '/' },
    ...(section ? [{ name: SVEDEN_TITLE, path: ROOT }, { name: section.title, path: `${ROOT}${section.key}/` }] : [{ name: SVEDEN_TITLE, path: ROOT }]),
  ];
  if (!section) {
    return (
      <main className="page container">
        <Breadcrumbs crumbs={crumbs} />
        <header className="page__header">
          <h1 className="page__title">{SVEDEN_TITLE}</h1>
        </header>
        <SvedenNavigation nav={nav} variant="list" />
      </main>
    );
  }
  return (
    <main className="page container">
      <Breadcrumbs crumbs={crumbs} />
      <div className="sveden-layout">
        <SvedenNavigation nav={nav} current={section.key} />
        <div>
          <header className="page__header">
            <h1 className="page__title">{section.title}</h1>
          </header>
          <SvedenSectionView section={section} />
          {section.key === 'common' && legalDetails(configs).length > 0 ? (
            // The basic information ends with the legal details of the site settings, as they are now (decision 0074).
            <section className="sveden-group" aria-labelledby="sveden-legal-title">
              <h2 id="sveden-legal-title" className="sveden-group__title">
                Реквизиты
              </h2>
              <LegalDetails configs={configs} />
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}
