import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { ApplicationCard } from '@crema/contract';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, moscowTime, phoneShown, schoolPaths, FilterSelect, listHref } from './ui.tsx';

export const APPLICATIONS_PAGE_SIZE = 20;

/** The inbox's filters as the address holds them. */
export interface ApplicationFilters {
  search?: string;
  status?: 'new' | 'in_work' | 'done' | 'spam';
  form?: string;
  course?: number;
  assignee?: 'me' | 'none';
  from?: string;
  to?: string;
  sort?: '-created_at' | 'created_at' | 'status';
}

/** What the loader gives besides the page: the status words and the courses to filter by. */
export interface ApplicationWords {
  statuses: Record<string, string>;
  courses: { id: number; title: string }[];
}

const SORT_OPTIONS = [
  ['-created_at', 'Сначала новые'],
  ['created_at', 'Сначала давние'],
  ['status', 'По статусу'],
] as const;

/** An application's status as a small label (the word, never the colour alone). */
export function StatusLabel({ status, words }: { status: string; words: Record<string, string> }) {
  return <span className={`application-status application-status--${status}`}>{words[status] ?? status}</span>;
}

/**
 * /admin/school/applications/: what people sent through the site's forms, newest first, filtered,
 * searched and paged on the server; each opens its card.
 */
export function ApplicationsScreen({
  applications,
  count,
  page,
  filters,
  words,
}: {
  applications: ApplicationCard[];
  count: number;
  page: number;
  filters: ApplicationFilters;
  words: ApplicationWords;
}) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / APPLICATIONS_PAGE_SIZE));
  const hrefWith = (changes: Partial<ApplicationFilters>, n = 1) => listHref(schoolPaths.applications(), { ...filters, ...changes }, n);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-labelledby="school-applications-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-applications-title">Заявки</h1>
      </div>
      <p className="admin-muted school-lead">Заявки с форм сайта: записи на курсы, вопросы, корпоративные запросы. Письмо о каждой по-прежнему приходит на почту школы.</p>
      <Form method="get" action={schoolPaths.applications()} className="audit-filters" role="search" aria-label="Поиск заявок" key={hrefWith({})}>
        {filters.form ? <input type="hidden" name="form" value={filters.form} /> : null}
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Имя, e-mail или телефон</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <FilterSelect label="Статус" name="status" value={filters.status} options={Object.entries(words.statuses)} all="Все" />
        <FilterSelect label="Курс" name="course" value={filters.course} options={words.courses.map((course) => [course.id, course.title] as const)} all="Все курсы" />
        <div className="admin-field">
          <label htmlFor={`${id}-assignee`}>Ответственный</label>
          <select id={`${id}-assignee`} className="admin-input" name="assignee" defaultValue={filters.assignee ?? ''}>
            <option value="">Любой</option>
            <option value="me">Мои</option>
            <option value="none">Не назначен</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>С</label>
          <input id={`${id}-from`} className="admin-input" type="date" name="from" defaultValue={filters.from ?? ''} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>По</label>
          <input id={`${id}-to`} className="admin-input" type="date" name="to" defaultValue={filters.to ?? ''} />
        </div>
        <FilterSelect label="Порядок" name="sort" value={filters.sort ?? '-created_at'} options={SORT_OPTIONS} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      {filters.form ? (
        <p>
          Только с формы «{applications[0]?.form.title ?? filters.form}». <Link to={hrefWith({ form: undefined })}>Со всех форм</Link>
        </p>
      ) : null}
      <p className="admin-muted" role="status">
        {filtered ? `Найдено заявок: ${count}` : `Всего заявок: ${count}`}
      </p>
      <div aria-busy={navigation.state === 'loading'}>
        {applications.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Список заявок" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Кто</th>
                  <th scope="col">Форма и курс</th>
                  <th scope="col">Статус</th>
                  <th scope="col">Ответственный</th>
                  <th scope="col">Получена</th>
                </tr>
              </thead>
              <tbody>
                {applications.map((a) => (
                  <tr key={a.id}>
                    <td data-label="Кто">
                      <Link className="audit-action" to={schoolPaths.application(a.id)}>
                        {a.name || a.email || `Заявка №${a.id}`}
                      </Link>
                      {a.email ? <span className="audit-small">{a.email}</span> : null}
                      {a.phone ? <span className="audit-small application-phone">{phoneShown(a.phone)}</span> : null}
                    </td>
                    <td data-label="Форма и курс">
                      <Link to={hrefWith({ form: a.form.key })}>{a.form.title}</Link>
                      {a.course ? <span className="audit-small">{a.course.title}</span> : null}
                    </td>
                    <td data-label="Статус">
                      <StatusLabel status={a.status} words={words.statuses} />
                    </td>
                    <td data-label="Ответственный">{a.assignee?.name ?? '—'}</td>
                    <td data-label="Получена">{moscowTime(a.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filtered ? 'Ничего не нашли. Измените запрос или фильтры.' : 'Заявок пока нет: они появятся, когда кто-нибудь отправит форму на сайте.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы заявок" hrefFor={(n) => hrefWith({}, n)} />
    </section>
  );
}
