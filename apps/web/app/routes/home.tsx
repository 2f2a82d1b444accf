import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import { paths } from '../lib/paths.ts';
import { pluralRu } from '@crema/contract/format';

const FEATURES = [
  { title: 'Практика с первого дня', text: 'Учебная кофейня с профессиональными машинами и кофемолками: на занятиях вы готовите, а не смотрите.' },
  { title: 'Преподаватели-практики', text: 'Чемпионы и судьи бариста-соревнований, обжарщики и владельцы кофеен.' },
  { title: 'Онлайн и в классе', text: 'Теория в личном кабинете в удобное время, практика — в группе по расписанию.' },
  { title: 'Сертификат школы', text: 'После итогового теста вы получаете сертификат, который знают работодатели.' },
];

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const categories = root?.categories ?? [];
  const adult = categories.filter((c) => c.type === 'adult');
  const kids = categories.filter((c) => c.type === 'kids');
  const siteName = root?.configs.SITE_NAME ?? 'Crema';
  return (
    <main>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">Школа кофейного мастерства для взрослых и детей</h1>
          <p className="hero__text">
            {root?.configs.SITE_DESCRIPTION ??
              'Курсы бариста, обжарки и латте-арта: от первой чашки эспрессо до собственной кофейни.'}
          </p>
          <div className="hero__actions">
            <Link to={paths.courses()} className="button button--light">
              Выбрать курс
            </Link>
            <Link to={paths.schedule()} className="button button--ghost" style={{ color: '#fff', borderColor: '#fff' }}>
              Расписание групп
            </Link>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="directions-title">
        <h2 id="directions-title" className="section__title">
          Направления обучения
        </h2>
        <p className="section__lead">
          В {siteName} учатся будущие бариста, владельцы кофеен и все, кто хочет варить кофе дома как в любимой кофейне.
        </p>
        <div className="audiences">
          {[
            { title: 'Для взрослых', list: adult },
            { title: 'Для детей', list: kids },
          ]
            .filter((group) => group.list.length > 0)
            .map((group) => (
              <article key={group.title} className="audience-card">
                <h3 className="audience-card__title">{group.title}</h3>
                <p className="section__lead">
                  {group.list.length} {pluralRu(group.list.length, ['направление', 'направления', 'направлений'])} —
                  выберите своё.
                </p>
                <ul className="audience-card__list">
                  {group.list.map((category) => (
                    <li key={category.id}>
                      <Link className="chip" to={paths.category(category.id)}>
                        {category.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
        </div>
      </section>

      <section className="section container" aria-labelledby="why-title">
        <h2 id="why-title" className="section__title">
          Почему у нас
        </h2>
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature">
              <h3 className="feature__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

