import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_CODE_LENGTH } from '@crema/contract/rules';
import { maskedRef, type MaskOptions } from '../../ui/masks.ts';

// Fields of the account forms: a label, the input (react-hook-form's registration, a mask of
// spec §5 when given) and the messages under it, tied together for screen readers.

interface A11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Label, hint and errors (joined, spec §5) around one control. */
export function FieldShell({
  label,
  hint,
  errors = [],
  wide,
  children,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  wide?: boolean;
  children: (a11y: A11y) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errors.length ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'pf-field pf-field--wide' : 'pf-field'}>
      <label className="pf-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="pf-field__hint">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={errorId} className="pf-field__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'ref'>;

interface TextFieldProps extends InputProps {
  label: string;
  registration: UseFormRegisterReturn;
  errors?: string[];
  hint?: ReactNode;
  wide?: boolean;
  /** A mask of ui/masks.ts: only digits are typed, the rest is written by the mask. */
  mask?: MaskOptions;
  first?: boolean;
}

function MaskedInput({ mask, registration, ...input }: InputProps & { mask: MaskOptions; registration: UseFormRegisterReturn }) {
  const { ref: registerRef, ...events } = registration;
  // One ref callback for the input's whole life (react-hook-form's ref for one field name does the same each time).
  const [ref] = useState(() => maskedRef(registerRef, mask));
  return <input {...input} {...events} ref={ref} />;
}

/** A labelled text input of a react-hook-form form, masked when `mask` is given. */
export function TextField({ label, registration, errors, hint, wide, mask, first, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} errors={errors} hint={hint} wide={wide}>
      {(a11y) =>
        mask ? (
          <MaskedInput
            className="pf-field__input"
            inputMode="numeric"
            {...input}
            {...a11y}
            data-autofocus={first || undefined}
            mask={mask}
            registration={registration}
          />
        ) : (
          <input className="pf-field__input" {...input} {...a11y} data-autofocus={first || undefined} {...registration} />
        )
      }
    </FieldShell>
  );
}

/** The form's general messages (and unknown fields, spec §8), announced when they appear. */
export function FormMessages({ messages }: { messages: string[] }) {
  return (
    <div className="pf-messages" role="alert">
      {messages.length === 1 ? <p className="pf-messages__item">{messages[0]}</p> : null}
      {messages.length > 1 ? (
        <ul className="pf-messages__list">
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A submit button that says it is busy (and does not submit twice) while the call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary pf-submit" aria-busy={busy} disabled={busy}>
      {children}
    </button>
  );
}

/** The 4-digit code from a letter (only digits are kept). */
export function CodeInput({
  value,
  onValueChange,
  errors,
}: {
  value: string;
  onValueChange: (value: string) => void;
  errors?: string[];
}) {
  return (
    <FieldShell label="Код из письма" errors={errors}>
      {(a11y) => (
        <input
          className="pf-field__input pf-field__input--code"
          {...a11y}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={ACCOUNT_CODE_LENGTH}
          data-autofocus
          value={value}
          onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, ACCOUNT_CODE_LENGTH))}
        />
      )}
    </FieldShell>
  );
}
