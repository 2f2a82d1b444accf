import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IconClose } from '../components/layout/Icons.tsx';

/** Fade-in and fade-out time of opening and closing (a switch of content does not wait). */
export const MODAL_FADE_MS = 300;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Layout effect in the browser, a no-op on the server (React warns about the other there). */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

// Several dialogs may overlap while one fades out and the next fades in: the page stays locked
// until the last one is gone.
let lockedBy = 0;
function lockPageScroll() {
  lockedBy += 1;
  document.documentElement.classList.add('modal-open');
}
function unlockPageScroll() {
  lockedBy = Math.max(0, lockedBy - 1);
  if (lockedBy === 0) document.documentElement.classList.remove('modal-open');
}

export interface ModalProps {
  /** Shown or not. Turning it off plays the 300 ms fade-out before the dialog leaves the page. */
  open: boolean;
  /** The visitor asked to close it (Esc, a click outside, 'Закрыть'); the owner sets `open` to false. */
  onClose: () => void;
  /** Called once the fade-out is over (e.g. to open the next dialog of a sequence). */
  onClosed?: () => void;
  /** The dialog's heading; it also names the dialog for assistive technology. */
  title: ReactNode;
  children: ReactNode;
  /** Extra class on the `<dialog>`, e.g. `modal--wide`. */
  className?: string;
  /**
   * Names what the modal shows (the sign-in dialogs: one modal, several dialogs). A new key swaps
   * the content at once, with a short fade-in and focus on its first field; the modal stays open.
   */
  contentKey?: string;
}

/**
 * The site's accessible modal dialog, built on the native `<dialog>`: `showModal()`
 * puts it in the top layer and makes the rest of the page inert. Focus
 * goes to the element marked `data-autofocus` (else the close button), Tab cycles inside, and
 * focus returns to the opener afterwards; page scroll is locked while it is open.
 *
 * Server-rendered open (a `?review=` or `?login` address), the dialog arrives with the `open`
 * attribute, readable and closable without JavaScript (the close button submits
 * `method="dialog"`); once scripts run it becomes a real modal.
 */
export function Modal({ open, onClose, onClosed, title, children, className, contentKey }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // In the page: open, or still fading out.
  const [present, setPresent] = useState(open);
  if (open && !present) setPresent(true);
  const closing = present && !open;
  // Only a dialog that is open from its first render carries the attribute (see above).
  const [openOnArrival] = useState(open);

  const latest = useRef({ open, onClose, onClosed });
  useEffect(() => {
    latest.current = { open, onClose, onClosed };
  });

  useBrowserLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!present || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.matches(':modal')) {
      // Open as a plain (server-rendered) dialog: reopen it as a modal before the first paint.
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    const initial = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('.modal__close');
    initial?.focus();
    lockPageScroll();
    return () => {
      unlockPageScroll();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [present]);

  // Switched content: focus goes to its own first field, as on opening.
  const shownKey = useRef(contentKey);
  useBrowserLayoutEffect(() => {
    if (shownKey.current === contentKey) return;
    shownKey.current = contentKey;
    const dialog = dialogRef.current;
    if (!present || !dialog) return;
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('.modal__close'))?.focus();
  }, [contentKey, present]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      dialogRef.current?.close();
      setPresent(false);
      latest.current.onClosed?.();
    }, MODAL_FADE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  if (!present) return null;

  const requestClose = () => {
    if (latest.current.open) latest.current.onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      open={openOnArrival}
      className={['modal', closing ? 'modal--closing' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: fade out instead of vanishing (the browser may refuse to wait; see onClose).
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Closed by the browser itself (Esc without a prior click, a `method="dialog"` form).
        if (!dialogRef.current?.open) requestClose();
      }}
      onKeyDown={(event) => {
        // The browser lets Tab leave a modal dialog for its own toolbar; keep the cycle inside.
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (element) => element.getClientRects().length > 0,
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      onClick={(event) => {
        // Clicks on the backdrop land on the dialog itself; its content fills the whole box.
        const dialog = event.currentTarget;
        if (event.target !== dialog) return;
        const box = dialog.getBoundingClientRect();
        const inside =
          event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) requestClose();
      }}
    >
      <div key={contentKey} className={contentKey === undefined ? 'modal__body' : 'modal__body modal__body--keyed'}>
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <form method="dialog" className="modal__close-form">
            <button
              type="submit"
              className="modal__close"
              aria-label="Закрыть"
              onClick={(event) => {
                event.preventDefault();
                requestClose();
              }}
            >
              <IconClose />
            </button>
          </form>
        </div>
        <div className="modal__content">{children}</div>
      </div>
    </dialog>
  );
}
