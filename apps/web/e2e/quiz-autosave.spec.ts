import type { Page } from '@playwright/test';
import type { CourseModules, MyCourse, QuizState } from '@crema/contract';
import { enrolByCard, expect, test } from './fixtures.ts';

// The quiz's autosave (decision 0060) at 375 and 1280 px, a fresh account per project enrolled in
// 'Основы обжарки кофе': a choice is saved at once (a reload right after it keeps it, and the
// browser never asks 'leave site?'); an answer given offline is kept on the device over a reload
// and sent once the connection is back; kept answers of an attempt finished meanwhile are not
// counted and the screen says so; signing out clears what the device kept.

test.describe.configure({ timeout: 120_000 });
// Saves tried while offline, or cut off on purpose, fail in the browser's log.
test.use({ allowedConsoleErrors: { text: /status of 404|ERR_INTERNET_DISCONNECTED|ERR_FAILED/ } });

const WEB = { 'x-crema-client': 'web' };
const RESTORED = 'Восстановили ответы, которые не успели сохраниться.';
const NOT_COUNTED = 'Попытка уже завершена: ответы, которые не успели сохраниться, не засчитаны.';
const OFFLINE = 'Нет связи — ответы сохранены на этом устройстве и отправятся, когда связь вернётся';

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();
const question = (page: Page, number: number) => page.getByRole('group', { name: new RegExp(`^Вопрос ${number} из 3`) });
const status = (page: Page) => page.locator('.quiz-bar__save');
const notice = (page: Page) => page.locator('.quiz-notice');
const barNotice = (page: Page) => page.locator('.quiz-bar__notice');
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/quiz-${name}-${page.viewportSize()?.width}.png` });
/** Quiz entries this device keeps. */
const keptKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('crema:quiz:')));
/** Saves of the quiz (POST) that never reach the server. */
const cutSaves = (page: Page) =>
  page.route('**/api/user/course/**/testing/*/', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

test('answers survive a reload at once and offline, finished attempts drop kept answers, sign-out clears them', async ({ page, login }) => {
  // Every 'leave site?' question the browser would ask.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  const email = await login();
  await enrolByCard(page, 'osnovy-obzharki', email, '45 000 ₽');
  const [enrolment] = (await (await page.request.get('/api/user/courses/', { headers: WEB })).json()) as MyCourse[];
  const id = enrolment!.id;
  const outline = (await (await page.request.get(`/api/user/course/${id}/modules/`, { headers: WEB })).json()) as CourseModules;
  const module = outline.modules[0]!;
  const moduleTest = module.content.find((item) => item.type === 'test')!;
  const address = `/user/courses/${id}/testing/${moduleTest.id}/`;
  const api = `/api/user/course/${id}/module/${module.id}/testing/${moduleTest.id}/`;
  /** Whether the server holds `text` as the answer to question `index` (0-based) of the attempt. */
  const serverHas = async (index: number, text: string) => {
    const { attempt } = (await (await page.request.get(api, { headers: WEB })).json()) as QuizState;
    const asked = attempt!.questions[index]!;
    const option = asked.answers.find((answer) => answer.text === text)!;
    const answer = attempt!.selected_answers[String(asked.id)];
    return Array.isArray(answer) && (answer as unknown[]).includes(option.id);
  };

  await page.goto(address);
  await hydrated(page);
  await page.getByRole('button', { name: 'Начать тест' }).click();
  await expect(question(page, 1)).toBeVisible();

  // A choice and a reload right after it: the answer is there, and the server has it.
  await question(page, 1).getByRole('radio', { name: '3–5 %' }).check();
  await page.reload();
  await hydrated(page);
  await expect(question(page, 1).getByRole('radio', { name: '3–5 %' })).toBeChecked();
  await expect.poll(() => serverHas(0, '3–5 %')).toBe(true);
  await expect(page.getByText('Отвечено 1 из 3')).toBeVisible();

  // Saved at once: the state says so without a typing pause.
  await question(page, 3).getByRole('checkbox', { name: 'Горячим воздухом' }).check();
  await expect(status(page)).toHaveText('Ответы сохранены');
  expect(await serverHas(2, 'Горячим воздухом')).toBe(true);
  expect(await keptKeys(page)).toEqual([]);

  // Offline: the answer is kept on this device; after a reload while offline, and the connection back, it is on screen and on the server.
  await page.context().setOffline(true);
  await question(page, 2).getByRole('radio', { name: 'Скорость барабана' }).check();
  await expect(status(page)).toHaveText(OFFLINE);
  expect(await keptKeys(page)).toHaveLength(1);
  await shot(page, 'offline');
  await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  // (Chromium may reload its error page by itself once online: the kept answer is sent from there or from here.)
  await page.context().setOffline(false);
  await page.goto(address);
  await hydrated(page);
  await expect(question(page, 2).getByRole('radio', { name: 'Скорость барабана' })).toBeChecked();
  await expect.poll(() => serverHas(1, 'Скорость барабана')).toBe(true);
  await expect.poll(() => keptKeys(page)).toEqual([]);
  await expect(page.getByText('Отвечено 3 из 3')).toBeVisible();

  // Saves that do not get through, and a reload: the newer answer comes back with a word, and is sent once the connection is back.
  await cutSaves(page);
  await question(page, 2).getByRole('radio', { name: 'Поток воздуха' }).check();
  await expect(status(page)).toHaveText(OFFLINE);
  await page.goto(address);
  await hydrated(page);
  await expect(barNotice(page)).toHaveText(RESTORED);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(question(page, 2).getByRole('radio', { name: 'Поток воздуха' })).toBeChecked();
  await expect(status(page)).toHaveText(OFFLINE);
  await shot(page, 'restored');
  await page.unroute('**/api/user/course/**/testing/*/');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(status(page)).toHaveText('Ответы сохранены');
  expect(await serverHas(1, 'Поток воздуха')).toBe(true);
  expect(await keptKeys(page)).toEqual([]);

  // Kept answers of an attempt finished meanwhile (another tab, the time limit): not counted, and the screen says so.
  await cutSaves(page);
  await question(page, 3).getByRole('checkbox', { name: 'Микроволнами' }).check();
  // (The word about restored answers goes with the next answer.)
  await expect(barNotice(page)).toBeEmpty();
  await expect(status(page)).toHaveText(OFFLINE);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')!.value;
  expect((await page.request.post(api, { headers: { ...WEB, 'x-csrf-token': csrf }, data: { finish: true } })).status()).toBe(200);
  await page.goto(address);
  await page.unroute('**/api/user/course/**/testing/*/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Результат попытки 1' })).toBeVisible();
  await expect(notice(page)).toHaveText(NOT_COUNTED);
  expect(await keptKeys(page)).toEqual([]);
  expect(await serverHas(2, 'Микроволнами')).toBe(false);
  await shot(page, 'not-counted');

  // A finish pressed while a save is still on its way (held here for a while) goes after it:
  // the save is not refused as late (no 409 in the log), and the answer counts.
  await page.getByRole('button', { name: 'Пройти ещё раз' }).click();
  await expect(page.getByText('Отвечено 0 из 3')).toBeVisible();
  await expect(notice(page)).toBeEmpty();
  let held = 0;
  await page.route('**/api/user/course/**/testing/*/', async (route) => {
    if (route.request().method() === 'POST' && held++ === 0) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const saving = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(api));
  await question(page, 2).getByRole('radio', { name: 'Поток воздуха' }).check();
  const save = await saving;
  await page.getByRole('button', { name: 'Завершить тест' }).click();
  await page.getByRole('dialog', { name: 'Завершить тест?' }).getByRole('button', { name: 'Завершить', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Результат попытки 2' })).toBeVisible();
  expect((await save.response())?.status()).toBe(200);
  await page.unroute('**/api/user/course/**/testing/*/');
  expect(await serverHas(1, 'Поток воздуха')).toBe(true);

  // Signing out clears what this device kept.
  await page.getByRole('button', { name: 'Пройти ещё раз' }).click();
  await expect(page.getByText('Отвечено 0 из 3')).toBeVisible();
  await cutSaves(page);
  await question(page, 1).getByRole('radio', { name: '10–12 %' }).check();
  await expect(status(page)).toHaveText(OFFLINE);
  expect(await keptKeys(page)).toHaveLength(1);
  await page.goto('/user/orders/');
  await hydrated(page);
  expect(await keptKeys(page)).toHaveLength(1);
  if (page.viewportSize()!.width <= 520) await page.getByRole('button', { name: 'Меню кабинета' }).click();
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/user/personal/', { headers: WEB })).status()).toBe(401);
  expect(await keptKeys(page)).toEqual([]);

  // Every answer was kept or sent: the browser never asked before leaving.
  expect(prompts).toEqual([]);
});
