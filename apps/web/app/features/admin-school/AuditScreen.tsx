import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { AuditEventOut } from '@crema/contract';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, moscowTime, schoolPaths, FilterSelect, listHref } from './ui.tsx';

export const AUDIT_PAGE_SIZE = 50;

/** The journal's filters as the address holds them. */
export interface AuditFilters {
  search?: string;
  action?: string;
  course?: number;
  from?: string;
  to?: string;
}

/** What the loader gives besides the page: the words of actions and records, the courses to filter by. */
export interface AuditWords {
  actions: Record<string, string>;
  entities: Record<string, string>;
  roles: Record<string, string>;
  courses: { id: number; title: string }[];
}

/** Field names of the records as a person reads them; others are shown as stored. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Название',
  name: 'Название',
  slug: 'Адрес',
  text: 'Текст',
  price_kopecks: 'Цена, коп.',
  old_price_kopecks: 'Старая цена, коп.',
  is_published: 'Опубликован',
  is_active: 'Действует',
  is_kids: 'Для детей',
  is_correct: 'Верный',
  description: 'Описание',
  short_description: 'Краткое описание',
  category_id: 'Категория',
  module_id: 'Модуль',
  sort: 'Место',
  order: 'Порядок',
  email: 'E-mail',
  access_until: 'Доступ до',
  expires_at: 'Действует до',
  uses_limit: 'Лимит использований',
  pass_score: 'Проходной балл',
  time_limit_minutes: 'Время, мин',
  attempts_limit: 'Попыток',
  duration_minutes: 'Длительность, мин',
  copy_of: 'Копия записи',
  pages: 'Страниц',
  blocks: 'Блоков',
  removed: 'Удалено блоков',
  answers: 'Ответы',
  version: 'Редакция',
  published_at: 'Дата публикации',
  body: 'Текст',
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'да';
  if (value === false) return 'нет';
  if (Array.isArray(value)) return value.map(shown).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changed fields: 'было → стало' for an update, the values alone for a creation or a deletion. */
function Changes({ event }: { event: AuditEventOut }) {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (!fields.length) return <span className="admin-muted">—</span>;
  const both = event.before !== null && event.after !== null;
  return (
    <dl className="audit-changes">
      {fields.map((field) => (
        <div key={field}>
          <dt>{FIELD_LABELS[field] ?? field}</dt>
          <dd>
            {both ? (
              <>
                <del>{shown(event.before?.[field])}</del> <span aria-hidden="true">→</span>
                <span className="visually-hidden">стало</span> <ins>{shown(event.after?.[field])}</ins>
              </>
            ) : (
              shown((event.after ?? event.before)?.[field])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin/school/audit/: who changed what in the school — staff and course owners — newest first,
 * filtered on the server by action, course, days (Moscow) and a search over e-mails and names of
 * what changed. A table on wide screens, cards on a phone.
 */
export function AuditScreen({ events, count, page, filters, words }: { events: AuditEventOut[]; count: number; page: number; filters: AuditFilters; words: AuditWords }) {
  const id = useId();
  const navigation = useNavigation();
  const totalPages = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));
  const filtered = Boolean(filters.search || filters.action || filters.course || filters.from || filters.to);
  const pageHref = (n: number) => listHref(schoolPaths.audit(), filters, n);
  return (
    <section aria-labelledby="school-audit-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-audit-title">Журнал действий</h1>
      </div>
      <p className="admin-muted school-lead">
        Изменения, которые сделали сотрудники и владельцы курсов: кто, когда, с какого адреса и что именно поменялось. Персональные данные в
        журнале скрыты.
      </p>
      <Form method="get" action={schoolPaths.audit()} className="audit-filters" aria-label="Фильтры журнала" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Поиск</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={filters.search ?? ''} maxLength={100} placeholder="E-mail или название" />
        </div>
        <FilterSelect label="Действие" name="action" value={filters.action} options={Object.entries(words.actions)} all="Все действия" />
        <FilterSelect label="Курс" name="course" value={filters.course} options={words.courses.map((course) => [course.id, course.title] as const)} all="Все курсы" />
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>С</label>
          <input id={`${id}-from`} className="admin-input" type="date" name="from" defaultValue={filters.from ?? ''} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>По</label>
          <input id={`${id}-to`} className="admin-input" type="date" name="to" defaultValue={filters.to ?? ''} />
        </div>
        <button type="submit" className="button button--primary">
          Показать
        </button>
      </Form>
      <p className="admin-muted" role="status">
        {filtered ? `Найдено записей: ${count}` : `Всего записей: ${count}`}
      </p>
      <div aria-busy={navigation.state === 'loading'}>
        {events.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Записи журнала" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Когда</th>
                  <th scope="col">Кто</th>
                  <th scope="col">Действие</th>
                  <th scope="col">Изменения</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id}>
                    <td data-label="Когда">
                      <time dateTime={event.at}>{moscowTime(event.at)}</time>
                    </td>
                    <td data-label="Кто">
                      <span className="audit-who">{event.actor.email}</span>
                      <span className="admin-muted audit-small">
                        {words.roles[event.actor.role] ?? event.actor.role}, {event.ip}
                      </span>
                    </td>
                    <td data-label="Действие">
                      <span className="audit-action">{words.actions[event.action] ?? event.action}</span>
                      <span className="audit-small">
                        {words.entities[event.entity] ?? event.entity}
                        {event.entity_id ? ` № ${event.entity_id}` : ''}
                        {event.summary ? `: ${event.summary}` : ''}
                      </span>
                    </td>
                    <td data-label="Изменения">
                      <Changes event={event} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{filtered ? 'С такими фильтрами записей нет.' : 'В журнале пока нет записей.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы журнала" hrefFor={pageHref} />
    </section>
  );
}
