import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { openDialog, useDialogState } from '../../lib/dialogs.ts';
import { takeRestoreToken } from '../../lib/restore-link.ts';

// The host of the sign-in and password dialogs, on every page: it opens
// them from the address (`?login`, `?restore=`) and loads their code on first use.

/**
 * `?login` opens SendCode, `?restore=<token>` (the mailed restore link)
 * opens 'Создание пароля'; the flag, the token and `next` are then removed from the address,
 * so a reload or a shared link does not open the dialog again. On a page load the head script
 * has already taken the token out of the address (lib/restore-link.ts); `?restore=` reaching the
 * router is only a link followed inside the site.
 */
export function useLoginFlag(): void {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const login = params.has('login');
  const restore = params.get('restore');

  useEffect(() => {
    // The mailed link's token, already moved out of the address by the head script (lib/restore-link.ts).
    const token = takeRestoreToken();
    if (token) openDialog('ChangePassword', { restoreToken: token });
  }, []);

  useEffect(() => {
    if (!login && restore === null) return;
    const rest = new URLSearchParams(params);
    if (restore) {
      openDialog('ChangePassword', { restoreToken: restore });
    } else if (login) {
      // Checked where it is used (the dialogs' sitePath): the check stays out of every page's first load.
      openDialog('SendCode', { next: params.get('next') });
      rest.delete('next');
    }
    rest.delete('login');
    rest.delete('restore');
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [login, restore, params, location.pathname, location.hash, navigate]);
}

// eslint-disable-next-line import/no-restricted-paths -- the shell's lazy entry into a feature, loaded on use
const AuthDialogs = lazy(() => import('../../features/auth/AuthDialogs.tsx'));

/**
 * Where the sign-in dialogs appear: nothing is rendered (or loaded) until one is opened, then
 * the dialogs' chunk (features/auth/) loads once.
 */
export function AuthDialogHost() {
  const { loaded } = useDialogState();
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
