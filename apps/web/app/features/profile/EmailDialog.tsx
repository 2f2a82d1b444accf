import { useState } from 'react';
import type { Personal } from '@crema/contract';
import { normaliseEmail } from '@crema/contract/rules';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { CodeInput, SubmitButton } from './fields.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';

// The address change (decision 0018): the new address, then the code sent to it. The address
// is the sign-in login, so it changes only once the person proves they own the new mailbox.

function EmailChange({ current, onChanged }: { current: string; onChanged: (personal: Personal) => void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const ask = useApiForm(['email']);
  const confirm = useApiForm(['code', 'email']);

  if (!sentTo) {
    return (
      <form
        className="pf-dialog__body"
        noValidate
        onSubmit={ask.onSubmit(async () => {
          const address = normaliseEmail(email);
          const local = rejection({ email: !address && ['Укажите новый адрес.'] });
          if (local) throw local;
          await browserApi.sendEmailChangeCode(address);
          setSentTo(address);
        })}
      >
        <p>Сейчас вы входите как {current}. Мы отправим код на новый адрес, чтобы убедиться, что он ваш.</p>
        <Field look="account" label="Новый e-mail" errors={ask.errorsOf('email')}>
          {(a11y) => (
            <input
              className="pf-field__input"
              {...a11y}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <FormMessages look="account" messages={ask.problems.general} />
        <SubmitButton busy={ask.busy}>Получить код</SubmitButton>
      </form>
    );
  }
  return (
    <form
      className="pf-dialog__body"
      noValidate
      onSubmit={confirm.onSubmit(
        async () => {
          onChanged(await browserApi.confirmEmailChange(sentTo, code));
        },
        { leaving: true },
      )}
    >
      <p>
        Мы отправили код на <strong>{sentTo}</strong>. Введите его, чтобы сменить адрес для входа.
      </p>
      <CodeInput value={code} onValueChange={setCode} errors={confirm.errorsOf('code')} />
      <FormMessages look="account" messages={[...confirm.errorsOf('email'), ...confirm.problems.general]} />
      <SubmitButton busy={confirm.busy}>Сменить адрес</SubmitButton>
      <button type="button" className="pf-link" onClick={() => setSentTo(null)}>
        Указать другой адрес
      </button>
    </form>
  );
}

export function EmailDialog({
  open,
  current,
  onClose,
  onChanged,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onChanged: (personal: Personal) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title="Смена адреса для входа" className="pf-dialog">
      <EmailChange current={current} onChanged={onChanged} />
    </Modal>
  );
}
