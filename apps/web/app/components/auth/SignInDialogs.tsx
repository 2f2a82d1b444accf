import { useRef, useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { authClient } from '../../lib/auth-client.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { closeDialog, openDialog, useDialogState } from '../layout/SignInPlaceholder.tsx';
import {
  CODE_LENGTH,
  Field,
  FormMessages,
  NO_PROBLEMS,
  CodeField,
  EMAIL_REQUIRED,
  EmailField,
  problemsOf,
  ResendButton,
  SubmitButton,
  SwitchLink,
  type FormProblems,
} from './fields.tsx';
import { SocialButtons } from './SocialButtons.tsx';

// SendCode ('Вход/регистрация'), InputCode and Login of spec §4: the ways in.

const CONSENT_REQUIRED = 'Чтобы продолжить, примите условия и дайте согласие на обработку персональных данных.';

/** After a sign-in: close the dialog, reload the root data (header) and go to `next` or '/'. */
function useSignedIn(): () => Promise<void> {
  const sessionChanged = useSessionChanged();
  const { next } = useDialogState();
  return async () => {
    closeDialog();
    await sessionChanged(next ?? '/');
  };
}

/** Starts the 180 s countdown of the code just sent (spec §9); the server enforces it too. */
function countdownFrom(resendAfterS: number): number {
  return Date.now() + resendAfterS * 1000;
}

/** SendCode: e-mail and the consent, then a code goes out (a new address registers with it). */
export function SendCode() {
  const root = useRouteLoaderData('root') as { configs?: { PRIVACY_POLICY_LINK?: string } } | undefined;
  const policy = root?.configs?.PRIVACY_POLICY_LINK;
  const state = useDialogState();
  const [email, setEmail] = useState(state.email);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const fields: Record<string, string[]> = {};
    if (!value) fields.email = [EMAIL_REQUIRED];
    if (!consent) fields.consent = [CONSENT_REQUIRED];
    if (Object.keys(fields).length) return setProblems({ fields, general: [] });
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      const sent = await authClient.sendCode(value);
      openDialog('InputCode', { email: value, resendAt: countdownFrom(sent.resend_after) });
    } catch (error) {
      setProblems(problemsOf(error, ['email']));
      setBusy(false);
    }
  }

  const consentErrors = problems.fields.consent ?? [];
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-form__lead">Введите e-mail — мы пришлём код для входа. Если вы у нас впервые, аккаунт создастся сам.</p>
      <EmailField value={email} onValueChange={setEmail} errors={problems.fields.email} />
      <div className="auth-consent">
        <input
          id="auth-consent"
          type="checkbox"
          className="auth-consent__box"
          checked={consent}
          required
          onChange={(event) => setConsent(event.target.checked)}
          aria-invalid={consentErrors.length > 0 || undefined}
          aria-describedby={consentErrors.length ? 'auth-consent-error' : undefined}
        />
        <label htmlFor="auth-consent" className="auth-consent__label">
          Принимаю условия{' '}
          {policy ? (
            <a href={policy} target="_blank" rel="noopener noreferrer">
              Политики конфиденциальности
            </a>
          ) : (
            'Политики конфиденциальности'
          )}{' '}
          и даю разрешение на обработку персональных данных
        </label>
        {consentErrors.length ? (
          <p id="auth-consent-error" className="auth-field__error">
            {consentErrors.join(' ')}
          </p>
        ) : null}
      </div>
      {problems.general.length ? <FormMessages messages={problems.general} /> : null}
      <SubmitButton busy={busy}>Получить код</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('Login', { email: email.trim() })}>Войти с паролем</SwitchLink>
      </div>
      <SocialButtons next={state.next ?? '/'} />
    </form>
  );
}

/** InputCode: four digits from the letter; the fourth submits (spec §4). */
export function InputCode() {
  const state = useDialogState();
  const signedIn = useSignedIn();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function check(value: string) {
    if (busy) return;
    if (value.length !== CODE_LENGTH) return setMessages([`Введите ${CODE_LENGTH} цифры из письма.`]);
    setBusy(true);
    setMessages([]);
    setNotice(null);
    try {
      await authClient.signInWithCode(state.email, value);
      await signedIn();
    } catch (error) {
      // Spec §8: every message of the answer, flattened.
      setMessages(problemsOf(error, []).general);
      setCode('');
      setBusy(false);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  async function resend() {
    setResending(true);
    setMessages([]);
    setNotice(null);
    try {
      const sent = await authClient.sendCode(state.email);
      openDialog('InputCode', { resendAt: countdownFrom(sent.resend_after) });
      setNotice('Мы отправили новый код. Прежний больше не действует.');
      setCode('');
      inputRef.current?.focus();
    } catch (error) {
      setMessages(problemsOf(error, []).general);
    } finally {
      setResending(false);
    }
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void check(code);
      }}
    >
      <p className="auth-form__lead">
        Мы отправили код на <strong>{state.email}</strong>. Он действует 10 минут.
      </p>
      <CodeField inputRef={inputRef} value={code} busy={busy} onValueChange={setCode} onComplete={(value) => void check(value)} />
      {messages.length ? <FormMessages messages={messages} /> : null}
      {notice ? (
        <p className="auth-notice" role="status">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={busy}>Войти</SubmitButton>
      <div className="auth-form__links">
        <ResendButton resendAt={state.resendAt} busy={resending} onResend={() => void resend()} />
        <SwitchLink onClick={() => openDialog('SendCode')}>Изменить e-mail</SwitchLink>
      </div>
    </form>
  );
}

/** Login: e-mail and password (both trimmed, spec §5); a failure shows the answer's `detail`. */
export function Login() {
  const state = useDialogState();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState(state.email);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const username = email.trim();
    const secret = password.trim();
    const fields: Record<string, string[]> = {};
    if (!username) fields.username = ['Укажите e-mail.'];
    if (!secret) fields.password = ['Укажите пароль.'];
    if (Object.keys(fields).length) return setProblems({ fields, general: [] });
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      await authClient.signInWithPassword(username, secret);
      await signedIn();
    } catch (error) {
      setProblems(problemsOf(error, ['username', 'password']));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <EmailField name="username" value={email} onValueChange={setEmail} errors={problems.fields.username} />
      <Field
        label="Пароль"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        errors={problems.fields.password}
      />
      {problems.general.length ? <FormMessages messages={problems.general} /> : null}
      <SubmitButton busy={busy}>Войти</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('RestorePassword', { email: email.trim() })}>Забыли пароль?</SwitchLink>
        <SwitchLink onClick={() => openDialog('SendCode', { email: email.trim() })}>Войти по коду</SwitchLink>
      </div>
      <SocialButtons next={state.next ?? '/'} />
    </form>
  );
}
