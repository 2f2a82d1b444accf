import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The applications inbox and the school's overview (decision 0066): a visitor sends the course form
// on the public site; staff see the count of new applications in the menu, find the application in
// the inbox, open it, take it in work, add a note and mark it done; the overview shows the school's
// figures with the daily sales chart and its table.

const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const COURSE = { title: 'Бариста с нуля', path: '/courses/barista-s-nulya/' };

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/c-${name}-${test.info().project.name}.png`, fullPage: true });

test('a course form sent on the site reaches the inbox; staff take it in work, note it and mark it done; the overview shows', async ({ page, login }) => {
  test.setTimeout(90_000);
  const phone = test.info().project.name === 'phone';
  const name = `Инна ${test.info().project.name} ${Date.now().toString(36)}`;
  const email = `inbox-${test.info().project.name}-${Date.now()}@example.ru`;

  // The visitor, not signed in.
  await page.goto(COURSE.path);
  await hydrated(page);
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await page.getByRole('dialog', { name: 'Для кого заявка?' }).getByRole('button', { name: 'Для себя' }).click();
  const send = page.getByRole('dialog', { name: 'Записаться на курс' });
  await send.getByLabel('Имя').fill(name);
  await send.getByLabel('Телефон').pressSequentially('9031234567');
  await send.getByLabel('Электронная почта').fill(email);
  await send.getByLabel(/Принимаю условия/).check();
  await send.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByRole('dialog', { name: 'Заявка отправлена' })).toBeVisible();

  // Staff: the count of new applications beside 'Заявки' (the sidebar on a desktop, the school's tabs on a phone).
  await login(STAFF.email, { password: STAFF.password });
  await page.goto(phone ? '/admin/school/people/' : '/admin/courses/');
  await hydrated(page);
  const menu = phone
    ? page.getByRole('navigation', { name: 'Разделы школы' })
    : page.getByRole('navigation', { name: 'Администрирование' }).getByRole('list', { name: 'Школа' });
  const inbox = menu.getByRole('link', { name: /^Заявки \(новых: \d+\)$/ });
  await expect(inbox).toBeVisible();
  await inbox.click();
  await expect(page).toHaveURL(/\/admin\/school\/applications\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Заявки' })).toBeVisible();

  await page.getByLabel('Имя, e-mail или телефон').fill(name);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Найдено заявок' })).toHaveText('Найдено заявок: 1');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Записаться на курс');
  await expect(row).toContainText(COURSE.title);
  await expect(row).toContainText('Новая');
  await expect(row).toContainText('+7 (903) 123-45-67');
  await shot(page, 'inbox');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible();
  await expect(page.getByText('аккаунта с этим e-mail нет')).toBeVisible();

  await page.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Статус изменён: В работе.' })).toBeVisible();
  await expect(page.getByText(/Статус: В работе, ответственный — /)).toBeVisible();

  await page.getByLabel('Новая заметка').fill('Перезвонить после 18:00, хочет в вечернюю группу');
  await page.getByRole('button', { name: 'Добавить заметку' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Перезвонить после 18:00' })).toBeVisible();
  await expect(page.getByLabel('Новая заметка')).toHaveValue('');
  await shot(page, 'application');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  await page.getByRole('button', { name: 'Отметить обработанной' }).click();
  await expect(page.getByText(/Статус: Обработана/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Вернуть в работу' })).toBeVisible();

  // The overview: the first tab.
  const tabs = page.getByRole('navigation', { name: 'Разделы школы' });
  await expect(tabs.getByRole('link').first()).toHaveText('Обзор');
  await tabs.getByRole('link', { name: 'Обзор' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор школы' })).toBeVisible();
  for (const title of ['Продажи сегодня', 'За неделю', 'За месяц', 'Новые заявки', 'Ждут оплаты']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: /За 30 дней оплачено заказов: \d+/ })).toBeVisible();
  await page.screenshot({ path: `/tmp/c-dashboard-top-${test.info().project.name}.png` });
  await page.getByText('Таблица по дням').click();
  await expect(page.getByRole('region', { name: 'Продажи по дням' }).locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('heading', { level: 2, name: 'Группы, которые начнутся в ближайшие 30 дней' })).toBeVisible();
  await shot(page, 'dashboard');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
});
