import { useEffect, useState } from 'react';
import type { NotificationSettings } from '@crema/contract';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SubmitButton } from './fields.tsx';

// 'Уведомления на почту' of /user/account/ (decision 0086): a switch per kind of letter. Codes,
// payment letters and changes to one's own sessions are always sent (shown on and locked, with
// why); the advertising mailing follows its consent in «Согласия» (38-ФЗ); the rest can be off.

// The section's words live here, in the account page's own chunk (not in the contract's shared one).
const TEXTS = {
  title: 'Уведомления на почту',
  night: 'Письма, кроме кодов и писем об оплате, не приходят ночью: отправленные с 22:00 до 9:00 по Москве придут в 9:00.',
  mandatory:
    'Коды входа, письма о заказах и оплате и о переносе ваших занятий приходят всегда: без них нельзя войти, оплатить курс или успеть на занятие.',
  saved: 'Настройки уведомлений сохранены.',
};

export function NotificationsSection({ initial }: { initial: NotificationSettings }) {
  const [data, setData] = useState(initial);
  const [chosen, setChosen] = useState<Record<string, boolean>>(() => Object.fromEntries(initial.kinds.map((k) => [k.key, k.enabled])));
  const [saved, setSaved] = useState(false);
  const form = useApiForm(['settings']);

  // The advertising consent given or withdrawn in «Согласия» changes the advertising row.
  useEffect(() => {
    const changed = () =>
      void browserApi.notifications().then((fresh) => {
        setData(fresh);
        setChosen((was) => ({ ...was, ...Object.fromEntries(fresh.kinds.filter((k) => k.advertising).map((k) => [k.key, k.enabled])) }));
      }, () => undefined);
    window.addEventListener('crema:consents-changed', changed);
    window.addEventListener('crema:consents-saved', changed);
    return () => {
      window.removeEventListener('crema:consents-changed', changed);
      window.removeEventListener('crema:consents-saved', changed);
    };
  }, []);

  const switchable = data.kinds.filter((k) => !k.mandatory && !k.advertising);
  return (
    <section className="pf-section" id="notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="pf-section__title">
        {TEXTS.title}
      </h2>
      <p className="pf-consent__meta">{TEXTS.night}</p>
      <form
        className="pf-notify"
        noValidate
        onSubmit={form.onSubmit(async () => {
          setSaved(false);
          const fresh = await browserApi.saveNotifications(Object.fromEntries(switchable.map((k) => [k.key, chosen[k.key] ?? true])));
          setData(fresh);
          setSaved(true);
        })}
      >
        <ul className="pf-list" aria-label="Виды писем">
          {data.kinds.map((kind) => {
            const locked = kind.mandatory || kind.advertising;
            const id = `notify-${kind.key}`;
            return (
              <li key={kind.key} className="pf-consent pf-notify__item">
                <input
                  id={id}
                  type="checkbox"
                  className="pf-notify__check"
                  checked={locked ? kind.enabled : (chosen[kind.key] ?? true)}
                  disabled={locked}
                  aria-describedby={`${id}-hint`}
                  onChange={(event) => {
                    setSaved(false);
                    setChosen((was) => ({ ...was, [kind.key]: event.target.checked }));
                  }}
                />
                <label htmlFor={id} className="pf-consent__text">
                  <span>{kind.title}</span>
                  <span id={`${id}-hint`} className="pf-consent__meta">
                    {kind.hint}
                    {kind.mandatory ? ' Приходят всегда.' : ''}
                    {kind.advertising ? ` ${kind.enabled ? 'Согласие дано.' : 'Согласие не дано.'} Меняется в разделе «Согласия».` : ''}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <p className="pf-consent__meta">{TEXTS.mandatory}</p>
        <FormMessages look="account" messages={[...form.errorsOf('settings'), ...form.problems.general]} />
        <div className="pf-actions">
          <SubmitButton busy={form.busy}>Сохранить уведомления</SubmitButton>
          <p className="pf-saved" role="status">
            {saved ? TEXTS.saved : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
