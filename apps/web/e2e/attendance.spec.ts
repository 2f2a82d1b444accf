import type { Browser, Page } from '@playwright/test';
import type { AttendanceSheet, CuratorGroupDetail, MyGroup, MyGroupDetail } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, test } from './fixtures.ts';

// Attendance of a group, on the screens (decision 0088): staff (who mark every group, as a curator
// marks theirs) open 'Посещаемость групп' from the account sidebar, the demo student's group, one of
// its started sessions; mark everybody present with one button, the student absent with a note;
// save. A list saved meanwhile by someone else is refused in Russian with a button that loads it.
// The student then sees 'Пропуск' and the session's lesson to catch up on in their group's timetable.
// A learner at /curator/groups/ gets the 404 page. The marks are taken away at the end (a shared
// demo database); each project marks a session of its own. Leaving a list with marks not saved
// (the back button, the link to the group) asks first; 'Остаться' keeps them; after the save it asks nothing.

const PASSWORD = 'crema-demo-2026';
const STAFF = 'staff@crema.local';
const STUDENT = 'student@crema.local';
const WEB = { 'x-crema-client': 'web' };

// The stale save is a 409 on purpose; a learner's /curator/ is a 404 on purpose.
test.use({ allowedConsoleErrors: { text: /status of (404|409)/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** An API call as the signed-in browser makes it (session cookies and the CSRF header). */
async function api<T>(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The demo student in a browser of their own. */
async function student(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', viewport: test.info().project.use.viewport ?? undefined });
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/token/', { headers: WEB, data: { username: STUDENT, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return page;
}

test('a curator marks a session on the phone-friendly list; the learner sees the mark and what to catch up on', async ({ page, login, browser, baseURL }) => {
  // Two browsers and four full-page pictures: near the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const learner = await student(browser, baseURL!);
  // The student's own group under way (the demo's first group of their course), and one of its started sessions.
  const groups = await api<MyGroup[]>(learner, 'GET', '/api/user/groups/');
  const own = groups.find((g) => g.learners.some((l) => l.student === null));
  expect(own, 'the demo student studies in a group').toBeDefined();
  const detail = await api<MyGroupDetail>(learner, 'GET', `/api/user/groups/${own!.id}/`);
  const started = detail.sessions.filter((s) => new Date(s.starts_at).getTime() < Date.now());
  expect(started.length).toBeGreaterThanOrEqual(2);
  // Phone and desktop run side by side: each marks its own session.
  const session = started[test.info().project.name.startsWith('phone') ? 0 : 1]!;
  const mine = own!.learners.find((l) => l.student === null)!.user_course_id;

  await login(STAFF, { password: PASSWORD });
  const group = await api<CuratorGroupDetail>(page, 'GET', `/api/curator/groups/${own!.id}/`);
  const studentName = group.members.find((m) => m.user_course_id === mine)!.name;

  // The account sidebar has the groups; the groups lead to the group, the group to its sessions.
  await page.goto('/curator/groups/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Посещаемость групп' })).toBeVisible();
  await expect(page.locator('a[href="/curator/groups/"]').first()).toBeAttached();
  await page.screenshot({ path: `/tmp/att-groups-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: own!.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: own!.title })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(studentName) })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(session.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: session.title })).toBeVisible();
  await hydrated(page);

  // Everybody present with one button, then the student absent with a note.
  const everyone = page.getByRole('button', { name: 'Все пришли' });
  if (await everyone.isEnabled()) await everyone.click();
  const row = page.getByRole('listitem').filter({ has: page.getByText(studentName, { exact: true }) });
  const toggles = row.getByRole('group', { name: studentName });
  await toggles.getByRole('button', { name: 'Пропуск' }).click();
  await expect(toggles.getByRole('button', { name: 'Пропуск' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toggles.getByRole('button', { name: 'Был(а)' })).toHaveAttribute('aria-pressed', 'false');
  await row.getByRole('button', { name: '+ Заметка' }).click();
  await row.getByRole('textbox').fill('заболела');
  await page.screenshot({ path: `/tmp/att-sheet-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.att-savebar__count')).toContainText('Сохранено.');
  await expect(row.getByText(/Отметил\(а\)/)).toBeVisible();

  // Someone else saves the list meanwhile: this screen's save is refused, and the fresh list loads.
  const current = await api<AttendanceSheet>(page, 'GET', `/api/curator/groups/${own!.id}/sessions/${session.id}/`);
  await api(page, 'PUT', `/api/curator/groups/${own!.id}/sessions/${session.id}/`, {
    version: current.version,
    marks: [{ user_course_id: mine, status: 'excused', note: 'справка' }],
  });
  await toggles.getByRole('button', { name: 'Опоздание' }).click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toContainText('Список этого занятия уже изменил другой куратор');
  await page.getByRole('button', { name: 'Загрузить свежий список' }).click();
  await expect(toggles.getByRole('button', { name: 'Уважит.' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByRole('textbox')).toHaveValue('справка');

  // The learner's timetable: their own mark and the session's material to catch up on.
  await learner.goto(`/user/group/${own!.id}/`);
  await hydrated(learner);
  const item = learner.getByRole('listitem').filter({ has: learner.getByRole('link', { name: new RegExp(session.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }) });
  await expect(item.getByText('Пропуск по уважительной причине')).toBeVisible();
  await expect(item.getByText('— справка')).toBeVisible();
  if (session.lesson) await expect(item.getByRole('link', { name: session.lesson.title, exact: true })).toBeVisible();
  await learner.screenshot({ path: `/tmp/att-learner-${test.info().project.name}.png`, fullPage: true });
  // A learner has no curators' screens.
  expect((await learner.goto('/curator/groups/'))?.status()).toBe(404);
  await learner.context().close();

  // Clean up: every mark of this session taken away.
  const last = await api<AttendanceSheet>(page, 'GET', `/api/curator/groups/${own!.id}/sessions/${session.id}/`);
  await api(page, 'PUT', `/api/curator/groups/${own!.id}/sessions/${session.id}/`, {
    version: last.version,
    marks: last.rows.map((r) => ({ user_course_id: r.user_course_id, status: null, note: '' })),
  });
  await page.goto(`/curator/groups/${own!.id}/`);
  await page.screenshot({ path: `/tmp/att-group-${test.info().project.name}.png`, fullPage: true });
});

test('leaving a session’s list with marks not saved asks first; after the save it asks nothing', async ({ page, login, browser, baseURL }) => {
  const project = test.info().project.name;
  const learner = await student(browser, baseURL!);
  const groups = await api<MyGroup[]>(learner, 'GET', '/api/user/groups/');
  const own = groups.find((g) => g.learners.some((l) => l.student === null))!;
  const detail = await api<MyGroupDetail>(learner, 'GET', `/api/user/groups/${own.id}/`);
  const started = detail.sessions.filter((s) => new Date(s.starts_at).getTime() < Date.now());
  // Sessions of their own: the test above marks the first two (one per project).
  expect(started.length).toBeGreaterThanOrEqual(4);
  const session = started[project.startsWith('phone') ? 2 : 3]!;
  const mine = own.learners.find((l) => l.student === null)!.user_course_id;
  await learner.context().close();

  await login(STAFF, { password: PASSWORD });
  const group = await api<CuratorGroupDetail>(page, 'GET', `/api/curator/groups/${own.id}/`);
  const studentName = group.members.find((m) => m.user_course_id === mine)!.name;
  const sessionLink = new RegExp(session.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const groupHeading = page.getByRole('heading', { level: 1, name: own.title });
  const sessionHeading = page.getByRole('heading', { level: 1, name: session.title });
  const dialog = page.getByRole('dialog', { name: 'Уйти без сохранения?' });

  // The group's page, then the session's list within the site (so the back button stays in it).
  await page.goto(`/curator/groups/${own.id}/`);
  await hydrated(page);
  await page.getByRole('link', { name: sessionLink }).first().click();
  await expect(sessionHeading).toBeVisible();
  const toggles = page.getByRole('group', { name: studentName });
  const late = toggles.getByRole('button', { name: 'Опоздание' });
  await late.click();
  await expect(late).toHaveAttribute('aria-pressed', 'true');

  // The back button asks; 'Остаться' keeps the page and the mark.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Отметки этого занятия не сохранены. Если уйти сейчас, они пропадут.');
  await expect(dialog.getByRole('button', { name: 'Остаться' })).toBeFocused();
  await page.screenshot({ path: `/tmp/att-leave-${project}.png` });
  await dialog.getByRole('button', { name: 'Остаться' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessionHeading).toBeVisible();
  await expect(late).toHaveAttribute('aria-pressed', 'true');

  // So does the link back to the group.
  await page.getByRole('link', { name: `← ${own.title}` }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Остаться' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessionHeading).toBeVisible();
  await expect(late).toHaveAttribute('aria-pressed', 'true');

  // Saved: the same link leaves at once.
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('.att-savebar__count')).toContainText('Сохранено.');
  await page.getByRole('link', { name: `← ${own.title}` }).click();
  await expect(groupHeading).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Clean up: every mark of this session taken away.
  const last = await api<AttendanceSheet>(page, 'GET', `/api/curator/groups/${own.id}/sessions/${session.id}/`);
  expect(last.rows.find((r) => r.user_course_id === mine)!.status).toBe('late');
  await api(page, 'PUT', `/api/curator/groups/${own.id}/sessions/${session.id}/`, {
    version: last.version,
    marks: last.rows.map((r) => ({ user_course_id: r.user_course_id, status: null, note: '' })),
  });
});
