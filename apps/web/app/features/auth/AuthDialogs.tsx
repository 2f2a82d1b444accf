import { useState, type ComponentType } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import { closeDialog, settleDialog, useDialogState, type DialogName } from '../../lib/dialogs.ts';
import { BackLink } from './fields.tsx';
import { ChangePassword, ChangePasswordCode, PassChange, RestorePassword } from './PasswordDialogs.tsx';
import { InputCode, Login, SendCode } from './SignInDialogs.tsx';
import { SkipAccountData } from './SkipAccountData.tsx';
import './auth.css';

// The sign-in and password dialogs, loaded on first use by the host in
// layout/AuthDialogHost.tsx. One Modal shows the current dialog; a switch swaps its content at
// once (a short fade-in of the new content, focus to its first field), never two at a time;
// closing fades the whole modal out (300 ms).

const DIALOGS: Record<DialogName, { title: string; body: ComponentType; back?: boolean }> = {
  SendCode: { title: 'Вход/регистрация', body: SendCode, back: true },
  InputCode: { title: 'Введите код из письма', body: InputCode },
  Login: { title: 'Вход по паролю', body: Login, back: true },
  RestorePassword: { title: 'Восстановление пароля', body: RestorePassword, back: true },
  ChangePassword: { title: 'Создание пароля', body: ChangePassword },
  ChangePasswordCode: { title: 'Смена пароля по коду', body: ChangePasswordCode, back: true },
  PassChange: { title: 'Смена пароля', body: PassChange },
  SkipAccountData: { title: 'Заполните личные данные', body: SkipAccountData },
};

export default function AuthDialogs() {
  const { current } = useDialogState();
  // The dialog stays on screen while it fades out.
  const [shown, setShown] = useState<DialogName | null>(current);
  if (current && current !== shown) setShown(current);
  if (!shown) return null;
  const dialog = DIALOGS[shown];
  const Body = dialog.body;
  return (
    <Modal
      contentKey={shown}
      open={current !== null}
      onClose={closeDialog}
      onClosed={settleDialog}
      title={dialog.title}
      className="auth-dialog"
    >
      {dialog.back ? <BackLink /> : null}
      <Body />
    </Modal>
  );
}
