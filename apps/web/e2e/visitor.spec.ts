import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// What a visitor sees: the shell's notices and menus, page titles, the
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
  const corporate = await (await request.get('/api/pages/corporate/extended/')).json();
  expect(corporate.seo.title).toMatch(/Crema$/);
  await page.goto('/corporate/');
  await expect(page).toHaveTitle(`Корпоративное обучение бариста — ${configs.SITE_NAME}`);
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
      // React commits a click's update in a microtask: this sample is taken after it, before any paint.
      await Promise.resolve();
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

test('a collection link shows the collection as the heading and a filter that clears it', async ({ page, request }) => {
  const subsections: { id: number; title: string; count: number }[] = await (await request.get('/api/subsections/')).json();
  const gift = subsections.find((s) => s.title === 'В подарок' && s.count > 0)!;
  const all = await (await request.get('/api/courses/?page_size=1')).json();
  expect(gift.count).toBeLessThan(all.count);
  await page.goto(`/courses/?subsections=${gift.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('В подарок');
  await expect(page).toHaveTitle(/^В подарок — /);
  const chosen = page.getByRole('list', { name: 'Подборка' });
  await expect(chosen).toBeVisible();
  await expect(chosen).toContainText('Подборка «В подарок»');
  await expect(page.locator('.catalog-count')).toContainText(String(gift.count));
  await page.screenshot({ path: `/tmp/visitor-shots/collection-${test.info().project.name}.png` });

  await chosen.getByRole('link', { name: 'Сбросить подборку «В подарок»' }).click();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог курсов');
  await expect(page.getByRole('list', { name: 'Подборка' })).toHaveCount(0);
  await expect(page.locator('.catalog-count')).toContainText(String(all.count));
});

test('the studio-tour video on /presence/ is a real file that the browser loads, seekable by range', async ({ page, request }) => {
  await page.goto('/presence/');
  await hydrated(page);
  const video = page.locator('video').first();
  await expect(video).toHaveAccessibleName('Экскурсия по студии');
  const src = await video.locator('source').getAttribute('src');
  expect(src).toMatch(/\/media\/demo\/video\/studio-tour\.mp4$/);
  const head = await request.get(src!, { headers: { range: 'bytes=0-99' } });
  expect(head.status()).toBe(206);
  expect(head.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);

  // The block downloads nothing before play; asked to load, the browser reads its metadata.
  await video.evaluate((element: HTMLVideoElement) => {
    element.preload = 'metadata';
    element.load();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => ({ ready: element.readyState > 0, error: element.error?.code ?? null }))).toEqual({
    ready: true,
    error: null,
  });
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
});

test('contacts: the phones and the e-mail from the settings are tel: and mailto: links', async ({ page, request }) => {
  const configs = await (await request.post('/api/configs/', { data: {} })).json();
  await page.goto('/contacts/');
  const contacts = page.getByRole('complementary', { name: 'Как с нами связаться' });
  await expect(contacts).toBeVisible();
  for (const phone of [configs.FOOTER_PHONE, configs.FOOTER_PHONE_2]) {
    await expect(contacts.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:+${phone.replace(/\D/g, '')}`);
  }
  await expect(contacts.getByRole('link', { name: configs.CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${configs.CONTACT_EMAIL}`);
  await expect(contacts.getByText(configs.FOOTER_ADDRESS)).toBeVisible();
  await page.screenshot({ path: `/tmp/visitor-shots/contacts-${test.info().project.name}.png`, fullPage: true });
});

test('footer: every column has a heading, the ministry link says what it is, the legal details are there', async ({ page, request }) => {
  const configs = await (await request.post('/api/configs/', { data: {} })).json();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const column of await footer.locator('.site-footer__grid > *').all()) {
    await expect(column.getByRole('heading', { level: 2 })).toBeVisible();
  }
  await expect(footer.getByRole('heading', { name: 'Контакты' })).toBeVisible();
  await expect(footer.getByRole('link', { name: configs.CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${configs.CONTACT_EMAIL}`);

  const ministry = footer.locator('.site-footer__ministry');
  await expect(ministry).toContainText('Федеральный орган');
  const link = ministry.getByRole('link', { name: /официальный сайт Министерства просвещения Российской Федерации/ });
  await expect(link).toHaveAttribute('href', configs.FOOTER_MINISTRY_LINK);
  await expect(link).toHaveAttribute('target', '_blank');

  for (const [label, key] of [
    ['ИНН', 'LEGAL_INN'],
    ['КПП', 'LEGAL_KPP'],
    ['ОГРН', 'LEGAL_OGRN'],
    ['Юридический адрес', 'LEGAL_ADDRESS'],
    ['Лицензия', 'LEGAL_LICENSE'],
  ] as const) {
    const row = footer.locator('.legal-details__row', { has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });
    await expect(row.getByRole('definition')).toHaveText(configs[key]);
  }
  await expect(footer.getByText(configs.FOOTER_NAME)).toBeVisible();
  await footer.scrollIntoViewIfNeeded();
  await footer.screenshot({ path: `/tmp/visitor-shots/footer-${test.info().project.name}.png` });
});

test('the offer ends with the school’s legal details from the settings', async ({ page, request }) => {
  const configs = await (await request.post('/api/configs/', { data: {} })).json();
  // The old address of the offer leads to its versioned page (decision 0043).
  await page.goto('/offer/');
  await expect(page).toHaveURL(/\/documents\/offer\/$/);
  const details = page.getByRole('main').getByRole('region', { name: 'Реквизиты исполнителя' });
  await expect(details).toBeVisible();
  for (const key of ['FOOTER_NAME', 'LEGAL_INN', 'LEGAL_KPP', 'LEGAL_OGRN', 'LEGAL_ADDRESS', 'LEGAL_LICENSE']) {
    await expect(details.getByText(configs[key], { exact: true })).toBeVisible();
  }
});
