import { useId } from 'react';
import type { AdminCourseCard, AdminGroupOption, AdminProgressRow } from '@crema/contract';
import { adminProgressExportUrl, type AdminProgressFilters } from '../../api/admin.ts';
import { toQuery } from '../../api/client.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import './admin-tests.css';

export const PROGRESS_PAGE_SIZE = 20;

// Moscow time, as everywhere on the site; not the contract's format helpers (they belong to the
// shell chunk, and this page must add nothing to it).
const moscow = (iso: string, withTime: boolean) =>
  new Date(iso).toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });

function learnerName(row: AdminProgressRow): string {
  if (row.student) return `${row.student.last_name} ${row.student.first_name}`.trim();
  return [row.user.last_name, row.user.first_name].filter(Boolean).join(' ') || row.user.email;
}

function Bar({ percent }: { percent: number }) {
  return (
    <span className="ap-bar">
      <span className="ap-bar__track" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="Прогресс">
        <span className="ap-bar__fill" style={{ width: `${percent}%` }} />
      </span>
      <span>{percent}%</span>
    </span>
  );
}

/**
 * /admin/progress/ (decision 0038): learners of my courses with their numbers — a table on wide
 * screens, cards on a phone (the same rows, styled). Filters are a plain GET form (a page load: no
 * router imports the public pages' entry chunk would have to export), so a filtered
 * list is a shareable address and the export links carry the same filters.
 */
export function ProgressScreen({
  rows,
  count,
  page,
  filters,
  courses,
  groups,
}: {
  rows: AdminProgressRow[];
  count: number;
  page: number;
  filters: AdminProgressFilters;
  courses: AdminCourseCard[];
  groups: AdminGroupOption[];
}) {
  const id = useId();
  const totalPages = Math.max(1, Math.ceil(count / PROGRESS_PAGE_SIZE));
  const courseTitle = new Map(courses.map((c) => [c.id, c.title]));
  return (
    <div className="account__page at-page">
      <h1 className="account__title">Успеваемость учеников</h1>
      <form key={toQuery({ ...filters })} method="get" action="/admin/progress/" className="at-card ap-filters" aria-label="Фильтры">
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${id}-course`}>
            Курс
          </label>
          <select
            id={`${id}-course`}
            name="course"
            className="at-input"
            defaultValue={filters.course ?? ''}
            onChange={(event) => {
              const form = event.currentTarget.form!;
              (form.elements.namedItem('group') as HTMLSelectElement).value = '';
              form.requestSubmit();
            }}
          >
            <option value="">Все мои курсы</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </div>
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${id}-group`}>
            Группа
          </label>
          <select
            id={`${id}-group`}
            name="group"
            className="at-input"
            defaultValue={filters.group ?? ''}
            onChange={(event) => event.currentTarget.form!.requestSubmit()}
          >
            <option value="">Все группы</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.title}
                {filters.course ? '' : ` — ${courseTitle.get(group.course_id) ?? ''}`}
              </option>
            ))}
          </select>
        </div>
        <div className="at-field">
          <label className="at-field__label" htmlFor={`${id}-search`}>
            Поиск
          </label>
          <input
            id={`${id}-search`}
            name="search"
            type="search"
            className="at-input"
            placeholder="Имя или e-mail"
            defaultValue={filters.search ?? ''}
            maxLength={100}
          />
        </div>
        <button type="submit" className="button button--primary at-small">
          Показать
        </button>
      </form>
      <div className="ap-exports">
        <span>Найдено: {count}. Выгрузить с этими фильтрами:</span>
        <a className="button button--ghost at-small" href={adminProgressExportUrl('xlsx', filters)} download>
          Excel (XLSX)
        </a>
        <a className="button button--ghost at-small" href={adminProgressExportUrl('csv', filters)} download>
          CSV
        </a>
      </div>
      {rows.length ? (
        // Eight columns need more room than the page has between 767 px and ~1120 px (the sidebar
        // takes its share above 1024 px): the table scrolls sideways in its own box, reachable by
        // keyboard, and the page does not.
        <div className="ap-table-wrap" role="region" aria-label="Таблица прогресса учеников" tabIndex={0}>
          <table className="ap-table">
            <thead>
              <tr>
                <th scope="col">Ученик</th>
                <th scope="col">Курс</th>
                <th scope="col">Группа</th>
                <th scope="col">Прогресс</th>
                <th scope="col">Уроки</th>
                <th scope="col">Тесты</th>
                <th scope="col">Средний балл</th>
                <th scope="col">Последняя активность</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.user_course_id}>
                  <td className="ap-who" data-label="Ученик">
                    <span>{learnerName(row)}</span>
                    {row.student ? <span className="ap-child">ребёнок</span> : null}
                    <span className="ap-email">{row.user.email}</span>
                    {row.has_access ? null : <span className="ap-email">доступ закрыт</span>}
                  </td>
                  <td data-label="Курс">{row.course.title}</td>
                  <td data-label="Группа">{row.group?.title ?? '—'}</td>
                  <td data-label="Прогресс">
                    <Bar percent={row.progress} />
                  </td>
                  <td data-label="Уроки">
                    {row.lessons_done} из {row.lessons_total}
                  </td>
                  <td data-label="Тесты">
                    {row.tests_passed} из {row.tests_total}
                  </td>
                  <td data-label="Средний балл">{row.average_score === null ? '—' : row.average_score}</td>
                  <td data-label="Последняя активность">
                    {row.last_activity_at ? moscow(row.last_activity_at, true) : `записан ${moscow(row.enrolled_at, false)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="at-hint">
          {filters.course || filters.group || filters.search ? 'С такими фильтрами учеников нет.' : 'На ваших курсах пока нет учеников.'}
        </p>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        label="Страницы списка учеников"
        hrefFor={(n) => `/admin/progress/${toQuery({ ...filters, page: n > 1 ? n : undefined })}`}
      />
    </div>
  );
}
