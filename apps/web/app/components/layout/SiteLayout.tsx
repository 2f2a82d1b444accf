import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { RootData } from '../../lib/root-data.ts';
import { CookieNotice } from './CookieNotice.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { HeaderBanner } from './HeaderBanner.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { AuthDialogHost, useLoginFlag } from './AuthDialogHost.tsx';
import { OfflineBanner } from '../account/OfflineBanner.tsx';
import { sessionChangeSettled } from '../../lib/session.ts';

/** The default layout: header, content, footer, cookie notice, mobile bottom menu. */
export function SiteLayout({ data, children }: { data: RootData; children: React.ReactNode }) {
  const location = useLocation();
  // The burger menu belongs to the page it was opened on: any navigation closes it.
  const [burger, setBurger] = useState({ open: false, pathname: location.pathname });
  const burgerOpen = burger.open && burger.pathname === location.pathname;
  // The button that opened it (the header's burger or the bottom bar's 'Меню'): Esc returns there.
  const burgerOpener = useRef<HTMLElement | null>(null);
  const toggleBurger = (opener: HTMLElement) => {
    if (!burgerOpen) burgerOpener.current = opener;
    setBurger({ open: !burgerOpen, pathname: location.pathname });
  };
  useLoginFlag();
  const onUserPage = location.pathname.startsWith('/user/');

  useEffect(() => {
    document.documentElement.classList.toggle('burger-open', burgerOpen);
  }, [burgerOpen]);

  // Esc closes the open menu, as it closes a dialog (a dialog on top of it closes first).
  useEffect(() => {
    if (!burgerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Tab from the button that opened it goes into the menu (which comes before it in the page).
      if (event.key === 'Tab' && !event.shiftKey && document.activeElement === burgerOpener.current) {
        event.preventDefault();
        document.querySelector<HTMLElement>('#site-nav a')?.focus();
        return;
      }
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setBurger({ open: false, pathname: location.pathname });
      burgerOpener.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [burgerOpen, location.pathname]);

  // New root data after a sign-in or sign-out: later GET navigations may skip it again (root.tsx).
  useEffect(() => sessionChangeSettled(), [data]);

  return (
    <div className="site">
      <a className="skip-link" href="#content">
        Перейти к содержанию
      </a>
      {data.headerBanner && !onUserPage ? <HeaderBanner key={data.headerBanner.id} banner={data.headerBanner} /> : null}
      <Header
        menu={data.headerMenu}
        phone={data.configs.HEADER_PHONE}
        burgerOpen={burgerOpen}
        onBurgerToggle={toggleBurger}
        user={data.user}
      />
      <div id="content" className="site__content">
        {children}
      </div>
      <Footer configs={data.configs} menu={data.footerMenu} categories={data.categories} />
      <CookieNotice accepted={data.cookiesAccepted} />
      <MobileMenu burgerOpen={burgerOpen} onBurgerToggle={toggleBurger} user={data.user} />
      <AuthDialogHost />
      <OfflineBanner />
    </div>
  );
}
