import { NavLink } from 'react-router';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';
import './school.css';

// Parts of the school staff's screens (decision 0045): the browser's admin calls, the tabs between
// 'Сведения' and the documents; the labelled field and general messages are the admin screens' own
// (ui/AdminField.tsx). The admin layout's styles (admin.css, loaded by the admin frame) give them their look.

export const schoolApi = createAdminApi(browserFetch);

export const schoolPaths = {
  sveden: () => '/admin/school/sveden/',
  section: (key: string) => `/admin/school/sveden/${key}/`,
  documents: () => '/admin/school/documents/',
  document: (slug: string) => `/admin/school/documents/${slug}/`,
  audit: () => '/admin/school/audit/',
  people: () => '/admin/school/people/',
  person: (id: number) => `/admin/school/people/${id}/`,
  promo: () => '/admin/school/promo/',
  waitingGroups: () => '/admin/school/waiting/',
  waiting: (groupId: number) => `/admin/school/waiting/${groupId}/`,
} as const;

/** A moment in Moscow time, as every staff screen shows it ('29.11.2026, 05:21'). */
export const moscowTime = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A person's name as a list shows it: surname, name, patronymic; the e-mail when there is none. */
export function personName(person: { last_name: string | null; first_name: string | null; patronymic: string | null; email: string }): string {
  return [person.last_name, person.first_name, person.patronymic].filter(Boolean).join(' ') || person.email;
}

/** The school's screens ('Сведения', 'Документы', 'Люди', 'Журнал'), as tabs at every width. */
export function SchoolTabs() {
  return (
    <nav className="school-tabs" aria-label="Разделы школы">
      <ul>
        <li>
          <NavLink to={schoolPaths.sveden()}>Сведения</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.documents()}>Документы</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.people()}>Люди</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.promo()}>Промокоды</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.waitingGroups()}>Лист ожидания</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.audit()}>Журнал</NavLink>
        </li>
      </ul>
    </nav>
  );
}

