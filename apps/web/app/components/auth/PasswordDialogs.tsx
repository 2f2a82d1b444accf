import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { AuthCallError, authClient } from '../../lib/auth-client.ts';
import { closeDialog, openDialog, useDialogState, type PasswordData } from '../layout/SignInPlaceholder.tsx';
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

// RestorePassword, ChangePassword ('Создание пароля', from the mailed link), ChangePasswordCode
// and PassChange of spec §4 (decision 0009: restore and change flows). Password errors come
// as `non_field_errors` or `detail`: spec §8 shows them above the button.

const PASSWORD_MIN = 8;

/** What the client can tell before a call (the server checks the same and more). */
function newPasswordProblems(password: string, confirm: string): string[] {
  const problems: string[] = [];
  if (!password) problems.push('Введите новый пароль.');
  else if (password.length < PASSWORD_MIN) problems.push(`Пароль должен быть не короче ${PASSWORD_MIN} символов.`);
  if (password && password !== confirm) problems.push('Пароли не совпадают.');
  return problems;
}

/** A finished flow: the server's words and one button (spec §4: the dialog then closes). */
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

/** New password and its repeat (trimmed, spec §5), with the autocomplete that offers a strong one. */
function NewPasswordFields(props: {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  first?: boolean;
}) {
  return (
    <>
      <Field
        label="Новый пароль"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        first={props.first}
        value={props.password}
        onValueChange={props.setPassword}
        hint={`Не короче ${PASSWORD_MIN} символов и не только цифры.`}
      />
      <Field
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
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setProblems({ fields: { email: [EMAIL_REQUIRED] }, general: [] });
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      const answer = await authClient.restore(value);
      setDone(answer.detail);
    } catch (error) {
      setProblems(problemsOf(error, ['email']));
    } finally {
      setBusy(false);
    }
  }

  if (done) return <Success text={`${done} Ссылка действует 60 минут.`} />;
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-form__lead">Укажите e-mail, с которым вы входите. Мы пришлём ссылку, по которой можно задать новый пароль.</p>
      <EmailField value={email} onValueChange={setEmail} errors={problems.fields.email} />
      {problems.general.length ? <FormMessages messages={problems.general} /> : null}
      <SubmitButton busy={busy}>Отправить ссылку</SubmitButton>
      <div className="auth-form__links">
        <SwitchLink onClick={() => openDialog('SendCode', { email: email.trim() })}>Войти по коду</SwitchLink>
        <SwitchLink onClick={() => openDialog('ChangePasswordCode', { email: email.trim(), passwordData: null })}>
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
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const pair = { password: password.trim(), confirm_password: confirm.trim() };
    const local = newPasswordProblems(pair.password, pair.confirm_password);
    if (local.length) return setMessages(local);
    setBusy(true);
    setMessages([]);
    try {
      const answer = await authClient.setPasswordByRestore(state.restoreToken ?? '', pair);
      setDone(answer.detail);
    } catch (error) {
      setMessages(problemsOf(error, []).general);
    } finally {
      setBusy(false);
    }
  }

  if (done) return <Success text={done} action={{ label: 'Войти', run: () => openDialog('Login') }} />;
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="auth-form__lead">Придумайте новый пароль. После сохранения войдите с ним — на других устройствах вход закончится.</p>
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} first />
      {messages.length ? <FormMessages messages={messages} /> : null}
      <SubmitButton busy={busy}>Сохранить пароль</SubmitButton>
    </form>
  );
}

/** PassChange (signed in): current and new password; then ChangePasswordCode asks for the mailed code. */
export function PassChange() {
  const root = useRouteLoaderData('root') as { user?: { email: string } | null } | undefined;
  const email = root?.user?.email;
  const state = useDialogState();
  const kept = state.passwordData;
  const [current, setCurrent] = useState(kept?.current_password ?? '');
  const [password, setPassword] = useState(kept?.password ?? '');
  const [confirm, setConfirm] = useState(kept?.confirm_password ?? '');
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  if (!email) {
    return (
      <Success
        text="Чтобы сменить пароль, войдите в аккаунт."
        action={{ label: 'Войти', run: () => openDialog('SendCode') }}
      />
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data: PasswordData = { password: password.trim(), confirm_password: confirm.trim() };
    if (current.trim()) data.current_password = current.trim();
    const local = newPasswordProblems(data.password, data.confirm_password);
    if (local.length) return setMessages(local);
    setBusy(true);
    setMessages([]);
    try {
      const sent = await authClient.sendChangeCode(email!);
      openDialog('ChangePasswordCode', { email, passwordData: data, resendAt: Date.now() + sent.resend_after * 1000 });
    } catch (error) {
      setMessages(problemsOf(error, []).general);
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field
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
      {messages.length ? <FormMessages messages={messages} /> : null}
      <SubmitButton busy={busy}>Получить код</SubmitButton>
      <p className="auth-form__note">Мы отправим код подтверждения на {email}.</p>
    </form>
  );
}

/** The code step of a password change: four digits, auto-submitted, resend after the countdown. */
function CodeStep(props: {
  email: string;
  resendAt: number;
  onCode: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  children?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);

  async function check(value: string) {
    if (busy) return;
    if (value.length !== CODE_LENGTH) return setMessages([`Введите ${CODE_LENGTH} цифры из письма.`]);
    setBusy(true);
    setMessages([]);
    try {
      await props.onCode(value);
    } catch (error) {
      setMessages(problemsOf(error, []).general);
      setCode('');
      setBusy(false);
      requestAnimationFrame(() => inputRef.current?.focus());
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
        Если адрес <strong>{props.email}</strong> зарегистрирован, на него пришёл код. Он действует 10 минут.
      </p>
      <CodeField inputRef={inputRef} value={code} busy={busy} onValueChange={setCode} onComplete={(value) => void check(value)} />
      {messages.length ? <FormMessages messages={messages} /> : null}
      <SubmitButton busy={busy}>Подтвердить</SubmitButton>
      <div className="auth-form__links">
        <ResendButton
          resendAt={props.resendAt}
          busy={resending}
          onResend={() => {
            setResending(true);
            setMessages([]);
            props
              .onResend()
              .catch((error: unknown) => setMessages(problemsOf(error, []).general))
              .finally(() => setResending(false));
          }}
        />
        {props.children}
      </div>
    </form>
  );
}

/**
 * ChangePasswordCode. Signed in (from PassChange): the code sends the change (spec §4) and the
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
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [done, setDone] = useState('');

  async function sendCode(address: string) {
    const sent = await authClient.sendChangeCode(address);
    openDialog('ChangePasswordCode', { email: address, resendAt: Date.now() + sent.resend_after * 1000 });
  }

  async function run(event: FormEvent, action: () => Promise<void>, fields: string[] = []) {
    event.preventDefault();
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      await action();
    } catch (error) {
      setProblems(problemsOf(error, fields));
    } finally {
      setBusy(false);
    }
  }

  if (step === 'done') {
    return state.passwordData ? (
      <Success text={done} />
    ) : (
      <Success text={`${done} Теперь войдите с новым паролем.`} action={{ label: 'Войти', run: () => openDialog('Login', { email }) }} />
    );
  }

  if (step === 'email') {
    return (
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          void run(
            event,
            async () => {
              const value = email.trim();
              if (!value) throw problemsError({ email: [EMAIL_REQUIRED] });
              await sendCode(value);
              setStep('code');
            },
            ['email'],
          )
        }
      >
        <p className="auth-form__lead">Мы пришлём на e-mail код, после него можно будет задать новый пароль.</p>
        <EmailField value={email} onValueChange={setEmail} errors={problems.fields.email} />
        {problems.general.length ? <FormMessages messages={problems.general} /> : null}
        <SubmitButton busy={busy}>Получить код</SubmitButton>
      </form>
    );
  }

  if (step === 'code') {
    const data = state.passwordData;
    return (
      <CodeStep
        email={state.email}
        resendAt={state.resendAt}
        onResend={() => sendCode(state.email)}
        onCode={async (code) => {
          if (data) {
            const answer = await authClient.changeOwnPassword({ code, ...data });
            setDone(answer.detail);
            setStep('done');
          } else {
            const answer = await authClient.exchangeChangeCode(state.email, code);
            setToken(answer.access_token);
            setStep('password');
          }
        }}
      >
        {data ? null : <SwitchLink onClick={() => setStep('email')}>Изменить e-mail</SwitchLink>}
      </CodeStep>
    );
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) =>
        void run(event, async () => {
          const pair = { password: password.trim(), confirm_password: confirm.trim() };
          const local = newPasswordProblems(pair.password, pair.confirm_password);
          if (local.length) throw problemsError({ non_field_errors: local });
          const answer = await authClient.setPasswordByChange(token, pair);
          setDone(answer.detail);
          setStep('done');
        })
      }
    >
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} first />
      {problems.general.length ? <FormMessages messages={problems.general} /> : null}
      <SubmitButton busy={busy}>Сохранить пароль</SubmitButton>
    </form>
  );
}

/** A local check failing like a server answer, so one path shows both. */
function problemsError(body: Record<string, string[]>) {
  return new AuthCallError(400, body);
}
