import type { Page } from '@playwright/test';
import type { Statistic } from '@crema/contract';
import { expect, test } from './fixtures.ts';

// The progress screens (decision 0034) at 375 and 1280 px, as the demo student (a parent
// too: the child Полина studies 'Юный бариста'): the tiles and both charts (SVG rendered by the server,
// each with its text table), a course filter in the address, a test's attempt opened from the
// page, the child's progress, the exports answering files with the filters, and the list of every
// finished attempt. Read only: both projects run at once on one database.

const SHOTS = '/work/shots';
const DEMO = { email: 'student@crema.local', password: 'crema-demo-2026' };
const CHILD = 'Полина Смирнова';

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/progress-${name}-${page.viewportSize()?.width}.png`, fullPage: true });
const coursesChart = (page: Page) => page.getByRole('figure', { name: 'Пройдено по курсам, %' });
const scoresChart = (page: Page) => page.getByRole('figure', { name: 'Баллы за тесты по времени, %' });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

test('the demo student sees tiles and charts, filters a course, opens an attempt, the child’s progress and the exports', async ({ page, login }) => {
  // A long walk with full-page screenshots of chart pages: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await login(DEMO.email, { password: DEMO.password });
  await page.goto('/user/progress/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Успеваемость' })).toBeVisible();

  // The tiles.
  for (const label of ['Курсы начаты', 'Курсы пройдены', 'Уроки пройдены', 'Тесты сданы', 'Средний балл', 'Время занятий']) {
    await expect(page.locator('.progress-tile dt', { hasText: label })).toBeVisible();
  }
  // Both charts are drawn (SVG, by the server: no chart library loads, decision 0083) and read as tables: every course of the student's, the attempts with their dates.
  const html = await (await page.request.get('/user/progress/')).text();
  expect(html.match(/<svg class="progress-chart__svg"/g)).toHaveLength(2);
  await expect(coursesChart(page).locator('svg.progress-chart__svg')).toBeVisible();
  await expect(scoresChart(page).locator('svg.progress-chart__svg')).toBeVisible();
  const courseRows = coursesChart(page).getByRole('table').getByRole('row');
  await expect(courseRows.filter({ hasText: 'Бариста с нуля' })).toHaveCount(1);
  await expect(courseRows.filter({ hasText: 'Домашний бариста' })).toContainText('100%');
  // The attempts' dates in Moscow time, whatever the browser's zone (Vladivostok in these tests).
  const statistic = (await (await page.request.get('/api/user/course/statistic/', { headers: { 'x-crema-client': 'web' } })).json()) as Statistic;
  const first = statistic.scores[0]!;
  const moscow = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(new Date(first.date))
    .replace(',', '');
  await expect(scoresChart(page).getByRole('table').getByRole('row').nth(1)).toContainText(`${moscow}${first.test.title}${first.score}%`);
  // The pass score of the tests taken (70% in the demo) is on the line chart, once.
  await expect(scoresChart(page).locator('.progress-chart__pass')).toHaveCount(1);
  await expect(scoresChart(page).getByRole('table')).toContainText('проходной балл 70%');
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'overview');

  // A course filter goes into the address and narrows the charts and the list.
  await page.getByRole('combobox', { name: 'Курс' }).selectOption({ label: 'Бариста с нуля' });
  await page.waitForURL(/\/user\/progress\/\?course=\d+$/);
  await expect(courseRows).toHaveCount(2); // the header and the one course
  await expect(courseRows.nth(1)).toContainText('Бариста с нуля');
  await expect(page.locator('.progress-course')).toHaveCount(1);
  // Every test of the course is listed: the one passed, and those not taken yet with a way to them.
  await expect(page.locator('.progress-test').filter({ hasText: 'Сдан' })).not.toHaveCount(0);
  await expect(page.locator('.progress-test').filter({ hasText: 'Не начат' }).first().getByRole('link', { name: 'Пройти тест' })).toHaveAttribute(
    'href',
    /^\/user\/courses\/\d+\/testing\/\d+\/$/,
  );

  // The exports carry the filter and answer files.
  const xlsx = page.getByRole('link', { name: 'Excel (XLSX)' });
  const csv = page.getByRole('link', { name: 'CSV' });
  await expect(xlsx).toHaveAttribute('href', /\/api\/user\/course\/statistic\/export\/\?.*course=\d+.*format=xlsx/);
  for (const [link, type] of [
    [xlsx, /spreadsheetml/],
    [csv, /text\/csv/],
  ] as const) {
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(type);
    expect((await res.body()).length).toBeGreaterThan(100);
  }

  // An attempt's result page, from the course's tests.
  const attempt = page.getByRole('link', { name: /^Попытка \d+: \d+%/ }).first();
  const attemptText = (await attempt.textContent())!;
  await attempt.click();
  await page.waitForURL(/\/user\/progress\/test-results\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Результат теста «/ })).toBeVisible();
  expect(attemptText).toMatch(/%/);

  // The parent's view of the child: a tab, in the address.
  await page.goto('/user/progress/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Чья успеваемость' }).getByRole('link', { name: CHILD }).click();
  await page.waitForURL(/\/user\/progress\/\?student=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Успеваемость: ${CHILD}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Чья успеваемость' }).getByRole('link', { name: CHILD })).toHaveAttribute('aria-current', 'page');
  await expect(courseRows.filter({ hasText: 'Юный бариста' })).toHaveCount(1);
  await expect(courseRows.filter({ hasText: 'Бариста с нуля' })).toHaveCount(0);
  await expect(coursesChart(page).locator('svg.progress-chart__svg')).toBeVisible();
  // The child's test, failed and then passed: both attempts on the chart and linked to their results.
  await expect(scoresChart(page).locator('svg.progress-chart__svg')).toBeVisible();
  await expect(scoresChart(page).getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /^Попытка \d+: \d+%/ })).toHaveCount(2);
  await expect(page.getByRole('link', { name: /^Попытка 1: / })).toHaveAttribute('href', /^\/user\/progress\/test-results\/\d+\/$/);
  await shot(page, 'child');

  // Every finished attempt of the account and its children, newest first.
  await page.goto('/user/progress/test-results/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Результаты тестов' })).toBeVisible();
  const results = page.locator('.progress-result');
  await expect(results.first()).toBeVisible();
  await expect(results.filter({ hasText: 'Бариста с нуля' })).not.toHaveCount(0);
  await expect(results.filter({ hasText: CHILD })).toHaveCount(2);
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'results');
});

test('a new account sees the empty state; a failing statistics call leaves the page with a calm note', async ({ page, login }) => {
  await login();
  await page.goto('/user/progress/');
  await expect(page.getByRole('heading', { level: 1, name: 'Успеваемость' })).toBeVisible();
  await expect(page.getByText('У вас пока нет курсов')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Выбрать курс в каталоге' })).toHaveAttribute('href', '/courses/');

  // A course the account does not have: the statistics call answers 404, which is only logged.
  const res = await page.goto('/user/progress/?course=999999');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Статистика сейчас недоступна' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Период' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV' })).toBeVisible();
});
