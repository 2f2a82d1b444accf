import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The built-in test bank (apps/api/src/modules/payments/testbank/) as a payer sees it: its card
// form, the 3-D Secure page and the way back to the shop, at 375 and 1280 px. Orders do not exist
// yet, so the payment is created here through the bank's own Init, signed like T-Bank's.

const TERMINAL = 'CremaTestBank';
const PASSWORD = 'crema-testbank-password';

/** T-Bank's Token, written out independently of the server's code. */
function token(body: Record<string, unknown>): string {
  const pairs = Object.entries({ ...body, Password: PASSWORD }).filter(([, v]) => v !== null && typeof v !== 'object');
  pairs.sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(pairs.map(([, v]) => String(v)).join('')).digest('hex');
}

async function init(request: APIRequestContext, orderId: string): Promise<string> {
  const body = {
    TerminalKey: TERMINAL,
    Amount: 1_250_000,
    OrderId: orderId,
    Description: 'Курс «Бариста с нуля»',
    SuccessURL: `${test.info().project.use.baseURL}/?payment=success`,
    FailURL: `${test.info().project.use.baseURL}/?payment=fail`,
  };
  const res = await request.post('/dev/testbank/v2/Init', { data: { ...body, Token: token(body) } });
  const answer = (await res.json()) as { Success: boolean; PaymentURL: string };
  expect(answer.Success).toBe(true);
  return answer.PaymentURL;
}

const orderId = (tag: string) => `${tag}-${test.info().project.name}-${Date.now()}`;

async function fillCard(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await expect(page.getByText('12 500 ₽', { exact: true })).toBeVisible();
  await expect(page.getByText('Курс «Бариста с нуля»')).toBeVisible();
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  // The page's own style applies under its CSP (a blocked style would be a console error too).
  expect(await page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: 'Оплатить 12 500 ₽' }).click();
}

test('test bank: the success card pays and returns to SuccessURL', async ({ page }) => {
  const id = orderId('e2e-pay');
  await page.goto(await init(page.request, id));
  await fillCard(page, '4300 0000 0000 0777');
  await page.waitForURL(/\/\?payment=success/);
  const back = new URL(page.url());
  expect(back.searchParams.get('Success')).toBe('true');
  expect(back.searchParams.get('OrderId')).toBe(id);
});

test.describe(() => {
  // The card form answers a card it refuses with 400 and the form again, which Chromium logs.
  test.use({ allowedConsoleErrors: { text: /status of 400/ } });

  test('test bank: the declined card returns to FailURL with the reason; a wrong card is explained', async ({ page }) => {
    await page.goto(await init(page.request, orderId('e2e-decline')));
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByRole('alert')).toHaveText('Тестовый банк принимает только тестовые карты из списка ниже.');
    await fillCard(page, '4000 0000 0000 0119');
    await page.waitForURL(/\/\?payment=fail/);
    const back = new URL(page.url());
    expect(back.searchParams.get('Success')).toBe('false');
    expect(back.searchParams.get('Message')).toBe('Недостаточно средств на карте');
  });
});

test('test bank: 3-D Secure asks for confirmation, then pays', async ({ page }) => {
  await page.goto(await init(page.request, orderId('e2e-3ds')));
  await fillCard(page, '5000 0000 0000 0009');
  await expect(page.getByRole('heading', { name: 'Подтверждение оплаты' })).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.waitForURL(/\/\?payment=success/);
  expect(new URL(page.url()).searchParams.get('Success')).toBe('true');
});
