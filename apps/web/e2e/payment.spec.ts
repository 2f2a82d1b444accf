import type { Page } from '@playwright/test';
import { expect, payAtBank, placeOrder, TEST_CARDS, test } from './fixtures.ts';

// Paying an order as a person does: the payment page, the built-in test bank's card
// form, the way back through /tbank-payment-callback/ to the success page or to the payment page
// with the reason, 'Мои заказы' and 'Мое обучение', at 375 and 1280 px. Orders are made through
// the API as the order page would make them (a signed-in person's order is payable at once).

// Three trips to the bank and back each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const SHOTS = '/work/shots';
const SUCCESS_CARD = TEST_CARDS.success;
const DECLINED_CARD = TEST_CARDS.declined;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** A picture of the page's content. */
async function shot(page: Page, name: string) {
  await page.locator('main').first().screenshot({ path: `${SHOTS}/pay-${name}-${page.viewportSize()?.width}.png` });
}

// The cookie notice accepted, as a returning visitor has it: it would cover the pictures.
test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);


test('a signed-in person pays an order by card and finds the course in «Мое обучение» and «Мои заказы»', async ({ page, login }) => {
  const email = await login();
  const code = await placeOrder(page, 'alternativa-bazovyi', email);

  await page.goto(`/courses/payment/${code}/`);
  await hydrated(page);
  await expect(page).toHaveTitle(/^Оплата заказа — /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const details = page.getByRole('region', { name: 'Заказ' });
  await expect(details.getByRole('heading', { name: 'Альтернативные методы заваривания' })).toBeVisible();
  await expect(details.getByText('Учится: вы')).toBeVisible();
  await expect(details.getByText('12 500 ₽')).toBeVisible();
  await expect(details.getByText('Ожидает оплаты')).toBeVisible();
  // The group's start as dd.mm.yyyy.
  await expect(details.getByText(/^\d{2}\.\d{2}\.\d{4}$/).first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'unpaid');

  const pay = page.getByRole('button', { name: 'Оплатить картой' });
  await pay.click();
  await payAtBank(page, SUCCESS_CARD, '12 500 ₽');

  // The bank returns to the callback, which asks the server and leads on to the success page.
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);
  expect(new URL(page.url()).searchParams.get('code')).toBe(code);
  await expect(page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible();
  await expect(page.getByText('Письмо с заказом отправлено на вашу электронную почту')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Заказ' }).getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Заказ' }).getByText('Оплачено', { exact: true })).toBeVisible();
  await hydrated(page);
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'success');

  await page.getByRole('link', { name: 'Перейти к обучению' }).click();
  await expect(page).toHaveURL(/\/user\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мое обучение' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Альтернативные методы заваривания' });
  await expect(card).toBeVisible();
  // The card leads to the course's study overview, by the enrolment's id.
  await expect(card.getByRole('link', { name: 'Альтернативные методы заваривания', exact: true })).toHaveAttribute('href', /^\/user\/courses\/\d+\/$/);
  await expect(card.getByText(/^Учится:/)).toHaveCount(0);
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'my-courses');

  await page.goto('/user/orders/');
  const row = page.locator(`[data-order="${code}"]`);
  await expect(row.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Отменить/ })).toHaveCount(0);

  // The paid order's page says so; the callback address without a known code is the 404 page.
  await page.goto(`/courses/payment/${code}/`);
  await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Мои заказы' }).last()).toHaveAttribute('href', '/user/orders/');
  expect((await page.goto('/tbank-payment-callback/?code=no-such-order&Success=true'))?.status()).toBe(404);
  expect((await page.goto('/courses/payment/no-such-order/'))?.status()).toBe(404);
});

test('a declined card returns to the payment page with the reason; the next card pays', async ({ page, login }) => {
    const email = await login();
    const code = await placeOrder(page, 'otkrytie-kofeini', email);
    await page.goto(`/courses/payment/${code}/`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Оплатить картой' }).click();
    await payAtBank(page, DECLINED_CARD, '59 000 ₽');

    // Back through the callback (which does not trust the bank's query) to the payment page.
    await page.waitForURL(new RegExp(`/courses/payment/${code}/$`));
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Оплата не прошла' }) });
    await expect(alert).toBeVisible();
    const reason = (await alert.locator('p').textContent())?.trim() ?? '';
    expect(reason.length).toBeGreaterThan(10);
    await expect(page.getByRole('region', { name: 'Заказ' }).getByText('Ожидает оплаты')).toBeVisible();
    await hydrated(page);
    expect(await noHorizontalScroll(page)).toBe(true);
    await shot(page, 'declined');

    await page.getByRole('button', { name: 'Оплатить картой' }).click();
    await payAtBank(page, SUCCESS_CARD, '59 000 ₽');
    await page.waitForURL(/\/courses\/payment-success\/\?code=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible();
    // The success page of a paid order only: the payment page of the same code now says paid.
    await page.goto(`/courses/payment/${code}/`);
    await expect(page.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
});

test('a payment the bank is still processing (3-D Secure) is shown calmly and checked again', async ({ page, login }) => {
  const email = await login();
  const code = await placeOrder(page, 'nauka-o-vkuse', email);
  await page.goto(`/courses/payment/${code}/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  await payAtBank(page, TEST_CARDS.secure, '3 500 ₽');
  await expect(page.getByRole('heading', { name: 'Подтверждение оплаты' })).toBeVisible();

  // Meanwhile, in another tab, the payment page (its timer held still: the check is by hand here).
  const other = await page.context().newPage();
  const now = Date.now();
  await other.clock.install({ time: now });
  await other.clock.pauseAt(now + 1000);
  await other.goto(`/courses/payment/${code}/`);
  await hydrated(other);
  await expect(other.getByRole('heading', { name: 'Банк обрабатывает оплату' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Оплатить картой' })).toHaveCount(0);
  await other.getByRole('button', { name: 'Проверить ещё раз' }).click();
  await expect(other.getByRole('heading', { name: 'Банк обрабатывает оплату' })).toBeVisible();

  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);
  // The timer's check finds the payment done.
  await other.clock.runFor(5000);
  await expect(other.getByRole('heading', { name: 'Заказ оплачен' })).toBeVisible();
});

test('«Мое обучение» of the demo parent: their own courses and the child\'s, named, with lesson progress', async ({ page, login }) => {
  await login('student@crema.local', { password: 'crema-demo-2026' });
  await page.goto('/user/courses/');
  await hydrated(page);
  const cards = page.getByRole('article');
  // Newest first: the invitation's course (1 day ago), the child's (3), the paid one (6), the finished one (40).
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toHaveAccessibleName('Эспрессо: настройка и экстракция');
  await expect(cards.nth(1)).toHaveAccessibleName('Юный бариста');
  await expect(cards.nth(1).getByText('Учится: Полина Смирнова')).toBeVisible();
  await expect(cards.nth(2)).toHaveAccessibleName('Бариста с нуля');
  await expect(cards.nth(2).getByText(/^Учится:/)).toHaveCount(0);
  await expect(cards.nth(3)).toHaveAccessibleName('Домашний бариста: кофе без кофемашины');
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  // The cover keeps its 3:2 shape on every screen.
  const cover = await cards.nth(2).locator('img').boundingBox();
  expect(Math.abs(cover!.height - (cover!.width * 2) / 3)).toBeLessThan(2);
  await expect(page.getByText(/^Пройдено уроков: \d+ из \d+$/).first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'my-courses-parent');
});

test('«Мои заказы» names an order’s group once: «группа с …», not «группа Группа с …»', async ({ page, login }) => {
  const email = await login();
  const [group] = (await (await page.request.get('/api/schedule/?course=kapping-i-sensorika')).json()) as { title: string }[];
  expect(group!.title, 'the demo groups are titled «Группа с …»').toMatch(/^Группа с /);
  const code = await placeOrder(page, 'kapping-i-sensorika', email);
  await page.goto('/user/orders/');
  await hydrated(page);
  const row = page.locator(`tr[data-order="${code}"]`);
  await expect(row.locator('.orders__learners')).toHaveText(`Учится: вы · группа ${group!.title.slice('Группа '.length)}`);
  await expect(row).not.toContainText(/группа Группа/i);
});

test('«Мои заказы» lists the orders newest first, pays an unpaid one and cancels another', async ({ page, login }) => {
  const email = await login();
  await page.goto('/user/orders/');
  await expect(page.getByText('У вас пока нет заказов.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Выбрать курс в каталоге' })).toHaveAttribute('href', '/courses/');

  const older = await placeOrder(page, 'domashnii-barista', email);
  const newer = await placeOrder(page, 'upravlenie-kofeinei', email);
  await page.goto('/user/orders/');
  await hydrated(page);
  const rows = page.locator('tr[data-order]');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-order', newer);
  await expect(rows.nth(1)).toHaveAttribute('data-order', older);
  const first = rows.nth(0);
  await expect(first.getByText('Управление кофейней: меню, закупки, команда')).toBeVisible();
  await expect(first.getByText('42 000 ₽')).toBeVisible();
  await expect(first.getByText('Ожидает оплаты')).toBeVisible();
  await expect(first.getByText('Учится: вы')).toBeVisible();
  // The order's date in Moscow time (the browser is in Vladivostok on purpose).
  const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(first.getByText(today)).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await shot(page, 'orders');

  // Cancel the newer one: a confirmation first; 'Нет' keeps it.
  await first.getByRole('button', { name: /^Отменить заказ/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Отмена заказа' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Нет' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByText('Ожидает оплаты')).toBeVisible();
  await first.getByRole('button', { name: /^Отменить заказ/ }).click();
  await dialog.getByRole('button', { name: 'Да, отменить' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByText('Отменён')).toBeVisible();
  await expect(first.getByRole('button', { name: /^Оплатить/ })).toHaveCount(0);
  await expect(first.getByRole('button', { name: /^Отменить/ })).toHaveCount(0);
  // The server agrees, and its payment page offers to order again.
  const list = (await (await page.request.get('/api/user/orders/')).json()) as { code: string; status: string }[];
  expect(list.find((item) => item.code === newer)?.status).toBe('cancelled');
  await page.goto(`/courses/payment/${newer}/`);
  await expect(page.getByRole('heading', { name: 'Заказ отменён' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Заказать снова' })).toHaveAttribute('href', '/order-course/upravlenie-kofeinei/');

  // Pay the older one from the list.
  await page.goto('/user/orders/');
  await hydrated(page);
  await page.locator(`[data-order="${older}"]`).getByRole('button', { name: /^Оплатить заказ/ }).click();
  await payAtBank(page, SUCCESS_CARD, '4 900 ₽');
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);
  await page.goto('/user/orders/');
  await expect(page.locator(`[data-order="${older}"]`).getByText('Оплачен')).toBeVisible();
  await expect(page.locator(`[data-order="${newer}"]`).getByText('Отменён')).toBeVisible();
});
