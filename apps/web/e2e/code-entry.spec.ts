import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, fillPayer, mailedCode, newEmail, orderCode, test } from './fixtures.ts';

// The three screens that ask for a mailed code — the sign-in dialog, the order's confirmation,
// the invitation page — share one code entry (ui/CodeEntry.tsx): the same label, lead, boxes and
// links; a wrong code is refused at the field, announced, emptied and focused again; a whole code
// pasted (even with the letter's words around it) sends itself; 'Отправить код повторно' counts
// down and, refused sooner by the server, counts down the server's wait.

// The wrong codes and the early resends are refused on purpose (400, 429).
test.use({ allowedConsoleErrors: { text: /status of (400|429)/ } });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'hideCookiesPanel', value: '1', url: baseURL! },
    // New accounts are offered to fill in their profile after signing in; not what is tested here.
    { name: 'skipAccountData', value: '1', url: baseURL! },
  ]);
});

const WEB = { 'x-crema-client': 'web' };
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
/** A course without groups (nothing held by its unpaid orders). */
const COURSE = 'otkrytie-kofeini';

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/code-${name}-${page.viewportSize()!.width}.png` });
}

/** Four digits that are not `code`. */
function wrongOf(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}

/** What a person sees of a code entry, to compare the three screens. */
interface Look {
  label: string;
  boxes: number;
  box: { width: number; height: number };
  submitFullWidth: boolean;
  links: string[];
}

/**
 * The checks every code entry passes, up to a wrong code: the field (label, phone keyboard,
 * one-time-code, focus), the lead, the four boxes, the links and the countdown; then a wrong code
 * typed is refused at the field.
 */
async function checkEntry(page: Page, entry: Locator, email: string, wrong: string): Promise<Look> {
  const input = entry.getByRole('textbox', { name: 'Код из письма' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(entry.locator('.code-entry__lead')).toContainText(`Мы отправили код на ${email}. Он действует 10 минут.`);
  // The lead is read with the field.
  const leadId = await entry.locator('.code-entry__lead').getAttribute('id');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`(^| )${leadId!.replace(/[:]/g, '\\$&')}( |$)`));
  const resend = entry.getByRole('button', { name: /^Отправить код повторно через \d:\d\d$/ });
  await expect(resend).toBeDisabled();
  await expect(entry.getByRole('button', { name: 'Изменить адрес' })).toBeVisible();
  const boxes = entry.locator('.code-entry__box');
  await expect(boxes).toHaveCount(4);
  // Drawn boxes, hidden from screen readers: the input is what they read.
  await expect(boxes.first()).toHaveAttribute('aria-hidden', 'true');

  // A wrong code: refused at the field, in Russian, announced; emptied and focused for the next try.
  await page.keyboard.type(wrong);
  const error = entry.getByRole('alert');
  await expect(error).toHaveText('Код не подходит или устарел. Осталось попыток: 4.');
  await expect(error).toHaveClass('code-entry__error');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const errorId = await error.getAttribute('id');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`(^| )${errorId!.replace(/[:]/g, '\\$&')}( |$)`));
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();

  // axe (the WCAG rules) on the entry in its error state.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('form.code-entry')
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  const box = (await boxes.first().boundingBox())!;
  const form = (await entry.locator('form.code-entry').boundingBox())!;
  const submit = (await entry.locator('.code-entry__submit').boundingBox())!;
  return {
    label: (await entry.locator('.code-entry__label').textContent())!,
    boxes: await boxes.count(),
    box: { width: Math.round(box.width), height: Math.round(box.height) },
    submitFullWidth: Math.abs(submit.width - form.width) < 1,
    links: await entry.locator('.code-entry__links button').evaluateAll((buttons) => buttons.map((b) => b.textContent!.replace(/\d:\d\d/, 'M:SS'))),
  };
}

/** A paste of the letter's line with the code, as a browser hands it to the page. */
async function pasteInto(input: Locator, text: string) {
  await input.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * The page's clock is moved past the countdown, but the server's own wait is real: 'Отправить код
 * повторно' is refused with the server's words, and the button counts down the server's wait again.
 */
async function resendTooSoon(page: Page, entry: Locator, after: string) {
  await page.clock.fastForward(after);
  const resend = entry.getByRole('button', { name: 'Отправить код повторно', exact: true });
  await expect(resend).toBeEnabled();
  // The end of the wait is said to a screen reader (the button's text changes silently).
  await expect(entry.getByRole('status')).toHaveText('Можно запросить новый код.');
  await resend.click();
  await expect(entry.getByRole('alert')).toContainText(/можно через \d+/);
  await expect(entry.getByRole('button', { name: /^Отправить код повторно через \d:\d\d$/ })).toBeDisabled();
  // The button is disabled again: the focus goes back to the field, not to the page.
  await expect(entry.getByLabel('Код из письма')).toBeFocused();
}

/** An API call as the signed-in browser makes it. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await page.request.fetch(path, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, data });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Signs the browser out (all cookies gone) and keeps the notices answered. */
async function asGuest(page: Page, baseURL: string) {
  // Off the signed-in page first: its own calls would meet the session gone (401).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.context().addCookies([
    { name: 'hideCookiesPanel', value: '1', url: baseURL },
    { name: 'skipAccountData', value: '1', url: baseURL },
  ]);
}

/** The sign-in dialog up to its code step. */
async function signInCode(page: Page, email: string): Promise<Locator> {
  await page.goto('/?login');
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('checkbox', { name: /Принимаю условия/ }).check();
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Введите код из письма' });
  await expect(codeDialog).toBeVisible();
  return codeDialog;
}

/** A guest's order of a course without groups up to its code step. */
async function orderCodeStep(page: Page, email: string): Promise<Locator> {
  await page.goto(`/order-course/${COURSE}/`);
  await hydrated(page);
  await fillPayer(page, email);
  const card = page.locator('form.order-card');
  await card.getByLabel('Буду учиться сам').check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтвердите e-mail' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the three code entries look and behave the same: sign-in, order, invitation', async ({ page, login, baseURL }) => {
  // The order's resend waits for the server's real 30 s.
  test.setTimeout(150_000);
  const looks: Record<string, Look> = {};
  // The page's clock, to move the countdowns on (time flows as usual otherwise).
  await page.clock.install();

  // ── The invitation page: a draft course of the demo owner's with a link (switched off at the end).
  await login(OWNER.email, { password: OWNER.password });
  const categories = await api<{ id: number }[]>(page, 'GET', '/api/categories/');
  const course = await api<{ id: number }>(page, 'POST', '/api/admin/courses/', { title: `Код из письма e2e ${Date.now()}`, category_id: categories[0]!.id });
  const link = await api<{ id: number; url: string }>(page, 'POST', `/api/admin/courses/${course.id}/links/`, { title: 'Код e2e', uses_limit: 5 });
  const switchOff = async () => {
    await asGuest(page, baseURL!);
    await login(OWNER.email, { password: OWNER.password });
    await api(page, 'PATCH', `/api/admin/courses/${course.id}/links/${link.id}/`, { is_active: false });
  };
  try {
    await asGuest(page, baseURL!);
    await page.goto(new URL(link.url).pathname);
    await hydrated(page);
    const invited = newEmail('code-invite');
    await page.getByLabel('E-mail').fill(invited);
    await page.getByRole('checkbox', { name: /Принимаю условия/ }).check();
    await page.getByRole('button', { name: 'Получить код' }).click();
    const invitation = page.locator('.invite');
    const inviteCode = await mailedCode(page, invited);
    looks.invitation = await checkEntry(page, invitation, invited, wrongOf(inviteCode));
    await shot(page, 'invitation');
    await resendTooSoon(page, invitation, '03:01');
    await shot(page, 'invitation-resend');
    // The letter's line pasted: its four digits, sent at once.
    await pasteInto(invitation.getByLabel('Код из письма'), `Код для входа: ${inviteCode}`);
    await page.waitForURL(/\/user\/courses\/\d+\/$/);
  } finally {
    await switchOff();
  }

  // ── The sign-in dialog.
  await asGuest(page, baseURL!);
  const email = newEmail('code-signin');
  const signIn = await signInCode(page, email);
  const signInCodeNow = await mailedCode(page, email);
  looks.signIn = await checkEntry(page, signIn, email, wrongOf(signInCodeNow));
  await shot(page, 'signin');
  await resendTooSoon(page, signIn, '03:01');
  await pasteInto(signIn.getByLabel('Код из письма'), signInCodeNow);
  await expect(signIn).toBeHidden();
  await expect(page.locator('button[aria-label^="Профиль"]:visible').first()).toBeVisible();

  // ── The order's confirmation.
  await asGuest(page, baseURL!);
  const payer = newEmail('code-order');
  const order = await orderCodeStep(page, payer);
  const first = await orderCode(page, payer);
  looks.order = await checkEntry(page, order, payer, wrongOf(first));
  await shot(page, 'order');
  // The server's 30 s pass for real: a new code goes out, said to a screen reader, the countdown starts again.
  const resend = order.getByRole('button', { name: 'Отправить код повторно', exact: true });
  await expect(resend).toBeEnabled({ timeout: 45_000 });
  await resend.click();
  await expect(order.getByRole('status').filter({ hasText: /\S/ })).toHaveText(`Мы отправили новый код на ${payer}. Прежний больше не действует.`);
  await expect(order.getByRole('button', { name: /^Отправить код повторно через 0:[23]\d$/ })).toBeDisabled();
  await expect(order.getByLabel('Код из письма')).toBeFocused();
  let second = first;
  await expect.poll(async () => (second = await orderCode(page, payer))).not.toBe(first);
  await pasteInto(order.getByLabel('Код из письма'), second);
  await page.waitForURL(/\/courses\/payment\/[A-Za-z0-9_-]{16,}\/$/);

  // One look: the same label, boxes, button and links (the order adds 'Войти с паролем' after them).
  expect(looks.signIn!.links).toEqual(['Отправить код повторно через M:SS', 'Изменить адрес']);
  expect(looks.order!.links).toEqual(['Отправить код повторно через M:SS', 'Изменить адрес', 'Войти с паролем']);
  for (const look of [looks.order!, looks.invitation!]) {
    expect({ ...look, links: look.links.slice(0, 2) }).toEqual(looks.signIn);
  }
  expect(looks.signIn).toMatchObject({ label: 'Код из письма', boxes: 4, submitFullWidth: true });
});

test('«Изменить адрес» goes back to the address: the sign-in dialog keeps it, the order form takes the focus', async ({ page }) => {
  const email = newEmail('code-change');
  const signIn = await signInCode(page, email);
  await signIn.getByRole('button', { name: 'Изменить адрес' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
  await expect(dialog.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const payer = newEmail('code-change-order');
  const order = await orderCodeStep(page, payer);
  await order.getByRole('button', { name: 'Изменить адрес' }).click();
  await expect(order).toBeHidden();
  const field = page.locator('form.order-card').getByLabel('E-mail', { exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(payer);
});
