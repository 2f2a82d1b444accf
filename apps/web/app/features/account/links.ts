import { avatarLetters, fullName } from '@crema/contract/format';
import type { SessionUser } from '../../lib/session.ts';

/** The letters on the profile button: the name's initials, else the e-mail's first letter. */
export function userInitials(user: SessionUser): string {
  return avatarLetters(user);
}

/** How the person is named to assistive technology: the name, or the e-mail without one. */
export function userLabel(user: SessionUser): string {
  return fullName(user) || user.email;
}
