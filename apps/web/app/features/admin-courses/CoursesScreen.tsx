import { Link, useNavigation } from 'react-router';
import type { AdminCourseCard, Paginated } from '@crema/contract';
import { formatCount, formatPrice, LESSON_FORMS, MODULE_FORMS } from '@crema/contract/format';
import { adminPaths } from './paths.ts';
import { useSearchForm } from './ui.tsx';
import { DuplicateCourseButton } from './duplicate.tsx';
import './admin.css';

// /admin/courses/ 'Мои курсы': the owner's courses, drafts and published,
// with a search by title or address, each a card with its status, learners and lessons.

const LEARNER_FORMS = ['ученик', 'ученика', 'учеников'] as const;

export interface CoursesQuery {
  search: string;
  status: '' | 'draft' | 'published';
  page: number;
}

function CourseCard({ course }: { course: AdminCourseCard }) {
  return (
    <li className="admin-card">
      {course.image ? (
        <img className="admin-card__image" src={course.image.url} alt="" width={96} height={64} loading="lazy" />
      ) : (
        <span className="admin-card__image" aria-hidden="true" />
      )}
      <div>
        <h2 className="admin-card__title">
          <Link to={adminPaths.edit(course.id)}>{course.title}</Link>
        </h2>
        <ul className="admin-card__facts">
          <li>
            <span className={`admin-status admin-status--${course.is_published ? 'published' : 'draft'}`}>
              {course.is_published ? 'Опубликован' : 'Черновик'}
            </span>
          </li>
          <li>{course.category.name}{course.is_kids ? ', для детей' : ''}</li>
          <li>{formatCount(course.learners_count, LEARNER_FORMS)}</li>
          <li>
            {formatCount(course.modules_count, MODULE_FORMS)}, {formatCount(course.lessons_count, LESSON_FORMS)}
          </li>
          <li>{course.price === null ? 'Цена не указана' : course.price === 0 ? 'Бесплатно' : formatPrice(course.price)}</li>
        </ul>
      </div>
      <div className="admin-card__actions">
        <Link className="button button--ghost button--small" to={adminPaths.programme(course.id)}>
          Программа
        </Link>
        <Link className="button button--ghost button--small" to={adminPaths.audience(course.id)}>
          Ученики
        </Link>
        <DuplicateCourseButton course={course} />
      </div>
    </li>
  );
}

export function CoursesScreen({ page, query }: { page: Paginated<AdminCourseCard>; query: CoursesQuery }) {
  const search = useSearchForm();
  const navigation = useNavigation();
  const filtered = Boolean(query.search || query.status);
  const pages = Math.max(1, Math.ceil(page.count / 20));
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set('search', query.search);
    if (query.status) params.set('status', query.status);
    if (n > 1) params.set('page', String(n));
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <section aria-labelledby="admin-courses-title">
      <div className="admin-head">
        <h1 id="admin-courses-title">Мои курсы</h1>
        <Link className="button button--primary" to={adminPaths.addCourse()}>
          Добавить курс
        </Link>
      </div>
      <form method="get" role="search" className="admin-filters" aria-label="Поиск курсов" onSubmit={search.onSubmit} onChange={search.onChange}>
        <input type="search" name="search" defaultValue={query.search} placeholder="Название или адрес курса" aria-label="Название или адрес курса" />
        <select name="status" defaultValue={query.status} aria-label="Статус">
          <option value="">Все курсы</option>
          <option value="draft">Черновики</option>
          <option value="published">Опубликованные</option>
        </select>
        <button type="submit" className="button button--ghost">
          Найти
        </button>
      </form>
      <div aria-busy={navigation.state === 'loading'}>
        {page.results.length ? (
          <ul className="admin-cards">
            {page.results.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </ul>
        ) : (
          <div className="admin-empty">
            {filtered ? (
              <p>Ничего не найдено. Измените запрос или статус.</p>
            ) : (
              <p>
                У вас пока нет курсов. <Link to={adminPaths.addCourse()}>Добавьте первый курс</Link> — сначала он будет черновиком,
                ученики его не увидят, пока вы его не опубликуете.
              </p>
            )}
          </div>
        )}
      </div>
      {pages > 1 ? (
        <nav className="admin-actions" aria-label="Страницы" style={{ marginTop: 16 }}>
          {query.page > 1 ? <Link to={pageLink(query.page - 1)}>← Назад</Link> : null}
          <span className="admin-muted">
            Страница {query.page} из {pages}
          </span>
          {query.page < pages ? <Link to={pageLink(query.page + 1)}>Дальше →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
