import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface MenuLink {
  id: number;
  title: string;
  url: string;
  children: MenuLink[];
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;

test('home: header, catalogue button, phone, sign-in and the site settings in the head', async ({ page, request }) => {
  const configs = await (await request.post('/api/configs/', { data: {} })).json();
  await page.goto('/');
  await expect(page).toHaveTitle(configs.SITE_NAME);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', configs.SITE_DESCRIPTION);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', configs.SITE_KEYWORDS);
  await expect(page.locator('head meta[name="format-detection"]')).toHaveAttribute('content', 'telephone=no');
  // The demo COUNTERS script sits in the head and ran exactly once (not again on hydration).
  const counterScripts = await page.evaluate(() => ({
    head: [...document.head.querySelectorAll('script')].filter((s) => s.textContent?.includes('crema_pageview')).length,
    body: [...document.body.querySelectorAll('script')].filter((s) => s.textContent?.startsWith('window.dataLayer')).length,
  }));
  expect(counterScripts).toEqual({ head: 1, body: 0 });
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length)).toBe(1);

  const header = page.getByRole('banner');
  const catalogue = header.getByRole('link', { name: isPhone(page) ? 'Каталог' : 'Каталог курсов', exact: true });
  await expect(catalogue).toBeVisible();
  await expect(catalogue).toHaveAttribute('href', '/courses/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  if (isPhone(page)) {
    // At 520 px and below the header's sign-in and phone move out of the way.
    await expect(header.getByRole('link', { name: 'Войти' })).toBeHidden();
  } else {
    await expect(header.getByRole('link', { name: 'Войти' })).toBeVisible();
    await expect(header.getByRole('link', { name: configs.HEADER_PHONE })).toHaveAttribute('href', /^tel:\+?\d+$/);
  }
});

test('header menu: every item and sub-item is reachable', async ({ page, request }) => {
  const menu: MenuLink[] = await (await request.get('/api/menus/header_menu/')).json();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  const desktop = (page.viewportSize()?.width ?? 0) > 1024;
  if (!desktop) {
    await expect(nav).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Открыть меню' }).click();
    await expect(nav).toBeVisible();
  }
  for (const item of menu) {
    const link = nav.getByRole('link', { name: item.title, exact: true }).first();
    await expect(link).toBeVisible();
    if (item.children.length === 0) continue;
    if (desktop) await link.hover();
    // Up to 1024 px the sub-menus are simply open; on the desktop they open on hover.
    for (const child of item.children) {
      await expect(nav.getByRole('link', { name: child.title, exact: true }).first()).toBeVisible();
    }
  }
  if (!desktop) {
    // The open panel never covers the header's close button.
    await page.getByRole('banner').getByRole('button', { name: 'Закрыть меню' }).click();
    await expect(nav).toBeHidden();
  }
});

test('footer: directions link to the filtered catalogue, menu links, organisation and privacy policy', async ({ page, request }) => {
  const [categories, footerMenu, configs] = await Promise.all([
    request.get('/api/categories/').then((r) => r.json()),
    request.get('/api/menus/footer_menu/').then((r) => r.json() as Promise<MenuLink[]>),
    request.post('/api/configs/', { data: {} }).then((r) => r.json()),
  ]);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Направления обучения' })).toHaveAttribute('href', '/courses/');
  for (const category of categories) {
    await expect(footer.getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
      'href',
      `/courses/?category=${category.id}`,
    );
  }
  for (const item of footerMenu) {
    await expect(footer.getByRole('link', { name: item.title, exact: true }).first()).toBeVisible();
    for (const child of item.children) {
      await expect(footer.getByRole('link', { name: child.title, exact: true }).first()).toHaveAttribute('href', child.url);
    }
  }
  await expect(footer.getByText(configs.FOOTER_NAME)).toBeVisible();
  await expect(footer.getByText(configs.FOOTER_ADDRESS)).toBeVisible();
  await expect(footer.getByRole('link', { name: configs.FOOTER_PHONE })).toBeVisible();
  await expect(footer.getByRole('link', { name: configs.FOOTER_PHONE_2 })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'ВКонтакте' })).toHaveAttribute('href', configs.FOOTER_VK_LINK);
  // The legal line always links the policy (the footer menu may link it too).
  await expect(footer.getByRole('link', { name: 'Политика конфиденциальности' }).last()).toHaveAttribute('href', configs.PRIVACY_POLICY_LINK);
});

test('cookie notice: "ОК" hides it, and it stays hidden after a reload', async ({ page, context }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'ОК' }).click();
  await expect(notice).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'hideCookiesPanel');
  expect(cookie?.value).toBe('1');
  // Kept for 365 days (allow a minute of clock difference).
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 365 * 86400))).toBeLessThan(60);
  await page.reload();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('header banner: closing it hides it, also after a reload', async ({ page, request }) => {
  const [banner] = await (await request.get('/api/banners/?key=header')).json();
  await page.goto('/');
  const region = page.getByRole('complementary', { name: 'Объявление' });
  await expect(region.getByText(banner.title)).toBeVisible();
  if (banner.link) await expect(region.getByRole('link', { name: banner.button_text })).toHaveAttribute('href', banner.link);
  await region.getByRole('button', { name: 'Скрыть объявление' }).click();
  await expect(region).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText(banner.title)).toHaveCount(0);
});

test('mobile bottom menu appears only on a narrow screen', async ({ page }) => {
  await page.goto('/');
  const bottom = page.getByRole('navigation', { name: 'Нижнее меню' });
  if (isPhone(page)) {
    await expect(bottom).toBeVisible();
    for (const name of ['Блог', 'Курсы', 'Войти', 'Меню']) await expect(bottom.getByText(name, { exact: true })).toBeVisible();
    await bottom.getByRole('button', { name: 'Меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
  } else {
    await expect(bottom).toBeHidden();
  }
});

test('a page path without the slash is redirected to it, query kept', async ({ page }) => {
  const response = await page.goto('/nowhere-at-all?utm_source=test');
  expect(page.url()).toMatch(/\/nowhere-at-all\/\?utm_source=test$/);
  expect(response?.status()).toBe(404);
  const redirect = await page.request.get('/courses?category=2', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe('/courses/?category=2');
});

test('an unknown route shows the 404 page with its buttons', async ({ page }) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Такой страницы нет — /);
  await expect(page.locator('title')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  await expect(page.getByText('ссылка никуда не ведёт или страница была удалена')).toBeVisible();
  await expect(page.getByRole('link', { name: 'На главную', exact: true })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Обновить страницу' })).toBeVisible();
  // The layout is still there around it.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('?login opens the sign-in dialog and is removed from the address, other parameters kept', async ({ page }) => {
  await page.goto('/?utm_source=mail&login');
  await expect(page).toHaveURL(/\/\?utm_source=mail$/);
  await page.keyboard.press('Escape');
  await page.goto('/?login');
  const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The dialog's code loads on first use (React.lazy); Esc works once the dialog is modal.
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The header's 'Войти' opens it again.
  if (!isPhone(page)) {
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a slow navigation shows the top progress bar, which goes away when the page arrives', async ({ page }) => {
  await page.goto('/');
  // A click before hydration would be a full page load, with no client navigation to show.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Hold the route data for a second: longer than the 200 ms throttle.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const bar = page.getByRole('progressbar', { name: 'Загрузка страницы', includeHidden: true });
  await expect(bar).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Направления обучения' }).click();
  await expect(bar).toHaveAttribute('aria-busy', 'true');
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(bar).toHaveAttribute('aria-busy', 'false');
});
