import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

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

export function SignInPlaceholder({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    document.documentElement.classList.add('modal-open');
    return () => document.documentElement.classList.remove('modal-open');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="signin-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="modal__body">
        <h2 id="signin-title" className="modal__title">
          Вход/регистрация
        </h2>
        <p>Личный кабинет откроется совсем скоро: вход по коду из письма уже в работе.</p>
        <p>Пока вы можете выбрать курс в каталоге и позвонить нам — мы запишем вас вручную.</p>
        <button type="button" className="button button--primary" onClick={() => dialog.current?.close()}>
          Понятно
        </button>
      </div>
    </dialog>
  );
}
