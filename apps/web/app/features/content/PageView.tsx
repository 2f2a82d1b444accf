import type { PageExtended } from '@crema/contract';
import { Breadcrumbs } from '../../components/seo/Breadcrumbs.tsx';
import { paths } from '../../lib/paths.ts';
import { Blocks, COVER_IMAGE } from './Blocks.tsx';
import { Visit } from './Visit.tsx';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import './content.css';

/** A content page's own path (/{slug}/). */
export const contentPagePath = (slug: string) => `/${slug}/`;

/** The trail of a content page (its BreadcrumbList is built from the same list in the loader). */
export function pageCrumbs(title: string, path: string) {
  return [
    { name: 'Главная', path: paths.home() },
    { name: title, path },
  ];
}

/** The head of a content page: breadcrumbs, h1, lead and cover. */
export function PageHead({ page, path, children }: { page: PageExtended; path: string; children?: React.ReactNode }) {
  return (
    <>
      <Breadcrumbs crumbs={pageCrumbs(page.title, path)} />
      <header className="page__header">
        <h1 className="page__title">{page.seo.h1 || page.title}</h1>
        {page.excerpt ? <p className="page__lead">{page.excerpt}</p> : null}
        {children}
      </header>
      {page.image ? (
        <figure className="page__cover">
          <MediaImage className="page__cover-image" image={page.image} alt={page.title} {...COVER_IMAGE} priority />
        </figure>
      ) : null}
    </>
  );
}

/**
 * A whole content page: head and blocks in one reading column, then whatever the route adds
 * (`head`: added under the lead).
 */
export function PageView({ page, head, children }: { page: PageExtended; head?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <main className="page container">
      <div className="page__column">
        <PageHead page={page} path={contentPagePath(page.slug)}>
          {head}
        </PageHead>
        <Blocks blocks={page.blocks} priorityFirst={!page.image} contacts={<Visit label="Как с нами связаться" />} />
        {children}
      </div>
    </main>
  );
}
