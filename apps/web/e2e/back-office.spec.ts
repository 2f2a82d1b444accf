import type { Page } from '@playwright/test';
import type { GroupStart, MyCourse } from '@crema/contract';
import { addDays, moscowIsoDate } from '@crema/contract/format';
import { STAFF_TEST_GROUP, enrolByCard, expect, newEmail, test } from './fixtures.ts';

// The school's day in one walk, at 375 and 1280 px: staff open a group of one seat and set its
// session; a learner buys that seat by card; staff see the learner in the group and the order in
// 'Заказы', refund it in full; the learner's course closes, they leave the group and the seat is free again. Meanwhile
// someone joins the full group's waiting list and leaves it from 'Мои группы'. Each project
// makes (and at the end closes) a group of its own, so the seat counts are exact.

const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };
const COURSE = { slug: 'osnovy-obzharki', title: 'Основы обжарки кофе', price: '45 000 ₽' };

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();

async function signOut(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
}

/** Seats left in the group by the public schedule (null: not on sale). */
async function seatsLeft(page: Page, id: number): Promise<number | null | undefined> {
  const starts = (await (await page.request.get(`/api/schedule/?course=${COURSE.slug}`)).json()) as GroupStart[];
  return starts.find((g) => g.id === id)?.seats_left;
}

test('staff open a group, a learner buys its seat, staff refund the order: the course closes and the seat is free', async ({ page, login, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const title = `${STAFF_TEST_GROUP}: обжарка ${project} ${Date.now()}`;
  const day = addDays(moscowIsoDate(new Date()), project === 'phone' ? 90 : 91);

  // Staff: a group of one seat with its session, published.
  await login(STAFF.email, { password: STAFF.password });
  await page.goto('/admin/school/groups/new/');
  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новая группа' }) });
  await form.getByLabel('Курс', { exact: true }).selectOption({ label: COURSE.title });
  await form.getByLabel('Название', { exact: true }).fill(title);
  await form.getByLabel('Начало', { exact: true }).fill(day);
  await form.getByLabel('Адрес', { exact: true }).fill('Москва, ул. Покровка, д. 27');
  await form.getByLabel('Мест', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Создать группу' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/groups\/\d+\/$/);
  await hydrated(page);
  const groupUrl = new URL(page.url()).pathname;
  const id = Number(/groups\/(\d+)\//.exec(groupUrl)![1]);
  const add = page.locator('form', { has: page.getByRole('heading', { name: 'Добавить занятие' }) });
  await add.getByLabel('Название занятия').fill('Профиль обжарки');
  await add.getByLabel('Дата', { exact: true }).fill(day);
  await add.getByLabel('Начало (МСК)').fill('19:00');
  await add.getByLabel('Конец (МСК)').fill('21:00');
  await add.getByRole('button', { name: 'Добавить занятие' }).click();
  await expect(page.locator('.groups-sessions > li')).toHaveCount(1);
  await page.getByRole('button', { name: 'Опубликовать в расписании' }).click();
  await expect(page.locator('.groups-state')).toContainText('В расписании');
  expect(await seatsLeft(page, id)).toBe(1);

  // A learner buys the seat by card.
  await signOut(page, baseURL!);
  const learner = await login(newEmail('seat'));
  await enrolByCard(page, COURSE.slug, learner, COURSE.price, id);
  const code = new URL(page.url()).searchParams.get('code')!;
  const studying = async () =>
    ((await (await page.request.get('/api/user/courses/', { headers: WEB })).json()) as MyCourse[]).filter((c) => c.course.slug === COURSE.slug && c.is_active);
  expect(await studying()).toHaveLength(1);
  expect(await seatsLeft(page, id)).toBe(0);
  const learnerSession = await page.context().cookies();

  // The group is full: someone else joins its waiting list on the order page, finds their place on
  // 'Мои группы' and leaves the line (confirmed).
  await signOut(page, baseURL!);
  await login(newEmail('wait'));
  await page.goto(`/order-course/${COURSE.slug}/?group=${id}`);
  await hydrated(page);
  const option = page.locator('label.order-option', { has: page.locator(`time[datetime="${day}"]`) });
  await option.getByRole('button', { name: 'Встать в лист ожидания' }).click();
  await expect(option.getByRole('status')).toContainText('Вы в листе ожидания.');
  await page.goto('/user/group/');
  await hydrated(page);
  const line = page.getByRole('article', { name: `Лист ожидания: ${COURSE.title}, ${title}` });
  await expect(line).toContainText('Вы 1-й в очереди.');
  await page.screenshot({ path: `/work/shots/back-office-waiting-${project}.png`, fullPage: true });
  await line.getByRole('button', { name: 'Выйти из листа ожидания' }).click();
  await page.getByRole('dialog', { name: 'Выйти из листа ожидания?' }).getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Вы вышли из листа ожидания.' })).toBeVisible();
  await expect(line).toHaveCount(0);

  // Staff: the learner is in the group, the order is in 'Заказы'; a full refund, confirmed.
  await signOut(page, baseURL!);
  await login(STAFF.email, { password: STAFF.password });
  await page.goto(groupUrl);
  await hydrated(page);
  await expect(page.getByText(learner).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Разделы школы' }).getByRole('link', { name: 'Заказы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await page.getByLabel('Номер заказа, e-mail, телефон или промокод').fill(learner);
  await page.getByLabel('Номер заказа, e-mail, телефон или промокод').press('Enter');
  await expect(page.getByText('Найдено: 1')).toBeVisible();
  await page.getByRole('link', { name: `№ ${code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${code}` })).toBeVisible();
  await hydrated(page);
  await expect(page.locator('.person-facts')).toContainText(`группа «${title}»`);
  await page.getByRole('button', { name: 'Вернуть деньги' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вернуть деньги через банк?' });
  await dialog.getByLabel('Причина (видна только сотрудникам)').fill('Переезжает в другой город');
  await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.person-facts')).toContainText('Возвращён');
  // The bank's states read in words, its own code beside them for the bank's cabinet.
  await expect(page.getByText('банк: возвращён (REFUNDED)', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `/work/shots/back-office-refunded-${project}.png`, fullPage: true });
  // The seat is free again: this group is this walk's alone.
  expect(await seatsLeft(page, id)).toBe(1);

  // The learner's course has closed.
  const staffSession = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(learnerSession);
  expect(await studying()).toHaveLength(0);

  // Staff close the group again: the demo's schedule stays as it was.
  await page.context().clearCookies();
  await page.context().addCookies(staffSession);
  await page.goto(groupUrl);
  await hydrated(page);
  // The refunded learner is no longer one of the group.
  await expect(page.getByText(learner)).toHaveCount(0);
  await page.getByRole('button', { name: 'Закрыть группу' }).click();
  await page.getByRole('dialog', { name: 'Закрыть группу?' }).getByRole('button', { name: 'Закрыть группу' }).click();
  await expect(page.locator('.groups-state')).toContainText('Закрыта');
});
