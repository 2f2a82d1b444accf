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
} as const;

/** 'Сведения', 'Документы' and 'Журнал': the school's screens, as tabs at every width. */
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
          <NavLink to={schoolPaths.audit()}>Журнал</NavLink>
        </li>
      </ul>
    </nav>
  );
}

