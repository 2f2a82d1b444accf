import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// What a visitor sees (issue 9, "Hardening"): the shell's notices and menus, page titles, the
// sign-in dialogs' switch, collections in the catalogue, demo videos, contacts and the footer.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** A client-side navigation, as a `<Link>` click makes it (no link on the demo site leads nowhere). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}

test('a dismissed cookie notice stays gone after an in-app visit to the 404 page and on', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.getByRole('button', { name: 'ОК' }).click();
  await expect(notice).toHaveCount(0);

  await navigateInApp(page, '/no-such-page-at-all/');
  await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // On from the error page by the header's catalogue link, then home by the logo.
  await page.getByRole('banner').getByRole('link', { name: /^Каталог/ }).click();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Crema — на главную' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a closed header banner stays closed after an in-app visit to the 404 page', async ({ page, request }) => {
  const [banner] = await (await request.get('/api/banners/?key=header')).json();
  await page.goto('/');
  await hydrated(page);
  const region = page.getByRole('complementary', { name: 'Объявление' });
  await region.getByRole('button', { name: 'Скрыть объявление' }).click();
  await expect(region).toHaveCount(0);
  await navigateInApp(page, '/no-such-page-at-all/');
  await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  await navigateInApp(page, '/blog/');
  await expect(page).toHaveURL(/\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(banner.title)).toHaveCount(0);
});

test('Esc closes the burger menu and the bottom bar’s menu, focus back on the button', async ({ page }) => {
  // The burger exists up to 1024 px: the desktop project checks it at a tablet width.
  if (!isPhone(page)) await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Основное меню' });

  const burger = page.getByRole('banner').getByRole('button', { name: 'Открыть меню' });
  await burger.click();
  await expect(nav).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/burger-open/);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/burger-open/);
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  if (isPhone(page)) {
    const menu = page.getByRole('navigation', { name: 'Нижнее меню' }).getByRole('button', { name: 'Меню' });
    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  }
});

test('titles name the site once: a content page whose SEO title already has the brand', async ({ page, request }) => {
  const configs = await (await request.post('/api/configs/', { data: { keys: ['SITE_NAME'] } })).json();
  const offer = await (await request.get('/api/pages/offer/')).json();
  expect(offer.seo.title).toMatch(/Crema$/);
  await page.goto('/offer/');
  await expect(page).toHaveTitle(`Договор-оферта — ${configs.SITE_NAME}`);
  await page.goto('/no-such-page-at-all/');
  await expect(page).toHaveTitle(`Такой страницы нет — ${configs.SITE_NAME}`);
});

test('switching between code and password sign-in swaps the dialog at once, never two', async ({ page }) => {
  await page.goto('/?login');
  await hydrated(page);
  const sendCode = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await expect(sendCode).toBeVisible();
  await expect.poll(() => sendCode.evaluate((element) => element.matches(':modal'))).toBe(true);

  /** Clicks the switch and samples the open dialogs' titles in the same task, then on each frame. */
  const switchAndSample = (name: string) =>
    page.evaluate(async (buttonName) => {
      const titles = () => [...document.querySelectorAll('dialog[open] .modal__title')].map((title) => title.textContent);
      const button = [...document.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) => b.textContent === buttonName)!;
      button.click();
      // A click is a discrete event: React has committed the switch before click() returns.
      const samples = [titles()];
      for (let frame = 0; frame < 30; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        samples.push(titles());
      }
      return samples;
    }, name);

  const toLogin = await switchAndSample('Войти с паролем');
  expect(new Set(toLogin.map((titles) => titles.join(' + ')))).toEqual(new Set(['Вход по паролю']));
  const login = page.getByRole('dialog', { name: 'Вход по паролю' });
  await expect(login.getByLabel('E-mail')).toBeFocused();
  await expect(page.locator('html')).toHaveClass(/modal-open/);

  const back = await switchAndSample('Войти по коду');
  expect(new Set(back.map((titles) => titles.join(' + ')))).toEqual(new Set(['Вход/регистрация']));
  await expect(sendCode).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // Closing still fades out and unlocks the page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/modal-open/);
});
