import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { goBack, useDialogState } from '../../lib/dialogs.ts';
import { Field } from '../../ui/Field.tsx';

// Form parts the sign-in dialogs share: labelled fields with their errors linked by
// aria-describedby (ui/Field.tsx), a busy submit button. The code's entry is the kit's
// (ui/CodeEntry.tsx), the same on every screen that asks for a mailed code.

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  errors?: string[];
  hint?: ReactNode;
  /** Focused when the dialog opens. */
  first?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input (ui/Field.tsx); its errors (joined) and hint are tied to it for screen readers. */
export function InputField({ label, value, onValueChange, errors = [], hint, first, className, ...input }: FieldProps) {
  return (
    <Field look="auth" label={label} errors={errors} hint={hint}>
      {(a11y) => (
        <input
          {...input}
          {...a11y}
          className={className ?? 'auth-field__input'}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          data-autofocus={first || undefined}
        />
      )}
    </Field>
  );
}

/** A submit button that says it is busy (and does not submit twice) while the call runs. */
export function SubmitButton({ busy, children, disabled }: { busy: boolean; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className="button button--primary auth-form__submit" aria-busy={busy} disabled={busy || disabled}>
      {children}
    </button>
  );
}

/** 'Назад' to the remembered dialog, when there is one. */
export function BackLink() {
  const { previous } = useDialogState();
  if (!previous) return null;
  return (
    <button type="button" className="auth-link auth-back" onClick={goBack}>
      ← Назад
    </button>
  );
}

/** A link-looking button that switches to another dialog. */
export function SwitchLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="auth-link" onClick={onClick}>
      {children}
    </button>
  );
}

/** The e-mail input of the sign-in dialogs (the password login sends it as `username`). */
export function EmailField({
  value,
  onValueChange,
  errors,
  name = 'email',
}: {
  value: string;
  onValueChange: (value: string) => void;
  errors?: string[];
  name?: 'email' | 'username';
}) {
  return (
    <InputField
      label="E-mail"
      type="email"
      name={name}
      autoComplete="email"
      inputMode="email"
      required
      first
      value={value}
      onValueChange={onValueChange}
      errors={errors}
    />
  );
}
