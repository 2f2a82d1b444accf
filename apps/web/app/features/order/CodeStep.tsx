import { useEffect, useId, useRef, useState } from 'react';
import type { OrderSummary } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useSessionChanged } from '../../lib/session.ts';
import { CodeBoxes, ORDER_CODE_LENGTH } from './CodeBoxes.tsx';
import { paymentPath } from '../../ui/paths.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';

// InputCodeOrder and LoginOrder (decision 0023): a guest's order
// waits for the e-mail code, which signs the person in (a new address registers) and makes the
// order theirs; or the person signs in with a password and claims the order. Either way the
// header is reloaded with the person (useSessionChanged) on the way to the payment page.

/** The order code may be asked for again after 30 s (the server says how long in `resend_after`). */
const DEFAULT_RESEND_S = 30;

const EMPTY = Array.from({ length: ORDER_CODE_LENGTH }, () => '');

function countdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `until` (ms), ticking once a second while above zero. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function CodeForm({
  order,
  email,
  resendAt,
  onResent,
  onPassword,
}: {
  order: OrderSummary;
  email: string;
  resendAt: number;
  onResent: (at: number) => void;
  onPassword: () => void;
}) {
  const sessionChanged = useSessionChanged();
  const errorId = useId();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const confirm = useApiForm(['code']);
  const resend = useApiForm();
  const [sent, setSent] = useState<string | null>(null);
  const left = useSecondsLeft(resendAt);
  // After a refusal, once the boxes are enabled again: the first one takes the focus.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) boxes.current[0]?.focus();
  }, [failures]);

  const check = (code: string) =>
    void confirm.run(
      async () => {
        const result = await browserApi.orderConfirm(order.code, code);
        await sessionChanged(paymentPath(result.order.code));
      },
      {
        leaving: true,
        // A wrong code: the boxes are emptied and the first one takes the focus again.
        onFailed: () => {
          setDigits(EMPTY);
          setFailures((count) => count + 1);
        },
      },
    );

  const askAgain = () =>
    void resend.run(async () => {
      setSent(null);
      // Refused (429: the server's own limits) — its message is shown under the boxes.
      const answer = await browserApi.orderSendCode(order.code);
      onResent(Date.now() + answer.resend_after * 1000);
      setSent(`Новый код отправлен на ${email}.`);
    });

  const problems = [...confirm.problems.fields.code ?? [], ...confirm.problems.general, ...resend.problems.general];
  return (
    <form
      className="order-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = digits.join('');
        if (code.length === ORDER_CODE_LENGTH) check(code);
        else confirm.setProblems({ fields: {}, general: [`Введите ${ORDER_CODE_LENGTH} цифры из письма.`] });
      }}
    >
      <p className="order-step__lead">
        Мы отправили код на <strong>{email}</strong>. Введите его, чтобы подтвердить заказ: вы войдёте в личный кабинет, а если аккаунта ещё нет — он будет создан.
      </p>
      <CodeBoxes
        digits={digits}
        onChange={setDigits}
        onComplete={check}
        disabled={confirm.busy}
        invalid={confirm.problems.fields.code !== undefined}
        describedBy={problems.length ? errorId : undefined}
        inputs={boxes}
      />
      {problems.length ? <FormMessages look="order" id={errorId} messages={problems} /> : null}
      {sent ? (
        <p className="order-step__note" role="status">
          {sent}
        </p>
      ) : null}
      <button type="submit" className="button button--primary order-step__submit" aria-busy={confirm.busy || undefined} disabled={confirm.busy}>
        {confirm.busy ? 'Проверяем…' : 'Подтвердить'}
      </button>
      <div className="order-step__links">
        <button type="button" className="order-link" disabled={left > 0 || resend.busy} onClick={askAgain}>
          {left > 0 ? `Отправить код повторно через ${countdown(left)}` : 'Отправить код повторно'}
        </button>
        <button type="button" className="order-link" onClick={onPassword}>
          Войти с паролем
        </button>
      </div>
    </form>
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
}: {
  order: OrderSummary | null;
  email: string;
  resendAfter: number | null;
  onClose: () => void;
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
        <CodeForm order={order} email={email} resendAt={resendAt} onResent={setResendAt} onPassword={() => setWithPassword(true)} />
      )}
    </Modal>
  );
}
