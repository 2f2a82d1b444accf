import type { Locator, Page } from '@playwright/test';
import { expect, mailedCode, newEmail, test } from './fixtures.ts';
import { studentPages } from './walk.ts';

// The version for visually impaired visitors (ГОСТ Р 52872-2019, decision 0044).

const SHOTS = '/work/shots';
const SCHEMES = ['black-on-white', 'white-on-black', 'blue', 'brown', 'green'] as const;

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 375;

/** Tabs forward until `target` has the focus (keyboard only). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the element was not reached with Tab');
}

async function htmlAttributes(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      document.documentElement.getAttributeNames().filter((name) => name.startsWith('data-a11y')).map((name) => [name, document.documentElement.getAttribute(name)]),
    ),
  );
}

/** Nothing pushes the page sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
  expect(widths.scroll, 'horizontal overflow').toBeLessThanOrEqual(widths.view);
}

/** Opens the panel from the header (from the burger menu at 375 px or less), by keyboard. */
async function openPanelByKeyboard(page: Page, max = 60) {
  const header = page.getByRole('banner');
  if (isPhone(page)) {
    const burger = header.getByRole('button', { name: 'Открыть меню' });
    await tabTo(page, burger, max);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('navigation', { name: 'Основное меню' }).getByRole('button', { name: 'Версия для слабовидящих' }));
  } else {
    const button = header.locator('.site-header__actions').getByRole('button', { name: 'Версия для слабовидящих' });
    await expect(button).toBeVisible();
    await tabTo(page, button, max);
  }
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Версия для слабовидящих' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  return panel;
}

test('the accessible version: switched on by keyboard, kept in the cookie, rendered by the server, on every page', async ({ page }) => {
  test.setTimeout(90_000);
  const project = isPhone(page) ? 'phone' : 'desktop';
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  expect(await htmlAttributes(page)).toEqual({});

  const panel = await openPanelByKeyboard(page);
  // Switched on with the defaults at once, no reload.
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '150');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'black-on-white');

  // Font size: Tab into the group lands on the chosen option; the arrows choose.
  const size = panel.getByRole('group', { name: 'Размер шрифта' });
  await tabTo(page, size.getByRole('radio', { name: '150 %' }));
  await page.keyboard.press('ArrowRight');
  await expect(size.getByRole('radio', { name: '200 %' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');

  // Every colour scheme, looked at in a screenshot; then white on black.
  const scheme = panel.getByRole('group', { name: 'Цветовая схема' });
  await tabTo(page, scheme.getByRole('radio', { name: 'Чёрным по белому' }));
  for (const [index, name] of SCHEMES.entries()) {
    if (index > 0) await page.keyboard.press('ArrowRight');
    await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', name);
    await page.screenshot({ path: `${SHOTS}/a11y-${name}-${project}.png` });
  }
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(scheme.getByRole('radio', { name: 'Белым по чёрному' })).toBeChecked();
  const colours = await page.evaluate(() => {
    const heading = document.querySelector('h1')!;
    return {
      body: getComputedStyle(document.body).backgroundColor,
      heading: getComputedStyle(heading).color,
      headingBackground: getComputedStyle(heading).backgroundColor,
      header: getComputedStyle(document.querySelector('.site-header')!).backgroundColor,
    };
  });
  expect(colours).toEqual({ body: 'rgb(0, 0, 0)', heading: 'rgb(255, 255, 255)', headingBackground: 'rgb(0, 0, 0)', header: 'rgb(0, 0, 0)' });
  await expectNoSidewaysScroll(page);

  const expected = {
    'data-a11y': 'on',
    'data-a11y-size': '200',
    'data-a11y-scheme': 'white-on-black',
    'data-a11y-letters': 'normal',
    'data-a11y-lines': 'normal',
    'data-a11y-font': 'normal',
    'data-a11y-images': 'on',
  };
  expect(await htmlAttributes(page)).toEqual(expected);

  // Kept after a reload, and already in the server's HTML (no flash before the scripts run).
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<html lang="ru" data-a11y="on" data-a11y-size="200" data-a11y-scheme="white-on-black"/);
  await page.reload();
  expect(await htmlAttributes(page)).toEqual(expected);

  // A course page, the sign-in dialog over it: the same scheme and size, nothing sideways.
  const list = await (await page.request.get('/api/courses/?page_size=1')).json();
  const slug: string = list.content[0].slug;
  await page.goto(`/courses/${slug}/`);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  expect(await htmlAttributes(page)).toEqual(expected);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/a11y-course-${project}.png` });
  await page.goto(`/courses/${slug}/?login`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color])).toEqual([
    'rgb(0, 0, 0)',
    'rgb(255, 255, 255)',
  ]);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/a11y-dialog-${project}.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Images off: the pictures go, their alt text takes their place (the teachers' photos).
  await page.goto(`/courses/${slug}/`);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const reopened = await openPanelByKeyboard(page);
  const images = reopened.getByRole('group', { name: 'Изображения' });
  await tabTo(page, images.getByRole('radio', { name: 'Показывать', exact: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-images', 'off');
  const shown = await page.evaluate(() => ({
    images: [...document.querySelectorAll('main img, #content img')].filter((image) => (image as HTMLElement).offsetParent !== null).length,
    alts: [...document.querySelectorAll('.img-alt')].filter((alt) => (alt as HTMLElement).offsetParent !== null).length,
  }));
  expect(shown.images).toBe(0);
  expect(shown.alts).toBeGreaterThan(0);

  // 'Обычная версия': the cookie and the attributes go, the focus goes back to the header.
  await tabTo(page, reopened.getByRole('button', { name: 'Обычная версия' }));
  await page.keyboard.press('Enter');
  await expect(reopened).toBeHidden();
  expect(await htmlAttributes(page)).toEqual({});
  await expect(page.locator(isPhone(page) ? '.burger' : '.site-header__actions .a11y-button')).toBeFocused();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'a11y')).toBeUndefined();
  expect(await (await page.request.get('/')).text()).not.toContain('data-a11y');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(0, 0, 0)');
});

/** Tabs to `target` unless it already has the focus. */
async function focusByTab(page: Page, target: Locator) {
  if (!(await target.evaluate((element) => element === document.activeElement))) await tabTo(page, target);
}

/** No word of `element`'s text is broken across two lines (a line may end after a slash or a hyphen). */
async function expectWordsWhole(element: Locator) {
  const broken = await element.evaluate((node) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of (text.textContent ?? '').matchAll(/[^\s/-]+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) out.push(match[0]);
      }
    }
    return out;
  });
  expect(broken, 'words broken across lines').toEqual([]);
}

const EVERYTHING_UP = 'size:200|scheme:green|letters:wider|lines:wider|font:readable|images:off';

/** With images off: no picture is shown, and each alt text shown has words in it (no empty boxes). */
async function expectNoPictures(page: Page) {
  const shown = await page.evaluate(() => ({
    images: [...document.querySelectorAll('img')].filter((image) => image.getBoundingClientRect().width > 0).length,
    emptyAlts: [...document.querySelectorAll('.img-alt')].filter((alt) => alt.getBoundingClientRect().width > 0 && !alt.textContent?.trim()).length,
  }));
  expect(shown).toEqual({ images: 0, emptyAlts: 0 });
}

test('the accessible version at 200 %: every kind of page with every setting turned up stays within the screen (320 px too on a phone)', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await context.addCookies([{ name: 'a11y', value: encodeURIComponent(EVERYTHING_UP), url: baseURL! }]);
  const list = await (await page.request.get('/api/courses/?page_size=1')).json();
  const slug: string = list.content[0].slug;
  const publicPages = ['/', '/courses/', `/courses/${slug}/`, '/blog/', '/schedule/', '/presence/', '/about/', '/sveden/', '/sveden/common/', '/documents/privacy-policy/', `/order-course/${slug}/`, '/a11y/', '/no-such-page/'];
  const walk = async (paths: string[]) => {
    for (const width of isPhone(page) ? [375, 320] : [1280]) {
      await page.setViewportSize({ width, height: 740 });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
        await expectNoSidewaysScroll(page);
        await expectNoPictures(page);
      }
    }
  };
  await walk(publicPages);
  // A post of the blog (its first one).
  await page.goto('/blog/');
  const post = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
  await walk([post!]);
  // The account, a lesson and a test (the demo student), the admin's screens (the demo owner).
  await page.request.post('/api/auth/token/', { headers: { 'x-crema-client': 'web' }, data: { username: 'student@crema.local', password: 'crema-demo-2026' } });
  // A lesson and a test the student has finished (walk.ts): opening an unfinished lesson would
  // complete it and take it from the learning spec.
  const student = (await studentPages(page)).map((item) => item.path);
  await walk(student.filter((path) => !path.startsWith('/user/group/') || path === '/user/group/'));
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'crema_csrf')?.value ?? '';
  expect((await page.request.post('/api/auth/logout/', { headers: { 'X-CSRF-Token': csrf, 'X-Crema-Client': 'web' } })).status()).toBe(204);
  await page.request.post('/api/auth/token/', { headers: { 'x-crema-client': 'web' }, data: { username: 'owner@crema.local', password: 'crema-demo-2026' } });
  await page.goto('/admin/courses/');
  const edit = await page.locator('a[href^="/admin/courses/"][href$="/edit/"]').first().getAttribute('href');
  await walk(['/admin/courses/', edit!, edit!.replace(/edit\/$/, ''), '/admin/progress/']);
});

test('the accessible version at 150 % and 200 %: a dialog grows with the text, its title keeps its words whole', async ({ page, context, baseURL }) => {
  const list = await (await page.request.get('/api/courses/?page_size=1')).json();
  const slug: string = list.content[0].slug;
  const widths: number[] = [];
  for (const size of ['100', '150', '200']) {
    await context.addCookies([{ name: 'a11y', value: encodeURIComponent(`size:${size}|scheme:white-on-black|letters:wider|font:readable`), url: baseURL! }]);
    await page.goto(`/courses/${slug}/?login`);
    const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expectWordsWhole(dialog.locator('.modal__title'));
    await expectNoSidewaysScroll(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    widths.push(box.width);
    if (size === '200') await page.screenshot({ path: `${SHOTS}/a11y2-dialog-200-${isPhone(page) ? 'phone' : 'desktop'}.png` });
  }
  // Wider with the text on a wide screen; the whole width (less a margin) on a phone.
  if (isPhone(page)) expect(widths[2]).toBeGreaterThan(page.viewportSize()!.width - 20);
  else expect(widths[2]).toBeGreaterThan(widths[0]! * 1.5);
});

test('the accessible version without scripts: the header button leads to a settings form, the server keeps the choice', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  // The cookie notice's 'OK' needs scripts; it would cover the form at 375 px.
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/blog/');
  // On a phone the button is in the burger menu, which needs scripts: without them it stays in the header.
  await page.locator('.site-header__actions').getByRole('button', { name: 'Версия для слабовидящих' }).click();
  await expect(page).toHaveURL(/\/a11y\/\?on=1&back=%2Fblog%2F$/);
  // Switched on with the defaults at once, by the server.
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '150');
  await expect(page.getByRole('heading', { level: 1, name: 'Версия для слабовидящих' })).toBeVisible();
  await page.getByRole('radio', { name: '200 %' }).check();
  await page.getByRole('radio', { name: 'Тёмно-синим по голубому' }).check();
  await page.getByRole('radio', { name: 'Не показывать' }).check();
  await page.getByRole('button', { name: 'Применить и вернуться' }).click();
  await expect(page).toHaveURL(/\/blog\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'blue');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-images', 'off');
  await expectNoSidewaysScroll(page);
  // The form shows what is chosen; 'Обычная версия' deletes the cookie and goes back.
  await page.locator('.site-header__actions').getByRole('button', { name: 'Версия для слабовидящих' }).click();
  await expect(page).toHaveURL(/\/a11y\/\?back=%2Fblog%2F$/);
  await expect(page.getByRole('radio', { name: '200 %' })).toBeChecked();
  await page.getByRole('link', { name: 'Обычная версия' }).click();
  await expect(page).toHaveURL(/\/blog\/$/);
  expect(await page.locator('html').getAttribute('data-a11y')).toBeNull();
  expect((await context.cookies()).find((cookie) => cookie.name === 'a11y')).toBeUndefined();
  // Only paths of this site to go back to.
  await page.goto('/a11y/?apply=1&size=200&back=//evil.example/');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await context.close();
});

test('the golden keyboard path: accessible version on, size and scheme, to a course, sign in by a mailed code, back to the normal version', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  // A new account is offered to fill in its profile after signing in: answered beforehand (profile.spec.ts tests it).
  await context.addCookies([{ name: 'skipAccountData', value: '1', url: baseURL! }, { name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const panel = await openPanelByKeyboard(page);
  const size = panel.getByRole('group', { name: 'Размер шрифта' });
  await tabTo(page, size.getByRole('radio', { name: '150 %' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
  const scheme = panel.getByRole('group', { name: 'Цветовая схема' });
  await tabTo(page, scheme.getByRole('radio', { name: 'Чёрным по белому' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'blue');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // To the catalogue and a course, by keyboard.
  // On a phone the focus is back on the burger, after the header's catalogue button: on to the bottom bar's 'Курсы'.
  await tabTo(page, page.locator(isPhone(page) ? '.mobile-menu a[href="/courses/"]' : '.site-header__actions .catalog-button'), 300);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'blue');
  const card = page.locator('main a[href^="/courses/"][href$="/"]:not([href="/courses/"])').filter({ visible: true }).first();
  const href = (await card.getAttribute('href'))!;
  await tabTo(page, card, 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expectNoSidewaysScroll(page);

  // Sign in by a mailed code, by keyboard.
  await tabTo(page, page.getByRole('link', { name: 'Войти', exact: true }).filter({ visible: true }).first(), 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await expect(dialog).toBeVisible();
  const email = newEmail('a11y-keyboard');
  await focusByTab(page, dialog.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await tabTo(page, dialog.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Получить код' }));
  await page.keyboard.press('Enter');
  const codeDialog = page.getByRole('dialog', { name: 'Введите код из письма' });
  await expect(codeDialog).toBeVisible();
  await expect(codeDialog.getByLabel('Код из письма')).toBeFocused();
  await page.keyboard.type(await mailedCode(page, email));
  await expect(codeDialog).toBeHidden();
  await expect(page.locator('button[aria-label^="Профиль"]').filter({ visible: true }).first()).toBeVisible();
  // Still the accessible version, as chosen.
  await expect(page.locator('html')).toHaveAttribute('data-a11y-size', '200');
  await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'blue');
  await page.screenshot({ path: `${SHOTS}/a11y2-signed-in-blue-${isPhone(page) ? 'phone' : 'desktop'}.png` });

  // Back to the normal version, by keyboard (the focus is down the page: Tab goes round to the header).
  const reopened = await openPanelByKeyboard(page, 300);
  await tabTo(page, reopened.getByRole('button', { name: 'Обычная версия' }));
  await page.keyboard.press('Enter');
  await expect(reopened).toBeHidden();
  expect(await htmlAttributes(page)).toEqual({});
});
