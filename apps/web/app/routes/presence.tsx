import { Link } from 'react-router';
import type { Route } from './+types/presence';
import { createApi } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.server.ts';
import { Breadcrumbs } from '../components/seo/Breadcrumbs.tsx';
import { Blocks, PAGE_IMAGE_OPTS } from '../features/content/Blocks.tsx';
import { GroupStarts } from '../features/content/GroupStarts.tsx';
import { orNull } from '../features/content/load.ts';
import { PageHead, pageCrumbs } from '../features/content/PageView.tsx';
import { Visit } from '../features/content/Visit.tsx';

const SLUG = 'presence';
const PATH = '/presence/';
const FALLBACK_TITLE = 'Обучение в школе';
/** The nearest in-person starts; the whole list is on /schedule/. */
const GROUPS_SHOWN = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const api = createApi(context.api);
  // Without its content page the in-person page is still the list of in-person groups.
  const [found, schedule] = await Promise.all([orNull(api.page(SLUG, { image_opts: PAGE_IMAGE_OPTS })), api.schedule()]);
  const page = found?.kind === 'page' ? found : null;
  const groups = schedule.filter((group) => group.format === 'offline' || group.format === 'blended').slice(0, GROUPS_SHOWN);
  return { page, groups, jsonLd: [breadcrumbJsonLd(context.publicUrl, pageCrumbs(page?.title ?? FALLBACK_TITLE, PATH))] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  return pageMeta(rootDataOf(matches), {
    title: page ? page.seo.title || page.title : FALLBACK_TITLE,
    description: page ? (page.seo.description ?? page.excerpt) : 'Очные курсы школы Crema в учебной студии: ближайшие группы, адрес и телефоны.',
    keywords: page?.seo.keywords,
    path: PATH,
    og: page
      ? { title: page.og.title, description: page.og.description ?? page.excerpt, image: page.og.image?.original ?? page.image?.original }
      : undefined,
  });
};

export default function Presence({ loaderData }: Route.ComponentProps) {
  const { page, groups } = loaderData;
  return (
    <main className="page container">
      <div className="page__column">
        {page ? (
          <PageHead page={page} path={PATH}>
            <Visit />
          </PageHead>
        ) : (
          <>
            <Breadcrumbs crumbs={pageCrumbs(FALLBACK_TITLE, PATH)} />
            <header className="page__header">
              <h1 className="page__title">{FALLBACK_TITLE}</h1>
              <p className="page__lead">Очные занятия в учебной студии: практика на профессиональном оборудовании в небольших группах.</p>
              <Visit />
            </header>
          </>
        )}
        {page ? <Blocks blocks={page.blocks} priorityFirst={!page.image} contacts={<Visit label="Как с нами связаться" />} /> : null}
        <section className="presence__schedule" aria-labelledby="presence-groups">
          <div className="presence__schedule-head">
            <h2 id="presence-groups" className="presence__schedule-title">
              Ближайшие очные группы
            </h2>
            <Link className="back-link" to={paths.schedule()}>
              Всё расписание <span aria-hidden="true">→</span>
            </Link>
          </div>
          {groups.length > 0 ? (
            <GroupStarts groups={groups} headingLevel={3} />
          ) : (
            <div className="empty-state">
              <p>Ближайших очных наборов пока нет — новые группы появляются каждый месяц. Позвоните нам, и мы запишем вас в лист ожидания.</p>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
