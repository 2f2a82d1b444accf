import { useEffect, useId, useRef, useState } from 'react';
import type { PromoPrice } from '@crema/contract';
import { browserFetch } from '../../api/browser.ts';
import { ApiRequestError, json } from '../../api/client.ts';
import { NETWORK_FAILED } from '../../api/problems.ts';

// The order form's promo code (decision 0067), loaded only when the person opens it, so the page's
// first load does not grow. The price with the code is the server's answer (POST /api/order/promo/);
// the order checks the code again.

export interface PromoFieldProps {
  courseSlug: string;
  /** Learners chosen (the price is asked again when it changes). */
  learners: number;
  /** The payer's e-mail as typed (a guest's per-person limit). */
  email: string;
  /** The server's messages under promo_code from the order itself. */
  errors: string[];
  onPrice: (price: PromoPrice | null) => void;
}

export default function PromoField({ courseSlug, learners, email, errors, onPrice }: PromoFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<PromoPrice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => input.current?.focus(), []);

  const price = (code: string) =>
    json<PromoPrice>(browserFetch, '/api/order/promo/', { method: 'POST', body: { course_slug: courseSlug, code, learners, email: email || undefined } });
  const settle = (answer: PromoPrice | null, error?: unknown) => {
    if (answer) {
      setApplied(answer);
      setProblem(null);
      onPrice(answer);
      return;
    }
    const body = error instanceof ApiRequestError ? (error.body as Record<string, string[] | string> | null) : null;
    const message = body && typeof body === 'object' ? [body.code, body.learners, body.course_slug, body.detail].flat().find((m): m is string => typeof m === 'string') : null;
    setProblem(message ?? NETWORK_FAILED);
    setApplied(null);
    onPrice(null);
  };

  const ask = async (code: string) => {
    setBusy(true);
    await price(code).then(settle, (error: unknown) => settle(null, error));
    setBusy(false);
  };

  // A different number of learners: the server prices the applied code again.
  const code = applied?.code;
  useEffect(() => {
    if (!code) return;
    let live = true;
    price(code).then(
      (answer) => live && settle(answer),
      (error: unknown) => live && settle(null, error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [learners]);

  const shown = problem ? [problem] : errors;
  return (
    <div className="order-promo">
      <label className="pf-field__label" htmlFor={`${id}-code`}>
        Промокод
      </label>
      <div className="order-promo__row">
        <input
          ref={input}
          id={`${id}-code`}
          className="pf-field__input"
          value={typed}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={shown.length ? true : undefined}
          aria-describedby={shown.length || applied ? `${id}-note` : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (typed.trim()) void ask(typed.trim());
            }
          }}
        />
        <button type="button" className="button button--ghost" disabled={busy || !typed.trim()} aria-busy={busy || undefined} onClick={() => void ask(typed.trim())}>
          Применить
        </button>
      </div>
      {shown.length ? (
        <p id={`${id}-note`} className="pf-field__error">
          {shown.join(' ')}
        </p>
      ) : applied ? (
        <p id={`${id}-note`} className="order-promo__ok" role="status">
          {applied.message}
        </p>
      ) : null}
    </div>
  );
}
