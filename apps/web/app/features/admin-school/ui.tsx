import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';
import './school.css';

// Parts of the school staff's screens (decision 0045): the browser's admin calls, the tabs between
// 'Сведения' and the documents, a labelled field with its messages, general messages. The admin
// layout's own styles (admin.css, loaded by the admin frame) give them their look.

export const schoolApi = createAdminApi(browserFetch);

export const schoolPaths = {
  sveden: () => '/admin/school/sveden/',
  section: (key: string) => `/admin/school/sveden/${key}/`,
  documents: () => '/admin/school/documents/',
  document: (slug: string) => `/admin/school/documents/${slug}/`,
} as const;

/** 'Сведения' and 'Документы': the school's two screens, as tabs at every width. */
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
      </ul>
    </nav>
  );
}

export function Field({
  label,
  hint,
  errors = [],
  wide = false,
  children,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  /** Across the whole row of a two-column group (a long value). */
  wide?: boolean;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'admin-field school-wide' : 'admin-field'}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={`${id}-error`} className="admin-field__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** Messages for the whole form (the server's `detail`, no connection, fields the form does not show). */
export function Problems({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="admin-alert" role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
