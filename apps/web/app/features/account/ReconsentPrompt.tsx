import { useEffect, useRef, useState } from 'react';
import type { PendingConsent } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

// Re-consent to a new version (decision 0046): above every account page, a person whose consent
// to processing is to an older version is asked once — the new version, the list of versions,
// «Принимаю» or «Не сейчас»; a new privacy policy is only announced. Nothing blocks reading and
// nothing is taken away until they answer; declining is the withdrawal in «Согласия». The
// account layout's loader reads the questions, so the server renders them with the page and
// nothing below them moves when they appear (decision 0083); if that read failed, the browser
// asks after the page shows. Answers put away are kept in a cookie (until decision 0083 in
// localStorage, which the server cannot read: such an answer is asked for once more).

/**
 * Questions put off («Не сейчас», «Понятно»): their keys (kind, student and version),
 * comma-separated, so the server leaves them out of the account pages it renders (a year).
 */
export const RECONSENT_COOKIE = { name: 'reconsentDismissed', maxAgeS: 365 * 24 * 60 * 60 } as const;

/** Told to «Согласия» on /user/account/ so it shows the new record without a reload. */
export const CONSENTS_CHANGED = 'crema:consents-changed';

export const keyOf = (item: PendingConsent) => `${item.kind}:${item.student_id ?? 0}:${item.version}`;

/** The keys of the questions put away («Не сейчас», «Понятно»), from the cookie's value. */
export function dismissedKeys(cookie: string | undefined): string[] {
  return cookie ? cookie.split(',').filter(Boolean) : [];
}

function dismissed(): string[] {
  return dismissedKeys(readCookie(document.cookie, RECONSENT_COOKIE.name));
}

function rememberDismissed(keys: string[]) {
  const all = [...new Set([...dismissed(), ...keys])].slice(-20);
  writeCookie(RECONSENT_COOKIE.name, all.join(','), RECONSENT_COOKIE.maxAgeS);
}

function heading(item: PendingConsent): string {
  if (item.kind === 'privacy_policy') return 'Мы обновили политику конфиденциальности';
  if (item.kind === 'child_personal_data') return `Мы обновили согласие на обработку персональных данных ребёнка (${item.student_name ?? 'ученик'})`;
  return 'Мы обновили согласие на обработку персональных данных';
}

function Item({ item, onDone }: { item: PendingConsent; onDone: (accepted: boolean) => void }) {
  const accept = useApiForm();
  const id = `reconsent-${item.kind}-${item.student_id ?? 0}`;
  const since = `С ${formatDate(item.published_at)} действует редакция № ${item.version}.`;
  return (
    <section className="reconsent" aria-labelledby={id}>
      <h2 id={id} className="reconsent__title">
        {heading(item)}
      </h2>
      {item.action === 'accept' ? (
        <p>
          {since} Вы давали согласие на редакцию № {item.given_version} — оно действует, пока вы не ответите; курсы и заказы
          остаются за вами.
        </p>
      ) : (
        <p>{since} Ничего делать не нужно — прочитайте, что изменилось.</p>
      )}
      <p className="reconsent__links">
        <a href={item.url} target="_blank" rel="noreferrer">
          Новая редакция
        </a>
        <a href={item.versions_url} target="_blank" rel="noreferrer">
          Что изменилось: все редакции
        </a>
      </p>
      {accept.problems.general.length ? (
        <p className="reconsent__error" role="alert">
          {accept.problems.general.join(' ')}
        </p>
      ) : null}
      <div className="reconsent__actions">
        {item.action === 'accept' ? (
          <>
            <button
              type="button"
              className="button button--primary"
              aria-busy={accept.busy || undefined}
              disabled={accept.busy}
              onClick={() =>
                void accept.run(async () => {
                  await browserApi.giveConsent(item.kind, item.student_id ?? undefined, item.version);
                  onDone(true);
                })
              }
            >
              Принимаю
            </button>
            <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
              Не сейчас
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
            Понятно
          </button>
        )}
      </div>
      {item.action === 'accept' ? (
        <p className="reconsent__note">
          Не согласны — согласие можно отозвать в разделе <a href="/user/account/#consents-title">«Согласия»</a>.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The questions about new versions, if any; nothing at all otherwise. `initial`: the questions
 * the loader read (those put away already left out), or null when it could not read them.
 */
export function ReconsentPrompt({ initial }: { initial: PendingConsent[] | null }) {
  // Put away since the loader ran (the layout mounted afresh): not shown again.
  const [items, setItems] = useState<PendingConsent[]>(() =>
    (initial ?? []).filter((item) => typeof document === 'undefined' || !dismissed().includes(keyOf(item))),
  );
  const [thanks, setThanks] = useState('');
  const thanksRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (initial) return;
    let live = true;
    browserApi
      .pendingConsents()
      .then(({ items: pending }) => {
        const skip = dismissed();
        if (live) setItems(pending.filter((item) => !skip.includes(keyOf(item))));
      })
      // A question that cannot be fetched is asked another time; the page works without it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [initial]);

  const done = (item: PendingConsent, accepted: boolean) => {
    setItems((all) => all.filter((other) => keyOf(other) !== keyOf(item)));
    if (accepted) {
      setThanks(`Спасибо, согласие на редакцию № ${item.version} записано.`);
      // The button is gone: focus goes to the answer rather than to the page's start.
      requestAnimationFrame(() => thanksRef.current?.focus());
      window.dispatchEvent(new Event(CONSENTS_CHANGED));
    } else {
      rememberDismissed([keyOf(item)]);
    }
  };

  return (
    <>
      {items.map((item) => (
        <Item key={keyOf(item)} item={item} onDone={(accepted) => done(item, accepted)} />
      ))}
      <p ref={thanksRef} className="reconsent__thanks" role="status" tabIndex={-1}>
        {thanks}
      </p>
    </>
  );
}
