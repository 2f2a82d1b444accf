import { useState } from 'react';
import type { ReferenceBooks, StudentItem } from '@crema/contract';
import { fullName } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { showDate, showPhone } from '../../ui/masks.ts';
import { StudentDialog } from './StudentForm.tsx';
import './profile.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

// /user/students/: the people the account enrols —
// children and adults — with adding, editing and deleting (WarningDelete). After every change
// the list is fetched again and the dialog closes.

export interface StudentsData {
  students: StudentItem[];
  books: ReferenceBooks;
  /** The page of the current version of the parent's consent for a child (decision 0046). */
  consentUrl: string | null;
}

type Dialog = { kind: 'form'; student: StudentItem | null } | { kind: 'delete'; student: StudentItem } | null;

function typeTitle(books: ReferenceBooks, type: string): string {
  return books.student_types.find((item) => String(item.id) === type)?.title ?? type;
}

/** WarningDelete: 'Да' deletes, 'Нет' closes; a refusal (409) is shown in it. */
function WarningDelete({
  student,
  open,
  onClose,
  onDeleted,
}: {
  student: StudentItem | null;
  open: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      look="account"
      open={open}
      onClose={onClose}
      title="Удаление ученика"
      leaving
      action={async () => {
        if (!student) return;
        await browserApi.deleteStudent(student.id);
        await onDeleted();
      }}
    >
      <p>Удалить ученика {student ? fullName(student) : ''}?</p>
    </ConfirmDialog>
  );
}

export function StudentsScreen({ students: initial, books, consentUrl }: StudentsData) {
  const [students, setStudents] = useState(initial);
  const [dialog, setDialog] = useState<Dialog>(null);
  // What the closing dialog shows while it fades out.
  const [shown, setShown] = useState<Dialog>(null);
  if (dialog && dialog !== shown) setShown(dialog);
  const close = () => setDialog(null);

  const refetch = async () => {
    setStudents(await browserApi.students());
    setDialog(null);
  };

  return (
    <main className="account__page pf">
      <h1 className="account__title">Данные учащихся</h1>
      <p className="pf-lead">Те, кого вы записываете на курсы: дети (их данные вы указываете как законный представитель) и взрослые.</p>
      <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'form', student: null })}>
        Добавить ученика
      </button>
      {students.length === 0 ? (
        <p className="pf-note pf-empty">Учеников пока нет. Добавьте тех, кого будете записывать на курсы.</p>
      ) : (
        <ul className="pf-students" aria-label="Ученики">
          {students.map((student) => (
            <li key={student.id} className="pf-student">
              <h2 className="pf-student__name">{fullName(student)}</h2>
              <dl className="pf-student__facts">
                <div>
                  <dt>Тип</dt>
                  <dd>{typeTitle(books, student.student_type)}</dd>
                </div>
                {student.date_birth ? (
                  <div>
                    <dt>Дата рождения</dt>
                    <dd>{showDate(student.date_birth)}</dd>
                  </div>
                ) : null}
                {student.phone ? (
                  <div>
                    <dt>Телефон</dt>
                    <dd>{showPhone(student.phone)}</dd>
                  </div>
                ) : null}
                {student.email ? (
                  <div>
                    <dt>E-mail</dt>
                    <dd>{student.email}</dd>
                  </div>
                ) : null}
              </dl>
              <div className="pf-student__actions">
                <button
                  type="button"
                  className="button button--ghost pf-small"
                  aria-label={`Изменить: ${fullName(student)}`}
                  onClick={() => setDialog({ kind: 'form', student })}
                >
                  Изменить
                </button>
                <button
                  type="button"
                  className="button button--ghost pf-small"
                  aria-label={`Удалить: ${fullName(student)}`}
                  onClick={() => setDialog({ kind: 'delete', student })}
                >
                  Удалить
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StudentDialog
        open={dialog?.kind === 'form'}
        student={shown?.kind === 'form' ? shown.student : null}
        books={books}
        consentUrl={consentUrl}
        onClose={close}
        onSaved={refetch}
      />
      <WarningDelete
        key={shown?.kind === 'delete' ? shown.student.id : 'none'}
        open={dialog?.kind === 'delete'}
        student={shown?.kind === 'delete' ? shown.student : null}
        onClose={close}
        onDeleted={refetch}
      />
    </main>
  );
}
