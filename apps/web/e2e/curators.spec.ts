import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import type { AdminBlocks, AdminCourse, AdminModule, Category, CourseCurator, CuratorQueuePage, HomeworkDeadline, MyCourse, SchoolGroup } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { STAFF_TEST_GROUP, expect, mailedCode, newEmail, test } from './fixtures.ts';

// Homework checked by curators, on the screens: the owner names a curator in the course builder's
// 'Кураторы'; the curator finds the answer waiting under 'Проверка заданий' (with the count in the
// profile menu), reads it beside the task, returns it with a comment carrying a picture, a video and
// a PDF (the learner sees all three in the lesson's conversation), meets a stale version (409, then
// 'Обновить ответ'), and accepts the next answer with a grade; the owner then removes the curator
// after a confirmation. A learner who checks nothing gets the 404 page at /curator/.
// A curator of one group sees that group's answers only, and another group's answer of the same
// course is the 404 page. A homework past its deadline: the late answer is 'Срок прошёл' on the
// curator's card and answer page, and in the owner's 'Кураторы' one answer after the deadline and
// one homework not handed in; the learner who answered late and the one who has not answered read
// '— срок прошёл' beside the deadline.

const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

// The refusals the screens show on purpose (a return without a comment, a stale version).
test.use({ allowedConsoleErrors: { text: /status of (400|404|409)/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** An API call as the signed-in browser makes it (session cookies and the CSRF header). */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, {
    method,
    headers: { ...WEB, [CSRF_HEADER]: csrf, ...headers },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A second person in a browser of their own, signed in by the e-mail code (a new account). */
async function person(browser: Browser, baseURL: string, name: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Asia/Vladivostok',
    viewport: test.info().project.use.viewport ?? undefined,
  });
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
  const page = await context.newPage();
  const email = newEmail(name);
  expect(
    (
      await page.request.post('/api/auth/send_code/email/', {
        headers: WEB,
        data: { email },
      })
    ).status(),
  ).toBe(200);
  const res = await page.request.post('/api/auth/token/email/', {
    headers: WEB,
    data: {
      email,
      code: await mailedCode(page, email),
      consent_personal_data: true,
    },
  });
  expect(res.status()).toBe(200);
  return { page, email };
}

/** A demo account in a browser of its own, signed in by its password. */
async function demo(browser: Browser, baseURL: string, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', timezoneId: 'Asia/Vladivostok', viewport: test.info().project.use.viewport ?? undefined });
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/token/', { headers: WEB, data: { username: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return page;
}

/** The learner's name in their profile, as the curators' screens show it. */
async function named(page: Page, first: string, last: string) {
  await api(page, 'PATCH', '/api/user/personal/', { first_name: first, last_name: last });
}

/** A picture of one pixel (PNG). */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A short MP4 of the demo's (a few seconds, 16 KB). */
const VIDEO = readFileSync(path.resolve(import.meta.dirname, '../../api/src/db/seed/videos/espresso-recipe.mp4'));
/** A small PDF as the server reads it (its type is read from its first bytes). */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), Buffer.alloc(4096, 0x20)]);

const TASK = {
  title: 'Сердце на капучино',
  text: 'Сфотографируйте сердце из молочной пены и опишите, как взбивали молоко.',
};

/** A draft course of the owner with a published lesson whose only block is a homework (with the deadline given). */
async function courseWithHomework(page: Page, deadline: HomeworkDeadline | null = null): Promise<{ course: AdminCourse; lessonId: number; blockId: number }> {
  const categories = await api<Category[]>(page, 'GET', '/api/categories/');
  const course = await api<AdminCourse>(page, 'POST', '/api/admin/courses/', {
    title: `Курс с заданием e2e ${Date.now()}`,
    category_id: categories[0]!.id,
  });
  const module = await api<AdminModule>(page, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Латте-арт' });
  const lesson = await api<{ id: number }>(page, 'POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Сердце' });
  const blocks = await api<AdminBlocks>(page, 'GET', `/api/admin/lessons/${lesson.id}/blocks/`);
  const saved = await api<AdminBlocks>(page, 'PUT', `/api/admin/lessons/${lesson.id}/blocks/`, {
    updated_at: blocks.updated_at,
    pages: [
      [
        {
          data: {
            type: 'homework',
            title: TASK.title,
            html: `<p>${TASK.text}</p>`,
            accepts: { text: true, photos: 3, videos: 0, files: 0 },
            max_file_mb: 20,
            gate: 'none',
            deadline,
          },
        },
      ],
    ],
  });
  await api(page, 'PATCH', `/api/admin/lessons/${lesson.id}/`, {
    is_published: true,
  });
  return { course, lessonId: lesson.id, blockId: saved.pages[0]![0]!.id };
}

/** The learner's enrolment in the course. */
async function enrolmentOf(page: Page, courseId: number): Promise<number> {
  const mine = await api<MyCourse[]>(page, 'GET', '/api/user/courses/');
  return mine.find((c) => c.course.id === courseId)!.id;
}

/** The learner's answer, as the lesson page sends it. */
async function answer(page: Page, courseId: number, blockId: number, text: string) {
  await api(page, 'POST', `/api/user/course/${await enrolmentOf(page, courseId)}/homework/${blockId}/`, { text }, { 'idempotency-key': randomUUID() });
}

test('an owner names a curator; the curator returns an answer with a comment, meets a stale version, accepts the next with a grade', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  await login(OWNER.email, { password: OWNER.password });
  const { course, lessonId, blockId } = await courseWithHomework(page);
  const learner = await person(browser, baseURL!, 'hw-learner');
  const curator = await person(browser, baseURL!, 'hw-curator');
  // A new account is invited; the course joins their learning when they take the pending grants (as 'Мое обучение' does).
  expect((await api<{ status: string }>(page, 'POST', `/api/admin/courses/${course.id}/audience/`, { email: learner.email })).status).toMatch(/^(enrolled|invited)$/);
  await api(learner.page, 'POST', '/api/user/courses/grants/', {});
  await answer(learner.page, course.id, blockId, 'Вот моё сердце: молоко взбивал до 60 градусов.');

  // Not yet a curator: the section does not exist for them.
  const before = await curator.page.goto('/curator/homework/');
  expect(before?.status()).toBe(404);

  // The owner names the curator for the whole course in 'Кураторы'.
  await page.goto(`/admin/courses/${course.id}/curators/`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Кураторы курса' })).toBeVisible();
  await expect(page.getByText('Кураторов пока нет.')).toBeVisible();
  await page.getByLabel('E-mail куратора').fill(curator.email);
  await page.getByRole('button', { name: 'Назначить' }).click();
  await expect(page.locator('.admin-notice')).toContainText('куратор: весь курс');
  const card = page.getByRole('list', { name: 'Кураторы курса' }).getByRole('listitem').filter({ hasText: curator.email });
  await expect(card).toContainText('Весь курс');
  await expect(card).toContainText('Ждут проверки: 1');
  await page.screenshot({
    path: `/tmp/hwc-curators-${project}.png`,
    fullPage: true,
  });

  // The curator: 'Проверка заданий' with the count in the profile menu, then the queue.
  const cp = curator.page;
  await cp.goto('/user/courses/');
  await hydrated(cp);
  const phone = (cp.viewportSize()?.width ?? 1280) < 768;
  const button = (phone ? cp.getByRole('navigation', { name: 'Нижнее меню' }) : cp.getByRole('banner')).getByRole('button', { name: /^Профиль: / });
  // The dropdown's chunk loads after the page: a tap before it has hydrated the button does nothing.
  await expect(button).toHaveAttribute('data-ready', 'true');
  await button.click();
  const dropdown = cp.locator(`#${await button.getAttribute('aria-controls')}`);
  const entry = dropdown.getByRole('link', {
    name: 'Проверка заданий (ждут проверки: 1)',
  });
  await expect(entry).toBeVisible();
  await cp.screenshot({ path: `/tmp/hwc-menu-${project}.png`, scale: 'css' });
  await entry.click();
  await expect(cp.getByRole('heading', { name: 'Проверка заданий' })).toBeVisible();
  await expect(cp.getByRole('status').filter({ hasText: 'Ждут проверки' })).toHaveText('Ждут проверки: 1');
  const queued = cp.getByRole('list', { name: 'Ответы учеников' }).getByRole('listitem').filter({ hasText: course.title });
  await expect(queued).toContainText(TASK.title);
  await expect(queued).toContainText('Ждёт проверки');
  await cp.screenshot({
    path: `/tmp/hwc-queue-${project}.png`,
    fullPage: true,
  });

  // The answer beside the task.
  await queued.getByRole('link', { name: TASK.title }).click();
  await hydrated(cp);
  await expect(cp.getByRole('heading', { level: 1, name: TASK.title })).toBeVisible();
  await expect(cp.getByRole('region', { name: 'Задание' })).toContainText(TASK.text);
  await expect(cp.getByRole('region', { name: 'Переписка' })).toContainText('молоко взбивал до 60 градусов');

  // The review screen as a curator meets it: no WCAG violations in the page's own part.
  const axe = await new AxeBuilder({ page: cp })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    .include('#content')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A return needs a comment: the server's words under the field.
  await cp.getByRole('button', { name: 'Вернуть на доработку' }).click();
  await expect(cp.getByLabel('Комментарий')).toHaveAttribute('aria-invalid', 'true');
  await expect(cp.getByText('Напишите, что исправить.')).toBeVisible();
  await cp.getByLabel('Комментарий').fill('Пена слишком крупная: взбивайте дольше и стучите кувшином о стол.');
  // Files with the comment — a picture, a short video and a PDF, picked together: each goes up at once, by the resumable upload.
  await cp.getByLabel('Приложить файлы').setInputFiles([
    { name: 'pena.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL, 'base64') },
    { name: 'kuvshin.mp4', mimeType: 'video/mp4', buffer: VIDEO },
    { name: 'pamyatka.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const picked = cp.getByRole('list', { name: 'Файлы к комментарию' });
  for (const name of ['pena.png', 'kuvshin.mp4', 'pamyatka.pdf']) await expect(picked.getByRole('listitem').filter({ hasText: name })).toContainText('загружено');
  await cp.locator('.cur-review-form').screenshot({ path: `/tmp/hwc-files-${project}.png` });
  await cp.getByRole('button', { name: 'Вернуть на доработку' }).click();
  await expect(cp.getByRole('status').filter({ hasText: 'возвращено' })).toHaveText(/Задание возвращено на доработку\./);
  const comment = cp.locator('.cur-message--curator');
  await expect(comment).toContainText('Пена слишком крупная');
  await expect(comment.getByRole('img', { name: 'Фото: pena.png' })).toBeVisible();
  await expect(comment.getByLabel('Видео «kuvshin.mp4»')).toBeVisible();
  await expect(comment.getByRole('link', { name: 'pamyatka.pdf' })).toBeVisible();
  await expect(cp.locator('.cur-card__facts .cur-status').first()).toHaveText('На доработке');

  // The learner reads the comment in the lesson with all three files: the picture, the video to play, the PDF to download.
  await learner.page.goto(`/user/courses/${await enrolmentOf(learner.page, course.id)}/lessons/${lessonId}/`);
  await hydrated(learner.page);
  const conversation = learner.page.getByRole('region', { name: TASK.title }).getByRole('list', { name: 'Переписка по заданию' });
  const fromCurator = conversation.locator('.hw-msg--curator');
  await expect(fromCurator).toContainText('Пена слишком крупная');
  // The curator has no name in the profile: 'Куратор', said once.
  await expect(fromCurator.locator('.hw-msg__who')).toHaveText('Куратор');
  await expect(fromCurator.getByRole('img', { name: 'Фотография «pena.png»' })).toBeVisible();
  await expect(fromCurator.getByLabel('Видео «kuvshin.mp4»')).toBeVisible();
  await expect(fromCurator.getByRole('link', { name: /^Скачать видео «kuvshin\.mp4»/ })).toBeVisible();
  const pdf = fromCurator.getByRole('link', { name: /pamyatka\.pdf/ });
  await expect(pdf).toBeVisible();
  // The PDF itself reaches the learner, byte for byte.
  const download = await learner.page.request.get((await pdf.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), PDF)).toBe(0);
  await conversation.screenshot({ path: `/tmp/hwc-learner-files-${project}.png` });

  // The learner answers again; the curator opens it, and meanwhile the answer changes (the curator's
  // own other tab takes it): the decision from the old version is refused, then made on the new one.
  await answer(learner.page, course.id, blockId, 'Исправил: пена мельче, сердце ровнее.');
  await cp.reload();
  await hydrated(cp);
  await expect(cp.getByRole('region', { name: 'Переписка' })).toContainText('сердце ровнее');
  const id = Number(/\/curator\/homework\/(\d+)\//.exec(cp.url())![1]);
  await api(cp, 'POST', `/api/curator/homework/${id}/claim/`, {});
  await cp.getByLabel('Оценка').fill('90');
  await cp.getByRole('button', { name: 'Принять' }).click();
  await expect(cp.locator('.admin-alert')).toBeVisible();
  await cp.screenshot({
    path: `/tmp/hwc-stale-${project}.png`,
    fullPage: true,
  });
  await cp.getByRole('button', { name: 'Обновить ответ' }).click();
  await expect(cp.locator('.admin-alert')).toHaveCount(0);
  await expect(cp.getByText('Вы проверяете это задание')).toBeVisible();
  await expect(cp.getByLabel('Оценка')).toHaveValue('90');
  await cp.getByRole('button', { name: 'Принять' }).click();
  await expect(cp.getByRole('status').filter({ hasText: 'принято' })).toHaveText(/Задание принято\./);
  await expect(cp.locator('.cur-message--curator').last()).toContainText('Оценка: 90');
  await cp.screenshot({
    path: `/tmp/hwc-review-${project}.png`,
    fullPage: true,
  });

  // The queue is empty again.
  await cp.getByRole('link', { name: 'К другим заданиям' }).click();
  await expect(cp.getByRole('list', { name: 'Ответы учеников' }).getByRole('listitem').filter({ hasText: course.title })).toHaveCount(0);

  // The owner removes the curator after a confirmation; the learner's access ends (the draft stays: it has had a learner).
  await page.reload();
  await hydrated(page);
  await card.getByRole('button', { name: 'Снять' }).click();
  await expect(page.getByRole('dialog', { name: 'Снять куратора?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Снять' }).click();
  await expect(page.getByRole('list', { name: 'Кураторы курса' })).toHaveCount(0);
  const audience = await api<{
    results: { user_course_id: number; user: { email: string } }[];
  }>(page, 'GET', `/api/admin/courses/${course.id}/audience/`);
  for (const row of audience.results) await api(page, 'DELETE', `/api/admin/courses/${course.id}/audience/${row.user_course_id}/`);
  await learner.page.context().close();
  await curator.page.context().close();
});

test('a group’s curator sees the answers of that group only; another group’s answer is the 404 page', async ({ page, login, browser, baseURL }) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  await login(OWNER.email, { password: OWNER.password });
  const { course, blockId } = await courseWithHomework(page);
  const ours = await person(browser, baseURL!, 'hw-ours');
  const theirs = await person(browser, baseURL!, 'hw-theirs');
  const curator = await person(browser, baseURL!, 'hw-group-curator');
  await named(ours.page, 'Ольга', 'Утренняя');
  await named(theirs.page, 'Вера', 'Вечерняя');

  // Staff make two groups of the course and put one learner in each (through the API: the back office's screens are another spec's).
  const staff = await demo(browser, baseURL!, STAFF);
  const today = new Date().toISOString().slice(0, 10);
  const group = (title: string) =>
    api<SchoolGroup>(staff, 'POST', '/api/admin/school/groups/', {
      course_id: course.id,
      title: `${STAFF_TEST_GROUP} ${title} ${project} ${Date.now()}`,
      starts_on: today,
      format: 'offline',
      location: 'Москва, ул. Покровка, д. 27',
      capacity: 6,
    });
  const morning = await group('утро');
  const evening = await group('вечер');
  try {
    await api(staff, 'POST', `/api/admin/school/groups/${morning.id}/members/`, { email: ours.email });
    await api(staff, 'POST', `/api/admin/school/groups/${evening.id}/members/`, { email: theirs.email });
    await answer(ours.page, course.id, blockId, 'Утренняя группа: сердце получилось.');
    await answer(theirs.page, course.id, blockId, 'Вечерняя группа: сердце расплылось.');

    // The owner names the curator for the morning group only.
    const appointed = await api<CourseCurator>(page, 'POST', `/api/admin/courses/${course.id}/curators/`, { email: curator.email, group_id: morning.id });
    expect(appointed.group).toMatchObject({ id: morning.id });
    const all = await api<CuratorQueuePage>(page, 'GET', `/api/curator/homework/?course=${course.id}`);
    const other = all.results.find((card) => card.learner.name === 'Вера Вечерняя');
    expect(other, 'the owner sees the evening group’s answer').toBeDefined();

    // The curator's queue: the morning learner's answer, not the evening one's.
    const cp = curator.page;
    await cp.goto('/curator/homework/');
    await hydrated(cp);
    const cards = cp.getByRole('list', { name: 'Ответы учеников' }).getByRole('listitem').filter({ hasText: course.title });
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Ольга Утренняя');
    await expect(cards).toContainText(morning.title);
    await expect(cp.getByRole('list', { name: 'Ответы учеников' })).not.toContainText('Вера Вечерняя');
    await cp.locator('#content').screenshot({ path: `/tmp/hwc-group-queue-${project}.png` });
    await cards.getByRole('link', { name: TASK.title }).click();
    await expect(cp.getByRole('region', { name: 'Переписка' })).toContainText('Утренняя группа: сердце получилось.');

    // The evening answer by its address: the 404 page, nothing of it shown.
    const res = await cp.goto(`/curator/homework/${other!.id}/`);
    expect(res?.status()).toBe(404);
    await expect(cp.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
    await expect(cp.locator('body')).not.toContainText('сердце расплылось');
  } finally {
    // Closed again, as the other specs leave their groups; the learners' access ends (the draft stays: it has had learners).
    for (const made of [morning, evening]) await api(staff, 'POST', `/api/admin/school/groups/${made.id}/close/`, {}).catch(() => undefined);
    const audience = await api<{ results: { user_course_id: number }[] }>(page, 'GET', `/api/admin/courses/${course.id}/audience/`);
    for (const row of audience.results) await api(page, 'DELETE', `/api/admin/courses/${course.id}/audience/${row.user_course_id}/`).catch(() => undefined);
    for (const someone of [ours, theirs, curator]) await someone.page.context().close();
    await staff.context().close();
  }
});

test('a homework past its deadline: a late answer is marked for the curator and the owner, and a learner sees the deadline gone, answered or not', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  await login(OWNER.email, { password: OWNER.password });
  // A deadline long gone, by Moscow time.
  const { course, lessonId, blockId } = await courseWithHomework(page, { type: 'date', at: '2025-01-15T18:00:00+03:00' });
  const late = await person(browser, baseURL!, 'hw-late');
  const silent = await person(browser, baseURL!, 'hw-silent');
  const curator = await person(browser, baseURL!, 'hw-course-curator');
  await named(late.page, 'Пётр', 'Опоздавший');
  for (const learner of [late, silent]) {
    await api(page, 'POST', `/api/admin/courses/${course.id}/audience/`, { email: learner.email });
    await api(learner.page, 'POST', '/api/user/courses/grants/', {});
  }
  try {
    await answer(late.page, course.id, blockId, 'Простите, сдаю позже срока.');
    await api(page, 'POST', `/api/admin/courses/${course.id}/curators/`, { email: curator.email, group_id: null });

    // The curator's queue: the late answer's card says the deadline has passed, and so does the answer's page.
    const cp = curator.page;
    await cp.goto('/curator/homework/');
    await hydrated(cp);
    const card = cp.getByRole('list', { name: 'Ответы учеников' }).getByRole('listitem').filter({ hasText: course.title });
    await expect(card).toContainText('Пётр Опоздавший');
    await expect(card.getByText('Срок прошёл', { exact: true })).toBeVisible();
    await expect(card).toContainText('Срок 15.01.2025 18:00');
    await card.screenshot({ path: `/tmp/hwc-overdue-queue-${project}.png` });
    await card.getByRole('link', { name: TASK.title }).click();
    await expect(cp.getByRole('heading', { level: 1, name: TASK.title })).toBeVisible();
    await expect(cp.locator('.cur-card__facts').getByText('Срок прошёл', { exact: true })).toBeVisible();

    // The owner's 'Кураторы': the curator has one answer that came after the deadline and one never sent.
    await page.goto(`/admin/courses/${course.id}/curators/`);
    await hydrated(page);
    const load = page.getByRole('list', { name: 'Кураторы курса' }).getByRole('listitem').filter({ hasText: curator.email });
    await expect(load.getByText('Ответов после срока: 1')).toBeVisible();
    // The learner who never answered is counted too.
    await expect(load.getByText('Не сдано в срок: 1')).toBeVisible();
    await expect(load.getByText('Ждут проверки: 1')).toBeVisible();
    await load.screenshot({ path: `/tmp/hwc-overdue-curators-${project}.png` });

    // The learners, in the lesson: the one who answered late and the one who has not answered at all.
    for (const [learner, status] of [
      [late, 'Отправлено на проверку'],
      [silent, 'Не отправлено'],
    ] as const) {
      await learner.page.goto(`/user/courses/${await enrolmentOf(learner.page, course.id)}/lessons/${lessonId}/`);
      await hydrated(learner.page);
      const mine = learner.page.getByRole('region', { name: TASK.title }).getByRole('status');
      await expect(mine).toContainText(status);
      await expect(mine.getByText('Сдать до 15.01.2025 18:00 (МСК) — срок прошёл')).toBeVisible();
    }
    await silent.page.getByRole('region', { name: TASK.title }).screenshot({ path: `/tmp/hwc-overdue-learner-${project}.png` });
  } finally {
    const audience = await api<{ results: { user_course_id: number }[] }>(page, 'GET', `/api/admin/courses/${course.id}/audience/`);
    for (const row of audience.results) await api(page, 'DELETE', `/api/admin/courses/${course.id}/audience/${row.user_course_id}/`).catch(() => undefined);
    for (const someone of [late, silent, curator]) await someone.page.context().close();
  }
});
