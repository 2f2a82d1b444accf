import { type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/ui/Modal.tsx';
import { useApiForm } from '../../api/useApiForm.ts';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';

// Small parts the admin course screens share: the browser's admin calls, the labelled field and
// general messages (ui/AdminField.tsx, shared with the school staff's screens), the WarningDelete / confirmation dialog (the unsaved-changes guard is ui/UnsavedGuard.tsx).

export const adminApi = createAdminApi(browserFetch);



/**
 * A confirmation (WarningDelete): says what will be lost, then runs `action`; the server's
 * refusal (e.g. 400 "the course has learners") is shown in the dialog as it came.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onClose,
  action,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  action: () => Promise<unknown>;
}) {
  const form = useApiForm();
  return (
    <Modal open={open} onClose={onClose} title={title} className="admin-dialog">
      <div className="admin-dialog__body">
        {children}
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button
            type="button"
            className="button button--primary"
            aria-busy={form.busy}
            disabled={form.busy}
            onClick={() => void form.run(action).then((ok) => ok && onClose())}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button--ghost" data-autofocus onClick={onClose}>
            Отмена
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A search form (method GET) that navigates in the app instead of reloading the page. Not
 * react-router's <Form>: that would add its submission code to every page's first load.
 */
export function useSearchForm() {
  const navigate = useNavigate();
  const go = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
    const query = params.toString();
    void navigate(query ? `?${query}` : '?', { replace: true });
  };
  return {
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      go(event.currentTarget);
    },
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (event.target instanceof HTMLSelectElement) go(event.currentTarget);
    },
  };
}
