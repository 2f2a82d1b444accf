import type { ReactNode } from 'react';
import { useApiForm } from '../api/useApiForm.ts';
import { FormMessages, type FormMessagesLook } from './FormMessages.tsx';
import { Modal } from './Modal.tsx';

// The confirmation before something is lost (WarningDelete): what will be lost, then 'Да' (or the
// given label) runs the call and 'Нет' closes; the server's refusal (a 409, "the course has
// learners") is shown in the dialog as it came. Built on the accessible Modal (focus kept inside,
// Esc, the fade); the safe answer has the focus when it opens. Each screen keeps its look: the
// CSS block of its dialogs (`learn-dialog`, `pf-dialog`, `pay-dialog`, `admin-dialog`).

export type ConfirmLook = 'learning' | 'account' | 'payment' | 'admin';

const LOOKS: Record<ConfirmLook, { dialog: string; actions: string; messages: FormMessagesLook; cancel: string }> = {
  learning: { dialog: 'learn-dialog', actions: 'learn-dialog__actions', messages: 'learning', cancel: 'Нет' },
  account: { dialog: 'pf-dialog', actions: 'pf-dialog__actions', messages: 'account', cancel: 'Нет' },
  payment: { dialog: 'pay-dialog', actions: 'pay-dialog__actions', messages: 'payment', cancel: 'Нет' },
  // The admin screens name the action on its button ('Удалить', 'Снять с публикации'): the other one is 'Отмена'.
  admin: { dialog: 'admin-dialog', actions: 'admin-actions', messages: 'admin', cancel: 'Отмена' },
};

export interface ConfirmDialogProps {
  look: ConfirmLook;
  open: boolean;
  title: string;
  /** What will be lost. */
  children: ReactNode;
  confirmLabel?: string;
  /** 'Нет' ('Отмена' on the admin screens). */
  cancelLabel?: string;
  onClose: () => void;
  /** The call; the dialog closes when it succeeds, unless `leaving`. */
  action: () => Promise<unknown>;
  /** The action itself moves on (reloads the list, which closes the dialog): the busy state is kept to the end. */
  leaving?: boolean;
}

export function ConfirmDialog({ look, open, title, children, confirmLabel = 'Да', cancelLabel, onClose, action, leaving }: ConfirmDialogProps) {
  const form = useApiForm();
  const css = LOOKS[look];
  const confirm = () =>
    leaving ? void form.run(action, { leaving: true }) : void form.run(action).then((ok) => ok && onClose());
  return (
    <Modal open={open} onClose={onClose} title={title} className={css.dialog}>
      <div className={`${css.dialog}__body`}>
        {children}
        <FormMessages look={css.messages} messages={form.problems.general} />
        <div className={css.actions}>
          <button type="button" className="button button--primary" aria-busy={form.busy} disabled={form.busy} onClick={confirm}>
            {confirmLabel}
          </button>
          <button type="button" className="button button--ghost" data-autofocus onClick={onClose}>
            {cancelLabel ?? css.cancel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
