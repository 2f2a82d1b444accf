import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The course preview (decision 0041), at 1280 and 375 px: the demo owner makes a fresh
// course through the API (a published lesson of two pages, a draft lesson, a draft module test with
// a question), opens 'Просмотр как ученик' from the programme page, walks the lesson's two pages with
// 'Далее', finds the draft marked in the sidebar and on its page, sees the test's question as the
// quiz renders it, and nothing is written meanwhile; 'Вернуться к редактированию' leads back. The
// other owner and a learner get the 404 page for every preview address of that course, a guest the sign-in.

const SHOTS = '/work/shots';
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const OWNER2 = { email: 'owner2@crema.local', password: 'crema-demo-2026' };
const DRAFT = 'Черновик — ученики не видят';

test.describe.configure({ timeout: 90_000 });
test.use({ allowedConsoleErrors: { text: /status of 404/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

interface Made {
  course: number;
  lesson: number;
  draft: number;
  test: number;
}

/** A fresh course of the signed-in owner, made through the admin API as the builder makes it. */
async function freshCourse(page: Page, title: string): Promise<Made> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')!.value;
  const headers = { 'x-crema-client': 'web', 'x-csrf-token': csrf };
  const call = async <T,>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, data?: unknown): Promise<T> => {
    const res = await page.request.fetch(url, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const categories = await call<{ id: number }[]>('GET', '/api/categories/');
  const course = await call<{ id: number }>('POST', '/api/admin/courses/', { title, category_id: categories[0]!.id });
  const module = await call<{ id: number }>('POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Основы' });
  const lesson = await call<{ id: number }>('POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Эспрессо дома' });
  const { updated_at } = await call<{ updated_at: string }>('GET', `/api/admin/lessons/${lesson.id}/blocks/`);
  const saved = await call<{ updated_at: string }>('PUT', `/api/admin/lessons/${lesson.id}/blocks/`, {
    updated_at,
    pages: [
      [{ data: { type: 'text', html: '<p>Свежая обжарка — половина вкуса.</p>' } }],
      [{ data: { type: 'quote', text: 'Кофе любит точность.', author: 'Бариста' } }],
    ],
  });
  await call('PATCH', `/api/admin/lessons/${lesson.id}/`, { is_published: true, updated_at: saved.updated_at });
  const draft = await call<{ id: number }>('POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Молоко и латте-арт' });
  const quiz = await call<{ id: number }>('POST', `/api/admin/modules/${module.id}/tests/`, { name: 'Проверим основы' });
  await call('POST', `/api/admin/tests/${quiz.id}/questions/`, {
    type: 'single',
    text: 'Сколько граммов кофе в двойном эспрессо?',
    answers: [
      { text: '7–9 г', is_correct: false },
      { text: '16–20 г', is_correct: true },
    ],
  });
  return { course: course.id, lesson: lesson.id, draft: draft.id, test: quiz.id };
}

test('an owner previews a course as a learner: two pages of a lesson, a draft marked, a test’s questions, nothing written', async ({ page, login }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await login(OWNER.email, { password: OWNER.password });
  const made = await freshCourse(page, `Предпросмотр ${testInfo.project.name} ${Date.now()}`);
  await page.goto(`/admin/courses/${made.course}/`);
  await hydrated(page);

  // From here on the preview writes nothing: no request but reads.
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.method() !== 'HEAD' && request.url().includes('/api/')) writes.push(`${request.method()} ${request.url()}`);
  });

  await page.getByRole('link', { name: 'Просмотр как ученик' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${made.course}/preview/$`));
  await expect(page.getByRole('region', { name: 'Предпросмотр курса' })).toContainText('Предпросмотр: так курс видят ученики');
  const overview = page.getByRole('main');
  await expect(overview.getByRole('link', { name: /Молоко и латте-арт/ })).toContainText(DRAFT);
  await expect(overview.getByRole('link', { name: /Эспрессо дома/ })).not.toContainText(DRAFT);
  await page.screenshot({ path: `${SHOTS}/preview-overview-${phone ? 375 : 1280}.png`, fullPage: true });

  // The lesson's two pages, through the learners' own screen and its 'Далее'.
  await overview.getByRole('link', { name: 'Начать обучение' }).click();
  await expect(page).toHaveURL(new RegExp(`/preview/lessons/${made.lesson}/$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Эспрессо дома' })).toBeVisible();
  await expect(page.getByText('Страница 1 из 2')).toBeVisible();
  await expect(page.getByText('Свежая обжарка — половина вкуса.')).toBeVisible();
  await hydrated(page);
  await page.screenshot({ path: `${SHOTS}/preview-lesson-${phone ? 375 : 1280}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Далее: страница 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/preview/lessons/${made.lesson}/\\?page=2$`));
  await expect(page.getByText('Страница 2 из 2')).toBeVisible();
  await expect(page.getByText('Кофе любит точность.')).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: DRAFT })).toHaveCount(0);

  // The draft lesson next: marked on its page and in the sidebar.
  await page.getByRole('link', { name: 'Далее: Молоко и латте-арт' }).click();
  await expect(page).toHaveURL(new RegExp(`/preview/lessons/${made.draft}/$`));
  await expect(page.getByRole('note').filter({ hasText: DRAFT })).toBeVisible();
  if (phone) await page.getByRole('button', { name: 'Содержание курса' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Содержание курса' });
  await expect(sidebar.getByRole('link', { name: /Молоко и латте-арт/ })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: /Молоко и латте-арт/ })).toContainText(DRAFT);
  // The sidebar slides in over 500 ms on phones: the picture after it has settled.
  if (phone) await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/preview-draft-${phone ? 375 : 1280}.png`, fullPage: !phone });
  if (phone) await page.keyboard.press('Escape');

  // The test: its question as the quiz renders it; an answer may be chosen and goes nowhere.
  await page.getByRole('main').getByRole('link', { name: 'Далее: тест «Проверим основы»' }).click();
  await expect(page).toHaveURL(new RegExp(`/preview/tests/${made.test}/$`));
  const question = page.getByRole('group', { name: /Вопрос 1 из 1/ });
  await expect(question).toContainText('Сколько граммов кофе в двойном эспрессо?');
  await question.getByRole('radio', { name: '16–20 г' }).check();
  await expect(page.getByText('Отвечено 1 из 1')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preview-test-${phone ? 375 : 1280}.png`, fullPage: !phone });
  expect(writes).toEqual([]);

  // Back to editing: the editor of what is on screen.
  await page.getByRole('link', { name: 'Вернуться к редактированию' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tests/${made.test}/$`));
});

test('the settings page opens the preview too, and its bar leads back there', async ({ page, login }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough');
  await login(OWNER.email, { password: OWNER.password });
  const made = await freshCourse(page, `Предпросмотр настроек ${Date.now()}`);
  await page.goto(`/admin/courses/${made.course}/edit/`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Просмотр как ученик' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${made.course}/preview/\\?from=edit$`));
  await hydrated(page);
  await page.getByRole('link', { name: 'Вернуться к редактированию' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${made.course}/edit/$`));
});

test('another owner and a learner get the 404 page for every preview address of that course; a guest is asked to sign in', async ({ page, login, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project is enough');
  await login(OWNER.email, { password: OWNER.password });
  const made = await freshCourse(page, `Чужой предпросмотр ${Date.now()}`);
  const paths = [
    `/admin/courses/${made.course}/preview/`,
    `/admin/courses/${made.course}/preview/lessons/${made.lesson}/?page=2`,
    `/admin/courses/${made.course}/preview/tests/${made.test}/`,
  ];
  // The owner's own lesson and test under another of the owner's courses are no place either.
  const second = await freshCourse(page, `Второй предпросмотр ${Date.now()}`);
  for (const path of [`/admin/courses/${second.course}/preview/lessons/${made.lesson}/`, `/admin/courses/${second.course}/preview/tests/${made.test}/`]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }
  for (const who of [OWNER2.email, 'student@crema.local']) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
    await login(who, { password: 'crema-demo-2026' });
    for (const path of paths) {
      const answer = await page.goto(path);
      expect(answer?.status(), `${who} ${path}`).toBe(404);
      await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
    }
  }
  await page.context().clearCookies();
  // A guest is sent to sign in with the preview to come back to (the page then takes `login` and
  // `next` out of the address once it runs, so the redirect is read as sent).
  const answer = await page.request.get(paths[0]!, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const target = new URL(answer.headers()['location']!, 'http://localhost');
  expect([target.pathname, target.searchParams.has('login'), target.searchParams.get('next')]).toEqual(['/', true, paths[0]]);
  await page.goto(paths[0]!);
  await expect(page.getByRole('dialog', { name: 'Вход/регистрация' })).toBeVisible();
  await expect(page.getByText(DRAFT)).toHaveCount(0);
});
