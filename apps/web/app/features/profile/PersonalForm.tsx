import { useState, type ReactNode } from 'react';
import type { Personal, PersonalPatchResult, ReferenceBooks } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { SubmitButton, TextField } from './fields.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { MASK, sendDate, sendText, showDate, showPhone } from '../../ui/masks.ts';
import { useAccountForm } from './useAccountForm.ts';

// 'Личные данные' of /user/account/: PATCH /api/user/personal/.

interface PersonalValues {
  last_name: string;
  first_name: string;
  patronymic: string;
  birth_date: string;
  gender: string;
  phone: string;
  address: string;
}

const FIELDS = ['last_name', 'first_name', 'patronymic', 'birth_date', 'gender', 'phone', 'address'] as const;

function valuesOf(personal: Personal): PersonalValues {
  return {
    last_name: personal.last_name ?? '',
    first_name: personal.first_name ?? '',
    patronymic: personal.patronymic ?? '',
    birth_date: showDate(personal.birth_date),
    gender: personal.gender ?? '',
    phone: showPhone(personal.phone),
    address: personal.address ?? '',
  };
}

/** The 'Данные сохранены' line: shown after a save until the form is changed again, announced politely. */
export function SavedNote({ shown }: { shown: boolean }) {
  return (
    <p className="pf-saved" role="status">
      {shown ? 'Данные сохранены' : ''}
    </p>
  );
}

export function PersonalForm({
  personal,
  books,
  email,
  emailAction,
  onSaved,
}: {
  personal: Personal;
  books: ReferenceBooks;
  /** The sign-in address, shown read-only. */
  email: string;
  /** The 'Изменить' action next to the e-mail (the change needs a code, decision 0017). */
  emailAction?: ReactNode;
  onSaved: (result: PersonalPatchResult) => void;
}) {
  const { form, api, submit, errorsOf, field } = useAccountForm<PersonalValues>(FIELDS, valuesOf(personal));
  const [saved, setSaved] = useState(false);
  const { register } = form;
  const dirty = form.formState.isDirty;

  const onSubmit = submit(async (values) => {
    setSaved(false);
    const result = await browserApi.updatePersonal({
      last_name: sendText(values.last_name),
      first_name: sendText(values.first_name),
      patronymic: sendText(values.patronymic),
      birth_date: sendDate(values.birth_date),
      gender: values.gender || null,
      phone: sendText(values.phone),
      address: sendText(values.address),
    });
    form.reset(valuesOf(result));
    setSaved(true);
    onSaved(result);
  });

  return (
    <form className="pf-form" onSubmit={onSubmit} noValidate aria-labelledby="personal-title">
      <h2 id="personal-title" className="pf-section__title">
        Личные данные
      </h2>
      <div className="pf-grid">
        <TextField label="Фамилия" autoComplete="family-name" {...field('last_name')} />
        <TextField label="Имя" autoComplete="given-name" {...field('first_name')} />
        <TextField
          label="Отчество"
          autoComplete="additional-name"
          {...field('patronymic')}
        />
        <TextField
          label="Дата рождения"
          placeholder="ДД.ММ.ГГГГ"
          autoComplete="bday"
          mask={MASK.date}
          {...field('birth_date')}
        />
        <Field look="account" label="Пол" errors={errorsOf('gender')}>
          {(a11y) => (
            <select className="pf-field__input" {...a11y} defaultValue={personal.gender ?? ''} {...register('gender')}>
              <option value="">Не указан</option>
              {books.genders.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label="Телефон"
          type="tel"
          placeholder="+7 (999) 999 99 99"
          autoComplete="tel"
          mask={MASK.phone}
          {...field('phone')}
        />
        <Field look="account" label="E-mail" hint="Это логин для входа: его меняют с подтверждением кодом.">
          {(a11y) => (
            <div className="pf-email">
              <input className="pf-field__input" {...a11y} type="email" value={email} readOnly />
              {emailAction}
            </div>
          )}
        </Field>
        <TextField
          label="Адрес"
          autoComplete="street-address"
          wide
          {...field('address')}
        />
      </div>
      <FormMessages look="account" messages={api.problems.general} />
      <div className="pf-actions">
        <SubmitButton busy={api.busy}>Сохранить</SubmitButton>
        <SavedNote shown={saved && !dirty} />
      </div>
    </form>
  );
}
