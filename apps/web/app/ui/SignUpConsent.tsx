import { useRootData } from '../lib/root-data.ts';
import './sign-up-consent.css';

/** What a screen says, before anything is sent, when its sign-up consent box is not ticked. */
export const SIGN_UP_CONSENT_MISSING = 'Чтобы продолжить, примите условия и дайте согласие на обработку персональных данных.';

/**
 * The sign-up consent box of every screen where a new account can be made: the sign-in
 * dialog, the invitation page, the social sign-in's return page. Only a box the person ticked here
 * lets the API make an account and write the consent records (`consent_personal_data: true`).
 */
export function SignUpConsent({
  id,
  checked,
  onChange,
  errors,
  required = false,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: readonly string[];
  /** Marked required (the sign-in dialog's box always is). */
  required?: boolean;
}) {
  const root = useRootData();
  const policy = root?.configs?.PRIVACY_POLICY_LINK || '/documents/privacy-policy/';
  const errorId = `${id}-error`;
  return (
    <div className="signup-consent">
      <input
        id={id}
        type="checkbox"
        className="signup-consent__box"
        checked={checked}
        required={required}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errorId : undefined}
      />
      <label htmlFor={id} className="signup-consent__label">
        Принимаю условия{' '}
        <a href={policy} target="_blank" rel="noopener noreferrer">
          Политики конфиденциальности
        </a>{' '}
        и даю{' '}
        <a href="/documents/personal-data-consent/" target="_blank" rel="noopener noreferrer">
          разрешение на обработку персональных данных
        </a>
      </label>
      {errors.length ? (
        <p id={errorId} className="signup-consent__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
