import type { Page } from '@playwright/test';
import type { GroupStart, SchoolGroup } from '@crema/contract';
import { addDays, formatDate, moscowIsoDate } from '@crema/contract/format';
import { STAFF_TEST_GROUP, expect, test } from './fixtures.ts';

// Groups for the school's staff (decision 0064), at 375 and 1280 px: staff open 'Группы', make a
// group of the demo course 'Бариста с нуля', set its timetable (two sessions, one moved), publish it —
// it appears in the public schedule with its sessions —, invite a member by e-mail and close it
// again, which takes it off.
// Both projects run at once against one database: each makes and closes a group of its own.

const SHOTS = '/work/shots';
const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };
const COURSE = 'barista-s-nulya';

// The refused publish and the empty form are 400s the browser logs: they are what is tested.
test.use({ allowedConsoleErrors: { text: /status of 400/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: WEB });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('staff make a group, set its sessions, publish it into the public schedule and close it', async ({ page, login }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const title = `${STAFF_TEST_GROUP} ${project} ${Date.now()}`;
  // Far enough ahead to be a future start whatever day the demo was made.
  const day = addDays(moscowIsoDate(new Date()), project === 'phone' ? 75 : 76);
  const starts = await apiGet<GroupStart[]>(page, `/api/schedule/?course=${COURSE}`);
  const courseTitle = starts[0]?.course.title ?? 'Бариста с нуля';
  await login(STAFF.email, { password: STAFF.password });

  // The list: the tab, filters, seats and fill.
  await page.goto('/admin/school/people/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Разделы школы' }).getByRole('link', { name: 'Группы' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/groups\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Группы' })).toBeVisible();
  await page.getByLabel('Состояние').selectOption('published');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/status=published/);
  await expect(page.getByRole('region', { name: 'Список групп' })).toContainText('свободно');
  await page.screenshot({ path: `${SHOTS}/staff-groups-list-${project}.png`, fullPage: true });
  expect(await noHorizontalScroll(page), 'no sideways scrolling').toBe(true);

  // A new group: a draft of the course, in person, six seats.
  await page.getByRole('link', { name: 'Новая группа' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/groups\/new\/$/);
  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новая группа' }) });
  await form.getByRole('button', { name: 'Создать группу' }).click();
  await expect(form.getByText('Укажите название.')).toBeVisible();
  await form.getByLabel('Курс', { exact: true }).selectOption({ label: courseTitle });
  await form.getByLabel('Название', { exact: true }).fill(title);
  await form.getByLabel('Начало', { exact: true }).fill(day);
  await form.getByLabel('Адрес', { exact: true }).fill('Москва, ул. Покровка, д. 27');
  await form.getByLabel('Мест', { exact: true }).fill('6');
  await form.getByRole('button', { name: 'Создать группу' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/groups\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await hydrated(page);
  const id = Number(/groups\/(\d+)\//.exec(page.url())![1]);
  await expect(page.locator('.groups-state')).toContainText('Черновик');

  // Publishing without sessions is refused in words.
  await page.getByRole('button', { name: 'Опубликовать в расписании' }).click();
  await expect(page.getByText('Добавьте хотя бы одно занятие')).toBeVisible();

  // Two sessions, Moscow time; the first opens a lesson.
  const add = page.locator('form', { has: page.getByRole('heading', { name: 'Добавить занятие' }) });
  await add.getByLabel('Название занятия').fill('Эспрессо: помол и доза');
  await add.getByLabel('Дата', { exact: true }).fill(day);
  await add.getByLabel('Начало (МСК)').fill('18:30');
  await add.getByLabel('Конец (МСК)').fill('20:00');
  await add.getByLabel('Урок, который открывает занятие').selectOption({ index: 1 });
  await add.getByRole('button', { name: 'Добавить занятие' }).click();
  const sessions = page.locator('.groups-sessions > li');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText(`${formatDate(day)}, 18:30–20:00 (МСК)`);
  await expect(sessions.first()).toContainText('Открывает: урок');
  await add.getByLabel('Название занятия').fill('Молоко и латте-арт');
  await add.getByLabel('Дата', { exact: true }).fill(addDays(day, 2));
  await add.getByLabel('Начало (МСК)').fill('18:30');
  await add.getByLabel('Конец (МСК)').fill('20:00');
  await add.getByRole('button', { name: 'Добавить занятие' }).click();
  await expect(sessions).toHaveCount(2);

  // The first moves an hour later (from the keyboard).
  await page.getByRole('button', { name: 'Изменить занятие «Эспрессо: помол и доза»' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.locator('form', { has: page.getByRole('heading', { name: 'Изменить: Эспрессо: помол и доза' }) });
  await edit.getByLabel('Начало (МСК)').fill('19:30');
  await edit.getByLabel('Конец (МСК)').fill('21:00');
  await edit.getByRole('button', { name: 'Сохранить занятие' }).click();
  await expect(sessions.first()).toContainText(`${formatDate(day)}, 19:30–21:00 (МСК)`);

  // Published: it is in the public schedule of the course, with its sessions.
  await page.getByRole('button', { name: 'Опубликовать в расписании' }).click();
  await expect(page.locator('.groups-state')).toContainText('В расписании');
  const listed = (await apiGet<GroupStart[]>(page, `/api/schedule/?course=${COURSE}`)).find((g) => g.id === id);
  expect(listed, 'the published group in the public schedule').toMatchObject({ title, capacity: 6, seats_left: 6, sessions_count: 2 });
  expect(listed!.sessions[0]!.title).toBe('Эспрессо: помол и доза');
  const saved = await apiGet<SchoolGroup>(page, `/api/admin/school/groups/${id}/`);
  expect(saved.sessions.map((s) => `${s.date} ${s.starts}`)).toEqual([`${day} 19:30`, `${addDays(day, 2)} 18:30`]);
  await page.screenshot({ path: `${SHOTS}/staff-group-${project}.png`, fullPage: true });
  expect(await noHorizontalScroll(page), 'no sideways scrolling').toBe(true);

  // Members by e-mail: the demo student already studies the course in a group (refused, in words);
  // an address without an account gets an invitation.
  const members = page.locator('form', { has: page.getByRole('heading', { name: 'Добавить участника' }) });
  await members.getByLabel('E-mail', { exact: true }).fill('student@crema.local');
  await members.getByRole('button', { name: 'Добавить' }).click();
  await expect(members.getByText(/уже учится в группе «.+» этого курса/)).toBeVisible();
  const invited = `invite-${project}-${Date.now()}@example.ru`;
  await members.getByLabel('E-mail', { exact: true }).fill(invited);
  await members.getByRole('button', { name: 'Добавить' }).click();
  await expect(members.getByRole('status')).toContainText('мы отправили приглашение');
  await expect(page.getByText(`Приглашены, ещё не вошли на сайт: ${invited}.`)).toBeVisible();

  // Closing is confirmed, and takes it off the schedule.
  await page.getByRole('button', { name: 'Закрыть группу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Закрыть группу?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-group-close-${project}.png` });
  await dialog.getByRole('button', { name: 'Закрыть группу' }).click();
  await expect(page.locator('.groups-state')).toContainText('Закрыта');
  expect((await apiGet<GroupStart[]>(page, `/api/schedule/?course=${COURSE}`)).some((g) => g.id === id)).toBe(false);
});
