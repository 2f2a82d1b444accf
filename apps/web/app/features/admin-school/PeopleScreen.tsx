import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { PersonCard } from '@crema/contract';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, moscowTime, personName, schoolPaths, FilterSelect, listHref } from './ui.tsx';

export const PEOPLE_PAGE_SIZE = 20;

/** The list's filters as the address holds them. */
export interface PeopleFilters {
  search?: string;
  role?: 'staff' | 'owner' | 'learner' | 'blocked';
  sort?: '-created_at' | 'created_at' | 'email' | '-last_login_at';
}

const ROLE_OPTIONS = [
  ['', 'Все'],
  ['learner', 'Ученики'],
  ['owner', 'Владельцы курсов'],
  ['staff', 'Сотрудники'],
  ['blocked', 'Заблокированные'],
] as const;

const SORT_OPTIONS = [
  ['-created_at', 'Сначала новые'],
  ['created_at', 'Сначала давние'],
  ['email', 'По e-mail'],
  ['-last_login_at', 'По последнему входу'],
] as const;

/** A person's roles in words. */
export function roleWords(person: Pick<PersonCard, 'is_staff' | 'is_course_owner' | 'blocked_at'>): string[] {
  return [person.is_staff ? 'сотрудник' : '', person.is_course_owner ? 'владелец курсов' : '', person.blocked_at ? 'заблокирован' : ''].filter(Boolean);
}

/**
 * /admin/school/people/: everyone with an account, found by name, e-mail or phone (as typed: '8 916…'
 * finds +7 916…), filtered by role and sorted on the server; each opens the person's card.
 */
export function PeopleScreen({ people, count, page, filters }: { people: PersonCard[]; count: number; page: number; filters: PeopleFilters }) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / PEOPLE_PAGE_SIZE));
  const pageHref = (n: number) => listHref(schoolPaths.people(), filters, n);
  return (
    <section aria-labelledby="school-people-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-people-title">Люди</h1>
      </div>
      <Form method="get" action={schoolPaths.people()} className="audit-filters" role="search" aria-label="Поиск людей" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Имя, e-mail или телефон</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <FilterSelect label="Кто" name="role" value={filters.role} options={ROLE_OPTIONS} />
        <FilterSelect label="Порядок" name="sort" value={filters.sort ?? '-created_at'} options={SORT_OPTIONS} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      <p className="admin-muted">Найдено: {count}</p>
      <div aria-busy={navigation.state === 'loading'}>
        {people.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Список людей" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Человек</th>
                  <th scope="col">Телефон</th>
                  <th scope="col">Роли</th>
                  <th scope="col">Курсов</th>
                  <th scope="col">Заказов</th>
                  <th scope="col">Последний вход</th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id}>
                    <td data-label="Человек">
                      <Link className="audit-action" to={schoolPaths.person(person.id)}>
                        {personName(person)}
                      </Link>
                      <span className="audit-small">{person.email}</span>
                    </td>
                    <td data-label="Телефон">{person.phone ?? '—'}</td>
                    <td data-label="Роли">{roleWords(person).join(', ') || '—'}</td>
                    <td data-label="Курсов">{person.courses_count}</td>
                    <td data-label="Заказов">{person.orders_count}</td>
                    <td data-label="Последний вход">{person.last_login_at ? moscowTime(person.last_login_at) : 'не входил'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filters.search || filters.role ? 'Никого не нашли. Измените запрос или фильтр.' : 'Пока ни одного аккаунта.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка людей" hrefFor={pageHref} />
    </section>
  );
}
