import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_CODE_LENGTH } from '@crema/contract/rules';
import { maskedRef, type MaskOptions } from '../../ui/masks.ts';
import { Field } from '../../ui/Field.tsx';

// Fields of the account forms: a label, the input (react-hook-form's registration, the form's
// mask when given) and the messages under it, tied together for screen readers (ui/Field.tsx,
// look `account`; the form's general messages are ui/FormMessages.tsx).

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
    <Field look="account" label={label} errors={errors} hint={hint} className={wide ? 'pf-field--wide' : undefined}>
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
    </Field>
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
    <Field look="account" label="Код из письма" errors={errors}>
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
    </Field>
  );
}
