import type { Page } from '@playwright/test';
import type { AdminCourse, AdminLesson, AdminModule, Category } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, test } from './fixtures.ts';

// The course settings' cover field and the lesson editor's way back, as an owner sees them.

const SHOTS = '/work/shots';
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.use({ allowedConsoleErrors: { text: /status of (400|404|409)/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function draftCourse(page: Page, title: string): Promise<{ course: AdminCourse; lesson: AdminLesson }> {
  const categories = await api<Category[]>(page, 'GET', '/api/categories/');
  const course = await api<AdminCourse>(page, 'POST', '/api/admin/courses/', { title, category_id: categories[0]!.id });
  const module = await api<AdminModule>(page, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Введение' });
  const lesson = await api<AdminLesson>(page, 'POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Первый урок' });
  return { course, lesson };
}

test('the course cover is chosen with a Russian «Выбрать файл» button, by keyboard, with the file’s name and a preview', async ({ page, login }, testInfo) => {
  await login(OWNER.email, { password: OWNER.password });
  const { course } = await draftCourse(page, `Обложка e2e ${testInfo.project.name} ${Date.now()}`);
  await page.goto(`/admin/courses/${course.id}/edit/`);
  await hydrated(page);

  const cover = page.getByLabel('Обложка курса', { exact: true });
  await expect(cover).toHaveAttribute('type', 'file');
  const field = page.locator('.admin-upload').filter({ has: cover });
  const pick = field.getByText('Выбрать файл', { exact: true });
  await expect(pick).toBeVisible();
  // No browser's own 'Choose File' control: the input itself is not shown.
  expect(await cover.evaluate((input) => input.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await pick.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/admin-cover-empty-${testInfo.project.name}.png`, clip: (await field.boundingBox())! });

  // The keyboard reaches the field: the hidden input takes the focus and its button shows the ring.
  await cover.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(cover).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'обложка.png', mimeType: 'image/png', buffer: PNG });

  await expect(field.getByText('Загружен файл «обложка.png»')).toBeVisible();
  await expect(field.getByRole('img', { name: 'Выбранная картинка' })).toBeVisible();
  await expect(field.getByText('Заменить файл', { exact: true })).toBeVisible();
  await expect(field.getByRole('button', { name: 'Убрать картинку' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/admin-cover-chosen-${testInfo.project.name}.png`, clip: (await field.boundingBox())! });

  // A file that is not a picture: the server's Russian words under the field.
  await cover.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('не картинка') });
  await expect(field.locator('.admin-field__error')).toBeVisible();
  await expect(cover).toHaveAttribute('aria-invalid', 'true');
});

test('the lesson editor’s «К программе курса» opens the course’s programme', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the lesson editor is walked at 1280 px');
  await login(OWNER.email, { password: OWNER.password });
  const { course, lesson } = await draftCourse(page, `Назад e2e ${Date.now()}`);
  await page.goto(`/admin/lessons/${lesson.id}/`);
  await hydrated(page);
  await page.getByRole('link', { name: /К программе курса/ }).click();
  await page.waitForURL(new RegExp(`/admin/courses/${course.id}/$`));
  await expect(page.getByRole('heading', { name: 'Программа курса' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Первый урок' })).toBeVisible();
});
