import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session.ts';
import { useSignOut } from './sign-out.ts';
import './account-pages.css';

// Here, not in components/: the sidebar belongs to the account pages' chunk, not the shell every
// public page loads first (components/ and lib/ are the shell, vite.config.ts).

function Item({ to, children }: { to: string; children: string }) {
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
 * The account sidebar of spec §2: Schedule; Account data (Personal data, Student data); Courses
 * (My learning, Course management for course owners); My orders; Exit. Above 1024 px it is
 * always open; at 1024 px and below it folds behind a button and folds again after a click.
 */
export function AccountSidebar({ user }: { user: SessionUser }) {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const { signOut, pending, failed } = useSignOut();
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
          <Item to={paths.userSchedule()}>Расписание</Item>
          <Group id="account-nav-data" title="Данные аккаунта">
            <Item to={paths.userAccount()}>Личные данные</Item>
            <Item to={paths.userStudents()}>Данные учащихся</Item>
          </Group>
          <Group id="account-nav-courses" title="Курсы">
            <Item to={paths.userCourses()}>Мое обучение</Item>
            {user.is_course_owner ? <Item to={paths.adminCourses()}>Управление курсами</Item> : null}
          </Group>
          <Item to={paths.userOrders()}>Мои заказы</Item>
          <li>
            <button type="button" className="account-nav__link account-nav__exit" onClick={() => void signOut()} disabled={pending}>
              Выйти
            </button>
          </li>
        </ul>
        {failed ? (
          <p className="account-nav__error" role="alert">
            Не удалось выйти: нет связи с сервером. Попробуйте ещё раз.
          </p>
        ) : null}
      </nav>
    </aside>
  );
}

/** The page frame of /user/* and /admin/* (until the admin issue builds its own): sidebar and page. */
export function AccountFrame({ user }: { user: SessionUser }) {
  return (
    <div className="container account">
      <AccountSidebar user={user} />
      <div className="account__main">
        <Outlet />
      </div>
    </div>
  );
}
