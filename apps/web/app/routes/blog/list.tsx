import type { Route } from './+types/list';
import { createApi } from '../../api/client.ts';
import { paths } from '../../lib/paths.ts';
import { pageMeta, rootDataOf } from '../../lib/seo.ts';
import { breadcrumbJsonLd } from '../../lib/structured-data.server.ts';
import { Breadcrumbs } from '../../components/seo/Breadcrumbs.tsx';
import { notFound, orNotFound, pageParam } from '../../features/content/load.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { POST_CARD_IMAGE_OPTS, PostCard } from '../../features/content/PostCard.tsx';

/** Three rows of three cards on a wide screen. */
const PAGE_SIZE = 9;
const DESCRIPTION = 'Статьи школы Crema о кофе: рецепты, оборудование, обжарка, латте-арт и профессия бариста.';

const CRUMBS = [
  { name: 'Главная', path: paths.home() },
  { name: 'Блог', path: paths.blog() },
];

const pageHref = (page: number) => (page > 1 ? `${paths.blog()}?page=${page}` : paths.blog());

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url));
  if (page === null) notFound();
  const list = await orNotFound(
    createApi(context.api).pages({ kind: 'post', page, page_size: PAGE_SIZE, image_opts: POST_CARD_IMAGE_OPTS }),
  );
  const totalPages = Math.max(1, Math.ceil(list.count / PAGE_SIZE));
  // A page past the last one does not exist (the first one always does, even when empty).
  if (page > totalPages) notFound();
  return { posts: list.results, page, totalPages, jsonLd: [breadcrumbJsonLd(context.publicUrl, CRUMBS)] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page ?? 1;
  return pageMeta(rootDataOf(matches), {
    title: page > 1 ? `Блог — страница ${page}` : 'Блог',
    description: DESCRIPTION,
    path: pageHref(page),
  });
};

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, page, totalPages } = loaderData;
  return (
    <main className="page container">
      <Breadcrumbs crumbs={CRUMBS} />
      <header className="page__header">
        <h1 className="page__title">Блог</h1>
        <p className="page__lead">{DESCRIPTION}</p>
      </header>
      {posts.length > 0 ? (
        <ul className="post-grid">
          {posts.map((post, index) => (
            <li key={post.id}>
              <PostCard post={post} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <h2 className="empty-state__title">Статей пока нет</h2>
          <p>Мы готовим первые материалы — загляните сюда чуть позже.</p>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} label="Страницы блога" />
    </main>
  );
}
