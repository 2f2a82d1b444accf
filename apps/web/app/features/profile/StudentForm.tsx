import type { ReferenceBooks, StudentItem } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { Modal } from '../../components/ui/Modal.tsx';
import { FormMessages, SubmitButton, TextField } from './fields.tsx';
import { MASK, sendDate, sendText, showDate, showPhone } from './masks.ts';
import { useAccountForm } from './useAccountForm.ts';

// The StudentForm dialog of spec §2 (adding and editing one student; spec §5 add-student rules):
// the type first; a birth date only for a child; phone and e-mail required only for an adult.
// Server errors go under their fields, unknown fields are listed by name below the form (§8).

interface StudentValues {
  student_type: string;
  last_name: string;
  first_name: string;
  patronymic: string;
  date_birth: string;
  phone: string;
  email: string;
}

const FIELDS = ['student_type', 'last_name', 'first_name', 'patronymic', 'date_birth', 'phone', 'email'] as const;

function valuesOf(student: StudentItem | null): StudentValues {
  return {
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
  onSaved,
}: {
  student: StudentItem | null;
  books: ReferenceBooks;
  onSaved: (saved: StudentItem) => Promise<void>;
}) {
  const { form, api, submit, errorsOf } = useAccountForm<StudentValues>(FIELDS, valuesOf(student));
  const { register } = form;
  const type = form.watch('student_type');
  const child = type === 'child';
  const adult = type === 'adult';

  const onSubmit = submit(
    async (values) => {
      const body = {
        student_type: values.student_type || null,
        last_name: sendText(values.last_name),
        first_name: sendText(values.first_name),
        patronymic: sendText(values.patronymic),
        // Spec §5: the birth date belongs to a child only.
        date_birth: values.student_type === 'child' ? sendDate(values.date_birth) : null,
        phone: sendText(values.phone),
        email: sendText(values.email),
      };
      const saved = student ? await browserApi.updateStudent(student.id, body) : await browserApi.addStudent(body);
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
      <TextField label="Фамилия" registration={register('last_name')} errors={errorsOf('last_name')} />
      <TextField label="Имя" registration={register('first_name')} errors={errorsOf('first_name')} />
      <TextField label="Отчество (если есть)" registration={register('patronymic')} errors={errorsOf('patronymic')} />
      {child ? (
        <TextField
          label="Дата рождения"
          placeholder="ДД.ММ.ГГГГ"
          mask={MASK.date}
          registration={register('date_birth')}
          errors={errorsOf('date_birth')}
        />
      ) : null}
      <TextField
        label={adult ? 'Телефон' : 'Телефон (необязательно)'}
        type="tel"
        placeholder="+7 (999) 999 99 99"
        mask={MASK.phone}
        registration={register('phone')}
        errors={errorsOf('phone')}
      />
      <TextField
        label={adult ? 'E-mail' : 'E-mail (необязательно)'}
        type="email"
        inputMode="email"
        registration={register('email')}
        errors={errorsOf('email')}
      />
      <SubmitButton busy={api.busy}>{student ? 'Сохранить' : 'Добавить'}</SubmitButton>
      {/* Spec §8: general messages and unknown fields below the form. */}
      <FormMessages messages={api.problems.general} />
    </form>
  );
}

/** The Student / StudentForm dialog: adding (`student` null) or editing one. */
export function StudentDialog({
  open,
  student,
  books,
  onClose,
  onSaved,
}: {
  open: boolean;
  student: StudentItem | null;
  books: ReferenceBooks;
  onClose: () => void;
  onSaved: (saved: StudentItem) => Promise<void>;
}) {
  return (
    <Modal open={open} onClose={onClose} title={student ? 'Изменить данные ученика' : 'Добавить ученика'} className="pf-dialog">
      <StudentFields key={student?.id ?? 'new'} student={student} books={books} onSaved={onSaved} />
    </Modal>
  );
}
