import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { IconBook, IconCup, IconMenu, IconUser } from './Icons.tsx';

/** Spec §2: bottom bar at 520 px or narrower. Guest: Blog, Courses, Sign in, Menu. */
export function MobileMenu({ burgerOpen, onBurgerToggle }: { burgerOpen: boolean; onBurgerToggle: () => void }) {
  const location = useLocation();
  return (
    <nav className="mobile-menu" aria-label="Нижнее меню">
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
      <button
        type="button"
        className="mobile-menu__item"
        aria-controls="site-nav"
        aria-expanded={burgerOpen}
        onClick={onBurgerToggle}
      >
        <IconMenu />
        <span>Меню</span>
      </button>
    </nav>
  );
}
