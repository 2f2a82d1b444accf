import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session.ts';
import { ProfileSlot } from '../account/ProfileSlot.tsx';
import { IconBook, IconCup, IconMenu, IconUser } from './Icons.tsx';

function IconCalendar() {
  return (
    <svg width="24" height="24" aria-hidden="true" focusable="false">
      <use href="/icons.svg#calendar" />
    </svg>
  );
}

/**
 * Bottom bar at 520 px or narrower. Guest: Blog, Courses, Sign in, Menu; signed in:
 * Courses (my learning), Schedule, Profile (the dropdown, opening upwards), Menu.
 */
export function MobileMenu({
  burgerOpen,
  onBurgerToggle,
  user,
}: {
  burgerOpen: boolean;
  /** Opens or closes the burger menu; `opener` gets the focus back when Esc closes it. */
  onBurgerToggle: (opener: HTMLElement) => void;
  user: SessionUser | null;
}) {
  const location = useLocation();
  return (
    <nav className="mobile-menu" aria-label="Нижнее меню">
      {user ? (
        <>
          <NavLink to="/user/courses/" className="mobile-menu__item">
            <IconCup />
            <span>Курсы</span>
          </NavLink>
          <NavLink to="/user/schedule/" className="mobile-menu__item">
            <IconCalendar />
            <span>Расписание</span>
          </NavLink>
          <ProfileSlot user={user} id="profile-menu-bottom" placement="up" className="mobile-menu__profile" caption="Профиль" />
        </>
      ) : (
        <>
          <NavLink to={paths.blog()} className="mobile-menu__item">
            <IconBook />
            <span>Блог</span>
          </NavLink>
          <NavLink to={paths.courses()} className="mobile-menu__item">
            <IconCup />
            <span>Курсы</span>
          </NavLink>
          <Link to={paths.signIn(`${location.pathname}${location.search}`)} className="mobile-menu__item" replace preventScrollReset>
            <IconUser />
            <span>Войти</span>
          </Link>
        </>
      )}
      <button
        type="button"
        className="mobile-menu__item"
        aria-controls="site-nav"
        aria-expanded={burgerOpen}
        onClick={(event) => onBurgerToggle(event.currentTarget)}
      >
        <IconMenu />
        <span>Меню</span>
      </button>
    </nav>
  );
}
