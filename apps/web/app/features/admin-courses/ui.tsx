import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';

// Small parts the admin course screens share: the browser's admin calls, the labelled field and
// general messages (ui/AdminField.tsx, shared with the school staff's screens), the WarningDelete / confirmation dialog (the unsaved-changes guard is ui/UnsavedGuard.tsx).

export const adminApi = createAdminApi(browserFetch);




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
