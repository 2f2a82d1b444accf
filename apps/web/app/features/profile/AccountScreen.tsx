import { useState } from 'react';
import type { Documents, Personal, ReferenceBooks } from '@crema/contract';
import { openDialog } from '../../lib/dialogs.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { DocumentsSection } from './DocumentsForm.tsx';
import { completenessText } from './labels.ts';
import { PersonalForm } from './PersonalForm.tsx';
import './profile.css';

// /user/account/ (spec §2 User routes; issue 10 Screens): personal data, documents, what is
// missing for a complete profile, the password change.

export interface AccountData {
  personal: Personal;
  documents: Documents;
  books: ReferenceBooks;
}

interface Completeness {
  is_complete: boolean;
  missing_fields: string[];
}

export function AccountScreen({ personal, documents, books }: AccountData) {
  const [completeness, setCompleteness] = useState<Completeness>(personal);
  const [refused, setRefused] = useState(personal.data_refusal);
  const sessionChanged = useSessionChanged();

  return (
    <main className="account__page pf">
      <h1 className="account__title">Личные данные</h1>
      <p className={completeness.is_complete ? 'pf-status pf-status--done' : 'pf-status'} role="status">
        {completenessText(completeness.missing_fields)}
      </p>
      <section className="pf-section">
        <PersonalForm
          personal={personal}
          books={books}
          onSaved={(result) => {
            setCompleteness(result);
            // The header's initials and name come from the root loader: reload it.
            void sessionChanged();
          }}
        />
      </section>
      <DocumentsSection
        documents={documents}
        refused={refused}
        onRefusal={(result) => {
          setCompleteness(result);
          if ('data_refusal' in result) setRefused(result.data_refusal);
        }}
      />
      <section className="pf-section" aria-labelledby="password-title">
        <h2 id="password-title" className="pf-section__title">
          Пароль
        </h2>
        {/* Spec §4 PassChange: current and new password, then a code from the letter. */}
        <button type="button" className="button button--ghost" onClick={() => openDialog('PassChange')}>
          Сменить пароль
        </button>
      </section>
    </main>
  );
}
