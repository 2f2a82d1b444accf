import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { SchoolGroupCard } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, schoolPaths, FilterSelect, listHref } from './ui.tsx';

export const GROUPS_PAGE_SIZE = 20;

/** The list's filters as the address holds them. */
export interface GroupFilters {
  search?: string;
  course?: number;
  status?: 'draft' | 'published' | 'closed';
  sort?: 'starts_on' | '-starts_on' | 'title' | '-fill';
}

/** What the staff screens of groups need in words (given by the loader). */
export interface GroupWords {
  statuses: Record<string, string>;
  courses: { id: number; title: string }[];
}

const SORT_OPTIONS = [
  ['starts_on', 'Сначала ближние старты'],
  ['-starts_on', 'Сначала поздние старты'],
  ['title', 'По названию'],
  ['-fill', 'Сначала заполненные'],
] as const;

/** '3 из 8, свободно 5' — or '3, без ограничения'. */
export function seatsWords(g: Pick<SchoolGroupCard, 'seats_taken' | 'capacity' | 'seats_left'>): string {
  return g.capacity === null ? `${g.seats_taken}, без ограничения` : `${g.seats_taken} из ${g.capacity}, свободно ${g.seats_left}`;
}

/**
 * /admin/school/groups/: every course's groups — dates, state, seats taken and left, orders waiting
 * for payment and fill — filtered, searched, sorted and paged on the server.
 */
export function GroupsScreen({ groups, count, page, filters, words }: { groups: SchoolGroupCard[]; count: number; page: number; filters: GroupFilters; words: GroupWords }) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / GROUPS_PAGE_SIZE));
  const pageHref = (n: number) => listHref(schoolPaths.groups(), filters, n);
  return (
    <section aria-labelledby="school-groups-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-groups-title">Группы</h1>
        <Link className="button button--primary" to={schoolPaths.newGroup()}>
          Новая группа
        </Link>
      </div>
      <Form method="get" action={schoolPaths.groups()} className="audit-filters" role="search" aria-label="Поиск групп" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Группа или курс</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <FilterSelect label="Курс" name="course" value={filters.course} options={words.courses.map((c) => [c.id, c.title] as const)} all="Все курсы" />
        <FilterSelect label="Состояние" name="status" value={filters.status} options={Object.entries(words.statuses)} all="Все" />
        <FilterSelect label="Порядок" name="sort" value={filters.sort ?? 'starts_on'} options={SORT_OPTIONS} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      <p className="admin-muted">Найдено: {count}</p>
      <div aria-busy={navigation.state === 'loading'}>
        {groups.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Список групп" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Группа</th>
                  <th scope="col">Даты</th>
                  <th scope="col">Состояние</th>
                  <th scope="col">Места</th>
                  <th scope="col">Ждут оплаты</th>
                  <th scope="col">Заполненность</th>
                  <th scope="col">Занятий</th>
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => (
                  <tr key={g.id}>
                    <td data-label="Группа">
                      <Link className="audit-action" to={schoolPaths.group(g.id)}>
                        {g.title}
                      </Link>
                      <span className="audit-small">{g.course.title}</span>
                    </td>
                    <td data-label="Даты">
                      {formatDate(g.starts_on)}
                      {g.ends_on ? ` — ${formatDate(g.ends_on)}` : ''}
                    </td>
                    <td data-label="Состояние">
                      <span className={`admin-status admin-status--${g.status === 'published' ? 'published' : 'draft'}`}>{words.statuses[g.status] ?? g.status}</span>
                    </td>
                    <td data-label="Места">{seatsWords(g)}</td>
                    <td data-label="Ждут оплаты">{g.waiting_orders}</td>
                    <td data-label="Заполненность">
                      {g.fill_rate === null ? (
                        '—'
                      ) : (
                        <span className="groups-fill">
                          <meter min={0} max={100} value={g.fill_rate} aria-label={`Заполненность ${g.fill_rate}%`} />
                          {g.fill_rate}%
                        </span>
                      )}
                    </td>
                    <td data-label="Занятий">{g.sessions_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filters.search || filters.course || filters.status ? 'Групп не нашли. Измените запрос или фильтр.' : 'Пока ни одной группы.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка групп" hrefFor={pageHref} />
    </section>
  );
}
