// Every page of the site, for the specs that walk them all (overflow.spec.ts, axe.spec.ts).
// Built from the demo seed through the API, as the other specs find their courses and lessons:
// the public pages as a guest, the account and study pages as the demo student, the admin pages of
// a course as its owner. Only pages are visited here, nothing is changed: the demo student's
// lesson and test are ones they have already finished, so other specs see the same progress.
import type { Page } from '@playwright/test';
import { LEGAL_DOCUMENTS, SVEDEN_SECTIONS } from '@crema/contract';
import { expect } from './fixtures.ts';

export const DEMO_PASSWORD = 'crema-demo-2026';
export const STUDENT = 'student@crema.local';
export const OWNER = 'owner@crema.local';
export const STAFF = 'staff@crema.local';

const WEB = { 'x-crema-client': 'web' };

const NOT_FOUND = '/no-such-page/';

/** One page to visit: its address and, for readable failures, what kind of page it is. */
export interface WalkPage {
  path: string;
  kind: string;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: WEB });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/**
 * The public pages. `all`: every content page, /sveden/ subsection and legal document; otherwise
 * one of each kind of page (what axe needs: the same template gives the same markup).
 */
export async function publicPages(page: Page, all: boolean): Promise<WalkPage[]> {
  const [courses, posts, contentPages, sveden, documents] = await Promise.all([
    apiGet<{ content: { slug: string }[] }>(page, '/api/courses/?page_size=1'),
    apiGet<{ results: { slug: string }[] }>(page, '/api/pages/?kind=post&page_size=1'),
    apiGet<{ results: { slug: string }[] }>(page, '/api/pages/?kind=page&page_size=50'),
    apiGet<{ nav: { url: string }[] }>(page, '/api/sveden/'),
    apiGet<{ url: string }[]>(page, '/api/documents/'),
  ]);
  // The demo data these walks rely on: a missing kind of page fails here rather than going unwalked.
  expect(courses.content, 'a published demo course').toHaveLength(1);
  expect(posts.results, 'a published demo post').toHaveLength(1);
  expect(contentPages.results.map((item) => item.slug).sort(), 'the demo content pages').toEqual(['about', 'contacts', 'corporate', 'presence']);
  expect(sveden.nav, 'every /sveden/ subsection').toHaveLength(SVEDEN_SECTIONS.length);
  expect(documents, 'every legal document').toHaveLength(LEGAL_DOCUMENTS.length);
  const course = courses.content[0]!.slug;
  const pages: WalkPage[] = [
    { path: '/', kind: 'главная' },
    { path: '/courses/', kind: 'каталог' },
    { path: `/courses/${course}/`, kind: 'курс' },
    { path: `/order-course/${course}/`, kind: 'заказ курса' },
    { path: '/blog/', kind: 'блог' },
    { path: `/blog/${posts.results[0]!.slug}/`, kind: 'запись блога' },
    { path: '/schedule/', kind: 'расписание' },
  ];
  // Content pages: /presence/ has a route of its own, the rest are the catch-all.
  const content = contentPages.results.map((item) => item.slug);
  for (const slug of all ? content : content.filter((slug) => slug === 'about' || slug === 'presence')) {
    pages.push({ path: `/${slug}/`, kind: `страница ${slug}` });
  }
  pages.push({ path: '/sveden/', kind: 'сведения' });
  for (const { url } of all ? sveden.nav : sveden.nav.slice(0, 1)) pages.push({ path: url, kind: 'раздел сведений' });
  for (const { url } of all ? documents : documents.slice(0, 1)) pages.push({ path: url, kind: 'документ' });
  // The check of a certificate (decision 0085): the demo has none issued, so the 'не найден' answer.
  pages.push({ path: '/certificates/CR-2222-3333-4444/', kind: 'проверка сертификата' });
  pages.push({ path: NOT_FOUND, kind: '404' });
  return pages;
}

/** The demo student's pages (sign in as STUDENT first). */
export async function studentPages(page: Page): Promise<WalkPage[]> {
  const courses = await apiGet<{ id: number; course: { slug: string } }[]>(page, '/api/user/courses/');
  const enrolment = courses.find((item) => item.course.slug === 'barista-s-nulya')!;
  const outline = await apiGet<{ modules: { content: { id: number; type: string; status: string }[] }[] }>(
    page,
    `/api/user/course/${enrolment.id}/modules/`,
  );
  const items = outline.modules.flatMap((module) => module.content).filter((item) => item.status === 'completed');
  const lesson = items.find((item) => item.type === 'lesson')!;
  const quiz = items.find((item) => item.type === 'test')!;
  const groups = await apiGet<{ id: number; next_session: { id: number } | null; course: { slug: string } }[]>(page, '/api/user/groups/');
  const group = groups.find((item) => item.course.slug === 'barista-s-nulya')!;
  expect(group?.next_session, 'the demo group has a session ahead').toBeTruthy();
  return [
    { path: '/user/account/', kind: 'личные данные' },
    { path: '/user/students/', kind: 'данные учеников' },
    { path: '/user/orders/', kind: 'мои заказы' },
    { path: '/user/courses/', kind: 'мое обучение' },
    { path: `/user/courses/${enrolment.id}/`, kind: 'курс ученика' },
    { path: `/user/courses/${enrolment.id}/lessons/${lesson.id}/`, kind: 'урок' },
    { path: `/user/courses/${enrolment.id}/testing/${quiz.id}/`, kind: 'тест' },
    { path: '/user/group/', kind: 'мои группы' },
    { path: `/user/group/${group.id}/`, kind: 'группа' },
    { path: `/user/group/${group.id}/schedule/${group.next_session!.id}/`, kind: 'занятие группы' },
    { path: '/user/schedule/', kind: 'моё расписание' },
    { path: '/user/progress/', kind: 'прогресс' },
    { path: '/user/progress/test-results/', kind: 'результаты тестов' },
  ];
}

/** The admin pages of the owner's first course with a lesson and a test (sign in as OWNER first). */
export async function ownerPages(page: Page): Promise<WalkPage[]> {
  const list = await apiGet<{ results: { id: number; lessons_count: number }[] }>(page, '/api/admin/courses/?page_size=50');
  let found: { course: number; lesson: number; test: number } | undefined;
  for (const course of list.results.filter((item) => item.lessons_count > 0)) {
    const modules = await apiGet<{ lessons: { id: number }[]; tests: { id: number }[] }[]>(page, `/api/admin/courses/${course.id}/modules/`);
    const lesson = modules.flatMap((module) => module.lessons)[0];
    const test = modules.flatMap((module) => module.tests)[0];
    if (lesson && test) {
      found = { course: course.id, lesson: lesson.id, test: test.id };
      break;
    }
  }
  expect(found, 'a demo course of the owner with a lesson and a test').toBeTruthy();
  const { course, lesson, test } = found!;
  return [
    { path: '/admin/courses/', kind: 'мои курсы (админ)' },
    { path: '/admin/courses/add/', kind: 'новый курс' },
    { path: `/admin/courses/${course}/`, kind: 'программа курса' },
    { path: `/admin/courses/${course}/edit/`, kind: 'настройки курса' },
    { path: `/admin/courses/${course}/links/`, kind: 'ссылки-приглашения' },
    { path: `/admin/courses/${course}/certificate/`, kind: 'сертификат курса' },
    { path: `/admin/courses/${course}/curators/`, kind: 'кураторы курса' },
    { path: `/admin/courses/${course}/audience/`, kind: 'ученики курса' },
    { path: `/admin/courses/${course}/audience/add/`, kind: 'добавить ученика' },
    { path: `/admin/courses/${course}/test/`, kind: 'итоговые тесты' },
    { path: `/admin/lessons/${lesson}/`, kind: 'редактор урока' },
    { path: `/admin/tests/${test}/`, kind: 'редактор теста' },
    { path: '/admin/progress/', kind: 'прогресс учеников' },
    { path: `/admin/courses/${course}/preview/`, kind: 'предпросмотр курса' },
    // An owner checks their courses' homework: the curators' queue.
    { path: '/curator/homework/', kind: 'проверка заданий' },
  ];
}

/** The school staff's screens ('Сведения', documents, people, groups, orders, the journal; sign in as STAFF first). */
export async function staffPages(page: Page): Promise<WalkPage[]> {
  const people = await apiGet<{ results: { id: number }[] }>(page, `/api/admin/school/people/?search=${encodeURIComponent(STUDENT)}`);
  expect(people.results.length, 'the demo student among people').toBeGreaterThan(0);
  const groups = await apiGet<{ results: { id: number }[] }>(page, '/api/admin/school/groups/?status=published&page_size=1');
  expect(groups.results.length, 'a published demo group').toBeGreaterThan(0);
  const orders = await apiGet<{ results: { id: number }[] }>(page, '/api/admin/school/orders/?page_size=1');
  expect(orders.results.length, 'the demo student’s orders').toBeGreaterThan(0);
  const applications = await apiGet<{ results: { id: number }[] }>(page, '/api/admin/school/applications/?page_size=1');
  const posts = await apiGet<{ results: { id: number }[] }>(page, '/api/admin/school/site/posts/?kind=post&status=published&sort=title&page_size=1');
  expect(posts.results.length, 'a published demo post').toBeGreaterThan(0);
  const banners = await apiGet<{ id: number }[]>(page, '/api/admin/school/site/banners/?key=main');
  expect(banners.length, 'a demo banner of the home slider').toBeGreaterThan(0);
  const [attribute] = await apiGet<{ id: number }[]>(page, '/api/admin/school/site/catalog/attributes/');
  const [collection] = await apiGet<{ id: number }[]>(page, '/api/admin/school/site/catalog/collections/');
  expect(attribute && collection, 'demo attributes and collections').toBeTruthy();
  return [
    { path: '/admin/school/', kind: 'обзор школы (сотрудники)' },
    { path: '/admin/school/applications/', kind: 'заявки (сотрудники)' },
    // A fresh demo database may hold no application yet.
    ...applications.results.map((a) => ({ path: `/admin/school/applications/${a.id}/`, kind: 'карточка заявки (сотрудники)' })),
    { path: '/admin/school/sveden/', kind: 'сведения (сотрудники)' },
    { path: '/admin/school/sveden/common/', kind: 'подраздел сведений (сотрудники)' },
    { path: '/admin/school/sveden/education/', kind: 'подраздел из курсов (сотрудники)' },
    { path: '/admin/school/documents/', kind: 'документы (сотрудники)' },
    { path: '/admin/school/documents/privacy-policy/', kind: 'документ (сотрудники)' },
    { path: '/admin/school/audit/', kind: 'журнал действий (сотрудники)' },
    { path: '/admin/school/people/', kind: 'люди (сотрудники)' },
    { path: '/admin/school/promo/', kind: 'промокоды (сотрудники)' },
    { path: '/admin/school/waiting/', kind: 'лист ожидания (сотрудники)' },
    { path: `/admin/school/people/${people.results[0]!.id}/`, kind: 'карточка человека (сотрудники)' },
    { path: '/admin/school/groups/', kind: 'группы (сотрудники)' },
    { path: '/admin/school/groups/new/', kind: 'новая группа (сотрудники)' },
    { path: `/admin/school/groups/${groups.results[0]!.id}/`, kind: 'группа и её расписание (сотрудники)' },
    { path: '/admin/school/orders/', kind: 'заказы (сотрудники)' },
    { path: `/admin/school/orders/${orders.results[0]!.id}/`, kind: 'карточка заказа (сотрудники)' },
    { path: '/admin/school/site/', kind: 'содержимое сайта (сотрудники)' },
    { path: '/admin/school/site/posts/', kind: 'блог и страницы (сотрудники)' },
    { path: `/admin/school/site/posts/${posts.results[0]!.id}/`, kind: 'редактор записи (сотрудники)' },
    { path: '/admin/school/site/banners/', kind: 'баннеры сайта (сотрудники)' },
    { path: '/admin/school/site/banners/new/?key=main', kind: 'новый баннер (сотрудники)' },
    { path: `/admin/school/site/banners/${banners[0]!.id}/`, kind: 'баннер и его предпросмотр (сотрудники)' },
    { path: '/admin/school/site/menus/', kind: 'меню в шапке (сотрудники)' },
    { path: '/admin/school/site/menus/footer_menu/', kind: 'меню в подвале (сотрудники)' },
    { path: '/admin/school/site/settings/', kind: 'настройки сайта (сотрудники)' },
    { path: '/admin/school/site/catalog/', kind: 'направления каталога (сотрудники)' },
    { path: '/admin/school/site/catalog/collections/', kind: 'подборки (сотрудники)' },
    { path: `/admin/school/site/catalog/collections/${collection!.id}/`, kind: 'подборка (сотрудники)' },
    { path: '/admin/school/site/catalog/attributes/', kind: 'характеристики курсов (сотрудники)' },
    { path: `/admin/school/site/catalog/attributes/${attribute!.id}/`, kind: 'характеристика и её значения (сотрудники)' },
    { path: '/admin/school/site/teachers/', kind: 'преподаватели сайта (сотрудники)' },
    { path: '/admin/school/site/teachers/new/', kind: 'новый преподаватель (сотрудники)' },
    { path: '/admin/school/site/reviews/', kind: 'отзывы на проверку (сотрудники)' },
  ];
}

/** Goes to `path` and waits for the page to be hydrated (404 and the like included). */
export async function visit(page: Page, { path }: WalkPage) {
  const response = await page.goto(path);
  if (path === NOT_FOUND) {
    // The error page is the root's error boundary: no hydration mark there.
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Такой страницы нет' })).toBeVisible();
    await page.waitForLoadState('load');
    return;
  }
  // An unknown certificate's check is the page's own 404 ('Сертификат не найден'), hydrated like any page.
  expect(response?.status(), path).toBe(path.startsWith('/certificates/') ? 404 : 200);
  await expect(page.locator('html[data-hydrated]'), path).toBeAttached();
}
