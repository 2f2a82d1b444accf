import { useEffect, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { AUTH_CODE_LENGTH } from '@crema/contract/rules';
import { goBack, useDialogState } from '../../lib/dialogs.ts';
import { Field } from '../../ui/Field.tsx';

// Form parts the sign-in dialogs share: labelled fields with their errors linked by
// aria-describedby (ui/Field.tsx), a busy submit button, the code
// field with its resend countdown.

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

/** Seconds left until `until` (ms since epoch), ticking while there are any. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** 2:59 */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Only the digits of what was typed or pasted, at most four. */
export function onlyDigits(value: string): string {
  return value.replace(/[^0-9]/g, '').slice(0, AUTH_CODE_LENGTH);
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

/**
 * The code input: only digits 0–9 are kept as typed, and reaching four digits
 * submits by itself.
 */
export function CodeField({
  inputRef,
  value,
  busy,
  onValueChange,
  onComplete,
}: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  busy: boolean;
  onValueChange: (value: string) => void;
  onComplete: (code: string) => void;
}) {
  return (
    <InputField
      ref={inputRef}
      label="Код из письма"
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={AUTH_CODE_LENGTH}
      className="auth-field__input auth-field__input--code"
      first
      value={value}
      readOnly={busy}
      onValueChange={(raw) => {
        const digits = onlyDigits(raw);
        onValueChange(digits);
        if (digits.length === AUTH_CODE_LENGTH) onComplete(digits);
      }}
    />
  );
}

/** The 'Отправить код повторно' button: disabled, with the time left, until the countdown ends. */
export function ResendButton({ resendAt, busy, onResend }: { resendAt: number; busy: boolean; onResend: () => void }) {
  const seconds = useSecondsLeft(resendAt);
  const waiting = seconds > 0;
  return (
    <button
      type="button"
      className="auth-link auth-resend"
      disabled={waiting || busy}
      aria-busy={busy}
      onClick={onResend}
    >
      {waiting ? `Отправить код повторно через ${formatCountdown(seconds)}` : 'Отправить код повторно'}
    </button>
  );
}
