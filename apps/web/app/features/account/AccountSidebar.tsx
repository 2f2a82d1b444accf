import { useState } from 'react';
import type { PendingConsent } from '@crema/contract';
import { NavLink, Outlet, useLocation } from 'react-router';
import type { SessionUser } from '../../lib/session.ts';
import { SIDEBAR_ITEMS, SIGN_OUT_FAILED, visibleLinks, type AccountLink } from './menu.ts';
import { useSignOut } from './sign-out.ts';
import { ReconsentPrompt } from './ReconsentPrompt.tsx';
import { WaitingLabel, useWaitingCount } from './waiting.tsx';
import './account-pages.css';

// Here, not in components/: the sidebar belongs to the account pages' chunk, not the shell every
// public page loads first (components/ and lib/ are the shell, vite.config.ts).

function Item({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <NavLink to={to} className="account-nav__link">
        {children}
      </NavLink>
    </li>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <li className="account-nav__group">
      <span id={id} className="account-nav__group-title">
        {title}
      </span>
      <ul aria-labelledby={id} className="account-nav__sublist">
        {children}
      </ul>
    </li>
  );
}

/**
 * The account sidebar: Schedule; Account data (Personal data, Student data); Courses
 * (My learning, Course management for course owners); My orders; Exit. Above 1024 px it is
 * always open; at 1024 px and below it folds behind a button and folds again after a click.
 */
export function AccountSidebar({ user }: { user: SessionUser }) {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const { signOut, pending, failed } = useSignOut();
  const waiting = useWaitingCount(user, location.pathname);
  const label = (link: AccountLink) => (link.curatorOnly ? <WaitingLabel label={link.label} count={waiting} /> : link.label);
  return (
    <aside className={`account-sidebar${open ? ' account-sidebar--open' : ''}`}>
      <button
        type="button"
        className="account-sidebar__toggle"
        aria-expanded={open}
        aria-controls="account-nav"
        onClick={() => setOpenOn(open ? null : location.key)}
      >
        Меню кабинета
      </button>
      <nav id="account-nav" className="account-nav" aria-label="Личный кабинет">
        <ul className="account-nav__list">
          {SIDEBAR_ITEMS.map((item) =>
            'links' in item ? (
              <Group key={item.id} id={item.id} title={item.title}>
                {visibleLinks(user, item.links).map((link) => (
                  <Item key={link.to} to={link.to}>
                    {label(link)}
                  </Item>
                ))}
              </Group>
            ) : (
              visibleLinks(user, [item]).map((link) => (
                <Item key={link.to} to={link.to}>
                  {label(link)}
                </Item>
              ))
            ),
          )}
          <li>
            <button type="button" className="account-nav__link account-nav__exit" onClick={() => void signOut()} disabled={pending}>
              Выйти
            </button>
          </li>
        </ul>
        {failed ? (
          <p className="account-nav__error" role="alert">
            {SIGN_OUT_FAILED}
          </p>
        ) : null}
      </nav>
    </aside>
  );
}

/**
 * The page frame of /user/* and /admin/* (until the admin section builds its own): sidebar, the
 * question about new versions of the consents (decision 0046) and the page.
 */
export function AccountFrame({ user, pendingConsents }: { user: SessionUser; pendingConsents: PendingConsent[] | null }) {
  return (
    <div className="container account">
      <AccountSidebar user={user} />
      <div className="account__main">
        <ReconsentPrompt initial={pendingConsents} />
        <Outlet />
      </div>
    </div>
  );
}
