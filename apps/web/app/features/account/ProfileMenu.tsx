import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '../../lib/session.ts';
import { userInitials, userLabel } from './links.ts';
import { DROPDOWN_LINKS, SIGN_OUT_FAILED, visibleLinks } from './menu.ts';
import { useSignOut } from './sign-out.ts';
import { WaitingLabel, useWaitingCount } from './waiting.tsx';

/**
 * The signed-in header's profile dropdown: a disclosure button with the
 * initials and a list of links. Esc, a click outside and any navigation close it; Esc returns
 * focus to the button. `placement="up"` opens it above the phone's bottom menu. Loaded lazily
 * (components/account/ProfileSlot.tsx): a guest's first load does not carry it; its styles are
 * in components/account/account.css, which every page links.
 */
export default function ProfileMenu({
  user,
  id,
  placement = 'down',
  className = '',
  caption,
}: {
  user: SessionUser;
  /** Id of the list (two menus may be on the page: header and bottom bar). */
  id: string;
  placement?: 'down' | 'up';
  className?: string;
  /** A visible label under the initials (the bottom bar's 'Профиль'). */
  caption?: string;
}) {
  const location = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { signOut, pending, failed } = useSignOut();
  const waiting = useWaitingCount(user, location.pathname, open);
  // The server renders this menu, but it answers clicks only once its lazy chunk has hydrated it:
  // `data-ready` says so (tests wait for it rather than tapping a button that is not listening yet).
  useEffect(() => buttonRef.current?.setAttribute('data-ready', 'true'), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      // Tabbing out of the menu closes it.
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const letters = userInitials(user);
  return (
    <div ref={rootRef} className={`profile-menu profile-menu--${placement} ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Профиль: ${userLabel(user)}`}
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        <span className="avatar" aria-hidden="true">
          {letters}
        </span>
        {caption ? <span aria-hidden="true">{caption}</span> : null}
      </button>
      <div id={id} className="profile-menu__panel" hidden={!open}>
        <p className="profile-menu__who">{userLabel(user)}</p>
        <ul className="profile-menu__list">
          {visibleLinks(user, DROPDOWN_LINKS).map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.curatorOnly ? <WaitingLabel label={link.label} count={waiting} /> : link.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void signOut()} disabled={pending}>
              Выйти
            </button>
          </li>
        </ul>
        {failed ? (
          <p className="profile-menu__error" role="alert">
            {SIGN_OUT_FAILED}
          </p>
        ) : null}
      </div>
    </div>
  );
}
