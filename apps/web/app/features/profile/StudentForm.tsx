import { useState } from 'react';
import type { ReferenceBooks, StudentItem } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { rejection } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { SubmitButton, TextField } from './fields.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { MASK, sendDate, sendText, showDate, showPhone } from '../../ui/masks.ts';
import { useAccountForm } from './useAccountForm.ts';

// The StudentForm dialog (adding and editing one student):
// the type first; a birth date only for a child; phone and e-mail required only for an adult.
// Server errors go under their fields, unknown fields are listed by name below the form.

interface StudentValues {
  consent: boolean;
  student_type: string;
  last_name: string;
  first_name: string;
  patronymic: string;
  date_birth: string;
  phone: string;
  email: string;
}

/** Spec: the account holder consents for a child as the legal representative (decision 0018). */
export const CHILD_CONSENT_LABEL =
  'Я являюсь законным представителем ребёнка и даю согласие на обработку его персональных данных';
const CHILD_CONSENT_REQUIRED = 'Без согласия законного представителя мы не можем хранить данные ребёнка.';

const FIELDS = ['consent', 'student_type', 'last_name', 'first_name', 'patronymic', 'date_birth', 'phone', 'email'] as const;

function valuesOf(student: StudentItem | null): StudentValues {
  return {
    consent: false,
    student_type: student?.student_type ?? '',
    last_name: student?.last_name ?? '',
    first_name: student?.first_name ?? '',
    patronymic: student?.patronymic ?? '',
    date_birth: showDate(student?.date_birth),
    phone: showPhone(student?.phone),
    email: student?.email ?? '',
  };
}

function StudentFields({
  student,
  books,
  consentUrl,
  onSaved,
}: {
  student: StudentItem | null;
  books: ReferenceBooks;
  consentUrl: string | null;
  onSaved: (saved: StudentItem) => Promise<void>;
}) {
  // A new student saved while its consent failed: a second try updates it instead of adding another.
  const [created, setCreated] = useState<StudentItem | null>(null);
  const { form, api, submit, errorsOf, field } = useAccountForm<StudentValues>(FIELDS, valuesOf(student));
  const { register } = form;
  const type = form.watch('student_type');
  const child = type === 'child';
  const adult = type === 'adult';

  // The consent is asked when a child is added or an adult becomes a child (an existing child's
  // was given when it was added).
  const asksConsent = child && student?.student_type !== 'child';

  const onSubmit = submit(
    async (values) => {
      const consenting = values.student_type === 'child' && student?.student_type !== 'child';
      const local = rejection({ consent: consenting && !values.consent && [CHILD_CONSENT_REQUIRED] });
      if (local) throw local;
      const body = {
        student_type: values.student_type || null,
        last_name: sendText(values.last_name),
        first_name: sendText(values.first_name),
        patronymic: sendText(values.patronymic),
        // The birth date belongs to a child only.
        date_birth: values.student_type === 'child' ? sendDate(values.date_birth) : null,
        phone: sendText(values.phone),
        email: sendText(values.email),
      };
      const existing = student ?? created;
      const saved = existing ? await browserApi.updateStudent(existing.id, body) : await browserApi.addStudent(body);
      if (!student) setCreated(saved);
      if (consenting) await browserApi.giveConsent('child_personal_data', saved.id);
      await onSaved(saved);
    },
    { nameUnknownFields: true, leaving: true },
  );

  const typeErrors = errorsOf('student_type');
  return (
    <form className="pf-form" onSubmit={onSubmit} noValidate>
      <fieldset className="pf-choice" aria-invalid={typeErrors.length ? true : undefined} aria-describedby={typeErrors.length ? 'student-type-error' : undefined}>
        <legend className="pf-field__label">Кто будет учиться</legend>
        <div className="pf-choice__options">
          {books.student_types.map((item, index) => (
            <label key={item.id} className="pf-choice__option">
              <input type="radio" value={String(item.id)} data-autofocus={index === 0 || undefined} {...register('student_type')} />
              {item.title}
            </label>
          ))}
        </div>
        {typeErrors.length ? (
          <p id="student-type-error" className="pf-field__error">
            {typeErrors.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <TextField label="Фамилия" {...field('last_name')} />
      <TextField label="Имя" {...field('first_name')} />
      <TextField label="Отчество (если есть)" {...field('patronymic')} />
      {child ? (
        <TextField
          label="Дата рождения"
          placeholder="ДД.ММ.ГГГГ"
          mask={MASK.date}
          {...field('date_birth')}
        />
      ) : null}
      <TextField
        label={adult ? 'Телефон' : 'Телефон (необязательно)'}
        type="tel"
        placeholder="+7 (999) 999 99 99"
        mask={MASK.phone}
        {...field('phone')}
      />
      <TextField
        label={adult ? 'E-mail' : 'E-mail (необязательно)'}
        type="email"
        inputMode="email"
        {...field('email')}
      />
      {asksConsent ? (
        <div className="pf-check">
          <input
            id="student-consent"
            type="checkbox"
            aria-invalid={errorsOf('consent').length ? true : undefined}
            aria-describedby={errorsOf('consent').length ? 'student-consent-error' : undefined}
            {...register('consent')}
          />
          <label htmlFor="student-consent">
            {CHILD_CONSENT_LABEL}
            {consentUrl ? (
              <>
                {' '}
                (
                <a href={consentUrl} target="_blank" rel="noreferrer">
                  текст согласия
                </a>
                )
              </>
            ) : null}
          </label>
          {errorsOf('consent').length ? (
            <p id="student-consent-error" className="pf-field__error">
              {errorsOf('consent').join(' ')}
            </p>
          ) : null}
        </div>
      ) : null}
      <SubmitButton busy={api.busy}>{student ? 'Сохранить' : 'Добавить'}</SubmitButton>
      {/* General messages and unknown fields below the form. */}
      <FormMessages look="account" messages={api.problems.general} />
    </form>
  );
}

/** The Student / StudentForm dialog: adding (`student` null) or editing one. */
export function StudentDialog({
  open,
  student,
  books,
  consentUrl,
  onClose,
  onSaved,
}: {
  open: boolean;
  student: StudentItem | null;
  books: ReferenceBooks;
  consentUrl: string | null;
  onClose: () => void;
  onSaved: (saved: StudentItem) => Promise<void>;
}) {
  return (
    <Modal open={open} onClose={onClose} title={student ? 'Изменить данные ученика' : 'Добавить ученика'} className="pf-dialog">
      <StudentFields key={student?.id ?? 'new'} student={student} books={books} consentUrl={consentUrl} onSaved={onSaved} />
    </Modal>
  );
}
