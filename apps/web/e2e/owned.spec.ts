import type { Page } from '@playwright/test';
import { expect, payAtBank, placeOrder, TEST_CARDS, test } from './fixtures.ts';

// What a person already has of a course, said where they would buy it again: the course page of an
// ordered course leads to its payment, of a paid one to the study page (never the guest's
// 'Записаться на курс'); the payment page shows 'Оплатить картой' without scrolling on a phone; the
// schedule's 'Записаться' opens the order form with that group chosen. At 375 and 1280 px.

test.describe.configure({ timeout: 90_000 });

const SHOTS = '/work/shots';
const COURSE = { slug: 'alternativa-bazovyi', title: 'Альтернативные методы заваривания', price: '12 500 ₽' };

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

test.beforeEach(async ({ page, baseURL }) => {
  // The cookie notice accepted, as a returning visitor has it: it would cover the pictures.
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

/** The part of the window not covered by the phone's bottom menu, in px from the top. */
async function visibleBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const menu = document.querySelector('nav.mobile-menu');
    const top = menu && getComputedStyle(menu).display !== 'none' ? menu.getBoundingClientRect().top : window.innerHeight;
    return Math.min(top, window.innerHeight);
  });
}

test('the course page of an ordered course leads to its payment, of a paid one to the study page', async ({ page, login, browser, baseURL }) => {
  const email = await login();
  const offer = page.getByRole('complementary', { name: 'Стоимость и запись' });

  // Before any order: the ordinary button.
  await page.goto(`/courses/${COURSE.slug}/`);
  await expect(offer.getByRole('link', { name: 'Записаться на курс' })).toBeVisible();

  // Ordered, not paid: the server takes no second order, so the page leads to the payment.
  const code = await placeOrder(page, COURSE.slug, email);
  await page.goto(`/courses/${COURSE.slug}/`);
  await hydrated(page);
  await expect(offer.getByText('Вы уже заказали этот курс, заказ ждёт оплаты.')).toBeVisible();
  await expect(offer.getByRole('link', { name: 'Записаться на курс' })).toHaveCount(0);
  await offer.getByRole('link', { name: 'Оплатить заказ' }).click();
  await expect(page).toHaveURL(`/courses/payment/${code}/`);

  // 'Оплатить картой' is seen on load, without scrolling (above the phone's bottom menu too).
  // Opened afresh (a new tab, as from the order's letter): no scroll position to restore.
  await page.goto('about:blank');
  await page.goto(`/courses/payment/${code}/`);
  await hydrated(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const pay = page.getByRole('button', { name: 'Оплатить картой' });
  await expect(pay).toBeInViewport({ ratio: 1 });
  const box = (await pay.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(await visibleBottom(page));
  await page.screenshot({ path: `${SHOTS}/owned-payment-${page.viewportSize()?.width}.png` });
  // The order's summary is still on the page, below on a phone.
  await expect(page.getByRole('region', { name: 'Заказ' }).getByText(COURSE.price)).toBeVisible();

  await pay.click();
  await payAtBank(page, TEST_CARDS.success, COURSE.price);
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);

  // Paid: the course page says so and leads to this enrolment's study page.
  await page.goto(`/courses/${COURSE.slug}/`);
  await hydrated(page);
  const study = offer.getByRole('link', { name: 'Вы уже учитесь — перейти к обучению' });
  await expect(study).toBeVisible();
  await expect(study).toHaveAttribute('href', /^\/user\/courses\/\d+\/$/);
  await expect(page.getByRole('link', { name: /^Записаться на курс/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await offer.screenshot({ path: `${SHOTS}/owned-course-${page.viewportSize()?.width}.png` });
  await study.click();
  await expect(page).toHaveURL(/\/user\/courses\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeVisible();

  // A guest's page is the guest's: nothing of the account in it.
  const guest = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/courses/${COURSE.slug}/`);
  await expect(guestPage.getByRole('complementary', { name: 'Стоимость и запись' }).getByRole('link', { name: 'Записаться на курс' })).toBeVisible();
  await expect(guestPage.getByText('Вы уже учитесь')).toHaveCount(0);
  await guest.close();
});

test('the schedule’s «Записаться» opens the order form with that group chosen', async ({ page }) => {
  await page.goto('/schedule/');
  await hydrated(page);
  const enrol = page.getByRole('link', { name: /^Записаться в группу/ }).first();
  await expect(enrol).toBeVisible();
  await page.locator('.group-card').first().screenshot({ path: `${SHOTS}/owned-schedule-${page.viewportSize()?.width}.png` });
  const href = (await enrol.getAttribute('href'))!;
  expect(href).toMatch(/^\/order-course\/[a-z0-9-]+\/\?group=\d+$/);
  const group = new URL(href, 'http://x').searchParams.get('group')!;
  await enrol.click();
  await expect(page).toHaveURL(href);
  await hydrated(page);
  await expect(page.locator(`input[type="radio"][value="${group}"]`)).toBeChecked();
});
