import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The site's menus and banners for staff (decision 0071). Staff move an item of the header menu by
// the keyboard (the handle, Space, an arrow, Space) and a guest — another browser, no cookies —
// sees the new order on the home page at once; the order is put back at the end (other specs read
// the header menu), so the spec is serial and the shared menu changes only on the desktop run.
// The banner walk makes a banner of its own, looks at it at 375 and 1280 px and deletes it.

test.describe.configure({ mode: 'serial' });
// A refused link's 400 is the point of two steps.
test.use({ allowedConsoleErrors: { text: /status of 400/ } });

const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const SHOTS = '/tmp';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type MenuItem = { id: number; parent_id: number | null; title: string };
type Menu = { version: number; items: MenuItem[] };

const headers = async (page: Page) => {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')!.value;
  return { 'x-crema-client': 'web', 'x-csrf-token': csrf };
};
const headerMenu = async (page: Page): Promise<Menu> => (await page.request.get('/api/admin/school/site/menus/header_menu/')).json();

test.beforeEach(async ({ page, baseURL, login }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  await login(STAFF.email, { password: STAFF.password });
});

test('staff move a header menu item by the keyboard; a guest sees the new order on the home page', async ({ page, browser, baseURL }, testInfo) => {
  test.skip(!testInfo.project.name.startsWith('desktop'), 'the header menu is shared by every spec: it changes on one run only');
  test.setTimeout(60_000);
  const original = await headerMenu(page);
  const tops = original.items.filter((i) => i.parent_id === null).map((i) => i.title);
  const [before, moved] = tops.slice(-2) as [string, string];
  try {
    await page.goto('/admin/school/site/menus/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Меню сайта' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Меню в шапке' })).toHaveAttribute('aria-current', 'page');
    const handle = page.getByRole('button', { name: `Переставить: пункт «${moved}»` });
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit marks the handle pressed once the drag has started and says where the item is.
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    const count = original.items.length;
    await expect(page.getByText(`пункт «${moved}» над местом ${count} из ${count}.`)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`пункт «${moved}» над местом ${count - 1} из ${count}.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: 'Порядок сохранён' })).toContainText(`«${moved}» на месте`);
    await page.screenshot({ path: `${SHOTS}/menus-admin-${testInfo.project.name}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

    // A guest in a browser of their own sees the new order at once.
    const guest = await browser.newContext({ baseURL });
    try {
      const visitor = await guest.newPage();
      await visitor.goto('/');
      const links = visitor.locator('#site-nav .main-nav__list > li > .main-nav__link');
      const shown = await links.allTextContents();
      expect(shown.slice(-2)).toEqual([moved, before]);
    } finally {
      await guest.close();
    }

    // The journal has it.
    const journal = await (await page.request.get('/api/admin/school/audit/?action=menu.reorder&page_size=1')).json();
    expect(journal.results[0].summary).toBe('Меню в шапке');
  } finally {
    // Put the order back whatever happened above.
    const now = await headerMenu(page);
    const res = await page.request.put('/api/admin/school/site/menus/header_menu/order/', {
      headers: await headers(page),
      data: { version: now.version, items: original.items.map((i) => ({ id: i.id, parent_id: i.parent_id })) },
    });
    expect(res.status()).toBe(200);
  }
  const restored = await headerMenu(page);
  expect(restored.items.map((i) => i.id)).toEqual(original.items.map((i) => i.id));
});

test('the menus screen at the phone and desktop widths: three menus, two levels, actions named', async ({ page }, testInfo) => {
  await page.goto('/admin/school/site/menus/footer_menu/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 2, name: 'Меню в подвале' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Пункты: Меню в подвале' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Вынести «/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Добавить пункт' }).click();
  await page.getByLabel('Название').fill('Проверка');
  await page.getByLabel('Адрес').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Добавить пункт' }).click();
  await expect(page.getByText('Ссылка начинается с / (страница сайта) или с https://.')).toBeVisible();
  await page.getByRole('button', { name: 'Отмена' }).click();
  await page.screenshot({ path: `${SHOTS}/menus-footer-${testInfo.project.name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
});

test('a banner: a phone image uploaded, a window that is over keeps it off the site, previewed on a phone and a computer, deleted after a confirmation', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const project = testInfo.project.name;
  const title = `Проверка баннера ${project} ${Date.now().toString(36)}`;
  await page.goto('/admin/school/site/banners/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Баннеры' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/banners-list-${project}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  // The header position: a strip above the header, the first banner shown now wins — made ended, it stays off the site.
  await page.getByRole('region', { name: 'Над шапкой' }).getByRole('link', { name: 'Добавить баннер' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новый баннер' })).toBeVisible();
  await page.getByLabel('Заголовок').fill(title);
  await page.getByLabel('Текст', { exact: true }).fill('Скидка на курсы весной');
  await page.getByLabel('Ссылка').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Добавить баннер' }).click();
  await expect(page.getByText('Ссылка начинается с / (страница сайта) или с https://.')).toBeVisible();
  await page.getByLabel('Ссылка').fill('/courses/');
  // The phone's image goes up with its progress and is named once it is there.
  await page.getByLabel('Картинка для телефона').setInputFiles({ name: 'телефон.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Загружен файл «телефон.png»')).toBeVisible();
  await page.getByLabel('Показывать с (МСК)').fill('2026-01-01T10:00');
  await page.getByLabel('Показывать до (МСК)').fill('2026-01-31T23:59');
  await page.getByRole('button', { name: 'Добавить баннер' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Баннер «${title}»` })).toBeVisible();
  await expect(page.getByText('Срок показа прошёл · с 01.01.2026, 10:00 до 31.01.2026, 23:59')).toBeVisible();
  const preview = page.getByRole('region', { name: 'Так баннер увидит посетитель' });
  await expect(preview).toContainText(title);
  await preview.getByRole('button', { name: 'Телефон' }).click();
  await expect(preview.getByRole('button', { name: 'Телефон' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${SHOTS}/banner-form-${project}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  const id = Number(/\/banners\/(\d+)\/$/.exec(new URL(page.url()).pathname)![1]);
  const stored = await (await page.request.get(`/api/admin/school/site/banners/${id}/`)).json();
  expect(stored).toMatchObject({ key: 'header', state: 'ended', image: null, show_from: '2026-01-01T07:00:00.000Z', show_until: '2026-01-31T20:59:00.000Z' });
  expect(stored.image_mobile.url).toMatch(/^\/media\//);
  const guest = await browser.newContext({ baseURL });
  try {
    const visitor = await guest.newPage();
    const listed = await (await visitor.request.get('/api/banners/?key=header')).json();
    expect(listed.map((b: { id: number }) => b.id)).not.toContain(id);
  } finally {
    await guest.close();
  }

  await page.getByRole('link', { name: '← Все баннеры' }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Срок показа прошёл');
  await row.getByRole('button', { name: `Удалить баннер «${title}»` }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить баннер?' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'удалён' })).toContainText(title);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});
