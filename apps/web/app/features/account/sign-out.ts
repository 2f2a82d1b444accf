import { useState } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import type { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract';
import { useSessionChanged } from '../../lib/session.ts';

// Signing out: loaded with the profile dropdown and the account pages, not on a guest's first load.

// The contract's values, repeated here because browser code takes only types from the contract;
// `satisfies` keeps them equal to it.
export const SESSION = {
  cookies: { access: 'crema_access', refresh: 'crema_refresh', csrf: 'crema_csrf' } as const satisfies typeof SESSION_COOKIES,
  csrfHeader: 'x-csrf-token' as const satisfies typeof CSRF_HEADER,
  clientHeader: 'x-crema-client' as const satisfies typeof WEB_CLIENT_HEADER,
};

/** Headers of a cookie-authenticated call from the site: the web client mark and the CSRF token. */
export function sessionHeaders(): Record<string, string> {
  return {
    [SESSION.clientHeader]: 'web',
    [SESSION.csrfHeader]: readCookie(document.cookie, SESSION.cookies.csrf) ?? '',
  };
}

/** Ends the session (POST /api/auth/logout/); false when the call did not go through. */
export async function signOut(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/logout/', { method: 'POST', credentials: 'same-origin', headers: sessionHeaders() });
    // 401: the session was already over. A 403 (CSRF refused) revoked nothing: report it.
    return res.ok || res.status === 401;
  } catch {
    return false;
  }
}

/**
 * 'Выйти' of the dropdown and the account sidebar: ends the session, reloads the root data and
 * goes home (spec §7: the logout redirect is empty). `failed` is set when the call did not go
 * through (no connection): the person stays signed in and is told so.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean; failed: boolean } {
  const sessionChanged = useSessionChanged();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  return {
    pending: state === 'pending',
    failed: state === 'failed',
    signOut: async () => {
      setState('pending');
      if (await signOut()) {
        await sessionChanged('/');
        setState('idle');
      } else {
        setState('failed');
      }
    },
  };
}
