import { useState } from 'react';
import type { Documents, PersonalPatchResult } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { SubmitButton, TextField } from './fields.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { MASK, sendDate, sendText, showDate, showMasked } from '../../ui/masks.ts';
import { SavedNote } from './PersonalForm.tsx';
import { useAccountForm } from './useAccountForm.ts';

// 'Документы' of /user/account/: PATCH /api/user/documents/,
// and the refusal to give them (PATCH personal `data_refusal`, which erases them; decision 0017).

interface DocumentValues {
  passport_series: string;
  passport_number: string;
  passport_given_code: string;
  passport_given_date: string;
  passport_given_location: string;
  snils: string;
}

const FIELDS = [
  'passport_series',
  'passport_number',
  'passport_given_code',
  'passport_given_date',
  'passport_given_location',
  'snils',
] as const;

function valuesOf(documents: Documents | null): DocumentValues {
  return {
    passport_series: showMasked(documents?.passport_series, MASK.passportSeries),
    passport_number: documents?.passport_number ?? '',
    passport_given_code: showMasked(documents?.passport_given_code, MASK.passportGivenCode),
    passport_given_date: showDate(documents?.passport_given_date),
    passport_given_location: documents?.passport_given_location ?? '',
    snils: showMasked(documents?.snils, MASK.snils),
  };
}

interface Completeness {
  is_complete: boolean;
  missing_fields: string[];
}

function Fields({ documents, onSaved }: { documents: Documents | null; onSaved: (answer: Completeness) => void }) {
  const { form, api, submit, field } = useAccountForm<DocumentValues>(FIELDS, valuesOf(documents));
  const [saved, setSaved] = useState(false);
  const onSubmit = submit(async (values) => {
    setSaved(false);
    const result = await browserApi.updateDocuments({
      passport_series: sendText(values.passport_series),
      passport_number: sendText(values.passport_number),
      passport_given_code: sendText(values.passport_given_code),
      passport_given_date: sendDate(values.passport_given_date),
      passport_given_location: sendText(values.passport_given_location),
      snils: sendText(values.snils),
    });
    form.reset(valuesOf(result));
    setSaved(true);
    onSaved(result);
  });
  return (
    <form className="pf-form" onSubmit={onSubmit} noValidate aria-label="Документы">
      <div className="pf-grid">
        <TextField
          label="Серия паспорта"
          placeholder="99 99"
          mask={MASK.passportSeries}
          {...field('passport_series')}
        />
        <TextField
          label="Номер паспорта"
          placeholder="999999"
          mask={MASK.passportNumber}
          {...field('passport_number')}
        />
        <TextField
          label="Код подразделения"
          placeholder="999 999"
          mask={MASK.passportGivenCode}
          {...field('passport_given_code')}
        />
        <TextField
          label="Дата выдачи"
          placeholder="ДД.ММ.ГГГГ"
          mask={MASK.date}
          {...field('passport_given_date')}
        />
        <TextField
          label="Кем выдан"
          wide
          {...field('passport_given_location')}
        />
        <TextField
          label="СНИЛС"
          placeholder="999-999-999 99"
          mask={MASK.snils}
          {...field('snils')}
        />
      </div>
      <FormMessages look="account" messages={api.problems.general} />
      <div className="pf-actions">
        <SubmitButton busy={api.busy}>Сохранить документы</SubmitButton>
        <SavedNote shown={saved && !form.formState.isDirty} />
      </div>
    </form>
  );
}

/**
 * The documents section: the form, or — after a refusal — a note and the way back. Refusing
 * asks first, since it erases what was saved.
 */
export function DocumentsSection({
  documents,
  refused,
  onRefusal,
}: {
  documents: Documents | null;
  refused: boolean;
  onRefusal: (result: PersonalPatchResult | Completeness) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // A new key after each refusal and its undo: the form starts again from what the server holds.
  const [round, setRound] = useState(0);
  const refusal = useApiForm();

  const setRefusal = (value: boolean) =>
    refusal.run(async () => {
      const result = await browserApi.updatePersonal({ data_refusal: value });
      setRound((n) => n + 1);
      setConfirming(false);
      onRefusal(result);
    });

  return (
    <section className="pf-section" aria-labelledby="documents-title">
      <h2 id="documents-title" className="pf-section__title">
        Документы
      </h2>
      {refused ? (
        <div className="pf-note">
          <p>Вы отказались указывать данные документов: мы их не храним и не просим заполнить профиль.</p>
          <FormMessages look="account" messages={confirming ? [] : refusal.problems.general} />
          <button type="button" className="button button--ghost" aria-busy={refusal.busy} disabled={refusal.busy} onClick={() => void setRefusal(false)}>
            Указать данные документов
          </button>
        </div>
      ) : (
        <>
          <p className="pf-lead">Паспорт и СНИЛС нужны для документов об обучении. Мы храним их в зашифрованном виде.</p>
          <Fields key={round} documents={round === 0 ? documents : null} onSaved={onRefusal} />
          <button type="button" className="pf-link" onClick={() => setConfirming(true)}>
            Не хочу указывать данные документов
          </button>
        </>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Не указывать данные документов?" className="pf-dialog">
        <div className="pf-dialog__body">
          <p>
            Сохранённые серия и номер паспорта, код подразделения, дата выдачи, кем выдан и СНИЛС будут стёрты. Указать их снова можно
            в любой момент.
          </p>
          <FormMessages look="account" messages={refusal.problems.general} />
          <div className="pf-dialog__actions">
            <button
              type="button"
              className="button button--primary"
              data-autofocus
              aria-busy={refusal.busy}
              disabled={refusal.busy}
              onClick={() => void setRefusal(true)}
            >
              Да, не указывать
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
