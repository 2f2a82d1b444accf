import { avatarLetter, fullName } from '@crema/contract/format';
import type { SessionUser } from '../../lib/session.ts';

/** The letter on the profile button: the first name's initial, else the last name's, else the e-mail's. */
export function userInitials(user: SessionUser): string {
  return avatarLetter(user);
}

/** How the person is named to assistive technology: the name, or the e-mail without one. */
export function userLabel(user: SessionUser): string {
  return fullName(user) || user.email;
}
