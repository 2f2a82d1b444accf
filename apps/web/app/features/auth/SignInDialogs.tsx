import { useRef, useState } from 'react';
import { AUTH_CODE_LENGTH, EMAIL_REQUIRED, normaliseEmail, sitePath } from '@crema/contract/rules';
import { browserApi } from '../../api/browser.ts';
import { NO_PROBLEMS } from '../../api/problems.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { closeDialog, openDialog, useDialogState } from '../../lib/dialogs.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { CodeField, EmailField, InputField, ResendButton, SubmitButton, SwitchLink } from './fields.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SIGN_UP_CONSENT_MISSING, SignUpConsent } from '../../ui/SignUpConsent.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { shouldOfferProfile } from './SkipAccountData.tsx';

// SendCode ('Вход/регистрация'), InputCode and Login: the ways in.


/**
 * After a sign-in: close the dialog — or offer to fill in the profile (SkipAccountData) — reload
 * the root data (header) and go to `next` or '/'.
 */
function useSignedIn(): () => Promise<void> {
  const sessionChanged = useSessionChanged();
  const { next } = useDialogState();
  return async () => {
    if (await shouldOfferProfile()) openDialog('SkipAccountData');
    else closeDialog();
    await sessionChanged(sitePath(next) ?? '/');
  };
}

/** Starts the 180 s countdown of the code just sent; the server enforces it too. */
export function countdownFrom(resendAfterS: number): number {
  return Date.now() + resendAfterS * 1000;
}

/** SendCode: e-mail and the consent, then a code goes out (a new address registers with it). */
export function SendCode() {
  const state = useDialogState();
  const [email, setEmail] = useState(state.email);
  const [consent, setConsent] = useState(false);
  const form = useApiForm(['email']);

  const submit = form.onSubmit(
    async () => {
      const value = normaliseEmail(email);
      const local = rejection({ email: !value && [EMAIL_REQUIRED], consent: !consent && [SIGN_UP_CONSENT_MISSING] });
      if (local) throw local;
      const sent = await browserApi.sendCode(value);
      openDialog('InputCode', { email: value, resendAt: countdownFrom(sent.resend_after), consent });
    },
    { leaving: true },
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <p className="auth-form__lead">Введите e-mail — мы пришлём код для входа. Если вы у нас впервые, аккаунт создастся сам.</p>
      <EmailField value={email} onValueChange={setEmail} errors={form.errorsOf('email')} />
      <SignUpConsent id="auth-consent" checked={consent} onChange={setConsent} errors={form.errorsOf('consent')} required />
      {form.problems.general.length ? <FormMessages look="auth" messages={form.problems.general} /> : null}
      <SubmitButton busy={form.busy}>Получить код</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('Login', { email: normaliseEmail(email) })}>Войти с паролем</SwitchLink>
      </div>
      <SocialButtons next={sitePath(state.next) ?? '/'} consent={consent} />
    </form>
  );
}

/**
 * The code form: four digits, the fourth submits; a refused code is
 * cleared and the field focused again; 'Отправить код повторно' after the countdown. Used by
 * InputCode and by the code step of a password change.
 */
export function CodeForm(props: {
  lead: React.ReactNode;
  submitLabel: string;
  resendAt: number;
  /** Checks the code; throws to refuse it. */
  onCode: (code: string) => Promise<unknown>;
  /** Sends a new code. */
  onResend: () => Promise<unknown>;
  /** Shown after a new code went out. */
  resentNotice?: string;
  children?: React.ReactNode;
}) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useApiForm();
  const resend = useApiForm();
  const messages = [...form.problems.general, ...resend.problems.general];

  function check(value: string) {
    if (form.busy) return;
    setNotice(null);
    resend.setProblems(NO_PROBLEMS);
    // An incomplete code stays in the field to be finished; only a refused one is cleared.
    if (value.length !== AUTH_CODE_LENGTH) {
      form.setProblems({ fields: {}, general: [`Введите ${AUTH_CODE_LENGTH} цифры из письма.`] });
      return;
    }
    const clearAndRefocus = () => {
      setCode('');
      requestAnimationFrame(() => inputRef.current?.focus());
    };
    void form.run(() => props.onCode(value), { leaving: true, onFailed: clearAndRefocus });
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check(code);
      }}
    >
      <p className="auth-form__lead">{props.lead}</p>
      <CodeField inputRef={inputRef} value={code} busy={form.busy} onValueChange={setCode} onComplete={check} />
      {messages.length ? <FormMessages look="auth" messages={messages} /> : null}
      {notice ? (
        <p className="auth-notice" role="status">
          {notice}
        </p>
      ) : null}
      <SubmitButton busy={form.busy}>{props.submitLabel}</SubmitButton>
      <div className="auth-form__links">
        <ResendButton
          resendAt={props.resendAt}
          busy={resend.busy}
          onResend={() => {
            setNotice(null);
            form.setProblems(NO_PROBLEMS);
            void resend.run(async () => {
              await props.onResend();
              if (props.resentNotice) setNotice(props.resentNotice);
              setCode('');
              inputRef.current?.focus();
            });
          }}
        />
        {props.children}
      </div>
    </form>
  );
}

/** InputCode: four digits from the letter; the fourth submits. */
export function InputCode() {
  const state = useDialogState();
  const signedIn = useSignedIn();
  return (
    <CodeForm
      lead={
        <>
          Мы отправили код на <strong>{state.email}</strong>. Он действует 10 минут.
        </>
      }
      submitLabel="Войти"
      resendAt={state.resendAt}
      onCode={async (code) => {
        await browserApi.signInWithCode(state.email, code, state.consent);
        await signedIn();
      }}
      onResend={async () => {
        const sent = await browserApi.sendCode(state.email);
        openDialog('InputCode', { resendAt: countdownFrom(sent.resend_after) });
      }}
      resentNotice="Мы отправили новый код. Прежний больше не действует."
    >
      <SwitchLink onClick={() => openDialog('SendCode')}>Изменить e-mail</SwitchLink>
    </CodeForm>
  );
}

/** Login: e-mail and password (both trimmed); a failure shows the answer's `detail`. */
export function Login() {
  const state = useDialogState();
  const signedIn = useSignedIn();
  const [email, setEmail] = useState(state.email);
  const [password, setPassword] = useState('');
  const form = useApiForm(['username', 'password']);

  const submit = form.onSubmit(
    async () => {
      const username = normaliseEmail(email);
      const secret = password.trim();
      const local = rejection({ username: !username && ['Укажите e-mail.'], password: !secret && ['Укажите пароль.'] });
      if (local) throw local;
      await browserApi.signInWithPassword(username, secret);
      await signedIn();
    },
    { leaving: true },
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <EmailField name="username" value={email} onValueChange={setEmail} errors={form.errorsOf('username')} />
      <InputField
        label="Пароль"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        errors={form.errorsOf('password')}
      />
      {form.problems.general.length ? <FormMessages look="auth" messages={form.problems.general} /> : null}
      <SubmitButton busy={form.busy}>Войти</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('RestorePassword', { email: normaliseEmail(email) })}>Забыли пароль?</SwitchLink>
        <SwitchLink onClick={() => openDialog('SendCode', { email: normaliseEmail(email) })}>Войти по коду</SwitchLink>
      </div>
      <SocialButtons next={sitePath(state.next) ?? '/'} />
    </form>
  );
}
