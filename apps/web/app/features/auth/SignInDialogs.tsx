import { useState } from 'react';
import { EMAIL_REQUIRED, normaliseEmail, sitePath } from '@crema/contract/rules';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { closeDialog, openDialog, useDialogState } from '../../lib/dialogs.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { EmailField, InputField, SubmitButton, SwitchLink } from './fields.tsx';
import { CodeEntry, resendAtAfter } from '../../ui/CodeEntry.tsx';
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
      openDialog('InputCode', { email: value, resendAt: resendAtAfter(sent.resend_after), consent });
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

/** InputCode: the code from the letter (ui/CodeEntry.tsx); the fourth digit signs in. */
export function InputCode() {
  const state = useDialogState();
  const signedIn = useSignedIn();
  return (
    <CodeEntry
      email={state.email}
      submitLabel="Войти"
      resendAt={state.resendAt}
      onResendAt={(resendAt) => openDialog('InputCode', { resendAt })}
      onCode={async (code) => {
        await browserApi.signInWithCode(state.email, code, state.consent);
        await signedIn();
      }}
      onResend={async () => (await browserApi.sendCode(state.email)).resend_after}
      onChangeAddress={() => openDialog('SendCode')}
    />
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
