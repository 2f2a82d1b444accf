import { useState } from 'react';
import { EMAIL_REQUIRED, normaliseEmail, PASSWORD_MIN_LENGTH, passwordProblems } from '@crema/contract/rules';
import { useRootData } from '../../lib/root-data.ts';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { closeDialog, openDialog, useDialogState, type PasswordData } from '../../lib/dialogs.ts';
import { EmailField, InputField, SubmitButton, SwitchLink } from './fields.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CodeEntry, resendAtAfter } from '../../ui/CodeEntry.tsx';

// RestorePassword, ChangePassword ('Создание пароля', from the mailed link), ChangePasswordCode
// and PassChange (decision 0009: restore and change flows). Password errors come
// as `non_field_errors` or `detail`: they show above the button.

/** The new password's own checks (the contract's, the server runs the same) as a rejection. */
function newPasswordRejection(password: string, confirm: string) {
  return rejection({}, passwordProblems(password, confirm));
}

/** A finished flow: the server's words and one button (the dialog then closes). */
function Success({ text, action }: { text: string; action?: { label: string; run: () => void } }) {
  return (
    <div className="auth-form">
      <p className="auth-success" role="status">
        {text}
      </p>
      <button
        type="button"
        className="button button--primary auth-form__submit"
        data-autofocus
        // Shown in place of a form inside an open dialog: focus would otherwise fall to the page.
        autoFocus
        onClick={action?.run ?? closeDialog}
      >
        {action?.label ?? 'Понятно'}
      </button>
    </div>
  );
}

/** New password and its repeat (trimmed), with the autocomplete that offers a strong one. */
function NewPasswordFields(props: {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  first?: boolean;
}) {
  return (
    <>
      <InputField
        label="Новый пароль"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        first={props.first}
        value={props.password}
        onValueChange={props.setPassword}
        hint={`Не короче ${PASSWORD_MIN_LENGTH} символов и не только цифры.`}
      />
      <InputField
        label="Повторите пароль"
        type="password"
        name="confirm_password"
        autoComplete="new-password"
        required
        value={props.confirm}
        onValueChange={props.setConfirm}
      />
    </>
  );
}

/** RestorePassword: a link to create a new password goes to the address (same answer for any address). */
export function RestorePassword() {
  const state = useDialogState();
  const [email, setEmail] = useState(state.email);
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm(['email']);

  const submit = form.onSubmit(async () => {
    const value = normaliseEmail(email);
    const local = rejection({ email: !value && [EMAIL_REQUIRED] });
    if (local) throw local;
    setDone((await browserApi.restore(value)).detail);
  });

  if (done) return <Success text={`${done} Ссылка действует 60 минут.`} />;
  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <p className="auth-form__lead">Укажите e-mail, с которым вы входите. Мы пришлём ссылку, по которой можно задать новый пароль.</p>
      <EmailField value={email} onValueChange={setEmail} errors={form.errorsOf('email')} />
      {form.problems.general.length ? <FormMessages look="auth" messages={form.problems.general} /> : null}
      <SubmitButton busy={form.busy}>Отправить ссылку</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('SendCode', { email: normaliseEmail(email) })}>Войти по коду</SwitchLink>
        <SwitchLink onClick={() => openDialog('ChangePasswordCode', { email: normaliseEmail(email), passwordData: null })}>
          Сменить пароль по коду из письма
        </SwitchLink>
      </div>
    </form>
  );
}

/** ChangePassword ('Создание пароля'): the mailed `/?restore=<token>` link sets a new password. */
export function ChangePassword() {
  const state = useDialogState();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm();

  const submit = form.onSubmit(async () => {
    const pair = { password: password.trim(), confirm_password: confirm.trim() };
    const local = newPasswordRejection(pair.password, pair.confirm_password);
    if (local) throw local;
    setDone((await browserApi.setPasswordByRestore(state.restoreToken ?? '', pair)).detail);
  });

  if (done) return <Success text={done} action={{ label: 'Войти', run: () => openDialog('Login') }} />;
  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <p className="auth-form__lead">Придумайте новый пароль. После сохранения войдите с ним — на других устройствах вход закончится.</p>
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} first />
      {form.problems.general.length ? <FormMessages look="auth" messages={form.problems.general} /> : null}
      <SubmitButton busy={form.busy}>Сохранить пароль</SubmitButton>
    </form>
  );
}

/** PassChange (signed in): current and new password; then ChangePasswordCode asks for the mailed code. */
export function PassChange() {
  const root = useRootData();
  const email = root?.user?.email;
  const state = useDialogState();
  const kept = state.passwordData;
  const [current, setCurrent] = useState(kept?.current_password ?? '');
  const [password, setPassword] = useState(kept?.password ?? '');
  const [confirm, setConfirm] = useState(kept?.confirm_password ?? '');
  const form = useApiForm();

  if (!email) {
    return (
      <Success
        text="Чтобы сменить пароль, войдите в аккаунт."
        action={{ label: 'Войти', run: () => openDialog('SendCode') }}
      />
    );
  }

  const submit = form.onSubmit(
    async () => {
      const data: PasswordData = { password: password.trim(), confirm_password: confirm.trim() };
      if (current.trim()) data.current_password = current.trim();
      const local = newPasswordRejection(data.password, data.confirm_password);
      if (local) throw local;
      const sent = await browserApi.sendChangeCode(email);
      openDialog('ChangePasswordCode', { email, passwordData: data, resendAt: resendAtAfter(sent.resend_after) });
    },
    { leaving: true },
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <InputField
        label="Текущий пароль"
        type="password"
        name="current_password"
        autoComplete="current-password"
        first
        value={current}
        onValueChange={setCurrent}
        hint="Если вы входили только по коду и пароля ещё нет, оставьте поле пустым."
      />
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} />
      {form.problems.general.length ? <FormMessages look="auth" messages={form.problems.general} /> : null}
      <SubmitButton busy={form.busy}>Получить код</SubmitButton>
      <p className="auth-form__note">Мы отправим код подтверждения на {email}.</p>
    </form>
  );
}

/**
 * ChangePasswordCode. Signed in (from PassChange): the code sends the change and the
 * dialog closes. Signed out: e-mail → code → new password (`change`, `change/code`,
 * `set-password/change`).
 */
export function ChangePasswordCode() {
  const state = useDialogState();
  const [email, setEmail] = useState(state.email);
  const [step, setStep] = useState<'email' | 'code' | 'password' | 'done'>(state.passwordData ? 'code' : 'email');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState('');
  const emailForm = useApiForm(['email']);
  const passwordForm = useApiForm();

  async function sendCode(address: string) {
    const sent = await browserApi.sendChangeCode(address);
    openDialog('ChangePasswordCode', { email: address, resendAt: resendAtAfter(sent.resend_after) });
  }

  if (step === 'done') {
    return state.passwordData ? (
      <Success text={done} />
    ) : (
      <Success text={`${done} Теперь войдите с новым паролем.`} action={{ label: 'Войти', run: () => openDialog('Login', { email }) }} />
    );
  }

  if (step === 'email') {
    const submit = emailForm.onSubmit(async () => {
      const value = normaliseEmail(email);
      const local = rejection({ email: !value && [EMAIL_REQUIRED] });
      if (local) throw local;
      await sendCode(value);
      setStep('code');
    });
    return (
      <form className="auth-form" noValidate onSubmit={submit}>
        <p className="auth-form__lead">Мы пришлём на e-mail код, после него можно будет задать новый пароль.</p>
        <EmailField value={email} onValueChange={setEmail} errors={emailForm.errorsOf('email')} />
        {emailForm.problems.general.length ? <FormMessages look="auth" messages={emailForm.problems.general} /> : null}
        <SubmitButton busy={emailForm.busy}>Получить код</SubmitButton>
      </form>
    );
  }

  if (step === 'code') {
    const data = state.passwordData;
    return (
      <CodeEntry
        email={state.email}
        lead={
          <>
            Если адрес <strong>{state.email}</strong> зарегистрирован, на него пришёл код. Он действует 10 минут.
          </>
        }
        resentNotice="Если адрес зарегистрирован, на него пришёл новый код. Прежний больше не действует."
        submitLabel="Подтвердить"
        resendAt={state.resendAt}
        onResendAt={(resendAt) => openDialog('ChangePasswordCode', { resendAt })}
        onResend={async () => (await browserApi.sendChangeCode(state.email)).resend_after}
        onChangeAddress={data ? undefined : () => setStep('email')}
        onCode={async (code) => {
          if (data) {
            setDone((await browserApi.changeOwnPassword({ code, ...data })).detail);
            setStep('done');
          } else {
            setToken((await browserApi.exchangeChangeCode(state.email, code)).access_token);
            setStep('password');
          }
        }}
      />
    );
  }

  const submit = passwordForm.onSubmit(async () => {
    const pair = { password: password.trim(), confirm_password: confirm.trim() };
    const local = newPasswordRejection(pair.password, pair.confirm_password);
    if (local) throw local;
    setDone((await browserApi.setPasswordByChange(token, pair)).detail);
    setStep('done');
  });
  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} first />
      {passwordForm.problems.general.length ? <FormMessages look="auth" messages={passwordForm.problems.general} /> : null}
      <SubmitButton busy={passwordForm.busy}>Сохранить пароль</SubmitButton>
    </form>
  );
}
