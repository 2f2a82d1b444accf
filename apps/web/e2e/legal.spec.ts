import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Legal documents with versions (decision 0043): each opens from the footer, shows its
// version and date; an earlier version stays readable at its own address; old addresses redirect.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const FOOTER_DOCUMENTS = [
  { link: 'Политика конфиденциальности', path: '/documents/privacy-policy/', title: 'Политика конфиденциальности', shot: 'privacy-policy' },
  {
    link: 'Согласие на обработку персональных данных',
    path: '/documents/personal-data-consent/',
    title: 'Согласие на обработку персональных данных',
    shot: 'personal-data-consent',
  },
  { link: 'Договор-оферта', path: '/documents/offer/', title: 'Договор-оферта на платные образовательные услуги', shot: 'offer' },
  { link: 'Политика cookie', path: '/documents/cookie-policy/', title: 'Политика использования файлов cookie', shot: 'cookie-policy' },
];

test('the cookie notice links to the cookie policy', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await expect(notice.getByRole('link', { name: 'политикой использования файлов cookie' })).toHaveAttribute('href', '/documents/cookie-policy/');
});

test('each legal document opens from the footer with its version and date', async ({ page }, testInfo) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: testInfo.project.use.baseURL ?? 'http://localhost' }]);
  for (const doc of FOOTER_DOCUMENTS) {
    await page.goto('/');
    const legal = page.getByRole('contentinfo').locator('.site-footer__legal');
    await legal.getByRole('link', { name: doc.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${doc.path}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
    await expect(main.getByText('Редакция', { exact: true })).toBeVisible();
    await expect(main.getByText('Действует с', { exact: true })).toBeVisible();
    // The text itself: other specs publish new versions with texts of their own (staff, re-consent).
    await expect(main.locator('.legal__body p').first()).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `/work/shots/legal-${doc.shot}-${isPhone(page) ? 375 : 1280}.png`, fullPage: false });
  }
});

test('an earlier version stays readable at its own address and names the current one', async ({ page }) => {
  await page.goto('/documents/privacy-policy/');
  const versions = page.getByRole('region', { name: 'Редакции документа' });
  // The demo seed's current version is 2; the re-consent spec may publish newer ones meanwhile.
  await expect(versions.getByText(/^Редакция № \d+ от \d{2}\.\d{2}\.\d{4} \(действующая\)$/)).toBeVisible();
  await expect(versions.getByRole('link', { name: 'Редакция № 1 от 01.09.2025' })).toHaveAttribute('href', '/documents/privacy-policy/v/1/');

  await page.goto('/documents/privacy-policy/v/1/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeVisible();
  await expect(main.getByText('№ 1', { exact: true })).toBeVisible();
  await expect(main.getByText('01.09.2025', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('note')).toContainText('Это прежняя редакция документа');
  await expect(main.getByRole('note').getByRole('link', { name: /^редакция № \d+$/ })).toHaveAttribute('href', '/documents/privacy-policy/');
  await noSidewaysScroll(page);
  await page.screenshot({ path: `/work/shots/legal-old-version-${isPhone(page) ? 375 : 1280}.png`, fullPage: true });

  // Printable: the page prints as the document alone, without the site's header and footer.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // No such version or document: the 404 page.
  expect((await page.goto('/documents/privacy-policy/v/99/'))?.status()).toBe(404);
  expect((await page.goto('/documents/no-such-document/'))?.status()).toBe(404);
});

test('the old address of the privacy policy redirects to its page', async ({ page }) => {
  await page.goto('/privacy-policy/');
  await expect(page).toHaveURL(/\/documents\/privacy-policy\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeVisible();
});
