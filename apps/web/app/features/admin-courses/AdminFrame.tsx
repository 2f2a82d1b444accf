import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { adminPaths } from './paths.ts';
import './admin.css';

// The admin layout: header (the site's), the main sidebar with the course
// sub-menu above 1024 px, the compact account sidebar at 1024 px and below (where the course's
// sections become a row of tabs above the page, so nothing is out of reach on a phone).

export interface AdminCourseHead {
  id: number;
  title: string;
  is_published: boolean;
}

function courseLinks(id: number, staff: boolean) {
  return [
    { to: adminPaths.edit(id), label: 'Редактирование' },
    { to: adminPaths.programme(id), label: 'Программа', end: true },
    { to: adminPaths.finalTests(id), label: 'Итоговые тесты' },
    { to: adminPaths.audience(id), label: 'Ученики' },
    { to: adminPaths.links(id), label: 'Ссылки-приглашения' },
    { to: adminPaths.certificate(id), label: 'Сертификат' },
    { to: adminPaths.curators(id), label: 'Кураторы' },
    // Staff moderate the course's reviews (decision 0073).
    ...(staff ? [{ to: `/admin/school/site/reviews/?course=${id}`, label: 'Отзывы о курсе' }] : []),
  ];
}

/** School staff's screens (decision 0045): shown in the main sidebar to staff only. */
const SCHOOL_LINKS = [
  { to: '/admin/school/', label: 'Обзор', end: true },
  { to: '/admin/school/applications/', label: 'Заявки', count: true },
  { to: '/admin/school/sveden/', label: 'Сведения об организации' },
  { to: '/admin/school/documents/', label: 'Документы' },
  { to: '/admin/school/people/', label: 'Люди' },
  { to: '/admin/school/groups/', label: 'Группы' },
  { to: '/admin/school/orders/', label: 'Заказы' },
  { to: '/admin/school/promo/', label: 'Промокоды' },
  { to: '/admin/school/waiting/', label: 'Лист ожидания' },
  { to: '/admin/school/site/', label: 'Сайт' },
  { to: '/admin/school/audit/', label: 'Журнал действий' },
];

function MainSidebar({ course, staff, newApplications }: { course: AdminCourseHead | null; staff: boolean; newApplications: number | null }) {
  return (
    <aside className="admin-sidebar">
      <nav className="account-nav admin-nav" aria-label="Администрирование">
        {course ? (
          <>
            <NavLink to={adminPaths.courses()} end className="admin-nav__back">
              ← Мои курсы
            </NavLink>
            <p className="admin-nav__course" title={course.title}>
              {course.title}
              <span className={`admin-status admin-status--${course.is_published ? 'published' : 'draft'}`}>
                {course.is_published ? 'Опубликован' : 'Черновик'}
              </span>
            </p>
            <ul className="account-nav__list">
              {courseLinks(course.id, staff).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className="account-nav__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <ul className="account-nav__list">
            <li>
              <NavLink to={adminPaths.courses()} className="account-nav__link">
                Мои курсы
              </NavLink>
            </li>
            <li>
              <NavLink to={adminPaths.progress()} className="account-nav__link">
                Прогресс учеников
              </NavLink>
            </li>
            <li>
              <NavLink to="/user/courses/" className="account-nav__link">
                Мое обучение
              </NavLink>
            </li>
            {staff ? (
              <li className="account-nav__group">
                <span id="admin-nav-school" className="account-nav__group-title">
                  Школа
                </span>
                <ul aria-labelledby="admin-nav-school" className="account-nav__sublist">
                  {SCHOOL_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end={link.end} className="account-nav__link">
                        {link.label}
                        {link.count && newApplications ? (
                          <>
                            <span className="admin-nav__count" aria-hidden="true">
                              {newApplications}
                            </span>
                            <span className="visually-hidden">{` (новых: ${newApplications})`}</span>
                          </>
                        ) : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : null}
          </ul>
        )}
      </nav>
    </aside>
  );
}

/** The course's sections as tabs, for 1024 px and below. */
function CourseTabs({ course, staff }: { course: AdminCourseHead; staff: boolean }) {
  return (
    <nav className="admin-tabs" aria-label="Разделы курса">
      <NavLink to={adminPaths.courses()} end className="admin-tabs__back">
        ← Мои курсы
      </NavLink>
      <ul>
        {courseLinks(course.id, staff).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `accountSidebar`: the compact account sidebar (features/account), shown at 1024 px and below;
 * `staff`: the person is school staff (the 'Школа' links); `newApplications`: the count of new
 * applications beside 'Заявки' (staff only).
 */
export function AdminFrame({
  accountSidebar,
  course,
  staff = false,
  newApplications = null,
}: {
  accountSidebar: ReactNode;
  course: AdminCourseHead | null;
  staff?: boolean;
  newApplications?: number | null;
}) {
  return (
    <div className="container account admin">
      <MainSidebar course={course} staff={staff} newApplications={newApplications} />
      <div className="admin__compact">
        {accountSidebar}
      </div>
      <main className="account__main admin__main">
        {course ? <CourseTabs course={course} staff={staff} /> : null}
        <Outlet />
      </main>
    </div>
  );
}
