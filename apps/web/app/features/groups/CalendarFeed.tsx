import { useId, useRef, useState } from 'react';
import type { CalendarFeedView } from '@crema/contract';
import { formatDateTime } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';

// The personal calendar (decision 0031): a secret .ics URL the phone's calendar subscribes to.
// 'Подключить календарь' makes it; it is shown with 'Скопировать' and 'Открыть в календаре' (webcal)
// and short instructions; 'Сменить ссылку' makes a new one (the old stops working at once: said
// beside the button); 'Отключить' revokes it after a confirmation.

export function CalendarFeed({ initial }: { initial: CalendarFeedView }) {
  const [feed, setFeed] = useState(initial);
  const [notice, setNotice] = useState('');
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useApiForm();
  const revoke = useApiForm();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  const make = (again: boolean) =>
    void form.run(async () => {
      const made = await browserApi.makeCalendarFeed();
      setFeed(made);
      setCopied(false);
      setNotice(again ? 'Ссылка сменилась. Прежняя больше не работает — подключите календарь по новой.' : 'Календарь подключён: добавьте ссылку в календарь телефона.');
    });

  const copy = async () => {
    if (!feed.url) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, no permission): select the text for the visitor to copy.
      field.current?.select();
    }
  };

  return (
    <section className="group-section calendar-feed" id="calendar" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Календарь в телефоне</h2>
      <p className="calendar-feed__notice" role="status">
        {notice}
      </p>
      {feed.url ? (
        <>
          <p className="group-note">
            Занятия ваших групп и групп ваших детей попадут в календарь телефона или Google Календарь и будут обновляться сами.
            {feed.created_at ? ` Ссылка создана ${formatDateTime(feed.created_at)} (МСК).` : ''}
          </p>
          <label className="calendar-feed__label" htmlFor={fieldId}>
            Ссылка на календарь (никому её не передавайте)
          </label>
          <div className="calendar-feed__url">
            <input ref={field} id={fieldId} className="calendar-feed__input" type="text" readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button button--ghost" onClick={() => void copy()}>
              {copied ? 'Скопировано' : 'Скопировать'}
            </button>
          </div>
          <p className="calendar-feed__actions">
            {feed.webcal_url ? (
              <a className="button button--primary" href={feed.webcal_url}>
                Открыть в календаре
              </a>
            ) : null}
          </p>
          <details className="calendar-feed__help">
            <summary>Как подключить</summary>
            <p>
              <strong>iPhone и iPad:</strong> нажмите «Открыть в календаре» на телефоне и подтвердите подписку. Или: Настройки → Календарь →
              Учётные записи → Новая учётная запись → Другое → Подписной календарь, вставьте ссылку.
            </p>
            <p>
              <strong>Google Календарь:</strong> на компьютере откройте calendar.google.com, у «Другие календари» нажмите «+» → «Добавить по
              URL», вставьте ссылку и нажмите «Добавить календарь». Через несколько минут календарь появится и на телефоне с Android.
            </p>
            <p>Календари обновляют подписки сами: Apple — примерно раз в час, Google — до нескольких раз в сутки.</p>
          </details>
          <FormMessages look="group" messages={form.problems.general} />
          <div className="calendar-feed__manage">
            <div>
              <button type="button" className="button button--ghost" disabled={form.busy} aria-busy={form.busy} onClick={() => make(true)}>
                Сменить ссылку
              </button>
              <p className="group-note">
                Прежняя ссылка сразу перестанет работать: календари, подписанные на неё, нужно будет подключить заново. Смените ссылку,
                если она попала к посторонним или календарь перестал обновляться.
              </p>
            </div>
            <div>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
                Отключить
              </button>
            </div>
          </div>
        </>
      ) : (
        <>
          <p className="group-note">
            Подключите календарь, и занятия ваших групп и групп ваших детей появятся в календаре телефона или в Google Календаре, а
            переносы будут обновляться сами.
          </p>
          <FormMessages look="group" messages={form.problems.general} />
          <button type="button" className="button button--primary" disabled={form.busy} aria-busy={form.busy} onClick={() => make(false)}>
            {form.busy ? 'Создаём ссылку…' : 'Подключить календарь'}
          </button>
        </>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Отключить календарь?" className="group-dialog">
        <div className="group-dialog__body">
          <p>Ссылка перестанет работать, и занятия больше не будут обновляться в календарях, подписанных на неё. Подключить календарь можно будет снова — по новой ссылке.</p>
          <FormMessages look="group" messages={revoke.problems.general} />
          <div className="group-dialog__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={revoke.busy}
              aria-busy={revoke.busy}
              onClick={() =>
                void revoke.run(async () => {
                  await browserApi.revokeCalendarFeed();
                  setFeed({ url: null, webcal_url: null, created_at: null });
                  setConfirming(false);
                  setNotice('Календарь отключён: ссылка больше не работает.');
                })
              }
            >
              Отключить
            </button>
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setConfirming(false)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
