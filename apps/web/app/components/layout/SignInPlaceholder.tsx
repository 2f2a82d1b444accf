import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../ui/Modal.tsx';

/**
 * The `login` query flag (spec §2) opens the sign-in dialog and is then removed from the
 * address, so a reload or a shared link does not open it again. The sign-in issue replaces the
 * body of this dialog with the SendCode modal; until then it says honestly that accounts are
 * not open yet.
 */
export function useLoginFlag(): [boolean, () => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const flagged = params.has('login');
  const [open, setOpen] = useState(flagged);
  // Adjusting state while rendering (not in an effect) keeps the dialog open without a flash.
  if (flagged && !open) setOpen(true);
  useEffect(() => {
    if (!flagged) return;
    const next = new URLSearchParams(params);
    next.delete('login');
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [flagged, params, location.pathname, location.hash, navigate]);
  return [open, () => setOpen(false)];
}

/** The sign-in dialog until the sign-in issue replaces its body with the SendCode modal. */
export function SignInPlaceholder({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Вход/регистрация">
      <p>Личный кабинет откроется совсем скоро: вход по коду из письма уже в работе.</p>
      <p>Пока вы можете выбрать курс в каталоге и позвонить нам — мы запишем вас вручную.</p>
      <button type="button" className="button button--primary" onClick={onClose}>
        Понятно
      </button>
    </Modal>
  );
}
