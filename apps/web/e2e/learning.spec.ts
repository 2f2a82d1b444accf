import type { Page } from '@playwright/test';
import type { CourseModules, LessonPage, MyCourse } from '@crema/contract';
import { enrolByCard, expect, test } from './fixtures.ts';

// The study screens at 375 and 1280 px: 'Мое обучение' continues a course, a lesson is
// paged through with next/previous inside the course-study layout whose sidebar marks what is done;
// a course is hidden (and shown again) and deleted with the WarningDelete confirmation. The two
// projects run side by side on one database, so each studies its own course of the demo student
// and the expectations are read from the API just before; the overview, hiding and deleting use a
// fresh account enrolled by an order paid with the test bank's card.

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/work/shots';
const DEMO = { email: 'student@crema.local', password: 'crema-demo-2026' };
/**
 * One demo course per project (both run at once on one database): the half-done one and the fresh
 * one (the third, finished course has nothing left to continue).
 */
const DEMO_COURSE: Record<string, string> = { phone: 'Бариста с нуля', desktop: 'Эспрессо: настройка и экстракция' };

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.beforeEach(async ({ page, baseURL }) => {
  // The cookie notice accepted, as a returning visitor has it: it would cover the pictures.
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function myCourses(page: Page): Promise<MyCourse[]> {
  const res = await page.request.get('/api/user/courses/', { headers: { 'x-crema-client': 'web' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as MyCourse[];
}

async function outlineOf(page: Page, id: number): Promise<CourseModules> {
  const res = await page.request.get(`/api/user/course/${id}/modules/`, { headers: { 'x-crema-client': 'web' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as CourseModules;
}

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Содержание курса' });

test('the demo student continues a course from «Мое обучение», pages through it, and the sidebar marks the lessons done', async ({
  page,
  login,
}, testInfo) => {
  await login(DEMO.email, { password: DEMO.password });
  const title = DEMO_COURSE[testInfo.project.name]!;
  const enrolment = (await myCourses(page)).find((item) => item.course.title === title)!;
  expect(enrolment).toBeTruthy();
  const before = await outlineOf(page, enrolment.id);
  const lessons = before.modules.flatMap((module) => module.content.map((item) => ({ ...item, moduleId: module.id })));
  const target = lessons.find((item) => item.type === 'lesson' && item.status !== 'completed')!;
  expect(target, 'the course has a lesson to continue').toBeTruthy();

  await page.goto('/user/courses/');
  await hydrated(page);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/user/courses/${enrolment.id}/`);
  await card.getByRole('link', { name: `Продолжить: ${title}` }).click();

  // Where the learner stopped: the first lesson not completed, in the course-study layout.
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment.id}/lessons/${target.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await hydrated(page);
  const sidebar = sidebarOf(page);
  const toggle = page.getByRole('button', { name: 'Содержание курса' });
  if (testInfo.project.name === 'phone') {
    // On a phone the sidebar is closed and lies over the page when opened.
    await expect(sidebar).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
  }
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', { name: '← Мое обучение' })).toHaveAttribute('href', '/user/courses/');
  // The current lesson: highlighted and marked done as soon as it is opened.
  const current = sidebar.locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('href', `/user/courses/${enrolment.id}/lessons/${target.id}/`);
  await expect(current.locator('..')).toHaveClass(/learn-item--done/);
  // Each module's title, tests with the quiz icon, the final test apart.
  for (const module of before.modules) await expect(sidebar.getByRole('heading', { name: new RegExp(escape(module.title)) })).toBeVisible();
  const tests = before.modules.flatMap((module) => module.content).filter((item) => item.type === 'test');
  if (tests.length) {
    const testLink = sidebar.getByRole('link', { name: new RegExp(`^Тест: ${escape(tests[0]!.title)}`) });
    await expect(testLink).toHaveAttribute('href', `/user/courses/${enrolment.id}/testing/${tests[0]!.id}/`);
    await expect(testLink.locator('.learn-icon--quiz')).toBeVisible();
  }
  if (before.final_tests.length) await expect(sidebar.getByRole('heading', { name: /^Итоговы(й тест|е тесты)$/ })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/learn-lesson-${page.viewportSize()?.width}.png` });

  // A click outside closes it on a phone; the toggle closes it on desktop (a 500 ms slide).
  if (testInfo.project.name === 'phone') await page.mouse.click(360, 400);
  else await toggle.click();
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Next and back again (or back and next, when the next place is a test): across pages, lessons and modules.
  const start = page.url();
  const visited = [start];
  const label = (await page.getByRole('link', { name: /^Далее: / }).getAttribute('aria-label')) ?? '';
  const [there, back] = /^Далее: (?!тест)/.test(label) ? [/^Далее: /, /^Назад: /] : [/^Назад: /, /^Далее: /];
  const away = page.getByRole('link', { name: there });
  const awayLabel = (await away.getAttribute('aria-label')) ?? '';
  await away.click();
  await expect(page).not.toHaveURL(start);
  visited.push(page.url());
  const pageNumber = /страница (\d+)$/.exec(awayLabel)?.[1];
  if (pageNumber) {
    // Another page of the same lesson.
    if (pageNumber !== '1') await expect(page).toHaveURL(new RegExp(`\\?page=${pageNumber}$`));
    await expect(page.getByText(new RegExp(`^Страница ${pageNumber} из \\d+$`))).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 1, name: awayLabel.replace(/^(Далее|Назад): /, '') })).toBeVisible();
  }
  await page.getByRole('link', { name: back }).first().click();
  await expect(page).toHaveURL(start);
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();

  // The progress the pages recorded: every lesson opened is done in the sidebar and in the API.
  const after = await outlineOf(page, enrolment.id);
  const opened = visited.map((url) => Number(/\/lessons\/(\d+)\//.exec(url)?.[1])).filter(Boolean);
  await page.getByRole('button', { name: 'Содержание курса' }).click();
  for (const id of new Set(opened)) {
    const item = after.modules.flatMap((module) => module.content).find((entry) => entry.type === 'lesson' && entry.id === id)!;
    expect(item.status).not.toBe('not_started');
    await expect(sidebarOf(page).locator(`a[href="/user/courses/${enrolment.id}/lessons/${id}/"]`).locator('..')).toHaveClass(/learn-item--done/);
  }
});

test('the course overview lists modules, lessons and tests with their statuses and starts the course', async ({ page, login }) => {
  // A fresh learner (the demo student's progress moves under the other tests).
  const email = await login();
  await enrolByCard(page, 'nauka-o-vkuse', email, '3 500 ₽');
  const title = 'Наука о вкусе';
  const [enrolment] = await myCourses(page);
  const outline = await outlineOf(page, enrolment!.id);
  expect(outline.modules.map((module) => module.title)).toEqual(['Язык', 'Нос']);

  await page.goto('/user/courses/');
  await hydrated(page);
  await page.getByRole('article', { name: title }).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment!.id}/$`));
  await expect(page).toHaveTitle(new RegExp(`^${escape(title)}`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await hydrated(page);
  const main = page.locator('main.learn-overview');
  const sectionOf = (index: number) => main.getByRole('region', { name: `Модуль ${index + 1}. ${outline.modules[index]!.title}` });
  for (const [index, module] of outline.modules.entries()) {
    const section = sectionOf(index);
    await expect(section).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(module.content.length);
    for (const [position, item] of module.content.entries()) {
      await expect(section.getByRole('listitem').nth(position)).toContainText(item.title);
      await expect(section.getByRole('listitem').nth(position)).toContainText('Не начат');
    }
    await expect(section.locator('.learn-icon--quiz')).toHaveCount(module.content.filter((item) => item.type === 'test').length);
  }
  expect(outline.final_tests.map((test) => test.title)).toEqual(['Викторина: наука о вкусе']);
  const finalLink = main.getByRole('region', { name: /^Итоговы/ }).getByRole('link', { name: new RegExp(escape(outline.final_tests[0]!.title)) });
  await expect(finalLink).toHaveAttribute('href', `/user/courses/${enrolment!.id}/testing/${outline.final_tests[0]!.id}/`);
  await expect(finalLink.locator('.learn-icon--quiz')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);

  // A fresh course starts at its first lesson; back on the overview that lesson reads as started.
  await main.getByRole('link', { name: 'Начать обучение' }).click();
  const first = outline.modules[0]!.content[0]!;
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment!.id}/lessons/${first.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await page.goto(`/user/courses/${enrolment!.id}/`);
  // Opened: started, or passed when the lesson has one page (its last page was reached).
  const now = (await outlineOf(page, enrolment!.id)).modules[0]!.content[0]!.status;
  expect(now).not.toBe('not_started');
  await expect(sectionOf(0).getByRole('listitem').first()).toContainText(now === 'completed' ? 'Пройден' : 'Начат');
  await expect(main.getByRole('link', { name: 'Продолжить' })).toBeVisible();
  await page.locator('main').first().screenshot({ path: `${SHOTS}/learn-overview-${page.viewportSize()?.width}.png` });

  // Page 1 has one address, without the query.
  await page.goto(`/user/courses/${enrolment!.id}/lessons/${first.id}/?page=1`);
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment!.id}/lessons/${first.id}/$`));

  // Old links land on the right lesson, permanently redirected: the legacy /user-old/ one and the
  // "also seen" course/module/lesson one.
  const old = await page.request.get(`/user-old/courses/${enrolment!.id}/lessons/${first.id}/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  await page.goto(`/user-old/courses/${enrolment!.id}/lessons/${first.id}/`);
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment!.id}/lessons/${first.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await page.goto(`/user/courses/lesson/${enrolment!.id}/${outline.modules[0]!.id}/${first.id}/`);
  await expect(page).toHaveURL(new RegExp(`/user/courses/${enrolment!.id}/lessons/${first.id}/$`));
  expect((await page.goto('/user-old/courses/0/'))?.status()).toBe(404);

  // An unknown enrolment is the 404 page, and so is a page past the lesson's last.
  expect((await page.goto('/user/courses/999999/'))?.status()).toBe(404);
  expect((await page.goto(`/user/courses/${enrolment!.id}/lessons/${first.id}/?page=999`))?.status()).toBe(404);
});

test('a lesson video resumes where the learner stopped after a reload', async ({ page, login }) => {
  await login(DEMO.email, { password: DEMO.password });
  // The child's course: no other test pages through it.
  const enrolment = (await myCourses(page)).find((item) => item.course.title === 'Юный бариста')!;
  const outline = await outlineOf(page, enrolment.id);
  let address = '';
  for (const item of outline.modules.flatMap((module) => module.content).filter((entry) => entry.type === 'lesson')) {
    const lesson = (await (await page.request.get(`/api/user/course/${enrolment.id}/lesson/${item.id}/`)).json()) as LessonPage;
    for (let number = 1; number <= lesson.page_count && !address; number++) {
      const shown = number === 1 ? lesson : ((await (await page.request.get(`/api/user/course/${enrolment.id}/lesson/${item.id}/?page=${number}`)).json()) as LessonPage);
      if (shown.blocks.some((block) => block.type === 'video' && block.url.startsWith('/'))) {
        address = `/user/courses/${enrolment.id}/lessons/${item.id}/${number > 1 ? `?page=${number}` : ''}`;
      }
    }
    if (address) break;
  }
  expect(address, 'the course has an uploaded video').not.toBe('');

  await page.goto(address);
  await hydrated(page);
  const video = page.locator('.learn-video video').first();
  await expect(video).toBeVisible();
  // Nothing downloads before play; load the metadata and seek as the player's bar would.
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.preload = 'metadata';
    element.load();
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
    element.currentTime = 2;
  });
  await expect.poll(() => page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('crema:video:'))?.[1])).toBe('2');

  await page.reload();
  await hydrated(page);
  const resumed = page.locator('.learn-video video').first();
  await resumed.evaluate((element: HTMLVideoElement) => {
    element.preload = 'metadata';
    element.load();
  });
  await expect.poll(() => resumed.evaluate((element: HTMLVideoElement) => Math.round(element.currentTime))).toBe(2);
});

/** An order of the signed-in browser for `slug`, paid with the test bank's success card. */
test('a course is hidden and shown again, then deleted after WarningDelete («Нет» keeps it, «Да» removes the access)', async ({ page, login }) => {
  const email = await login();
  await enrolByCard(page, 'nauka-o-vkuse', email, '3 500 ₽');
  const title = 'Наука о вкусе';
  const [enrolment] = await myCourses(page);
  expect(enrolment?.course.title).toBe(title);

  await page.goto('/user/courses/');
  await hydrated(page);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();

  // Hide: the card goes to 'Скрытые курсы', the course is closed for study, and the notice brings it back.
  await card.getByRole('button', { name: `Скрыть: ${title}` }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(`Курс «${title}» скрыт`)).toBeVisible();
  await expect(page.getByText('Все ваши курсы скрыты.')).toBeVisible();
  const hiddenList = page.locator('details.hidden-courses');
  await expect(hiddenList.locator('summary')).toHaveText('Скрытые курсы (1)');
  expect((await page.request.get(`/api/user/course/${enrolment!.id}/modules/`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Вернуть курс' }).click();
  await expect(card).toBeVisible();
  await expect(page.getByText(`Курс «${title}» скрыт`)).toHaveCount(0);
  await expect(hiddenList).toHaveCount(0);
  expect((await page.request.get(`/api/user/course/${enrolment!.id}/modules/`)).status()).toBe(200);

  // Hidden and come back later: the course waits under 'Скрытые курсы' and is shown again from there.
  await card.getByRole('button', { name: `Скрыть: ${title}` }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(hiddenList).toHaveAttribute('open', '');
  await page.screenshot({ path: `${SHOTS}/learn-hidden-${page.viewportSize()?.width}.png` });
  expect(await noHorizontalScroll(page)).toBe(true);
  await hiddenList.getByRole('button', { name: `Вернуть: ${title}` }).click();
  await expect(card).toBeVisible();
  await expect(hiddenList).toHaveCount(0);

  // Delete: 'Нет' closes and keeps the course.
  await card.getByRole('button', { name: `Удалить: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Удаление курса' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Удалить курс «${title}»?`);
  expect(await noHorizontalScroll(page)).toBe(true);
  await dialog.getByRole('button', { name: 'Нет' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  // 'Да' removes the access and the list is fetched again.
  await card.getByRole('button', { name: `Удалить: ${title}` }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Да' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Выбрать курс в каталоге' })).toBeVisible();
  expect(await myCourses(page)).toEqual([]);
  await page.reload();
  await expect(page.getByText('Вы пока не записаны ни на один курс.')).toBeVisible();
  expect((await page.goto(`/user/courses/${enrolment!.id}/`))?.status()).toBe(404);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
