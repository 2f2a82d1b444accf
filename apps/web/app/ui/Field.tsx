import { useId, type ReactNode } from 'react';

// The labelled field of every form: the label, the control (given by the caller, which spreads the
// ids and flags it is handed), a hint and the field's messages, tied together for screen readers.
// Forms keep their own look: `look` names the CSS block each screen already styles (the account
// and order forms `pf-field`, the sign-in dialogs `auth-field`, the admin screens `admin-field`,
// the lesson editor `le-field`, the invitation page `invite-field`, the code entry of every mailed
// code `code-entry__field`, ui/CodeEntry.tsx). Markup is the same for all.

/** What the control spreads: its id, and the invalid flag and descriptions when there are any. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export type FieldLook = 'account' | 'auth' | 'admin' | 'lesson' | 'invite' | 'code';

interface Look {
  box: string;
  label?: string;
  hint: string;
  error: string;
  /** Only the first message (the lesson editor: the server may give two for one mistake, the first says what to do), announced. */
  firstError?: boolean;
  /** The error before the hint in the control's description (the lesson editor). */
  errorFirst?: boolean;
  /** The messages announced when they appear (role="alert"), all of them (the code entry). */
  alert?: boolean;
}

const LOOKS: Record<FieldLook, Look> = {
  account: { box: 'pf-field', label: 'pf-field__label', hint: 'pf-field__hint', error: 'pf-field__error' },
  auth: { box: 'auth-field', label: 'auth-field__label', hint: 'auth-field__hint', error: 'auth-field__error' },
  admin: { box: 'admin-field', label: 'admin-field__label', hint: 'admin-field__hint', error: 'admin-field__error' },
  lesson: { box: 'le-field', label: 'le-field__label', hint: 'le-field__hint', error: 'le-field__error', firstError: true, errorFirst: true },
  invite: { box: 'invite-field', hint: 'invite-hint', error: 'invite-error' },
  code: { box: 'code-entry__field', label: 'code-entry__label', hint: 'code-entry__hint', error: 'code-entry__error', alert: true },
};

export interface FieldProps {
  look: FieldLook;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's messages, joined into one line (or the first only, for the lesson editor). */
  errors?: string[];
  /** More classes of the field's box (e.g. across a whole row, `pf-field--wide`). */
  className?: string;
  /** A fixed id for the control (pages whose tests or links name it); otherwise one is made. */
  id?: string;
  children: (a11y: FieldA11y) => ReactNode;
}

export function Field({ look, label, hint, errors = [], className, id: fixedId, children }: FieldProps) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const css = LOOKS[look];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', errors.length ? errorId : ''];
  const describedBy = (css.errorFirst ? described.reverse() : described).filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${css.box} ${className}` : css.box}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={css.hint}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={errorId} className={css.error} role={css.firstError || css.alert ? 'alert' : undefined}>
          {css.firstError ? errors[0] : errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
