import { fullName, initials } from '@crema/contract/format';
import type { SessionUser } from '../../lib/session.ts';

/** The letters on the profile button; the e-mail's first letter while the name is not filled in. */
export function userInitials(user: SessionUser): string {
  return initials(user) || user.email.slice(0, 1).toUpperCase();
}

/** How the person is named to assistive technology: the name, or the e-mail without one. */
export function userLabel(user: SessionUser): string {
  return fullName(user) || user.email;
}
