import type { Page } from '@playwright/test';
import type { CalendarFeedView, GroupModules, MyGroup, UserSchedule } from '@crema/contract';
import { formatCount, formatDate, formatTime, moscowIsoDate } from '@crema/contract/format';
import { expect, test } from './fixtures.ts';

// The group screens and my schedule (decision 0032) at 375 and 1280 px, in a browser far
// east of Moscow (Vladivostok, UTC+10): every time on screen must still be Moscow's. The demo student
// studies in 'Бариста с нуля' (a group under way: sessions behind and ahead, lessons the timetable
// opened next to closed ones) and is the parent of a child in 'Юный бариста'. The expectations are
// read from the API just before. The calendar feed is made, remade and revoked by a fresh account
// per project (both projects run at once; the demo student's feed would be shared).

const SHOTS = '/work/shots';
const DEMO = { email: 'student@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

test.use({ timezoneId: 'Asia/Vladivostok' });

test.beforeEach(async ({ page, baseURL }) => {
  // The cookie notice accepted, as a returning visitor has it.
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: WEB });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const opens = (iso: string) => `Откроется ${formatDate(iso)} в ${formatTime(iso)}`;

test('the demo student opens my groups, a group’s timetable and a session, reads an open lesson in the group and finds a closed one locked', async ({
  page,
  login,
}, testInfo) => {
  await login(DEMO.email, { password: DEMO.password });
  const groups = await apiGet<MyGroup[]>(page, '/api/user/groups/');
  const mine = groups.find((group) => group.course.slug === 'barista-s-nulya')!;
  const child = groups.find((group) => group.course.slug === 'yunyi-barista')!;
  expect(mine.next_session, 'the demo group has a session ahead').toBeTruthy();
  const outline = await apiGet<GroupModules>(page, `/api/group_schedule/${mine.id}/modules/`);
  const items = outline.modules.flatMap((module) => module.content);
  const open = items.find((item) => item.type === 'lesson' && item.is_open && item.session)!;
  const closed = items.find((item) => item.type === 'lesson' && !item.is_open && item.opens_at)!;
  expect(open && closed, 'the programme has an open and a closed lesson').toBeTruthy();

  // 'Мое обучение' and the account sidebar lead to the groups.
  await page.goto('/user/courses/');
  await expect(page.getByRole('main').getByRole('link', { name: '«Мои группы»' })).toHaveAttribute('href', '/user/group/');
  // (Folded behind 'Меню кабинета' on a phone: present, not shown.)
  await expect(page.locator('#account-nav').getByRole('link', { name: 'Мои группы', includeHidden: true })).toHaveAttribute('href', '/user/group/');

  // My groups: whose, the start, the next session in Moscow time, members with a plural.
  await page.goto('/user/group/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои группы' })).toBeVisible();
  const card = page.getByRole('article', { name: `${mine.course.title}, ${mine.title}` });
  await expect(card).toContainText('Вы');
  await expect(card).toContainText(formatDate(mine.starts_on));
  await expect(card).toContainText(`${formatDate(mine.next_session!.starts_at)}, ${formatTime(mine.next_session!.starts_at)}`);
  await expect(card).toContainText(formatCount(mine.members_count, ['участник', 'участника', 'участников']));
  await expect(page.getByRole('article', { name: `${child.course.title}, ${child.title}` })).toContainText(child.learners[0]!.student!.first_name);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/groups-list-${testInfo.project.name}.png`, fullPage: true });

  // One group: past sessions dimmed, the next highlighted; the materials with the closed lesson locked.
  await card.getByRole('link', { name: mine.title }).click();
  await expect(page).toHaveURL(new RegExp(`/user/group/${mine.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: mine.title })).toBeVisible();
  const next = page.locator('.group-session--next');
  await expect(next).toHaveCount(1);
  await expect(next).toContainText(mine.next_session!.title);
  await expect(next).toContainText(formatTime(mine.next_session!.starts_at));
  expect(await page.locator('.group-session--past').count()).toBeGreaterThan(0);
  const materials = page.getByRole('region', { name: 'Материалы группы' });
  const lockedItem = materials.locator('.learn-item--closed', { hasText: closed.title });
  await expect(lockedItem).toContainText(opens(closed.opens_at!));
  await expect(lockedItem.getByRole('link')).toHaveCount(0);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/groups-group-${testInfo.project.name}.png`, fullPage: true });

  // The next session: when (Moscow) and its lesson, closed until it starts.
  await next.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/user/group/${mine.id}/schedule/${mine.next_session!.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: mine.next_session!.title })).toBeVisible();
  await expect(page.locator('main')).toContainText(`${formatDate(mine.next_session!.starts_at)}, ${formatTime(mine.next_session!.starts_at)}`);
  await page.screenshot({ path: `${SHOTS}/groups-session-${testInfo.project.name}.png`, fullPage: true });

  // An open lesson in the group's course-study layout: the group's programme in the sidebar.
  await page.goto(`/user/group/${mine.id}/`);
  await hydrated(page);
  await materials.getByRole('link', { name: new RegExp(open.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/user/group/${mine.id}/schedule/${open.session!.id}/lessons/${open.id}/$`));
  await expect(page.getByRole('heading', { level: 1, name: open.title })).toBeVisible();
  await hydrated(page);
  const sidebar = page.getByRole('navigation', { name: 'Содержание курса' });
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Содержание курса' }).click();
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: '← Мои группы' })).toHaveAttribute('href', '/user/group/');
  await expect(sidebar.locator('.learn-item--closed', { hasText: closed.title })).toContainText(opens(closed.opens_at!));
  await expect(sidebar.getByRole('link', { name: new RegExp(closed.title) })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/groups-lesson-${testInfo.project.name}.png`, fullPage: false });
  if (testInfo.project.name === 'phone') await page.keyboard.press('Escape');
  // Previous and next stay inside the group's addresses.
  for (const step of await page.locator('.lesson-step').all()) {
    expect(await step.getAttribute('href')).toMatch(new RegExp(`^/user/group/${mine.id}/`));
  }

  // A test of the group: an open one offers the quiz (run through the course calls), one the
  // timetable keeps closed says when it opens.
  const openTest = items.find((item) => item.type === 'test' && item.is_open);
  if (openTest) {
    await page.goto(`/user/group/${mine.id}/schedule/${openTest.session ? `${openTest.session.id}/` : ''}testing/${openTest.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: openTest.title })).toBeVisible();
    await expect(page.getByRole('button', { name: /Начать тест|Пройти ещё раз/ })).toBeVisible();
  }
  const closedTest = [...items.filter((item) => item.type === 'test'), ...outline.final_tests].find((item) => !item.is_open && item.session);
  if (closedTest) {
    await page.goto(`/user/group/${mine.id}/schedule/${closedTest.session!.id}/testing/${closedTest.id}/`);
    await expect(page.locator('.quiz-panel')).toContainText(`Тест откроется ${formatDate(closedTest.opens_at!)} в ${formatTime(closedTest.opens_at!)}`);
    await expect(page.getByRole('link', { name: 'К странице группы' })).toHaveAttribute('href', `/user/group/${mine.id}/`);
  }

  // One address per lesson: without its session (or with another) it redirects to the canonical one.
  await page.goto(`/user/group/${mine.id}/schedule/lessons/${open.id}/`);
  await expect(page).toHaveURL(new RegExp(`/user/group/${mine.id}/schedule/${open.session!.id}/lessons/${open.id}/$`));

  // A closed lesson's address: the timetable's text, calmly, and the way back to the group.
  await page.goto(`/user/group/${mine.id}/schedule/${closed.session!.id}/lessons/${closed.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: closed.title })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(`Урок откроется ${formatDate(closed.opens_at!)} в ${formatTime(closed.opens_at!)}`);
  await expect(page.getByRole('link', { name: 'К странице группы' })).toHaveAttribute('href', `/user/group/${mine.id}/`);
});

test('my schedule, by Moscow day in a far-east browser, shows Moscow times, whose each session is, and further ahead', async ({ page, login }, testInfo) => {
  await login(DEMO.email, { password: DEMO.password });
  const schedule = await apiGet<UserSchedule>(page, '/api/user/schedule/?to=' + moscowIsoDate(new Date(Date.now() + 30 * 86_400_000)));
  const first = schedule.days[0]!;
  const session = first.sessions[0]!;
  expect(session, 'the demo schedule has sessions ahead').toBeTruthy();
  // The browser's own clock reads another hour (UTC+10 against Moscow's UTC+3).
  const local = await page.evaluate((iso) => new Date(iso).getHours(), session.starts_at);
  expect(String(local).padStart(2, '0')).not.toBe(formatTime(session.starts_at).slice(0, 2));

  await page.goto('/user/schedule/?days=30');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
  await expect(page.getByRole('link', { name: '30 дней' })).toHaveAttribute('aria-current', 'page');
  // Days by their Moscow date: today's heading is 'Сегодня', tomorrow's 'Завтра'.
  const today = moscowIsoDate(new Date());
  if (first.date === today) await expect(page.locator('.schedule-day__title').first()).toHaveText('Сегодня');
  else await expect(page.locator('.schedule-day__title').first()).not.toHaveText('Сегодня');
  await expect(page.locator('.schedule-session').first()).toContainText(`${formatTime(session.starts_at)}–${formatTime(session.ends_at)}`);
  // Whose: the child's sessions carry her name.
  const childSession = schedule.days.flatMap((entry) => entry.sessions).find((entry) => entry.learners.some((learner) => learner.student))!;
  await expect(page.locator('.schedule-session', { hasText: childSession.title }).first()).toContainText(
    childSession.learners.find((learner) => learner.student)!.student!.first_name,
  );
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/groups-schedule-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: '14 дней' }).click();
  await expect(page).toHaveURL(/\/user\/schedule\/$/);
  await expect(page.getByRole('link', { name: '14 дней' })).toHaveAttribute('aria-current', 'page');
});

test('the personal calendar: connect, fetch the .ics, change the link (the old one stops), switch off', async ({ page, login }, testInfo) => {
  await login();
  await page.goto('/user/schedule/');
  const notice = page.locator('.calendar-feed__notice');
  await hydrated(page);
  await page.getByRole('button', { name: 'Подключить календарь' }).click();
  await expect(notice).toContainText('Календарь подключён');
  const field = page.getByLabel('Ссылка на календарь');
  await expect(field).toHaveValue(/\/ical\/[\w-]{43}\.ics$/);
  const url = await field.inputValue();
  await expect(page.getByRole('link', { name: 'Открыть в календаре' })).toHaveAttribute('href', /^webcal:\/\/.+\/ical\/[\w-]{43}\.ics$/);
  const feed = await page.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await page.screenshot({ path: `${SHOTS}/groups-calendar-${testInfo.project.name}.png`, fullPage: true });

  // A new link: the old one answers 404 at once.
  await expect(page.getByText('Прежняя ссылка сразу перестанет работать')).toBeVisible();
  await page.getByRole('button', { name: 'Сменить ссылку' }).click();
  await expect(notice).toContainText('Ссылка сменилась');
  await expect(field).not.toHaveValue(url);
  const renewed = await field.inputValue();
  expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(renewed).pathname)).status()).toBe(200);

  // Switched off after a confirmation: the link stops, the button to connect is back.
  await page.getByRole('button', { name: 'Отключить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отключить календарь?' });
  await dialog.getByRole('button', { name: 'Отключить' }).click();
  await expect(notice).toContainText('Календарь отключён');
  await expect(page.getByRole('button', { name: 'Подключить календарь' })).toBeVisible();
  expect((await page.request.get(new URL(renewed).pathname)).status()).toBe(404);
  expect((await apiGet<CalendarFeedView>(page, '/api/user/schedule/feed/')).url).toBeNull();
});
