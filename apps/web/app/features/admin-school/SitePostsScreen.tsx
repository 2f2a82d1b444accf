import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { SitePostCard } from '@crema/contract';
import { Pagination } from '../../ui/Pagination.tsx';
import { FilterSelect, SiteTabs, listHref, moscowTime, schoolPaths } from './ui.tsx';

// /admin/school/site/posts/ (decision 0070): the blog's posts and the site's pages — their state
// (a draft, scheduled for a Moscow time, on the site), filtered, searched, sorted and paged on the server.

export const SITE_POSTS_PAGE_SIZE = 20;

export interface SitePostFilters {
  kind?: 'post' | 'page';
  status?: 'draft' | 'scheduled' | 'published';
  search?: string;
  sort?: '-updated_at' | '-publish_from' | 'title';
}

/** The words of the posts' screens (from the loader). */
export interface SitePostWords {
  kinds: Record<string, string>;
  statuses: Record<string, string>;
  sorts: Record<string, string>;
}

/** 'Черновик', 'Запланирована на 01.12.2026, 10:00', 'Опубликована 28.11.2026, 09:15'. */
export function statusText(post: Pick<SitePostCard, 'status' | 'publish_from'>, words: SitePostWords): string {
  if (post.status === 'scheduled' && post.publish_from) return `Запланирована на ${moscowTime(post.publish_from)}`;
  if (post.status === 'published' && post.publish_from) return `Опубликована ${moscowTime(post.publish_from)}`;
  return words.statuses[post.status] ?? post.status;
}

export function SitePostsScreen({
  posts,
  count,
  page,
  filters,
  words,
}: {
  posts: SitePostCard[];
  count: number;
  page: number;
  filters: SitePostFilters;
  words: SitePostWords;
}) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / SITE_POSTS_PAGE_SIZE));
  const pageHref = (n: number) => listHref(schoolPaths.posts(), filters, n);
  return (
    <section aria-labelledby="site-posts-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="site-posts-title">Блог и страницы</h1>
        <div className="admin-head__actions">
          <Link className="button button--primary" to={schoolPaths.newPost('post')}>
            Новая запись
          </Link>
          <Link className="button button--ghost" to={schoolPaths.newPost('page')}>
            Новая страница
          </Link>
        </div>
      </div>
      <Form method="get" action={schoolPaths.posts()} className="audit-filters" role="search" aria-label="Поиск записей и страниц" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Заголовок или адрес</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <FilterSelect label="Вид" name="kind" value={filters.kind} options={Object.entries(words.kinds)} all="Записи и страницы" />
        <FilterSelect label="Состояние" name="status" value={filters.status} options={Object.entries(words.statuses)} all="Все" />
        <FilterSelect label="Порядок" name="sort" value={filters.sort ?? '-updated_at'} options={Object.entries(words.sorts)} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      <p className="admin-muted">Найдено: {count}</p>
      <div aria-busy={navigation.state === 'loading'}>
        {posts.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Записи и страницы" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Заголовок</th>
                  <th scope="col">Вид</th>
                  <th scope="col">Состояние</th>
                  <th scope="col">Изменена</th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id}>
                    <td data-label="Заголовок">
                      <Link className="audit-action" to={schoolPaths.post(post.id)}>
                        {post.title}
                      </Link>
                      <span className="audit-small">{post.url}</span>
                    </td>
                    <td data-label="Вид">{words.kinds[post.kind] ?? post.kind}</td>
                    <td data-label="Состояние">
                      <span className={`admin-status admin-status--${post.status === 'draft' ? 'draft' : 'published'}`}>{statusText(post, words)}</span>
                    </td>
                    <td data-label="Изменена">{moscowTime(post.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filters.search || filters.kind || filters.status ? 'Ничего не нашли. Измените запрос или фильтр.' : 'Пока ни одной записи.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка записей" hrefFor={pageHref} />
    </section>
  );
}
