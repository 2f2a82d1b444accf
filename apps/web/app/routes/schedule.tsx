import { Link } from 'react-router';
import type { Route } from './+types/schedule';
import { createApi } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import { breadcrumbJsonLd } from '../lib/structured-data.server.ts';
import { Breadcrumbs } from '../components/seo/Breadcrumbs.tsx';
import { GroupStarts } from '../features/content/GroupStarts.tsx';

type Audience = 'adult' | 'kids';

const TABS: { type: Audience | null; label: string }[] = [
  { type: null, label: 'Все' },
  { type: 'adult', label: 'Для взрослых' },
  { type: 'kids', label: 'Для детей' },
];
const AUDIENCE_TEXT: Record<Audience, string> = { adult: 'для взрослых', kids: 'для детей' };

const CRUMBS = [
  { name: 'Главная', path: paths.home() },
  { name: 'Расписание', path: paths.schedule() },
];

const scheduleHref = (type: Audience | null) => (type ? `${paths.schedule()}?type=${type}` : paths.schedule());

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('type');
  // An unknown audience is simply the whole schedule.
  const type: Audience | null = raw === 'adult' || raw === 'kids' ? raw : null;
  const groups = await createApi(context.api).schedule(type ? { type } : {});
  return { groups, type, jsonLd: [breadcrumbJsonLd(context.publicUrl, CRUMBS)] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const type = loaderData?.type ?? null;
  return pageMeta(rootDataOf(matches), {
    title: type ? `Расписание наборов ${AUDIENCE_TEXT[type]}` : 'Расписание наборов',
    description: `Ближайшие старты групп школы Crema${type ? ` ${AUDIENCE_TEXT[type]}` : ''}: даты, формат, преподаватели и свободные места.`,
    path: scheduleHref(type),
  });
};

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { groups, type } = loaderData;
  return (
    <main className="page container">
      <div className="page__wide">
        <Breadcrumbs crumbs={CRUMBS} />
        <header className="page__header">
          <h1 className="page__title">Расписание наборов</h1>
          <p className="page__lead">Ближайшие старты групп: выберите удобные даты и формат — очно в студии, онлайн или смешанный.</p>
        </header>
        <nav aria-label="Для кого">
          <ul className="schedule__tabs">
            {TABS.map((tab) => (
              <li key={tab.label}>
                <Link className="schedule__tab" to={scheduleHref(tab.type)} aria-current={tab.type === type ? 'page' : undefined} preventScrollReset>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {groups.length > 0 ? (
          <GroupStarts groups={groups} />
        ) : (
          <div className="empty-state">
            <h2 className="empty-state__title">Ближайших наборов {type ? `${AUDIENCE_TEXT[type]} ` : ''}пока нет</h2>
            <p>Новые группы появляются каждый месяц. А пока загляните в каталог: онлайн-курсы можно начать в любой день.</p>
            <p>
              <Link className="button button--primary" to={paths.courses()}>
                Каталог курсов
              </Link>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
