import { useId } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { SchoolOrderRow } from '@crema/contract';
import { formatPrice } from '@crema/contract/format';
import { schoolOrdersExportUrl } from '../../api/admin.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, moscowTime, schoolPaths, FilterSelect, listHref } from './ui.tsx';

export const ORDERS_PAGE_SIZE = 20;

/** The list's filters as the address holds them. */
export interface OrderFilters {
  search?: string;
  status?: 'new' | 'confirmed' | 'awaiting_payment' | 'paid' | 'cancelled' | 'refunded';
  course?: number;
  group?: number;
  from?: string;
  to?: string;
  sort?: '-created_at' | 'created_at' | '-paid_at' | '-amount' | 'amount';
}

/** The words the list needs (from the loader). */
export interface OrdersWords {
  statuses: { id: string; title: string }[];
  courses: { id: number; title: string }[];
  /** Groups of the chosen course. */
  groups: { id: number; title: string }[];
}

const SORT_OPTIONS = [
  ['-created_at', 'Сначала новые'],
  ['created_at', 'Сначала давние'],
  ['-paid_at', 'По дате оплаты'],
  ['-amount', 'Сначала дорогие'],
  ['amount', 'Сначала дешёвые'],
] as const;

/**
 * /admin/school/orders/: every order, found by its number, the payer's e-mail or phone, filtered by
 * status, course, group and creation dates, sorted and paged on the server; the same filtered list
 * downloads as XLSX or CSV for the accountant. Each opens the order's card.
 */
export function OrdersScreen({ orders, count, page, filters, words }: { orders: SchoolOrderRow[]; count: number; page: number; filters: OrderFilters; words: OrdersWords }) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / ORDERS_PAGE_SIZE));
  const statusTitle = (status: string) => words.statuses.find((s) => s.id === status)?.title ?? status;
  const pageHref = (n: number) => listHref(schoolPaths.orders(), filters, n);
  const filtered = Boolean(filters.search || filters.status || filters.course || filters.group || filters.from || filters.to);
  return (
    <section aria-labelledby="school-orders-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-orders-title">Заказы</h1>
      </div>
      <Form method="get" action={schoolPaths.orders()} className="audit-filters" role="search" aria-label="Поиск заказов" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Номер заказа, e-mail, телефон или промокод</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>Статус</label>
          <select id={`${id}-status`} className="admin-input" name="status" defaultValue={filters.status ?? ''}>
            <option value="">Все</option>
            {words.statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
                {s.id === 'confirmed' ? ' (ссылка не открыта)' : s.id === 'awaiting_payment' ? ' (ссылка выдана)' : ''}
              </option>
            ))}
          </select>
        </div>
        <FilterSelect label="Курс" name="course" value={filters.course} options={words.courses.map((c) => [c.id, c.title] as const)} all="Все курсы" />
        {words.groups.length ? (
          <FilterSelect label="Группа" name="group" value={filters.group} options={words.groups.map((g) => [g.id, g.title] as const)} all="Все группы" />
        ) : null}
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>Создан с</label>
          <input id={`${id}-from`} className="admin-input" type="date" name="from" defaultValue={filters.from ?? ''} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>по</label>
          <input id={`${id}-to`} className="admin-input" type="date" name="to" defaultValue={filters.to ?? ''} />
        </div>
        <FilterSelect label="Порядок" name="sort" value={filters.sort ?? '-created_at'} options={SORT_OPTIONS} />
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      <div className="orders-summary">
        <p className="admin-muted">Найдено: {count}</p>
        <p className="orders-exports">
          <a className="button button--ghost" href={schoolOrdersExportUrl('xlsx', filters)} download>
            Скачать XLSX
          </a>
          <a className="button button--ghost" href={schoolOrdersExportUrl('csv', filters)} download>
            Скачать CSV
          </a>
        </p>
      </div>
      <div aria-busy={navigation.state === 'loading'}>
        {orders.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Список заказов" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Заказ</th>
                  <th scope="col">Статус</th>
                  <th scope="col">Курс и группа</th>
                  <th scope="col">Плательщик</th>
                  <th scope="col">Ученики</th>
                  <th scope="col">Сумма</th>
                  <th scope="col">Создан / оплачен</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td data-label="Заказ" className="orders-code">
                      <Link className="audit-action" to={schoolPaths.order(order.id)}>
                        № {order.code}
                      </Link>
                    </td>
                    <td data-label="Статус">{statusTitle(order.status)}</td>
                    <td data-label="Курс и группа">
                      {order.course.title}
                      {order.group ? <span className="audit-small">{order.group.title}</span> : null}
                    </td>
                    <td data-label="Плательщик">
                      {order.payer.name}
                      <span className="audit-small">
                        {order.payer.email}, {order.payer.phone}
                      </span>
                    </td>
                    <td data-label="Ученики">{order.learners.length ? order.learners.join(', ') : 'сам плательщик'}</td>
                    <td data-label="Сумма">
                      {formatPrice(order.amount)}
                      {order.promo ? (
                        <span className="audit-small">
                          промокод {order.promo.code}, скидка {formatPrice(order.promo.discount)}
                        </span>
                      ) : null}
                      {order.refunded ? <span className="audit-small">возвращено {formatPrice(order.refunded)}</span> : null}
                    </td>
                    <td data-label="Создан / оплачен">
                      {moscowTime(order.created_at)}
                      {order.paid_at ? <span className="audit-small">оплачен {moscowTime(order.paid_at)}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filtered ? 'Заказов не нашли. Измените запрос или фильтры.' : 'Пока ни одного заказа.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка заказов" hrefFor={pageHref} />
    </section>
  );
}
