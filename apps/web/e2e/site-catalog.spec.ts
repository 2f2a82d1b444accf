import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The catalogue's dictionaries (decision 0072): staff make a filter attribute with a value, give it
// to a course in the course's settings, and a guest finds it among the catalogue's filters; deleting
// the value then says which course uses it. Staff make a collection, and a guest sees it on the home
// page. The specs share one demo database: everything made here is removed at the end (each project
// uses a demo course of its own, so the two never edit the same course's set at once).

const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const SHOTS = '/tmp';

// The used value's refusal (409) is the point of one step.
test.use({ allowedConsoleErrors: { text: /status of 409/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

/** The signed-in person's API call, as the site's own client makes it. */
async function api(page: Page, method: 'GET' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')?.value ?? '';
  const res = await page.request.fetch(url, { method, headers: { 'x-crema-client': 'web', 'x-csrf-token': csrf }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

async function asGuest(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
}

test('a new value of a filter attribute, given to a course in its settings, is a catalogue filter; deleting it says where it is used', async ({ page, login, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const tag = `${project}-${Date.now().toString(36)}`;
  const name = `Метод E2E ${tag}`;
  const value = `Значение ${tag}`;
  const courses = (await (await page.request.get('/api/courses/?page_size=10')).json()) as { content: { id: number; title: string; slug: string }[] };
  const course = courses.content[project === 'desktop' ? 0 : 1]!;

  await login(STAFF.email, { password: STAFF.password });
  const before = await api(page, 'GET', `/api/admin/courses/${course.id}/catalog/`);
  let attributeId: number | undefined;
  try {
    await page.goto('/admin/school/site/catalog/attributes/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Справочники каталога' }).getByRole('link', { name: 'Характеристики' })).toHaveAttribute('aria-current', 'page');
    await page.getByText('Новая характеристика', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Новая характеристика' });
    await form.getByLabel('Название', { exact: true }).fill(name);
    await expect(form.getByLabel('Адрес (slug)')).toHaveValue(/^metod-e2e-/);
    await form.getByLabel('Фильтр каталога').check();
    await form.getByRole('button', { name: 'Добавить характеристику' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Характеристика «${name}»` })).toBeVisible();
    attributeId = Number(/attributes\/(\d+)\//.exec(page.url())![1]);
    await page.getByLabel('Новое значение').fill(value);
    await page.getByRole('button', { name: 'Добавить значение' }).click();
    await expect(page.getByTestId(`value-${value}`)).toContainText('0 курсов');
    // A second value, put first from the keyboard (handle, Space, arrow, Space): saved at once.
    const second = `Второе ${tag}`;
    await page.getByLabel('Новое значение').fill(second);
    await page.getByRole('button', { name: 'Добавить значение' }).click();
    await expect(page.getByTestId(`value-${second}`)).toBeVisible();
    const order = page.getByRole('list', { name: 'Значения' }).locator('[data-testid^="value-"]');
    await expect(order).toHaveCount(2);
    const handle = page.getByRole('button', { name: `Переставить: «${second}»` });
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit measures the list first; the live region says what was picked up and where it is.
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`«${second}» над местом 1 из 2.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(order.first()).toHaveAttribute('data-testid', `value-${second}`);
    await expect
      .poll(async () => ((await api(page, 'GET', `/api/admin/school/site/catalog/attributes/${attributeId}/`)) as { values: { value: string }[] }).values.map((v) => v.value))
      .toEqual([second, value]);
    await page.getByTestId(`value-${value}`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/catalog-attribute-${project}.png`, fullPage: project === 'desktop' });
    await noSidewaysScroll(page);

    // The course's settings: the value chosen from the attribute's list.
    await page.goto(`/admin/courses/${course.id}/edit/`);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const section = page.getByRole('form', { name: 'Характеристики и подборки' });
    await section.getByLabel(name).selectOption({ label: value });
    await section.getByRole('button', { name: 'Сохранить характеристики и подборки' }).click();
    await expect(section.getByRole('status')).toHaveText('Характеристики и подборки сохранены. Каталог уже показывает их.');
    await section.screenshot({ path: `${SHOTS}/catalog-course-settings-${project}.png` });

    // A guest finds the value among the catalogue's filters at once.
    await asGuest(page, baseURL!);
    await page.goto('/courses/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    const toggle = page.locator('.filters-panel__toggle');
    if (await toggle.isVisible()) await toggle.click();
    const option = page.getByRole('checkbox', { name: new RegExp(value) });
    await expect(option).toBeVisible();
    await option.check();
    await expect(page).toHaveURL(/attributes=\d+/);
    await expect(page.getByRole('link', { name: course.title }).first()).toBeVisible();

    // Deleting the used value is refused with the course named.
    await login(STAFF.email, { password: STAFF.password });
    await page.goto(`/admin/school/site/catalog/attributes/${attributeId}/`);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByTestId(`value-${value}`)).toContainText('1 курс');
    await page.getByRole('button', { name: `Удалить: ${value}` }).click();
    const dialog = page.getByRole('dialog', { name: `Удалить значение «${value}»?` });
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(dialog.getByText(`Значение нельзя удалить: оно выбрано у курсов «${course.title}»`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/catalog-value-used-${project}.png`, fullPage: project === 'desktop' });
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(page.getByTestId(`value-${value}`)).toBeVisible();
  } finally {
    await asGuest(page, baseURL!);
    await login(STAFF.email, { password: STAFF.password });
    await api(page, 'PUT', `/api/admin/courses/${course.id}/catalog/`, { attributes: before.attributes, collection_ids: before.collection_ids });
    if (attributeId) await api(page, 'DELETE', `/api/admin/school/site/catalog/attributes/${attributeId}/`);
  }
});

test('staff make a collection of courses, a guest sees it on the home page, staff delete it', async ({ page, login, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const title = `Подборка E2E ${project}-${Date.now().toString(36)}`;
  const courses = (await (await page.request.get('/api/courses/?page_size=10')).json()) as { content: { id: number; title: string }[] };
  // Not a course the attribute walk above saves: putting a course in a collection changes the version its settings were opened at.
  const course = courses.content[2]!;

  await login(STAFF.email, { password: STAFF.password });
  let collectionId: number | undefined;
  try {
    await page.goto('/admin/school/site/catalog/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('list', { name: 'Направления' }).getByRole('button', { name: /^Переставить:/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/catalog-categories-${project}.png`, fullPage: project === 'desktop' });
    await page.getByRole('navigation', { name: 'Справочники каталога' }).getByRole('link', { name: 'Подборки' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Подборки' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/catalog-collections-${project}.png`, fullPage: project === 'desktop' });
    await noSidewaysScroll(page);
    await page.getByRole('link', { name: 'Новая подборка' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Новая подборка' })).toBeVisible();
    await page.getByLabel('Название', { exact: true }).fill(title);
    await page.getByLabel('Добавить курс').selectOption({ label: course.title });
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Курсы подборки' })).toContainText(course.title);
    await page.getByRole('button', { name: 'Создать подборку' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Подборка «${title}»` })).toBeVisible();
    collectionId = Number(/collections\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole('list', { name: 'Курсы подборки' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/catalog-collection-${project}.png`, fullPage: project === 'desktop' });
    await noSidewaysScroll(page);

    await asGuest(page, baseURL!);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Подборки курсов' }).getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute(
      'href',
      `/courses/?subsections=${collectionId}`,
    );

    await login(STAFF.email, { password: STAFF.password });
    await page.goto(`/admin/school/site/catalog/collections/${collectionId}/`);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.getByRole('button', { name: 'Удалить подборку' }).click();
    await page.getByRole('dialog', { name: `Удалить подборку «${title}»?` }).getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Подборки' })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    collectionId = undefined;
  } finally {
    if (collectionId) await api(page, 'DELETE', `/api/admin/school/site/catalog/collections/${collectionId}/`);
  }
});
