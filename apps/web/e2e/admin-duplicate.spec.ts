import type { Page } from '@playwright/test';
import type { AdminCourse, AdminLesson, AdminModule, AdminTest, Category } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, test } from './fixtures.ts';

// Copies in the course builder (decision 0040), on a 1280 px desktop: a lesson
// duplicated next to the original by the mouse, a test by the keyboard, a lesson copied into
// another course through the two-select dialog, and a whole course duplicated from my courses
// (the copy's settings open).

const SHOTS = '/work/shots';
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** An API call as the signed-in browser makes it (session cookies and the CSRF header). */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A fresh draft course with one module, made through the API. */
async function makeCourse(page: Page, title: string, moduleTitle: string) {
  const categories = await api<Category[]>(page, 'GET', '/api/categories/');
  const course = await api<AdminCourse>(page, 'POST', '/api/admin/courses/', { title, category_id: categories[0]!.id });
  const module = await api<AdminModule>(page, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: moduleTitle });
  return { course, module };
}

const itemTitles = (page: Page) => page.locator('.admin-items .admin-item__title a').allTextContents();

test('an owner duplicates a lesson and a test, copies a lesson into another course and duplicates the course', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the builder is walked on a desktop');
  await login(OWNER.email, { password: OWNER.password });
  const stamp = Date.now();
  const a = await makeCourse(page, `Дубли e2e ${stamp}`, 'Введение');
  const b = await makeCourse(page, `Приёмник e2e ${stamp}`, 'Модуль Б');
  const first = await api<{ id: number }>(page, 'POST', `/api/admin/modules/${a.module.id}/lessons/`, { title: 'Первый урок' });
  const blocks = await api<{ updated_at: string }>(page, 'GET', `/api/admin/lessons/${first.id}/blocks/`);
  await api(page, 'PUT', `/api/admin/lessons/${first.id}/blocks/`, {
    updated_at: blocks.updated_at,
    pages: [[{ data: { type: 'text', html: '<p>Страница один</p>' } }], [{ data: { type: 'text', html: '<p>Страница два</p>' } }]],
  });
  await api(page, 'POST', `/api/admin/modules/${a.module.id}/tests/`, { name: 'Проверка' });
  await api(page, 'POST', `/api/admin/modules/${a.module.id}/lessons/`, { title: 'Второй урок' });

  // 'Дублировать' on a lesson: the copy right after it, marked, with a notice under the module.
  await page.goto(`/admin/courses/${a.course.id}/`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Программа курса' })).toBeVisible();
  expect(await itemTitles(page)).toEqual(['Первый урок', 'Проверка', 'Второй урок']);
  await page.getByLabel('Меню копирования: урок «Первый урок»').click();
  await page.getByRole('button', { name: 'Дублировать урок «Первый урок»' }).click();
  await expect(page.locator('.admin-notice')).toContainText('Копия урока «Первый урок» добавлена сразу после оригинала как черновик.');
  expect(await itemTitles(page)).toEqual(['Первый урок', 'Первый урок (копия)', 'Проверка', 'Второй урок']);
  await expect(page.locator('.admin-item--fresh')).toContainText('Первый урок (копия)');
  await expect(page.locator('.admin-item--fresh')).toContainText('2 блока, черновик');
  await page.screenshot({ path: `${SHOTS}/dup-lesson.png`, fullPage: true });

  // The keyboard: Tab to the test's copy menu, Enter opens it, Escape closes it, then Tab to 'Дублировать' and Enter.
  await page.getByRole('button', { name: 'Переименовать' }).nth(3).focus();
  await page.keyboard.press('Tab');
  const menu = page.getByLabel('Меню копирования: тест «Проверка»');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  const duplicateTest = page.getByRole('button', { name: 'Дублировать тест «Проверка»' });
  await expect(duplicateTest).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(duplicateTest).toBeHidden();
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(duplicateTest).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/dup-menu.png` });
  await page.keyboard.press('Enter');
  await expect(page.locator('.admin-notice')).toContainText('Копия теста «Проверка» добавлена сразу после оригинала');
  expect(await itemTitles(page)).toEqual(['Первый урок', 'Первый урок (копия)', 'Проверка', 'Проверка (копия)', 'Второй урок']);

  // 'Копировать в другой курс…': a course and its module in a dialog.
  await page.getByLabel('Меню копирования: урок «Второй урок»').click();
  await page.getByRole('button', { name: 'Копировать урок «Второй урок» в другой курс' }).click();
  const dialog = page.getByRole('dialog', { name: 'Копировать урок в другой курс' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Курс').selectOption({ label: `${b.course.title} — черновик` });
  await expect(dialog.getByLabel('Модуль')).toHaveValue(String(b.module.id));
  await expect(dialog.getByLabel('Модуль').locator('option')).toHaveText(['Модуль 1. Модуль Б']);
  await page.screenshot({ path: `${SHOTS}/dup-copy-dialog.png` });
  await dialog.getByRole('button', { name: 'Копировать' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.admin-notice')).toContainText(`добавлена в конец модуля «Модуль Б» курса «${b.course.title}»`);
  const there = await api<AdminModule[]>(page, 'GET', `/api/admin/courses/${b.course.id}/modules/`);
  expect(there[0]!.lessons.map((l) => l.title)).toEqual(['Второй урок (копия)']);
  await page.getByRole('link', { name: 'Открыть копию' }).click();
  await page.waitForURL(/\/admin\/lessons\/\d+\/$/);
  const copyId = Number(/lessons\/(\d+)\//.exec(page.url())![1]);
  expect((await api<AdminLesson>(page, 'GET', `/api/admin/lessons/${copyId}/`)).course.id).toBe(b.course.id);

  // A final test is duplicated among the course's final tests.
  await api(page, 'POST', `/api/admin/courses/${a.course.id}/tests/`, { name: 'Итоговый' });
  await page.goto(`/admin/courses/${a.course.id}/test/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Дублировать тест «Итоговый»' }).click();
  await expect(page.locator('p[role=status]')).toHaveText('Копия «Итоговый (копия)» добавлена сразу после оригинала как черновик.');
  await expect(page.locator('.at-tests li a')).toHaveText(['Итоговый', 'Итоговый (копия)']);
  await page.screenshot({ path: `${SHOTS}/dup-final-tests.png` });

  // 'Дублировать' a course from my courses: it says what is not copied, then opens the copy's settings.
  await page.goto(`/admin/courses/?search=${encodeURIComponent(a.course.title)}`);
  await hydrated(page);
  await page.getByRole('button', { name: `Дублировать курс «${a.course.title}»` }).click();
  const confirm = page.getByRole('dialog', { name: 'Дублировать курс?' });
  await expect(confirm).toContainText('Не копируются: ученики и их доступы, заказы, ссылки-приглашения');
  await page.screenshot({ path: `${SHOTS}/dup-course-dialog.png` });
  await confirm.getByRole('button', { name: 'Создать копию' }).click();
  await page.waitForURL(/\/admin\/courses\/\d+\/edit\/$/);
  const newId = Number(/courses\/(\d+)\//.exec(page.url())![1]);
  expect(newId).not.toBe(a.course.id);
  await expect(page.getByRole('heading', { name: 'Редактирование курса' })).toBeVisible();
  await expect(page.locator('.admin-nav__course')).toContainText(`${a.course.title} (копия)`);
  await page.screenshot({ path: `${SHOTS}/dup-course.png`, fullPage: true });
  const copied = await api<AdminModule[]>(page, 'GET', `/api/admin/courses/${newId}/modules/`);
  expect(copied.map((m) => m.title)).toEqual(['Введение']);
  expect(copied[0]!.lessons.map((l) => l.title)).toEqual(['Первый урок', 'Первый урок (копия)', 'Второй урок']);
  expect(copied[0]!.tests.map((x) => x.title)).toEqual(['Проверка', 'Проверка (копия)']);
  const tests = await api<AdminTest[]>(page, 'GET', `/api/admin/courses/${newId}/tests/`);
  expect(tests.map((x) => x.name)).toEqual(['Итоговый', 'Итоговый (копия)']);
});
