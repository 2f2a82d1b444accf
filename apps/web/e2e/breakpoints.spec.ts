import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, OWNER, STUDENT } from './walk.ts';

// The 375, 520, 767 and 1024 px behaviours (decision 0047), each checked just at and just
// above its breakpoint ("at N px or less" in the spec). Desktop project only (playwright.config.ts):
// every test sets its widths itself, on one loaded page where it can.

const HEIGHT = 800;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function width(page: Page, value: number) {
  await page.setViewportSize({ width: value, height: HEIGHT });
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

test('767 px: the catalogue button reads "Каталог"; from 768 px "Каталог курсов"', async ({ page }) => {
  await width(page, 767);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Каталог', exact: true })).toBeVisible();
  await expect(header.getByText('Каталог курсов', { exact: true })).toBeHidden();
  await width(page, 768);
  await expect(header.getByRole('link', { name: 'Каталог курсов', exact: true })).toBeVisible();
  await expect(header.getByText('Каталог', { exact: true })).toBeHidden();
  await expect(header.getByRole('link', { name: 'Каталог курсов' })).toHaveAttribute('href', '/courses/');
});

test('520 px: the bottom menu for a guest (Блог, Курсы, Войти, Меню); none from 521 px', async ({ page }) => {
  await width(page, 520);
  await page.goto('/');
  await hydrated(page);
  const bottom = page.getByRole('navigation', { name: 'Нижнее меню' });
  await expect(bottom).toBeVisible();
  await expect(bottom.getByRole('link', { name: 'Блог' })).toHaveAttribute('href', '/blog/');
  await expect(bottom.getByRole('link', { name: 'Курсы' })).toHaveAttribute('href', '/courses/');
  await expect(bottom.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect(bottom.getByRole('button', { name: 'Меню' })).toBeVisible();
  // Nothing of the page hides behind the bar: the footer ends above it.
  const site = await page.locator('.site').evaluate((element) => parseFloat(getComputedStyle(element).paddingBottom));
  expect(site).toBeGreaterThanOrEqual((await bottom.boundingBox())!.height);
  // Its 'Меню' opens the burger menu.
  await bottom.getByRole('button', { name: 'Меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
  await bottom.getByRole('button', { name: 'Меню' }).click();
  await width(page, 521);
  await expect(bottom).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
});

test('520 px: the bottom menu signed in (Курсы, Расписание, Профиль, Меню); none from 521 px, the profile in the header', async ({
  page,
  login,
}) => {
  await login(STUDENT, { password: DEMO_PASSWORD });
  await width(page, 520);
  await page.goto('/');
  await hydrated(page);
  const bottom = page.getByRole('navigation', { name: 'Нижнее меню' });
  await expect(bottom.getByRole('link', { name: 'Курсы' })).toHaveAttribute('href', '/user/courses/');
  await expect(bottom.getByRole('link', { name: 'Расписание' })).toHaveAttribute('href', '/user/schedule/');
  await expect(bottom.getByRole('button', { name: /Профиль/ })).toBeVisible();
  await expect(bottom.getByRole('button', { name: 'Меню' })).toBeVisible();
  await expect(bottom.getByText('Блог', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Профиль: / })).toBeHidden();
  await width(page, 521);
  await expect(bottom).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Профиль: / })).toBeVisible();
});

test('1024 px: the menu is behind the burger with every sub-menu open; from 1025 px a row with sub-menus on hover', async ({
  page,
  request,
}) => {
  const menu = (await (await request.get('/api/menus/header_menu/')).json()) as { title: string; children: { title: string }[] }[];
  const parent = menu.find((item) => item.children.length > 0)!;
  const child = parent.children[0]!;
  await width(page, 1024);
  await page.goto('/');
  await hydrated(page);
  const header = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  await expect(nav).toBeHidden();
  await header.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(nav).toBeVisible();
  // Every sub-item shows without hovering or clicking anything.
  for (const item of parent.children) await expect(nav.getByRole('link', { name: item.title, exact: true }).first()).toBeVisible();
  await header.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(nav).toBeHidden();

  await width(page, 1025);
  await expect(nav).toBeVisible();
  await expect(header.getByRole('button', { name: 'Открыть меню' })).toBeHidden();
  const sublink = nav.getByRole('link', { name: child.title, exact: true }).first();
  await expect(sublink).toBeHidden();
  await nav.getByRole('link', { name: parent.title, exact: true }).first().hover();
  await expect(sublink).toBeVisible();
});

test('375 px: the accessibility button is in the burger menu; from 376 px in the header', async ({ page }) => {
  await width(page, 375);
  await page.goto('/');
  await hydrated(page);
  const header = page.getByRole('banner');
  const inHeader = header.locator('.site-header__actions').getByRole('button', { name: 'Версия для слабовидящих' });
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  const inMenu = nav.getByRole('button', { name: 'Версия для слабовидящих' });
  await expect(inHeader).toBeHidden();
  await header.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(inMenu).toBeVisible();
  // With its words there, not only the icon.
  await expect(inMenu.getByText('Версия для слабовидящих')).toBeVisible();
  await width(page, 376);
  await expect(inMenu).toBeHidden();
  await expect(nav).toBeVisible();
  await expect(inHeader).toBeVisible();
});

test('1024 px: the account sidebar folds behind "Меню кабинета"; from 1025 px it is always open', async ({ page, login }) => {
  await login(STUDENT, { password: DEMO_PASSWORD });
  await width(page, 1024);
  await page.goto('/user/account/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Меню кабинета' });
  const nav = page.getByRole('navigation', { name: 'Личный кабинет' });
  await expect(toggle).toBeVisible();
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Расписание', 'Личные данные', 'Данные учащихся', 'Мое обучение', 'Мои заказы']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Выйти' })).toBeVisible();
  // Not a course owner: no 'Управление курсами'.
  await expect(nav.getByRole('link', { name: /Управление курсами/ })).toHaveCount(0);
  await toggle.click();
  await expect(nav).toBeHidden();

  await width(page, 1025);
  await expect(toggle).toBeHidden();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Личные данные', exact: true })).toBeVisible();
});

test('1024 px: the admin layout has the compact account sidebar and the course as tabs; from 1025 px the main sidebar', async ({
  page,
  login,
}) => {
  await login(OWNER, { password: DEMO_PASSWORD });
  const list = (await (await page.request.get('/api/admin/courses/?page_size=1', { headers: { 'x-crema-client': 'web' } })).json()) as {
    results: { id: number }[];
  };
  const id = list.results[0]!.id;
  await width(page, 1024);
  await page.goto(`/admin/courses/${id}/edit/`);
  await hydrated(page);
  const main = page.getByRole('navigation', { name: 'Администрирование' });
  const toggle = page.getByRole('button', { name: 'Меню кабинета' });
  const tabs = page.getByRole('navigation', { name: 'Разделы курса' });
  await expect(main).toBeHidden();
  await expect(toggle).toBeVisible();
  await expect(tabs.getByRole('link', { name: '← Мои курсы' })).toHaveAttribute('href', '/admin/courses/');
  await expect(tabs.getByRole('link', { name: 'Редактирование' })).toBeVisible();
  // The compact sidebar is the account's: with 'Управление курсами' for an owner.
  await toggle.click();
  await expect(page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: /Управление курсами/ })).toBeVisible();

  await width(page, 1025);
  await expect(main).toBeVisible();
  await expect(toggle).toBeHidden();
  await expect(tabs).toBeHidden();
  await expect(main.getByRole('link', { name: '← Мои курсы' })).toHaveAttribute('href', '/admin/courses/');
  await expect(main.getByRole('link', { name: 'Редактирование' })).toHaveAttribute('href', `/admin/courses/${id}/edit/`);
});
