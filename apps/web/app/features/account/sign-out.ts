import { useState } from 'react';
import { browserApi } from '../../api/browser.ts';
import { ApiRequestError } from '../../api/client.ts';
import { useSessionChanged } from '../../lib/session.ts';
import { clearQuizDrafts } from '../../api/quiz-draft.ts';

// Signing out: loaded with the profile dropdown and the account pages, not on a guest's first load.

/**
 * Ends the session (POST /api/auth/logout/); false when the call did not go through. Quiz answers
 * kept on this device go with it: the next person at this computer sees none.
 */
export async function signOut(): Promise<boolean> {
  let ended: boolean;
  try {
    await browserApi.logout();
    ended = true;
  } catch (error) {
    // 401: the session was already over. A 403 (CSRF refused) revoked nothing: report it.
    ended = error instanceof ApiRequestError && error.status === 401;
  }
  if (ended) clearQuizDrafts();
  return ended;
}

/**
 * 'Выйти' of the dropdown and the account sidebar: ends the session, reloads the root data and
 * goes home (the logout redirect is empty). `failed` is set when the call did not go
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
