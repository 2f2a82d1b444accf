import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useRouteLoaderData } from 'react-router';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';
import { createSiteApi } from '../../api/admin-site.ts';
import './school.css';

// Parts of the school staff's screens (decision 0045): the browser's admin calls, the tabs between
// 'Сведения' and the documents; the labelled field and general messages are the admin screens' own
// (ui/AdminField.tsx). The admin layout's styles (admin.css, loaded by the admin frame) give them their look.

export const schoolApi = createAdminApi(browserFetch);
/** The site screens' calls (decision 0069), a client of their own: the course builder's pages do not load them. */
export const siteApi = createSiteApi(browserFetch);

export const schoolPaths = {
  dashboard: () => '/admin/school/',
  applications: () => '/admin/school/applications/',
  application: (id: number) => `/admin/school/applications/${id}/`,
  sveden: () => '/admin/school/sveden/',
  section: (key: string) => `/admin/school/sveden/${key}/`,
  documents: () => '/admin/school/documents/',
  document: (slug: string) => `/admin/school/documents/${slug}/`,
  audit: () => '/admin/school/audit/',
  people: () => '/admin/school/people/',
  person: (id: number) => `/admin/school/people/${id}/`,
  groups: () => '/admin/school/groups/',
  newGroup: () => '/admin/school/groups/new/',
  group: (id: number) => `/admin/school/groups/${id}/`,
  orders: () => '/admin/school/orders/',
  order: (id: number) => `/admin/school/orders/${id}/`,
  promo: () => '/admin/school/promo/',
  waitingGroups: () => '/admin/school/waiting/',
  waiting: (groupId: number) => `/admin/school/waiting/${groupId}/`,
  /** The site's content (decision 0069): an overview, then one area per kind of content. */
  site: () => '/admin/school/site/',
  posts: () => '/admin/school/site/posts/',
  newPost: (kind: 'post' | 'page') => `/admin/school/site/posts/new/?kind=${kind}`,
  post: (id: number) => `/admin/school/site/posts/${id}/`,
  banners: () => '/admin/school/site/banners/',
  menus: () => '/admin/school/site/menus/',
  dictionaries: () => '/admin/school/site/catalog/',
  teachers: () => '/admin/school/site/teachers/',
  reviews: () => '/admin/school/site/reviews/',
  settings: () => '/admin/school/site/settings/',
} as const;

/** The areas of the site's content, in the order the site tabs and the overview show them. */
export const SITE_AREAS = [
  { path: schoolPaths.posts(), title: 'Блог и страницы', about: 'Записи блога и страницы сайта: текст, обложка, адрес, SEO, публикация сейчас или по расписанию.' },
  { path: schoolPaths.banners(), title: 'Баннеры', about: 'Баннеры главной страницы и шапки: картинки для телефона и компьютера, ссылка, порядок и сроки показа.' },
  { path: schoolPaths.menus(), title: 'Меню', about: 'Меню в шапке и подвале сайта: пункты, вложенные пункты и их порядок.' },
  { path: schoolPaths.dictionaries(), title: 'Справочники', about: 'Направления, подборки и характеристики курсов, по которым ищут в каталоге.' },
  { path: schoolPaths.teachers(), title: 'Преподаватели', about: 'Фото, имя, рассказ о себе и курсы каждого преподавателя.' },
  { path: schoolPaths.reviews(), title: 'Отзывы', about: 'Новые отзывы на проверку: опубликовать, скрыть, ответить от имени школы.' },
  { path: schoolPaths.settings(), title: 'Настройки', about: 'Телефон, почта, адрес, соцсети, счётчики и реквизиты школы.' },
] as const;

/** A staff list's address with its filters (empty ones left out) and page `n` (the first has none). */
export function listHref(path: string, filters: object, n = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  if (n > 1) params.set('page', String(n));
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** A moment in Moscow time, as every staff screen shows it ('29.11.2026, 05:21'). */
export const moscowTime = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * A stored phone ('+79161234567' or '79161234567') as the site writes it: '+7 (916) 123-45-67'; any
 * other shape as it is. Here rather than the contract's mask: that one would move into a chunk the
 * public pages share.
 */
export function phoneShown(phone: string): string {
  const m = /^\+?7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}

/** A person's name as a list shows it: surname, name, patronymic; the e-mail when there is none. */
export function personName(person: { last_name: string | null; first_name: string | null; patronymic: string | null; email: string }): string {
  return [person.last_name, person.first_name, person.patronymic].filter(Boolean).join(' ') || person.email;
}

/** The count of new applications the admin layout's loader gives staff (routes/admin/layout.tsx), or null. */
export function useNewApplications(): number | null {
  const layout = useRouteLoaderData('routes/admin/layout') as { newApplications?: number | null } | undefined;
  return layout?.newApplications ?? null;
}

/** The count of new reviews the admin layout's loader gives staff (decision 0073), or null. */
export function useNewReviews(): number | null {
  const layout = useRouteLoaderData('routes/admin/layout') as { newReviews?: number | null } | undefined;
  return layout?.newReviews ?? null;
}

/** 'Заявки' with the count of new ones: the number is read with its meaning. */
export function ApplicationsLabel({ label = 'Заявки', count }: { label?: string; count: number | null }) {
  return (
    <>
      {label}
      {count ? (
        <>
          <span className="school-count" aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">{` (новых: ${count})`}</span>
        </>
      ) : null}
    </>
  );
}

/** The school's screens, as tabs ('Обзор', 'Заявки', 'Сведения', 'Документы', 'Люди', 'Группы', 'Заказы', 'Промокоды', 'Лист ожидания', 'Сайт', 'Журнал'): wrapped on a wide screen, one scrolling row on a phone. */
export function SchoolTabs() {
  const fresh = useNewApplications();
  // On a phone the tabs are one row that scrolls sideways: the current one is brought into it.
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = nav.current?.querySelector('ul');
    const current = list?.querySelector<HTMLElement>('a.active');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft += current.getBoundingClientRect().left - list.getBoundingClientRect().left - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav className="school-tabs" aria-label="Разделы школы" ref={nav}>
      <ul>
        <li>
          <NavLink to={schoolPaths.dashboard()} end>
            Обзор
          </NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.applications()}>
            <ApplicationsLabel count={fresh} />
          </NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.sveden()}>Сведения</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.documents()}>Документы</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.people()}>Люди</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.groups()}>Группы</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.orders()}>Заказы</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.promo()}>Промокоды</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.waitingGroups()}>Лист ожидания</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.site()}>Сайт</NavLink>
        </li>
        <li>
          <NavLink to={schoolPaths.audit()}>Журнал</NavLink>
        </li>
      </ul>
    </nav>
  );
}

export { FilterSelect } from '../../ui/FilterSelect.tsx';


/** The school's tabs, then the site's areas ('Блог и страницы' … 'Настройки'): the top of every site content screen. */
export function SiteTabs() {
  const freshReviews = useNewReviews();
  return (
    <>
      <SchoolTabs />
      <nav className="school-tabs school-tabs--site" aria-label="Содержимое сайта">
        <ul>
          {SITE_AREAS.map((area) => (
            <li key={area.path}>
              <NavLink to={area.path}>{area.path === schoolPaths.reviews() ? <ApplicationsLabel label={area.title} count={freshReviews} /> : area.title}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
