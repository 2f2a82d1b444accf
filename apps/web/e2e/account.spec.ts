import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The signed-in shell: profile dropdown, bottom menu, account pages with their sidebar, sign-out,
// the guard of private pages and the offline notice.

const PASSWORD = 'crema-demo-2026';
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** The profile button where it is on this screen: in the header, or in the bottom menu on a phone. */
function profileButton(page: Page) {
  const place = isPhone(page) ? page.getByRole('navigation', { name: 'Нижнее меню' }) : page.getByRole('banner');
  return place.getByRole('button', { name: /^Профиль: / });
}

async function openProfile(page: Page) {
  const button = profileButton(page);
  // The dropdown's chunk loads after the page: a tap before it has hydrated the button does nothing.
  await expect(button).toHaveAttribute('data-ready', 'true');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`#${await button.getAttribute('aria-controls')}`);
}

test('the avatar shows the person’s initials, else the e-mail’s first letter', async ({ page, login }, testInfo) => {
  const email = await login();
  await page.goto('/');
  await hydrated(page);
  const avatar = profileButton(page).locator('.avatar');
  // No name yet: the e-mail's first letter.
  await expect(avatar).toHaveText(email.slice(0, 1).toUpperCase());
  const csrf = (await page.context().cookies()).find((c) => c.name === 'crema_csrf')!.value;
  const patch = (data: Record<string, string>) => page.request.patch('/api/user/personal/', { headers: { 'x-crema-client': 'web', 'x-csrf-token': csrf }, data });
  expect((await patch({ last_name: 'Петрова' })).status()).toBe(200);
  await page.reload();
  await hydrated(page);
  await expect(avatar).toHaveText('П');
  expect((await patch({ last_name: 'Петрова', first_name: 'анна' })).status()).toBe(200);
  await page.reload();
  await hydrated(page);
  await expect(avatar).toHaveText('АП');
  await expect(profileButton(page)).toHaveAccessibleName('Профиль: Петрова анна');
  const box = (await profileButton(page).boundingBox())!;
  await page.screenshot({ path: `/work/shots/avatar-${testInfo.project.name}.png`, clip: { x: Math.max(0, box.x - 120), y: Math.max(0, box.y - 12), width: Math.min(360, box.width + 240), height: box.height + 24 } });
});

test('at 200 % text size on a phone the bottom menu’s labels stay whole words', async ({ page, login, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the bottom menu is a phone’s');
  await login();
  // The accessible version at its biggest text (and the widest letters), as the panel's cookie sets it.
  await page.context().addCookies([{ name: 'a11y', value: encodeURIComponent('size:200|letters:wider'), url: baseURL! }]);
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/user/courses/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
    const bar = page.getByRole('navigation', { name: 'Нижнее меню' });
    await expect(bar).toBeVisible();
    for (const label of ['Курсы', 'Расписание', 'Профиль', 'Меню']) {
      const span = bar.locator('span', { hasText: new RegExp(`^${label}$`) }).last();
      // One line, whole: no 'Курс' / 'ы' broken inside the word, nothing cut off.
      const whole = await span.evaluate((element) => ({
        oneLine: element.getBoundingClientRect().height < parseFloat(getComputedStyle(element).fontSize) * 2,
        uncut: element.scrollWidth <= element.clientWidth,
      }));
      expect(whole, `${label} at ${width} px`).toEqual({ oneLine: true, uncut: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await bar.screenshot({ path: `/work/shots/bottom-menu-text-200-${width}.png` });
  }
});

test('a course owner sees the initials and the whole dropdown; Esc and a click outside close it', async ({ page, login }) => {
  await login('owner@crema.local', { password: PASSWORD });
  await page.goto('/');
  await hydrated(page);
  const button = profileButton(page);
  await expect(button).toHaveAccessibleName('Профиль: Орлова Вера');
  // One letter: the first name's initial (Вера), not the e-mail's Latin letter.
  await expect(button.locator('.avatar')).toHaveText('ВО');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toHaveCount(0);

  const menu = await openProfile(page);
  await expect(menu.getByRole('link', { name: 'Администрирование' })).toHaveAttribute('href', '/admin/courses/');
  await expect(menu.getByRole('link', { name: 'Мое обучение' })).toHaveAttribute('href', '/user/courses/');
  await expect(menu.getByRole('link', { name: 'Данные аккаунта' })).toHaveAttribute('href', '/user/account/');
  await expect(menu.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('href', '/user/orders/');
  await expect(menu.getByRole('button', { name: 'Выйти' })).toBeVisible();

  // Keyboard: Tab goes into the menu; Esc closes it and gives focus back to the button.
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await openProfile(page);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  // 'Администрирование' opens the course management page.
  await openProfile(page);
  await menu.getByRole('link', { name: 'Администрирование' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои курсы' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('a student has no «Администрирование», and /admin/ is the 404 page for them', async ({ page, login }) => {
  await login('student@crema.local', { password: PASSWORD });
  await page.goto('/');
  await hydrated(page);
  await expect(profileButton(page)).toContainText('АС');
  const menu = await openProfile(page);
  await expect(menu.getByRole('link', { name: 'Мое обучение' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Администрирование' })).toHaveCount(0);
  const response = await page.goto('/admin/courses/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
});

test('account pages: the sidebar leads through them; sign-out from the dropdown leaves a guest header', async ({ page, login }) => {
  await login('student@crema.local', { password: PASSWORD });
  await page.goto('/user/courses/');
  await hydrated(page);
  await expect(page).toHaveTitle(/^Мое обучение — /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1, name: 'Мое обучение' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Бариста с нуля' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Личный кабинет' });
  const toggle = page.getByRole('button', { name: 'Меню кабинета' });
  if (isPhone(page)) {
    // At 1024 px and below the sidebar folds behind a button.
    await expect(sidebar).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(toggle).toBeHidden();
  }
  for (const name of ['Расписание', 'Личные данные', 'Данные учащихся', 'Мое обучение', 'Мои заказы']) {
    await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('link', { name: 'Управление курсами' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Мое обучение' })).toHaveAttribute('aria-current', 'page');
  await sidebar.getByRole('link', { name: 'Личные данные' }).click();
  await expect(page).toHaveURL(/\/user\/account\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Личные данные' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сменить пароль' })).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('student@crema.local');
  if (isPhone(page)) await expect(sidebar).toBeHidden();

  const menu = await openProfile(page);
  await menu.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  if (isPhone(page)) {
    await expect(page.getByRole('navigation', { name: 'Нижнее меню' }).getByRole('link', { name: 'Войти' })).toBeVisible();
  } else {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Профиль: / })).toHaveCount(0);
  const cookies = (await page.context().cookies()).map((cookie) => cookie.name);
  // The session cookies are gone; only the known-browser mark stays (decision 0013), on purpose.
  expect(cookies.filter((name) => name.startsWith('crema_'))).toEqual(['crema_device']);
  // The session is over on the server too.
  expect((await page.request.get('/api/user/personal/')).status()).toBe(401);
});

test('«Выйти» in the account sidebar signs out as well', async ({ page, login }) => {
  await login('student@crema.local', { password: PASSWORD });
  await page.goto('/user/orders/');
  await hydrated(page);
  if (isPhone(page)) await page.getByRole('button', { name: 'Меню кабинета' }).click();
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Профиль: / })).toHaveCount(0);
});

test('a guest asking for an account page is sent to sign in, with the page to come back to', async ({ page }) => {
  // The redirect itself (the page then takes `login` and `next` out of the address once it runs).
  const answer = await page.request.get('/user/courses/', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  const target = new URL(answer.headers()['location']!, 'http://localhost');
  expect(target.pathname).toBe('/');
  expect(target.searchParams.has('login')).toBe(true);
  expect(target.searchParams.get('next')).toBe('/user/courses/');
  await page.goto('/user/courses/');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('dialog', { name: 'Вход/регистрация' })).toBeVisible();
});

test('phone: the signed-in bottom menu has Courses, Schedule, Profile and Menu', async ({ page, login }) => {
  test.skip(!isPhone(page), 'the bottom menu is for 520 px and narrower');
  await login('owner@crema.local', { password: PASSWORD });
  await page.goto('/');
  await hydrated(page);
  const bottom = page.getByRole('navigation', { name: 'Нижнее меню' });
  for (const name of ['Курсы', 'Расписание', 'Профиль', 'Меню']) await expect(bottom.getByText(name, { exact: true })).toBeVisible();
  await expect(bottom.getByRole('link', { name: 'Курсы' })).toHaveAttribute('href', '/user/courses/');
  await expect(bottom.getByRole('link', { name: 'Расписание' })).toHaveAttribute('href', '/user/schedule/');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Профиль: / })).toBeHidden();
  const menu = await openProfile(page);
  await expect(menu.getByRole('link', { name: 'Администрирование' })).toBeVisible();
  // The dropdown opens above the bar, inside the screen.
  const box = await menu.boundingBox();
  const barBox = await bottom.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(barBox!.y + 1);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await bottom.getByRole('link', { name: 'Расписание' }).click();
  await expect(page).toHaveURL(/\/user\/schedule\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible();
});

test('offline: a polite notice while the connection is gone, nothing once it is back', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  const status = page.locator('.offline-banner');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toBeEmpty();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Нет соединения с интернетом' })).toBeVisible();
  await context.setOffline(false);
  await expect(status).toBeEmpty();
});
