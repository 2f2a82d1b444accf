import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuLink } from '@crema/contract';
import { paths } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session.ts';
import { ProfileSlot } from '../account/ProfileSlot.tsx';
import { IconClose, IconEye, IconMenu, IconPhone, Logo } from './Icons.tsx';
import { MenuAnchor } from './MenuLinkItem.tsx';

/** 'tel:' link value from a phone written for people. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// eslint-disable-next-line import/no-restricted-paths -- the shell's lazy entry into a feature, loaded on use
const A11yPanel = lazy(() => import('../../features/a11y/A11yPanel.tsx'));

export function Header(props: {
  menu: MenuLink[];
  phone?: string;
  burgerOpen: boolean;
  /** Opens or closes the burger menu; `opener` gets the focus back when Esc closes it. */
  onBurgerToggle: (opener: HTMLElement) => void;
  /** The signed-in person (profile dropdown), or null for a guest ('Войти'). */
  user: SessionUser | null;
}) {
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // 'Версия для слабовидящих': its panel's code loads on the first press.
  const [a11yOpen, setA11yOpen] = useState(false);
  // Without scripts the button sends its form to the settings page (routes/a11y.tsx).
  // The way back never carries a password-restore token into the page's HTML (ssr.test).
  const back = location.pathname + (/[?&]restore=/.test(location.search) ? '' : location.search);
  const a11yButton = (className: string) => (
    <form action="/a11y/" className={`a11y-form ${className}`}>
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className="a11y-button"
        aria-expanded={a11yOpen}
        onClick={(event) => {
          event.preventDefault();
          if (props.burgerOpen) props.onBurgerToggle(event.currentTarget);
          setA11yOpen(!a11yOpen);
        }}
      >
        <IconEye />
        <span className="a11y-button__text">Версия для слабовидящих</span>
      </button>
    </form>
  );
  // The open panel starts right under the header, wherever the header banner left it.
  useEffect(() => {
    if (!props.burgerOpen || !headerRef.current || !navRef.current) return;
    navRef.current.style.top = `${Math.max(0, headerRef.current.getBoundingClientRect().bottom)}px`;
  }, [props.burgerOpen]);
  return (
    <header className="site-header" ref={headerRef}>
      {a11yOpen ? (
        <Suspense fallback={null}>
          <A11yPanel onClose={() => setA11yOpen(false)} />
        </Suspense>
      ) : null}
      <div className="container site-header__inner">
        <Link to={paths.home()} className="site-header__logo" aria-label="Crema — на главную">
          <Logo />
        </Link>

        <nav
          ref={navRef}
          id="site-nav"
          className={`main-nav${props.burgerOpen ? ' main-nav--open' : ''}`}
          aria-label="Основное меню"
        >
          <ul className="main-nav__list">
            {props.menu.map((item) => (
              <li key={item.id} className={`main-nav__item${item.children.length ? ' main-nav__item--parent' : ''}`}>
                <MenuAnchor link={item} className="main-nav__link" />
                {item.children.length > 0 ? (
                  <ul className="main-nav__submenu" aria-label={item.title}>
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <MenuAnchor link={child} className="main-nav__sublink" />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {props.phone ? (
            <a className="main-nav__phone" href={telHref(props.phone)}>
              {props.phone}
            </a>
          ) : null}
          {a11yButton('main-nav__a11y')}
        </nav>

        <div className="site-header__actions">
          {a11yButton('')}
          <Link to={paths.courses()} className="button button--primary catalog-button" prefetch="intent">
            <span className="catalog-button__long">Каталог курсов</span>
            <span className="catalog-button__short">Каталог</span>
          </Link>
          {props.phone ? (
            <a className="header-phone" href={telHref(props.phone)} aria-label={props.phone}>
              <IconPhone />
              <span aria-hidden="true">{props.phone}</span>
            </a>
          ) : null}
          {props.user ? (
            <ProfileSlot user={props.user} id="profile-menu" className="header-profile" />
          ) : (
            <Link
              to={paths.signIn(`${location.pathname}${location.search}`)}
              className="button button--ghost signin-button"
              preventScrollReset
              replace
            >
              Войти
            </Link>
          )}
          <button
            type="button"
            className="burger"
            aria-controls="site-nav"
            aria-expanded={props.burgerOpen}
            aria-label={props.burgerOpen ? 'Закрыть меню' : 'Открыть меню'}
            onClick={(event) => props.onBurgerToggle(event.currentTarget)}
          >
            {props.burgerOpen ? <IconClose /> : <IconMenu />}
          </button>
        </div>
      </div>
    </header>
  );
}
