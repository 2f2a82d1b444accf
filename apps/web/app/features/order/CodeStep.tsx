import { useId, useState } from 'react';
import type { OrderSummary } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useSessionChanged } from '../../lib/session.ts';
import { CodeEntry, CodeEntryLink } from '../../ui/CodeEntry.tsx';
import { paymentPath } from '../../ui/paths.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';

// InputCodeOrder and LoginOrder (decision 0023): a guest's order
// waits for the e-mail code, which signs the person in (a new address registers) and makes the
// order theirs; or the person signs in with a password and claims the order. Either way the
// header is reloaded with the person (useSessionChanged) on the way to the payment page.

/** The order code may be asked for again after 30 s (the server says how long in `resend_after`). */
const DEFAULT_RESEND_S = 30;

/** InputCodeOrder: the code from the letter (ui/CodeEntry.tsx); the fourth digit confirms the order. */
function CodeForm({
  order,
  email,
  resendAt,
  onResendAt,
  onPassword,
  onChangeAddress,
}: {
  order: OrderSummary;
  email: string;
  resendAt: number;
  onResendAt: (at: number) => void;
  onPassword: () => void;
  onChangeAddress: () => void;
}) {
  const sessionChanged = useSessionChanged();
  return (
    <CodeEntry
      email={email}
      purpose="Введите его, чтобы подтвердить заказ: вы войдёте в личный кабинет, а если аккаунта ещё нет — он будет создан."
      submitLabel="Подтвердить"
      resendAt={resendAt}
      onResendAt={onResendAt}
      onCode={async (code) => {
        const result = await browserApi.orderConfirm(order.code, code);
        await sessionChanged(paymentPath(result.order.code));
      }}
      onResend={async () => (await browserApi.orderSendCode(order.code)).resend_after}
      onChangeAddress={onChangeAddress}
    >
      <CodeEntryLink onClick={onPassword}>Войти с паролем</CodeEntryLink>
    </CodeEntry>
  );
}

function PasswordForm({ order, email, onCode }: { order: OrderSummary; email: string; onCode: () => void }) {
  const sessionChanged = useSessionChanged();
  const form = useApiForm(['password']);
  const [password, setPassword] = useState('');
  const base = useId();
  const errors = form.errorsOf('password');
  return (
    <form
      className="order-step"
      noValidate
      onSubmit={form.onSubmit(
        async () => {
          const empty = rejection({ password: !password.trim() && ['Введите пароль.'] });
          if (empty) throw empty;
          await browserApi.signInWithPassword(email, password.trim());
          const claimed = await browserApi.orderClaim(order.code);
          await sessionChanged(paymentPath(claimed.order.code));
        },
        { leaving: true },
      )}
    >
      <p className="order-step__lead">Войдите в аккаунт с этим адресом — заказ станет вашим.</p>
      <div className="pf-field">
        <label className="pf-field__label" htmlFor={`${base}-email`}>
          E-mail
        </label>
        <input id={`${base}-email`} className="pf-field__input" type="email" value={email} readOnly autoComplete="username" />
      </div>
      <div className="pf-field">
        <label className="pf-field__label" htmlFor={`${base}-password`}>
          Пароль
        </label>
        <input
          id={`${base}-password`}
          className="pf-field__input"
          type="password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${base}-password-error` : undefined}
        />
        {errors.length ? (
          <p id={`${base}-password-error`} className="pf-field__error">
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
      {form.problems.general.length ? <FormMessages look="order" messages={form.problems.general} /> : null}
      <button type="submit" className="button button--primary order-step__submit" aria-busy={form.busy || undefined} disabled={form.busy}>
        {form.busy ? 'Входим…' : 'Войти и продолжить'}
      </button>
      <div className="order-step__links">
        <button type="button" className="order-link" onClick={onCode}>
          Ввести код из письма
        </button>
      </div>
    </form>
  );
}

/** The dialog of a guest's order after the form: the code (InputCodeOrder) or the password (LoginOrder). */
export function CodeStep({
  order,
  email,
  resendAfter,
  onClose,
  onChangeAddress,
}: {
  order: OrderSummary | null;
  email: string;
  resendAfter: number | null;
  onClose: () => void;
  /** 'Изменить адрес': the dialog closes and the form's e-mail takes the focus. */
  onChangeAddress: () => void;
}) {
  const [withPassword, setWithPassword] = useState(false);
  // Kept here, so going to the password and back does not restart the countdown.
  const [resendAt, setResendAt] = useState(() => Date.now() + (resendAfter ?? DEFAULT_RESEND_S) * 1000);
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title={withPassword ? 'Вход в аккаунт' : 'Подтвердите e-mail'}
      contentKey={withPassword ? 'login-order' : 'input-code-order'}
      className="order-dialog"
    >
      {order === null ? null : withPassword ? (
        <PasswordForm order={order} email={email} onCode={() => setWithPassword(false)} />
      ) : (
        <CodeForm
          order={order}
          email={email}
          resendAt={resendAt}
          onResendAt={setResendAt}
          onPassword={() => setWithPassword(true)}
          onChangeAddress={onChangeAddress}
        />
      )}
    </Modal>
  );
}
