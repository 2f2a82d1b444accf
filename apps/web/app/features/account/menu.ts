import type { SessionUser } from '../../lib/session.ts';
import { accountPaths } from '../../ui/paths.ts';

// The account's menu items, in one place: the header's profile dropdown and the account sidebar
// name and group some pages differently, so each menu is its
// own list here, written from the same paths; both components only render them.

/** One link of an account menu. */
export interface AccountLink {
  to: string;
  label: string;
  /** Shown to course owners (and staff) only. */
  ownerOnly?: boolean;
  /** Shown to school staff only. */
  staffOnly?: boolean;
  /** Shown to curators, course owners and staff (the homework to check), with the count of answers waiting. */
  curatorOnly?: boolean;
  /** Shown to curators, course owners and staff, without a count (attendance of groups). */
  forCurators?: boolean;
}

/** The curators' queue of homework answers (not in lib/paths.ts: that object is in every public page's first load). */
export const CURATOR_HOMEWORK_PATH = '/curator/homework/';

/** A titled group of links (the sidebar's 'Данные аккаунта', 'Курсы'). */
export interface AccountGroup {
  id: string;
  title: string;
  links: AccountLink[];
}

/** The profile dropdown of the signed-in header; 'Выйти' follows them. */
export const DROPDOWN_LINKS: readonly AccountLink[] = [
  { to: accountPaths.adminCourses(), label: 'Администрирование', ownerOnly: true },
  { to: '/admin/school/', label: 'Школа', staffOnly: true },
  { to: CURATOR_HOMEWORK_PATH, label: 'Проверка заданий', curatorOnly: true },
  { to: accountPaths.userCourses(), label: 'Мое обучение' },
  { to: accountPaths.userAccount(), label: 'Данные аккаунта' },
  { to: accountPaths.userOrders(), label: 'Мои заказы' },
];

/** The account sidebar: Schedule, My groups; Account data; Courses; My orders; then 'Выйти'. */
export const SIDEBAR_ITEMS: readonly (AccountLink | AccountGroup)[] = [
  { to: accountPaths.userSchedule(), label: 'Расписание' },
  // Not in lib/paths.ts: that object is in every public page's first load (decision 0008).
  { to: '/user/group/', label: 'Мои группы' },
  {
    id: 'account-nav-data',
    title: 'Данные аккаунта',
    links: [
      { to: accountPaths.userAccount(), label: 'Личные данные' },
      { to: accountPaths.userStudents(), label: 'Данные учащихся' },
    ],
  },
  {
    id: 'account-nav-courses',
    title: 'Курсы',
    links: [
      { to: accountPaths.userCourses(), label: 'Мое обучение' },
      { to: accountPaths.userProgress(), label: 'Успеваемость' },
      { to: accountPaths.adminCourses(), label: 'Управление курсами', ownerOnly: true },
      { to: CURATOR_HOMEWORK_PATH, label: 'Проверка заданий', curatorOnly: true },
      { to: '/curator/groups/', label: 'Посещаемость групп', forCurators: true },
    ],
  },
  // School staff (decision 0045): 'Сведения' and the legal documents.
  { to: '/admin/school/', label: 'Школа', staffOnly: true },
  { to: accountPaths.userOrders(), label: 'Мои заказы' },
];

/** The links `user` may see. */
export function visibleLinks(user: SessionUser, links: readonly AccountLink[]): AccountLink[] {
  return links.filter((link) =>
    link.staffOnly ? user.is_staff : link.curatorOnly || link.forCurators ? isCurator(user) : !link.ownerOnly || user.is_course_owner || user.is_staff,
  );
}

/** Checks homework: a curator of a course or group, a course owner or staff (the API's curator level). */
export function isCurator(user: SessionUser): boolean {
  return user.is_curator || user.is_course_owner || user.is_staff;
}

/** What both menus say when 'Выйти' did not reach the server. */
export const SIGN_OUT_FAILED = 'Не удалось выйти: нет связи с сервером. Попробуйте ещё раз.';
