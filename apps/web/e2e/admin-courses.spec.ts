import type { Page } from '@playwright/test';
import type { AdminCourse, AdminLink, AdminModule, Category } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, mailedCode, newEmail, test } from './fixtures.ts';

// The admin course screens (decision 0036). On a desktop an owner makes a course from
// scratch: settings, a module with two lessons and a test, reordered by dragging and by the
// keyboard, a publish attempt that lists what is missing, a conflict that keeps what was typed.
// Another owner gets the 404 page for that course; an invitation link enrols a new person by the
// e-mail code. On a phone: my courses and a course's section tabs fit the screen.

const SHOTS = '/work/shots';
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const OWNER2 = { email: 'owner2@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

// The refusals the screens show on purpose (an empty form, a stale version, a publish check).
test.use({ allowedConsoleErrors: { text: /status of (400|404|409)/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** An API call as the signed-in browser makes it (session cookies and the CSRF header). */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A fresh course of the signed-in owner with a module and a lesson, made through the API. */
async function makeCourse(page: Page, title: string): Promise<AdminCourse> {
  const categories = await api<Category[]>(page, 'GET', '/api/categories/');
  const course = await api<AdminCourse>(page, 'POST', '/api/admin/courses/', { title, category_id: categories[0]!.id });
  const module = await api<AdminModule>(page, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Введение' });
  await api(page, 'POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Первый урок' });
  return course;
}

const itemTitles = (page: Page) => page.locator('.admin-items .admin-item__title a').allTextContents();

test('an owner makes a course: settings, a module with lessons and a test reordered by drag and by keyboard, a publish attempt', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the builder is walked on a desktop');
  // A long walk (about 15 s alone): room for a loaded machine, as the other builder walks have.
  test.setTimeout(90_000);
  await login(OWNER.email, { password: OWNER.password });
  const title = `Курс e2e ${Date.now()}`;

  // My courses → 'Добавить курс' → the draft's edit page.
  await page.goto('/admin/courses/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Мои курсы' })).toBeVisible();
  await page.getByRole('link', { name: 'Добавить курс' }).click();
  await expect(page.getByRole('heading', { name: 'Новый курс' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать черновик' }).click();
  await expect(page.getByText('Введите название курса.')).toBeVisible();
  await page.getByLabel('Название курса').fill(title);
  await page.getByLabel('Категория каталога').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Создать черновик' }).click();
  await page.waitForURL(/\/admin\/courses\/\d+\/edit\/$/);
  const id = Number(/courses\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Редактирование курса' })).toBeVisible();
  await expect(page.locator('.admin-nav__course')).toContainText(title);

  // Settings: a price in rubles (kept in kopecks), a rich description, SEO in its folded section.
  await page.getByLabel('Цена, ₽', { exact: true }).fill('4 900,50');
  await page.getByLabel('Краткое описание').fill('Коротко о курсе');
  await page.getByRole('textbox', { name: 'Описание курса' }).click();
  await page.keyboard.type('Полное описание курса');
  await page.getByRole('button', { name: 'Жирный' }).click();
  await page.keyboard.type(' важно');
  await page.getByText('SEO и соцсети').click();
  await page.getByLabel('Заголовок страницы (title)').fill('Курс для поиска');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.locator('.admin-notice')).toHaveText('Изменения сохранены.');
  const saved = await api<AdminCourse>(page, 'GET', `/api/admin/courses/${id}/`);
  expect(saved).toMatchObject({ price: 490050, short_description: 'Коротко о курсе', seo_title: 'Курс для поиска' });
  expect(saved.description).toContain('<strong>');

  // Someone else saves in between: the 409 is shown and what was typed stays.
  await api(page, 'PATCH', `/api/admin/courses/${id}/`, { duration_text: 'изменено в другом окне' });
  await page.getByLabel('Краткое описание').fill('Мой новый текст');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.locator('.admin-alert')).toContainText('Курс изменили в другом окне');
  await expect(page.getByLabel('Краткое описание')).toHaveValue('Мой новый текст');
  await page.screenshot({ path: `${SHOTS}/admin-courses-edit.png`, fullPage: true });
  // Taking in the new version keeps the edit and the other window's change; then it saves.
  await page.getByRole('button', { name: 'Загрузить новую версию, сохранив мои правки' }).click();
  await expect(page.getByLabel('Длительность словами')).toHaveValue('изменено в другом окне');
  await expect(page.getByLabel('Краткое описание')).toHaveValue('Мой новый текст');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.locator('.admin-notice')).toHaveText('Изменения сохранены.');
  expect(await api<AdminCourse>(page, 'GET', `/api/admin/courses/${id}/`)).toMatchObject({
    short_description: 'Мой новый текст',
    duration_text: 'изменено в другом окне',
  });
  await page.getByLabel('Краткое описание').fill('Ещё одна правка');
  await expect(page.getByRole('status').filter({ hasText: 'Есть несохранённые изменения' })).toBeVisible();

  // Leaving with unsaved changes asks first: the back button too, and 'Остаться' keeps the edit.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Уйти без сохранения?' })).toBeVisible();
  await page.getByRole('button', { name: 'Остаться' }).click();
  await expect(page.getByRole('dialog', { name: 'Уйти без сохранения?' })).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(`/admin/courses/${id}/edit/`);
  await expect(page.getByLabel('Краткое описание')).toHaveValue('Ещё одна правка');
  await page.locator('.admin-sidebar').getByRole('link', { name: 'Программа' }).click();
  await expect(page.getByRole('dialog', { name: 'Уйти без сохранения?' })).toBeVisible();
  await page.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await page.waitForURL(`**/admin/courses/${id}/`);

  // The programme: a module, two lessons and a test, added in place.
  await expect(page.getByRole('heading', { name: 'Программа курса' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить модуль' }).click();
  await page.getByLabel('Название нового модуля').fill('Основы');
  await page.getByRole('button', { name: 'Добавить', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Основы/ })).toBeVisible();
  for (const [kind, name] of [
    ['+ Урок', 'Урок один'],
    ['+ Урок', 'Урок два'],
    ['+ Тест', 'Тест модуля'],
  ] as const) {
    await page.getByRole('button', { name: kind }).click();
    await page.getByLabel(kind === '+ Урок' ? 'Название нового урока' : 'Название нового теста').fill(name);
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  expect(await itemTitles(page)).toEqual(['Урок один', 'Урок два', 'Тест модуля']);
  await expect(page.getByRole('link', { name: 'Урок один' })).toHaveAttribute('href', /\/admin\/lessons\/\d+\/$/);
  await expect(page.getByRole('link', { name: 'Тест модуля' })).toHaveAttribute('href', /\/admin\/tests\/\d+\/$/);

  // Drag the test to the top by its handle.
  const handle = page.getByRole('button', { name: 'Переставить: тест «Тест модуля»' });
  const target = page.getByRole('button', { name: 'Переставить: урок «Урок один»' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => itemTitles(page)).toEqual(['Тест модуля', 'Урок один', 'Урок два']);

  // And the first lesson below the second by the keyboard: Space, ArrowDown, Space.
  await page.getByRole('button', { name: 'Переставить: урок «Урок один»' }).focus();
  await page.keyboard.press('Space');
  // The live region tells a screen reader what was picked up (dnd-kit measures the list first).
  await expect(page.getByRole('button', { name: 'Переставить: урок «Урок один»' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('«Урок один» над местом «Урок один».')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('«Урок один» над местом «Урок два».')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => itemTitles(page)).toEqual(['Тест модуля', 'Урок два', 'Урок один']);
  // Both orders are saved: the API reads them back.
  await expect
    .poll(async () => {
      const [module] = await api<AdminModule[]>(page, 'GET', `/api/admin/courses/${id}/modules/`);
      return [...module!.lessons.map((l) => [l.sort, l.title]), ...module!.tests.map((t) => [t.sort, t.title])]
        .sort((a, b) => Number(a[0]) - Number(b[0]))
        .map((pair) => pair[1]);
    })
    .toEqual(['Тест модуля', 'Урок два', 'Урок один']);
  await page.screenshot({ path: `${SHOTS}/admin-courses-programme.png`, fullPage: true });

  // Deleting a lesson says what goes with it.
  await page.locator('.admin-item', { hasText: 'Урок два' }).getByRole('button', { name: 'Удалить' }).click();
  const warning = page.getByRole('dialog', { name: 'Удалить урок?' });
  await expect(warning).toContainText('будет удалён вместе со всем содержимым');
  await warning.getByRole('button', { name: 'Отмена' }).click();
  await expect(warning).toBeHidden();

  // Publishing: the course has a price but no published lesson, and says so.
  await page.locator('.admin-sidebar').getByRole('link', { name: 'Редактирование' }).click();
  await page.waitForURL(`**/admin/courses/${id}/edit/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('list', { name: 'Чего не хватает для публикации' })).toContainText('Добавьте хотя бы один опубликованный урок.');
  await expect(page.locator('.admin-status').first()).toHaveText('Черновик');
  await page.screenshot({ path: `${SHOTS}/admin-courses-publish.png`, fullPage: true });
});

test("an owner sets the learners' age range in the course settings: 'от' above 'до' is refused at the field, a range saves", async ({ page, login }) => {
  await login(OWNER.email, { password: OWNER.password });
  const course = await makeCourse(page, `Курс возраст e2e ${Date.now()}`);
  await page.goto(`/admin/courses/${course.id}/edit/`);
  await hydrated(page);
  const from = page.getByLabel('Возраст учеников от, лет');
  const to = page.getByLabel('Возраст учеников до, лет');
  await expect(from).toHaveAccessibleDescription('Полных лет, от 1 до 99; пусто — без ограничения');
  await from.fill('14');
  await to.fill('10');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Возраст «от» не может быть больше возраста «до».')).toBeVisible();
  await page.screenshot({ path: `/tmp/age-builder-refused-${test.info().project.name}.png`, fullPage: true });
  await from.fill('10');
  await to.fill('14');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.locator('.admin-notice')).toHaveText('Изменения сохранены.');
  expect(await api<AdminCourse>(page, 'GET', `/api/admin/courses/${course.id}/`)).toMatchObject({ age_min: 10, age_max: 14 });
  await page.screenshot({ path: `/tmp/age-builder-saved-${test.info().project.name}.png`, fullPage: true });
  // A draft made for the test only: removed.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const removed = await page.request.fetch(`/api/admin/courses/${course.id}/`, { method: 'DELETE', headers: { ...WEB, [CSRF_HEADER]: csrf } });
  expect(removed.status()).toBeLessThan(300);
});

test('another owner opening that course’s address gets the 404 page', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough');
  await login(OWNER.email, { password: OWNER.password });
  const course = await makeCourse(page, `Чужой курс ${Date.now()}`);
  await page.context().clearCookies();
  await login(OWNER2.email, { password: OWNER2.password });
  for (const path of [`/admin/courses/${course.id}/edit/`, `/admin/courses/${course.id}/`, `/admin/courses/${course.id}/audience/`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  }
});

test('an invitation link enrols a new person by the e-mail code and opens the course', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough');
  await login(OWNER.email, { password: OWNER.password });
  const title = `По приглашению ${Date.now()}`;
  const course = await makeCourse(page, title);

  // The owner makes a link on the links page (limit 5) and sees it listed.
  await page.goto(`/admin/courses/${course.id}/links/`);
  await hydrated(page);
  await page.getByLabel('Для кого (видно только вам)').fill('Группа e2e');
  await page.getByLabel('Сколько человек может записаться').fill('5');
  await page.getByRole('button', { name: 'Создать ссылку' }).click();
  await expect(page.getByRole('cell', { name: /Группа e2e/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Группа e2e/ })).toContainText('0 из 5');
  const [link] = await api<AdminLink[]>(page, 'GET', `/api/admin/courses/${course.id}/links/`);
  await page.screenshot({ path: `${SHOTS}/admin-courses-links.png`, fullPage: true });

  // A guest opens it, asks for a code, types it: signed in, enrolled, on the course.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: new URL(page.url()).origin }]);
  await page.goto(new URL(link!.url).pathname);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const email = newEmail('invited');
  await page.getByLabel('E-mail').fill(email);
  // The consent box of the code request: without it no code goes out and no account is made.
  const consent = page.getByRole('checkbox', { name: /Принимаю условия Политики конфиденциальности/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'разрешение на обработку персональных данных' })).toHaveAttribute('href', '/documents/personal-data-consent/');
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Чтобы продолжить, примите условия и дайте согласие на обработку персональных данных.')).toBeVisible();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Код из письма')).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/invitation-consent-${width}.png`, fullPage: true });
  }
  await consent.check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из письма')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/admin-courses-invitation.png`, fullPage: true });
  // The fourth digit sends the code (ui/CodeEntry.tsx), as in the sign-in dialog and on the order page.
  await page.getByLabel('Код из письма').fill(await mailedCode(page, email));
  await page.waitForURL(/\/user\/courses\/\d+\/$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The box ticked on the invitation page is the account's consent, and nothing else is.
  const given = await (await page.request.get('/api/user/consents/')).json();
  expect(given.consents.map((r: { kind: string }) => r.kind).sort()).toEqual(['personal_data', 'privacy_policy']);

  // The owner sees the new learner, come by the link.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: new URL(page.url()).origin }]);
  await login(OWNER.email, { password: OWNER.password });
  await page.goto(`/admin/courses/${course.id}/audience/`);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toContainText('Ссылка-приглашение');
  await hydrated(page);

  // Adding someone by e-mail: the server's answer as it is (the same with or without an account), then a
  // pending invitation, withdrawn.
  await page.getByRole('link', { name: 'Добавить ученика' }).click();
  const stranger = newEmail('granted');
  await page.getByLabel('E-mail ученика').fill(stranger);
  await page.getByRole('button', { name: 'Открыть доступ' }).click();
  await expect(page.locator('.admin-notice')).toContainText(`Приглашение отправлено на ${stranger}.`);
  await expect(page.locator('.admin-notice')).not.toContainText('аккаунт');
  await page.getByRole('link', { name: 'К списку учеников' }).click();
  const grant = page.locator('.admin-item', { hasText: stranger });
  await grant.getByRole('button', { name: 'Отозвать' }).click();
  await page.getByRole('dialog', { name: 'Отозвать приглашение?' }).getByRole('button', { name: 'Отозвать' }).click();
  await expect(grant).toHaveCount(0);

  // Ending the new learner's access asks first and keeps them listed.
  await row.getByRole('button', { name: 'Закрыть доступ' }).click();
  const ending = page.getByRole('dialog', { name: 'Закрыть доступ к курсу?' });
  await expect(ending).toContainText('Прогресс сохранится');
  await ending.getByRole('button', { name: 'Закрыть доступ' }).click();
  await expect(row).toContainText('Доступ закрыт');
  await page.screenshot({ path: `${SHOTS}/admin-courses-audience.png`, fullPage: true });

  // A course with a learner is not deleted: the server's refusal is shown in the dialog.
  await page.locator('.admin-sidebar').getByRole('link', { name: 'Редактирование' }).click();
  await page.waitForURL(`**/admin/courses/${course.id}/edit/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Удалить курс' }).click();
  const removing = page.getByRole('dialog', { name: 'Удалить курс?' });
  await removing.getByRole('button', { name: 'Удалить курс' }).click();
  await expect(removing.locator('.admin-alert')).toContainText('нельзя удалить');
});

test('a learner already signed in finds the course an owner added them to in «Мое обучение» without signing in again', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough');
  // The learner signs in first and keeps their session (an access token still valid: no refresh).
  const learner = await login();
  const learnerCookies = await page.context().cookies();
  const origin = new URL(testInfo.project.use.baseURL ?? page.url()).origin;

  // Meanwhile an owner opens a course to the learner's address: a pending grant and a letter.
  await page.context().clearCookies();
  await login(OWNER.email, { password: OWNER.password });
  const title = `Добавлен владельцем ${Date.now()}`;
  const course = await makeCourse(page, title);
  const added = await api<{ status: string; detail: string }>(page, 'POST', `/api/admin/courses/${course.id}/audience/`, { email: learner });
  expect(added.detail).toContain(`Приглашение отправлено на ${learner}.`);

  // Back in the learner's browser: the page's read only counts the grant; the screen takes it with one
  // POST and reloads its data, and the course is on the list without a reload.
  await page.context().clearCookies();
  await page.context().addCookies([...learnerCookies, { name: 'hideCookiesPanel', value: '1', url: origin }]);
  const taken = page.waitForResponse((res) => res.url().endsWith('/api/user/courses/grants/') && res.request().method() === 'POST');
  await page.goto('/user/courses/');
  expect(await (await taken).json()).toEqual({ applied: 1 });
  await expect(page.locator('.my-courses').getByRole('link', { name: title, exact: true })).toBeVisible();
  const pending = await page.request.get('/api/user/courses/grants/', { headers: WEB });
  expect(await pending.json()).toEqual({ pending_grants: 0 });
});

test('my courses and a course’s sections fit a phone', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await login(OWNER.email, { password: OWNER.password });
  await page.goto('/admin/courses/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Мои курсы' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Меню кабинета' })).toBeVisible();
  await expect(page.locator('.admin-card').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/admin-courses-list-375.png` });
  await page.locator('.admin-card').first().getByRole('link').first().click();
  await page.waitForURL(/\/admin\/courses\/\d+\/edit\/$/);
  await expect(page.getByRole('navigation', { name: 'Разделы курса' }).getByRole('link', { name: 'Программа' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/admin-courses-edit-375.png` });
});

test('the desktop list shows the courses with their status and the course sub-menu', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the desktop layout');
  await login(OWNER.email, { password: OWNER.password });
  await page.goto('/admin/courses/?status=draft');
  await hydrated(page);
  await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveValue('draft');
  for (const status of await page.locator('.admin-card .admin-status').allTextContents()) expect(status).toBe('Черновик');
  await page.screenshot({ path: `${SHOTS}/admin-courses-list-1280.png`, fullPage: true });
});
