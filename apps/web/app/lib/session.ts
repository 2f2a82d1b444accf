import { useNavigate, useRevalidator } from 'react-router';
import type { CurrentUser } from '@crema/contract';

/**
 * The signed-in person as the root loader hands it to every page (`useRouteLoaderData('root').user`):
 * only what the header, the dropdown and the account sidebar need, not the whole profile.
 */
export type SessionUser = Pick<CurrentUser, 'id' | 'email' | 'first_name' | 'last_name' | 'is_course_owner' | 'is_staff' | 'is_curator'>;

// The root loader (header, dropdown) is not refetched on GET navigations (root.tsx
// shouldRevalidate). A sign-in or sign-out sets this flag, so the next navigation or
// revalidation reloads it; it is cleared once the root data has been replaced (SiteLayout).
// Not cleared on first read: React Router also asks shouldRevalidate while prefetching links.
let sessionChanged = false;

/** For root.tsx's shouldRevalidate: true between a sign-in or sign-out and the reload of the root data. */
export function sessionChangePending(): boolean {
  return sessionChanged;
}

/** The root data was reloaded: GET navigations may skip it again. */
export function sessionChangeSettled(): void {
  sessionChanged = false;
}

/**
 * Call after the session changed in the browser (signed in, signed out): reloads the root data
 * (so the header shows the person) and, with `to`, goes there in the same step.
 * Usage: `const sessionChanged = useSessionChanged(); await sessionChanged(next ?? '/');`
 */
export function useSessionChanged(): (to?: string) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (to) => {
    sessionChanged = true;
    if (to) await navigate(to, { replace: true });
    else await revalidator.revalidate();
  };
}

/** The address that sends a guest to sign in and then on to `path`. */
export function signInHref(path: string): string {
  return `/?login&next=${encodeURIComponent(path)}`;
}
