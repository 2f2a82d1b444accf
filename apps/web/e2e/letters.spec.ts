import type { APIResponse, Page } from '@playwright/test';
import type { SchoolGroup } from '@crema/contract';
import { addDays, moscowDateParts, moscowIsoDate } from '@crema/contract/format';
import { STAFF_TEST_GROUP, expect, newEmail, test } from './fixtures.ts';

// The school's letters (decision 0086), at 375 and 1280 px: staff move a session of a group in the
// back office and each of its two members gets exactly one letter about it, due at a daytime hour
// (the browser-test server queues letters by a fixed noon clock, MAIL_NOW); the letter shows in the
// development mailbox as it will look. A member turns one kind of letter off on the account page.
// Each project makes its own group and learners, and closes the group at the end.

const SHOTS = '/work/shots';
const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

interface Letter {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string | null;
  deliver_after: string;
  headers: Record<string, string>;
}

// Playwright reading the letter's sandboxed frame (no scripts allowed in it) is logged as blocked;
// the mailbox page has no favicon (a 404, allowed as everywhere).
test.use({ allowedConsoleErrors: { text: /Blocked script execution in 'about:srcdoc'|status of 404/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** The browser context's session: cookies plus the CSRF header its unsafe calls need. */
async function sessionHeaders(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'crema_csrf')!.value;
  return { ...WEB, 'x-csrf-token': csrf };
}

async function ok<T>(res: APIResponse, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function lettersTo(page: Page, to: string): Promise<Letter[]> {
  return (await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)).json() as Promise<Letter[]>;
}

type Login = (email?: string, options?: { password?: string }) => Promise<string>;

/** Signs the browser context in as `email` alone (the previous session's cookies gone). */
async function signInAs(page: Page, login: Login, baseURL: string, email: string, password?: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
  await login(email, password ? { password } : {});
}

test('staff move a session: each member gets one letter by day; a member turns a kind of letter off', async ({ page, login, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  // Two learners with accounts (each signed in once by a code); the first, signed in now, keeps the
  // letters about sessions and turns 'Открыт новый урок' off on the account page.
  const members = [newEmail('letters-a'), newEmail('letters-b')];
  await signInAs(page, login, baseURL!, members[1]!);
  await signInAs(page, login, baseURL!, members[0]!);
  // A member turns 'Открыт новый урок' off on the account page.
  await page.goto('/user/account/#notifications');
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Уведомления на почту' });
  await expect(section).toBeVisible();
  // Mandatory letters are on and cannot be switched.
  await expect(section.getByRole('checkbox', { name: /Заказы и оплата/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /Заказы и оплата/ })).toBeDisabled();
  await expect(section.getByRole('checkbox', { name: /Новости и предложения школы/ })).toBeDisabled();
  const lessons = section.getByRole('checkbox', { name: /Открыт новый урок/ });
  await expect(lessons).toBeChecked();
  await lessons.uncheck();
  await section.getByRole('button', { name: 'Сохранить уведомления' }).click();
  await expect(section.getByRole('status')).toHaveText('Настройки уведомлений сохранены.');
  await section.screenshot({ path: `${SHOTS}/letters-settings-${project}.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Уведомления на почту' }).getByRole('checkbox', { name: /Открыт новый урок/ })).not.toBeChecked();
  const saved = await ok<{ kinds: { key: string; enabled: boolean }[] }>(await page.request.get('/api/user/notifications/', { headers: WEB }), 'settings');
  expect(saved.kinds.find((k) => k.key === 'lesson_opened')!.enabled).toBe(false);

  // Staff make a group with one session and add both by e-mail (through the API: the back office
  // screens of that are another spec's).
  await signInAs(page, login, baseURL!, STAFF.email, STAFF.password);
  const headers = await sessionHeaders(page);
  const options = await ok<{ courses: { id: number; title: string }[] }>(await page.request.get('/api/admin/school/groups/options/', { headers: WEB }), 'options');
  const course = options.courses.find((c) => c.title === 'Бариста с нуля') ?? options.courses[0]!;
  const day = addDays(moscowIsoDate(new Date()), project === 'phone' ? 81 : 82);
  const title = `${STAFF_TEST_GROUP} письма ${project} ${Date.now()}`;
  const group = await ok<SchoolGroup>(
    await page.request.post('/api/admin/school/groups/', { headers, data: { course_id: course.id, title, starts_on: day, format: 'offline', location: 'Москва, ул. Покровка, д. 27', capacity: 6 } }),
    'group',
  );
  const sessionTitle = `Эспрессо ${project} ${Date.now()}`;
  await ok(await page.request.post(`/api/admin/school/groups/${group.id}/sessions/`, { headers, data: { title: sessionTitle, date: day, starts: '18:30', ends: '20:00' } }), 'session');
  for (const email of members) await ok(await page.request.post(`/api/admin/school/groups/${group.id}/members/`, { headers, data: { email } }), `member ${email}`);

  try {
    // The back office: the session moves an hour later.
    await page.goto(`/admin/school/groups/${group.id}/`);
    await hydrated(page);
    // What to bring, for the letter on the eve of the first session.
    const groupForm = page.locator('form', { has: page.getByLabel('Что взять с собой') });
    await groupForm.getByLabel('Что взять с собой').fill('Фартук и блокнот.');
    await groupForm.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(groupForm.getByRole('status')).toHaveText('Группа сохранена.');
    await groupForm.getByLabel('Что взять с собой').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/letters-bring-${project}.png` });
    expect((await ok<SchoolGroup>(await page.request.get(`/api/admin/school/groups/${group.id}/`, { headers: WEB }), 'group')).bring).toBe('Фартук и блокнот.');
    await page.getByRole('button', { name: `Изменить занятие «${sessionTitle}»` }).click();
    const edit = page.locator('form', { has: page.getByRole('heading', { name: `Изменить: ${sessionTitle}` }) });
    await edit.getByLabel('Начало (МСК)').fill('19:30');
    await edit.getByLabel('Конец (МСК)').fill('21:00');
    await edit.getByRole('button', { name: 'Сохранить занятие' }).click();
    await expect(page.locator('.groups-sessions > li').first()).toContainText('19:30–21:00 (МСК)');

    // Each member: exactly one letter about this session, due at a daytime hour (09:00–22:00 Moscow).
    for (const email of members) {
      let about: Letter[] = [];
      await expect
        .poll(async () => {
          about = (await lettersTo(page, email)).filter((l) => l.template === 'group_session_changed' && l.subject.includes(sessionTitle));
          return about.length;
        })
        .toBe(1);
      const hour = moscowDateParts(about[0]!.deliver_after).hour;
      expect(hour, 'delivered by day').toBeGreaterThanOrEqual(9);
      expect(hour, 'delivered by day').toBeLessThan(22);
      expect(about[0]!.text).toContain('теперь');
      expect(about[0]!.text).toContain('19:30–21:00 (МСК)');
    }

    // The development mailbox shows the letter as it will look, in a sandboxed frame.
    const [letter] = (await lettersTo(page, members[0]!)).filter((l) => l.template === 'group_session_changed');
    await page.goto(`/dev/mail/${letter!.id}/`);
    const frame = page.locator('iframe[title="HTML-версия письма"]');
    await expect(frame).toHaveAttribute('sandbox', /allow-popups/);
    await expect(page.frameLocator('iframe[title="HTML-версия письма"]').getByRole('heading', { name: 'Занятие перенесено' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/letters-mailbox-${project}.png` });

    // The second member's 'course opened' letter can be turned off in one click: its link opens a
    // page whose button unsubscribes, without signing in.
    const [access] = (await lettersTo(page, members[1]!)).filter((l) => l.template === 'course_access');
    expect(access!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(access!.headers['List-Unsubscribe']!)![1]!;
    expect(access!.text).toContain(link);
    await page.context().clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Отписаться от писем «Открыт доступ к курсу»?' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/letters-unsubscribe-${project}.png` });
    await page.getByRole('button', { name: 'Отписаться' }).click();
    await expect(page.getByRole('heading', { name: 'Вы отписались' })).toBeVisible();
    await expect(page.getByText('Готово: письма «Открыт доступ к курсу» больше не придут.')).toBeVisible();
    await signInAs(page, login, baseURL!, STAFF.email, STAFF.password);
  } finally {
    // Closed again: off the schedule, as the other specs leave theirs.
    await page.request.post(`/api/admin/school/groups/${group.id}/close/`, { headers: await sessionHeaders(page).catch(() => headers) });
  }

});
