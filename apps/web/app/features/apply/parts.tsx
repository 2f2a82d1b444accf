import { useId, useRef, type Ref } from 'react';
import type { FeedbackForm } from '@crema/contract';
import { guestSessionKey, randomId } from './session-key.ts';
import type { ApplicationBody } from '../../api/client.ts';

// Parts of the application forms, shared by the course page's dialogs
// (ApplyDialogs.tsx, loaded on first click) and the inline form of /contacts/ and /corporate/
// (FeedbackSection.tsx). The inputs are uncontrolled: what was typed stays in them on an error,
// and the values are read from the form when it is sent.

export type FeedbackField = FeedbackForm['fields'][number];

/** The privacy policy page the consent links to, unless the settings name another (PRIVACY_POLICY_LINK). */
export const PRIVACY_POLICY_PATH = '/documents/privacy-policy/';

/** Field names of a longer text shown as a textarea (the type set has no 'long text'). */
const LONG_TEXT = new Set(['message', 'comment', 'question']);

/** The consent flags the forms send (the personal-data one is required by the API, the child's one for a form about a student). */
export const CONSENT_FIELDS = ['consent_personal_data', 'consent_advertising', 'consent_child_personal_data'] as const;

/** The child's consent document (decision 0046). */
const CHILD_CONSENT_PATH = '/documents/child-personal-data-consent/';

const INPUT_OF: Record<FeedbackField['type'], { type: string; inputMode?: 'tel' | 'email' | 'numeric'; autoComplete?: string }> = {
  text: { type: 'text' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  date: { type: 'text', inputMode: 'numeric' },
};

/** Autocomplete of a field: the person's own contacts, never for a student's. */
function autoCompleteOf(field: FeedbackField): string {
  if (field.name.startsWith('student_')) return 'off';
  if (field.name === 'name') return 'name';
  if (field.name === 'company') return 'organization';
  return INPUT_OF[field.type].autoComplete ?? 'on';
}

export interface FieldsProps {
  fields: readonly FeedbackField[];
  errorsOf: (name: string) => string[];
  /** Starting values by field name (the signed-in person's profile, a step already filled). */
  defaults?: Record<string, string>;
  /** A hint under a field, by name (a kids course's age range at the child's birth date). */
  hints?: Record<string, string | null>;
  /** Focus the first field when a dialog opens. */
  autofocus?: boolean;
  /** A ref that masks an input of this type (the dialogs pass imask's; the inline form loads it with the first focus). */
  maskRef?: (type: FeedbackField['type']) => Ref<HTMLInputElement> | undefined;
}

/** The form's own fields, each with its label, placeholder and the messages under it. */
export function FeedbackFields({ fields, errorsOf, defaults = {}, hints = {}, autofocus, maskRef }: FieldsProps) {
  const base = useId();
  return (
    <>
      {fields.map((field, index) => {
        const id = `${base}-${field.name}`;
        const errors = errorsOf(field.name);
        const hint = hints[field.name];
        const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(' ');
        const common = {
          id,
          name: field.name,
          className: 'apply-field__input',
          placeholder: field.placeholder ?? undefined,
          defaultValue: defaults[field.name] ?? '',
          required: field.required,
          'aria-invalid': errors.length > 0 || undefined,
          'aria-describedby': describedBy || undefined,
          'data-autofocus': (autofocus && index === 0) || undefined,
          autoComplete: autoCompleteOf(field),
        };
        const input = INPUT_OF[field.type];
        return (
          <div key={field.name} className="apply-field">
            <label className="apply-field__label" htmlFor={id}>
              {field.title}
              {field.required ? null : <span className="apply-field__optional"> (необязательно)</span>}
            </label>
            {field.type === 'text' && LONG_TEXT.has(field.name) ? (
              <textarea {...common} rows={4} maxLength={500} />
            ) : (
              <input {...common} type={input.type} inputMode={input.inputMode} ref={maskRef?.(field.type)} />
            )}
            {hint ? (
              <p id={`${id}-hint`} className="apply-field__hint">
                {hint}
              </p>
            ) : null}
            {errors.length ? (
              <p id={`${id}-error`} className="apply-field__error">
                {errors.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/**
 * The consent checkboxes: personal data (required, with the policy link), the parent's consent for
 * the child's data when the form is about a student (`child`, required), and advertising (optional).
 */
export function ConsentFields({ errorsOf, policy, child = false }: { errorsOf: (name: string) => string[]; policy?: string; child?: boolean }) {
  const base = useId();
  const errors = errorsOf('consent_personal_data');
  const childErrors = errorsOf('consent_child_personal_data');
  return (
    <div className="apply-consents">
      <div className="apply-consent">
        <input
          id={`${base}-pd`}
          type="checkbox"
          name="consent_personal_data"
          className="apply-consent__box"
          required
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length ? `${base}-pd-error` : undefined}
        />
        <label htmlFor={`${base}-pd`} className="apply-consent__label">
          Принимаю условия{' '}
          <a href={policy || PRIVACY_POLICY_PATH} target="_blank" rel="noopener noreferrer">
            Политики конфиденциальности
          </a>{' '}
          и даю{' '}
          <a href="/documents/personal-data-consent/" target="_blank" rel="noopener noreferrer">
            разрешение на обработку персональных данных
          </a>
        </label>
        {errors.length ? (
          <p id={`${base}-pd-error`} className="apply-field__error apply-consent__error">
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
      {child ? (
        <div className="apply-consent">
          <input
            id={`${base}-child`}
            type="checkbox"
            name="consent_child_personal_data"
            className="apply-consent__box"
            required
            aria-invalid={childErrors.length > 0 || undefined}
            aria-describedby={childErrors.length ? `${base}-child-error` : undefined}
          />
          <label htmlFor={`${base}-child`} className="apply-consent__label">
            Я — родитель или законный представитель ребёнка и даю{' '}
            <a href={CHILD_CONSENT_PATH} target="_blank" rel="noopener noreferrer">
              согласие на обработку его персональных данных
            </a>
          </label>
          {childErrors.length ? (
            <p id={`${base}-child-error`} className="apply-field__error apply-consent__error">
              {childErrors.join(' ')}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="apply-consent">
        <input id={`${base}-ad`} type="checkbox" name="consent_advertising" className="apply-consent__box" />
        <label htmlFor={`${base}-ad`} className="apply-consent__label">
          Хочу получать новости и предложения школы (необязательно)
        </label>
      </div>
    </div>
  );
}

/** The values of the named fields as typed (trimmed). */
export function readFields(form: HTMLFormElement, fields: readonly FeedbackField[]): Record<string, string> {
  const data = new FormData(form);
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = data.get(field.name);
    values[field.name] = typeof value === 'string' ? value.trim() : '';
  }
  return values;
}

/** The consent boxes' state (the child's only when the form shows that box). */
export function readConsents(form: HTMLFormElement): { consent_personal_data: boolean; consent_advertising: boolean; consent_child_personal_data?: boolean } {
  const data = new FormData(form);
  const child = form.querySelector('input[name="consent_child_personal_data"]') ? { consent_child_personal_data: data.has('consent_child_personal_data') } : {};
  return { consent_personal_data: data.has('consent_personal_data'), consent_advertising: data.has('consent_advertising'), ...child };
}

/**
 * Builds an application's body: empty values left out, the guest's session key, and a request
 * id that stays the same while the same data is sent again (a double click or a retry after a
 * lost answer is stored once, decision 0022), and changes when the data changes.
 */
export function useApplicationBody(signedIn: boolean): (values: Record<string, string | boolean>, courseSlug?: string) => ApplicationBody {
  const last = useRef<{ payload: string; id: string } | null>(null);
  return (values, courseSlug) => {
    const body: Record<string, string | boolean> = {};
    for (const [key, value] of Object.entries(values)) if (value !== '') body[key] = value;
    if (courseSlug) body.course_slug = courseSlug;
    if (!signedIn) {
      const sessionKey = guestSessionKey();
      if (sessionKey) body.session_key = sessionKey;
    }
    const payload = JSON.stringify(body);
    if (last.current?.payload !== payload) last.current = { payload, id: randomId() };
    return { ...body, consent_personal_data: body.consent_personal_data === true, request_id: last.current.id };
  };
}
