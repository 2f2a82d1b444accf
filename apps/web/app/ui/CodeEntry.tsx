import { useEffect, useId, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { AUTH_CODE_LENGTH } from '@crema/contract/rules';
import { ApiRequestError } from '../api/client.ts';
import { NO_PROBLEMS } from '../api/problems.ts';
import { useApiForm } from '../api/useApiForm.ts';
import { Field } from './Field.tsx';
import { FormMessages } from './FormMessages.tsx';
import './code-entry.css';

// The entry of a mailed code, one for every screen that asks for one (decision 0059): the sign-in
// dialog and the password change by code, the order's confirmation, the invitation page. One
// input (`one-time-code`, digits keyboard) that the phone can fill from the letter and a paste
// fills whole, drawn as four boxes; the fourth digit sends the code. The server's refusal shows
// at the field and is announced; the code is emptied and the field focused again. 'Отправить код
// повторно' waits for the server's countdown (and for its Retry-After when it refuses sooner).

/** 2:59 */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `until` (ms since epoch), ticking while there are any. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/** The moment a new code may be asked for: `resend_after` seconds from now. */
export function resendAtAfter(seconds: number): number {
  return Date.now() + seconds * 1000;
}

/** The digits of what was typed or pasted, at most the code's length. */
export function codeDigits(value: string): string {
  return value.replace(/[^0-9]/g, '').slice(0, AUTH_CODE_LENGTH);
}

export interface CodeEntryProps {
  /** Where the code went, said in the lead. */
  email: string;
  /** What the code does, after «Мы отправили код на … Он действует 10 минут.». */
  purpose?: ReactNode;
  /** The whole lead in place of the usual one (the password change: «Если адрес … зарегистрирован…»). */
  lead?: ReactNode;
  submitLabel: string;
  /** When a new code may be asked for (ms since epoch): the send's `resend_after` from now. */
  resendAt: number;
  /** Keeps a new `resendAt`: after a new code went out, or the server's wait after a refusal. */
  onResendAt: (at: number) => void;
  /** Checks the code; throws (an API error) to refuse it. The screen is left on success. */
  onCode: (code: string) => Promise<unknown>;
  /** Sends a new code; resolves to the server's `resend_after` in seconds. */
  onResend: () => Promise<number>;
  /** Said after a new code went out, in place of «Мы отправили новый код на …». */
  resentNotice?: string;
  /** 'Изменить адрес': back to where the address was typed. */
  onChangeAddress?: () => void;
  /** Focus the field when it appears (a page; a dialog focuses it by itself). */
  focusOnMount?: boolean;
  /** More links under the button ('Войти с паролем'), as CodeEntryLink. */
  children?: ReactNode;
}

/** A link-looking button of the code entry's links row. */
export function CodeEntryLink({ onClick, children, disabled, busy }: { onClick: () => void; children: ReactNode; disabled?: boolean; busy?: boolean }) {
  return (
    <button type="button" className="code-entry__link" onClick={onClick} disabled={disabled} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}

export function CodeEntry(props: CodeEntryProps) {
  const { email, resendAt } = props;
  const [code, setCode] = useState('');
  const [focused, setFocused] = useState(false);
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const leadId = useId();
  const check = useApiForm(['code']);
  const resend = useApiForm();
  const left = useSecondsLeft(resendAt);
  const waiting = left > 0;
  // Said to a screen reader when a wait ends while the person is here (the button's own text changes silently).
  const [sawWait, setSawWait] = useState(false);
  if (waiting && !sawWait) setSawWait(true);
  const waitEnded = !waiting && sawWait;

  useEffect(() => {
    if (props.focusOnMount) input.current?.focus();
    // Only when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refocus = () => requestAnimationFrame(() => input.current?.focus());

  function send(value: string) {
    if (check.busy) return;
    setNotice('');
    resend.setProblems(NO_PROBLEMS);
    // An incomplete code stays to be finished; only a refused one is emptied.
    if (value.length !== AUTH_CODE_LENGTH) {
      check.setProblems({ fields: { code: [`Введите ${AUTH_CODE_LENGTH} цифры из письма.`] }, general: [] });
      refocus();
      return;
    }
    let answered = false;
    void check.run(
      async () => {
        try {
          await props.onCode(value);
        } catch (error) {
          answered = error instanceof ApiRequestError;
          throw error;
        }
      },
      {
        leaving: true,
        // The server refused it: emptied, to be typed again. No answer at all: kept, to send again.
        onFailed: () => {
          if (answered) setCode('');
          refocus();
        },
      },
    );
  }

  function type(raw: string) {
    const digits = codeDigits(raw);
    setCode(digits);
    if (digits.length === AUTH_CODE_LENGTH && digits !== code) send(digits);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    // A whole code pasted (or a line of the letter with it) replaces what was typed.
    const digits = event.clipboardData.getData('text').replace(/[^0-9]/g, '');
    if (digits.length < AUTH_CODE_LENGTH) return;
    event.preventDefault();
    type(digits);
  }

  function askAgain() {
    setNotice('');
    check.setProblems(NO_PROBLEMS);
    // Either way the focus goes back to the field (a refused button is disabled again).
    void resend.run(async () => {
      try {
        const after = await props.onResend();
        props.onResendAt(resendAtAfter(after));
      } catch (error) {
        // Refused sooner than the server allows: its wait, counted down on the button.
        if (error instanceof ApiRequestError && error.status === 429 && error.retryAfterS) props.onResendAt(resendAtAfter(error.retryAfterS));
        throw error;
      }
      setNotice(props.resentNotice ?? `Мы отправили новый код на ${email}. Прежний больше не действует.`);
      setCode('');
      input.current?.focus();
    }, { onFailed: refocus });
  }

  const general = [...check.problems.general, ...resend.problems.general];
  const active = Math.min(code.length, AUTH_CODE_LENGTH - 1);
  return (
    <form
      className="code-entry"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(code);
      }}
    >
      <p id={leadId} className="code-entry__lead">
        {props.lead ?? (
          <>
            Мы отправили код на <strong className="code-entry__email">{email}</strong>. Он действует 10 минут.
            {props.purpose ? <> {props.purpose}</> : null}
          </>
        )}
      </p>
      <Field look="code" label="Код из письма" errors={check.errorsOf('code')}>
        {(a11y) => (
          <div className="code-entry__boxes" data-focused={focused || undefined} data-invalid={a11y['aria-invalid']}>
            {Array.from({ length: AUTH_CODE_LENGTH }, (_, index) => (
              <span key={index} className="code-entry__box" data-active={focused && index === active ? true : undefined} aria-hidden="true">
                {code[index] ?? ''}
              </span>
            ))}
            <input
              {...a11y}
              aria-describedby={[leadId, a11y['aria-describedby']].filter(Boolean).join(' ')}
              ref={input}
              className="code-entry__input"
              name="code"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="one-time-code"
              enterKeyHint="done"
              spellCheck={false}
              data-autofocus
              value={code}
              readOnly={check.busy}
              onChange={(event) => type(event.target.value)}
              onPaste={paste}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
              onSelect={(event) => {
                // The digits are drawn in the boxes: the caret stays after the last one.
                const box = event.currentTarget;
                if (box.selectionStart === box.selectionEnd && box.selectionStart !== box.value.length) box.setSelectionRange(box.value.length, box.value.length);
              }}
            />
          </div>
        )}
      </Field>
      {general.length ? <FormMessages look="code" messages={general} /> : null}
      {/* One live region, there before anything is said in it: a new code went out, or the wait is over. */}
      <p className={notice ? 'code-entry__notice' : 'code-entry__status'} role="status">
        {notice || (waitEnded ? <span className="visually-hidden">Можно запросить новый код.</span> : null)}
      </p>
      <button type="submit" className="button button--primary code-entry__submit" aria-busy={check.busy || undefined} disabled={check.busy}>
        {check.busy ? 'Проверяем…' : props.submitLabel}
      </button>
      <div className="code-entry__links">
        <CodeEntryLink onClick={askAgain} disabled={waiting || resend.busy} busy={resend.busy}>
          {waiting ? `Отправить код повторно через ${formatCountdown(left)}` : 'Отправить код повторно'}
        </CodeEntryLink>
        {props.onChangeAddress ? <CodeEntryLink onClick={props.onChangeAddress}>Изменить адрес</CodeEntryLink> : null}
        {props.children}
      </div>
    </form>
  );
}
