import { useState } from 'react';
import type { Consents, Documents, NotificationSettings, Personal, ReferenceBooks } from '@crema/contract';
import { openDialog } from '../../lib/dialogs.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { ConsentsSection } from './ConsentsSection.tsx';
import { DocumentsSection } from './DocumentsForm.tsx';
import { EmailDialog } from './EmailDialog.tsx';
import { completenessText } from './labels.ts';
import { MyDataSection } from './MyDataSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PersonalForm } from './PersonalForm.tsx';
import './profile.css';

// /user/account/: personal data, documents, what is
// missing for a complete profile, the address change, the password change, consents, the letters sent, the data
// download and the account's deletion.

export interface AccountData {
  personal: Personal;
  documents: Documents;
  books: ReferenceBooks;
  consents: Consents;
  notifications: NotificationSettings;
}

interface Completeness {
  is_complete: boolean;
  missing_fields: string[];
}

export function AccountScreen({ personal, documents, books, consents, notifications }: AccountData) {
  const [completeness, setCompleteness] = useState<Completeness>(personal);
  const [refused, setRefused] = useState(personal.data_refusal);
  const sessionChanged = useSessionChanged();
  const [email, setEmail] = useState(personal.email);
  const [changingEmail, setChangingEmail] = useState(false);

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
          email={email}
          emailAction={
            <button type="button" className="button button--ghost pf-small" onClick={() => setChangingEmail(true)}>
              Изменить
            </button>
          }
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
      <EmailDialog
        open={changingEmail}
        current={email}
        onClose={() => setChangingEmail(false)}
        onChanged={(result) => {
          setEmail(result.email);
          setCompleteness(result);
          setChangingEmail(false);
          void sessionChanged();
        }}
      />
      <section className="pf-section" aria-labelledby="password-title">
        <h2 id="password-title" className="pf-section__title">
          Пароль
        </h2>
        {/* PassChange: current and new password, then a code from the letter. */}
        <button type="button" className="button button--ghost" onClick={() => openDialog('PassChange')}>
          Сменить пароль
        </button>
      </section>
      <ConsentsSection initial={consents} />
      <NotificationsSection initial={notifications} />
      <MyDataSection />
    </main>
  );
}
