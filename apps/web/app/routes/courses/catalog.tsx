import { data, Link } from 'react-router';
import type { Route } from './+types/catalog';
import type { Category } from '@crema/contract';
import { COURSE_FORMS, formatCount } from '@crema/contract/format';
import { useRootData } from '../../lib/root-data.ts';
import { ApiRequestError, createApi } from '../../api/client.ts';
import { pageMeta, rootDataOf, type Crumb } from '../../lib/seo.ts';
import { breadcrumbJsonLd, loadSchool } from '../../lib/structured-data.server.ts';
import { Breadcrumbs } from '../../components/seo/Breadcrumbs.tsx';
import { CourseCard } from '../../features/catalog/CourseCard.tsx';
import { CatalogFilters, CatalogToolbar, useCatalogControls } from '../../features/catalog/CatalogFilters.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import {
  catalogHref,
  hasRefinements,
  isFiltered,
  parseCatalogParams,
  toApiQuery,
  type CatalogState,
} from '../../features/catalog/catalog-query.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = parseCatalogParams(new URL(request.url).searchParams);
  const api = createApi(context.api);
  const [result, categories, school, subsections] = await Promise.all([
    api.courses(toApiQuery(state)).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }),
    // The root loader asks the same: the API's micro-cache answers it.
    api.categories(),
    loadSchool(context),
    // A collection link (/courses/?subsections=6, a home page tile) names its collection.
    state.subsections.length > 0 ? api.subsections() : Promise.resolve([]),
  ]);
  const category = categories.find((c) => c.id === state.category);
  const collections = state.subsections.flatMap((id) => subsections.filter((s) => s.id === id).map((s) => ({ id: s.id, title: s.title })));
  // A page past the end of a non-empty list does not exist.
  if (state.page > 1 && result.content.length === 0) throw data(null, { status: 404 });
  return {
    state,
    courses: result.content,
    filters: result.filters,
    minDuration: result.total_min_duration,
    maxDuration: result.total_max_duration,
    count: result.count,
    totalPages: result.total_pages,
    collections,
    description: describe(state, category, school.configs.SITE_NAME || 'Crema'),
    jsonLd: [breadcrumbJsonLd(context.publicUrl, crumbsOf(state, category))],
  };
}

/** The page's meta description (built in the loader: its texts need not travel as JavaScript). */
function describe(state: CatalogState, category: Category | undefined, siteName: string): string {
  if (category) return `Курсы направления «${category.name}» в школе ${siteName}: программы, преподаватели, цены и ближайшие группы.`;
  if (state.type === 'kids') return `Курсы для детей и подростков в школе ${siteName}: какао, шоколад, опыты со вкусом — без кофеина.`;
  return `Каталог курсов школы ${siteName}: бариста, латте-арт, обжарка, альтернативные методы, открытие кофейни.`;
}

const AUDIENCE_TITLES = { adult: 'Курсы для взрослых', kids: 'Курсы для детей' } as const;

/** The audience the page is about: asked for, or implied by the chosen category. */
function audienceOf(state: CatalogState, category: Category | undefined) {
  return state.type ?? category?.type;
}

/** A collection of courses (a subsection: 'В подарок') the catalogue is filtered by. */
interface Collection {
  id: number;
  title: string;
}

function headingOf(state: CatalogState, category: Category | undefined, collections: Collection[] = []): string {
  if (category) return category.name;
  // One collection, as its link opens it: the page is about it.
  if (collections.length === 1) return collections[0]!.title;
  if (state.type) return AUDIENCE_TITLES[state.type];
  return 'Каталог курсов';
}

/** The trail: the catalogue, then the audience or category being looked at. */
function crumbsOf(state: CatalogState, category: Category | undefined): Crumb[] {
  const crumbs: Crumb[] = [
    { name: 'Главная', path: '/' },
    { name: 'Каталог курсов', path: '/courses/' },
  ];
  if (category) crumbs.push({ name: category.name, path: catalogHref({ category: category.id }) });
  else if (state.type) crumbs.push({ name: AUDIENCE_TITLES[state.type], path: catalogHref({ type: state.type }) });
  return crumbs;
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const root = rootDataOf(matches);
  if (!page) return pageMeta(root, { title: 'Каталог курсов', path: '/courses/' });
  const { state } = page;
  const category = root?.categories.find((c) => c.id === state.category);
  const heading = headingOf(state, category, page.collections);
  // Only the audience, category and page make distinct pages; search and filters are views of them.
  const path = catalogHref({ type: category ? undefined : state.type, category: category?.id, page: state.page });
  return pageMeta(root, {
    title: state.page > 1 ? `${heading} — страница ${state.page}` : heading,
    description: page.description,
    path,
    noindex: hasRefinements(state) || (state.category !== undefined && !category),
  });
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const { state, courses, filters, count, totalPages, collections } = loaderData;
  const { view, busy } = useCatalogControls(state);
  const categories = root?.categories ?? [];
  const category = categories.find((c) => c.id === state.category);
  const audience = audienceOf(view, categories.find((c) => c.id === view.category));
  const chips = audience ? categories.filter((c) => c.type === audience) : categories;
  const keep = { ...view, page: 1 };

  return (
    <main className="catalog">
      <div className="catalog-head">
        <div className="container">
          <Breadcrumbs crumbs={crumbsOf(state, category)} />
          <h1 className="catalog-head__title">{headingOf(state, category, collections)}</h1>
          {collections.length > 0 ? (
            <ul className="catalog-collections" aria-label="Подборка">
              {collections.map((collection) => (
                <li key={collection.id}>
                  <span className="catalog-collections__name">Подборка «{collection.title}»</span>
                  <Link
                    className="catalog-collections__clear"
                    to={catalogHref({ ...keep, subsections: view.subsections.filter((id) => id !== collection.id) })}
                    aria-label={`Сбросить подборку «${collection.title}»`}
                    preventScrollReset
                  >
                    <span aria-hidden="true">×</span>
                    <span className="catalog-collections__clear-text">Сбросить</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          <nav className="audience-tabs" aria-label="Для кого курсы">
            {(
              [
                [undefined, 'Все курсы'],
                ['adult', 'Для взрослых'],
                ['kids', 'Для детей'],
              ] as const
            ).map(([type, label]) => (
              <Link
                key={label}
                className="audience-tabs__tab"
                to={catalogHref({ ...keep, type, category: undefined })}
                aria-current={audience === type ? 'page' : undefined}
                preventScrollReset
              >
                {label}
              </Link>
            ))}
          </nav>

          <nav className="category-chips" aria-label="Направления">
            <ul className="category-chips__list">
              <li>
                <Link
                  className="chip category-chips__chip"
                  to={catalogHref({ ...keep, type: audience, category: undefined })}
                  aria-current={view.category === undefined ? 'true' : undefined}
                  preventScrollReset
                >
                  Все направления
                </Link>
              </li>
              {chips.map((chip) => (
                <li key={chip.id}>
                  <Link
                    className="chip category-chips__chip"
                    to={catalogHref({ ...keep, type: view.type, category: view.category === chip.id ? undefined : chip.id })}
                    aria-current={view.category === chip.id ? 'true' : undefined}
                    preventScrollReset
                  >
                    {chip.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>

      <div className="container catalog-layout">
        <aside className="catalog-layout__filters" aria-label="Фильтры">
          <CatalogFilters
            state={state}
            filters={filters}
            minDuration={loaderData.minDuration}
            maxDuration={loaderData.maxDuration}
          />
        </aside>

        <CatalogToolbar state={state} count={formatCount(count, COURSE_FORMS)} />

        <section className="catalog-layout__results" aria-label="Курсы" aria-busy={busy}>
          {courses.length > 0 ? (
            <ul className={`course-grid${busy ? ' course-grid--busy' : ''}`}>
              {courses.map((course, index) => (
                <li key={course.id}>
                  <CourseCard course={course} heading="h2" priority={index === 0} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="catalog-empty">
              <h2 className="catalog-empty__title">Таких курсов пока нет</h2>
              <p>
                {state.search
                  ? `По запросу «${state.search}» ничего не нашлось. Попробуйте другое слово или уберите часть фильтров.`
                  : 'Под выбранные условия не подходит ни один курс. Уберите часть фильтров или посмотрите весь каталог.'}
              </p>
              {isFiltered(state) ? (
                <Link className="button button--primary" to="/courses/">
                  Сбросить фильтры
                </Link>
              ) : null}
            </div>
          )}
          <Pagination label="Страницы каталога" page={state.page} totalPages={totalPages} hrefFor={(page) => catalogHref({ ...state, page })} />
        </section>
      </div>
    </main>
  );
}
