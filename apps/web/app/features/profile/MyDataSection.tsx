import { useState } from 'react';
import { EXPORT_URL } from '../../api/client.ts';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useSessionChanged } from '../../lib/session.ts';
import { CodeInput, SubmitButton } from './fields.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';

// 'Мои данные' of /user/account/ (decision 0018): the download of everything the school holds
// about the person, and the account's deletion confirmed by a code from a letter.

function DeleteAccount({ onClose }: { onClose: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const send = useApiForm();
  const confirm = useApiForm(['code']);
  const sessionChanged = useSessionChanged();

  if (!sentTo) {
    return (
      <div className="pf-dialog__body">
        <p>Будут удалены без возможности восстановления:</p>
        <ul className="pf-plain-list">
          <li>ваши имя, телефон, адрес, дата рождения и данные документов;</li>
          <li>ученики, которых не записывали на курсы;</li>
          <li>вход в аккаунт: все сеансы завершатся, адрес почты освободится.</li>
        </ul>
        <p>
          Останутся обезличенными заказы и записи на курсы — их мы обязаны хранить для бухгалтерии. Записи о ваших согласиях
          сохранятся как отозванные.
        </p>
        <FormMessages look="account" messages={send.problems.general} />
        <div className="pf-dialog__actions">
          <button
            type="button"
            className="button button--primary"
            aria-busy={send.busy}
            disabled={send.busy}
            onClick={() =>
              void send.run(async () => {
                const sent = await browserApi.sendDeleteCode();
                setSentTo(sent.detail);
              })
            }
          >
            Получить код
          </button>
          <button type="button" className="button button--ghost" data-autofocus onClick={onClose}>
            Отмена
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="pf-dialog__body"
      noValidate
      onSubmit={confirm.onSubmit(
        async () => {
          await browserApi.deleteAccount(code);
          // Signed out by the server: the header becomes a guest's, the person lands on the home page.
          onClose();
          await sessionChanged('/');
        },
        { leaving: true },
      )}
    >
      <p>{sentTo} Введите код из письма, чтобы удалить аккаунт.</p>
      <CodeInput value={code} onValueChange={setCode} errors={confirm.errorsOf('code')} />
      <FormMessages look="account" messages={confirm.problems.general} />
      <SubmitButton busy={confirm.busy}>Удалить навсегда</SubmitButton>
    </form>
  );
}

export function MyDataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="pf-section" aria-labelledby="my-data-title">
      <h2 id="my-data-title" className="pf-section__title">
        Мои данные
      </h2>
      <p className="pf-lead">Файл JSON со всем, что школа хранит о вас: профиль, документы, ученики, согласия, заказы и обучение.</p>
      <a className="button button--ghost" href={EXPORT_URL} download>
        Скачать мои данные
      </a>
      <button type="button" className="pf-link pf-danger" onClick={() => setDeleting(true)}>
        Удалить аккаунт
      </button>
      <Modal open={deleting} onClose={() => setDeleting(false)} title="Удалить аккаунт?" className="pf-dialog">
        <DeleteAccount onClose={() => setDeleting(false)} />
      </Modal>
    </section>
  );
}
