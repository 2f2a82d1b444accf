// Shared Playwright fixtures: every spec imports `test` and `expect` from here.
// - a console-error guard that runs for every test (any `console.error` or uncaught page error
//   fails it), with the exceptions a spec provokes on purpose given by `allowedConsoleErrors`;
// - `login()`: signs the page's browser context in, so session cookies land in the browser.
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/** Console errors a spec expects: by message text and/or by the URL of the script or call that logged it. */
export interface AllowedConsoleErrors {
  text?: RegExp;
  sourceUrl?: RegExp;
}

export interface LoginOptions {
  /** Sign in with this password through POST /api/auth/token/ (the demo accounts' way). */
  password?: string;
}

interface Fixtures {
  /** Option: console errors that do not fail the test. Default: a failed fetch's "status of 404" (pictures are the media's business). */
  allowedConsoleErrors: AllowedConsoleErrors;
  /** Automatic: collects console errors and page errors, and expects none once the test is done. */
  consoleErrorGuard: void;
  /**
   * Signs the browser in as `email` (a fresh address when omitted: a new account) and returns the
   * address. Without a password it walks the real code flow: a code is asked for, read from the
   * dev mailbox (`/dev/mail.json?to=`) and exchanged for a session.
   */
  login: (email?: string, options?: LoginOptions) => Promise<string>;
}

/** A fresh address per test and project. */
export function newEmail(name: string): string {
  return `${name}-${base.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;
}

const WEB_CLIENT = { 'x-crema-client': 'web' };

/** The newest sign-in code mailed to `to`, waiting for the outbox. */
export async function mailedCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { subject: string }[];
      code = mails.map((mail) => /Код для входа.*?(\d{4})\s*$/.exec(mail.subject)?.[1]).find(Boolean);
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

function isAllowed(message: ConsoleMessage, allowed: AllowedConsoleErrors): boolean {
  if (allowed.text?.test(message.text())) return true;
  if (allowed.sourceUrl?.test(message.location().url)) return true;
  return false;
}

/**
 * A captcha token as the widget would get it (the browser-test server checks captcha against the
 * local stand-in): for calls a test makes through the API rather than through a form.
 */
export async function captchaToken(page: Page, action: 'orderForm' | 'studentForm'): Promise<string> {
  const res = await page.request.post('/dev/captcha/token/', { data: { action } });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error(`the captcha stand-in gave no token: ${res.status()}`);
  return token;
}

/** The newest order code mailed to `to` (the order page's e-mail confirmation). */
export async function orderCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[];
      code = mails.map((mail) => /Код подтверждения заказа: (\d{4})\s*$/.exec(mail.subject)?.[1]).find(Boolean);
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

/** On the order page: fills the payer's fields and ticks both required consents. */
export async function fillPayer(page: Page, email: string) {
  const card = page.locator('form.order-card');
  await card.getByLabel('Фамилия', { exact: true }).fill('Петрова');
  await card.getByLabel('Имя', { exact: true }).fill('Анна');
  await card.getByLabel('Отчество', { exact: true }).fill('Сергеевна');
  // The mask writes '+7 ' and the dashes itself (+7 ###-###-##-##).
  await card.getByLabel('Телефон').pressSequentially('9161234567');
  await expect(card.getByLabel('Телефон')).toHaveValue('+7 916-123-45-67');
  await card.getByLabel('E-mail').fill(email);
  await card.getByLabel(/Принимаю условия/).check();
  await card.getByLabel('Даю разрешение на обработку персональных данных').check();
}

/** The test bank's card form (decision 0021), filled and sent as a person would. */
export async function payAtBank(page: Page, card: string, amount: string) {
  await page.waitForURL(/\/dev\/testbank\//);
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Оплатить ${amount}` }).click();
}

/** How the staff's specs begin the titles of the groups they publish for a while (other specs leave them out). */
export const STAFF_TEST_GROUP = 'Группа проверки';

/** The test bank's cards: paid, declined (not enough money), asks for 3-D Secure. */
export const TEST_CARDS = { success: '4300 0000 0000 0777', declined: '4000 0000 0000 0119', secure: '5000 0000 0000 0009' } as const;

/**
 * An order of the signed-in account (`email`) for themself, made through the API as the order page
 * makes it (the given group, or the course's first group on sale, when it runs in groups); a signed-in person's order is
 * payable at once. Answers the order code.
 */
export async function placeOrder(page: Page, slug: string, email: string, group?: number): Promise<string> {
  // A group with seats left: the specs of one run share the demo's groups, and paid seats stay taken.
  const starts = (await (await page.request.get(`/api/schedule/?course=${slug}`)).json()) as { id: number; seats_left: number | null }[];
  const groups = starts.filter((start) => (group === undefined || start.id === group) && (start.seats_left === null || start.seats_left > 0));
  expect(groups.length > 0 || starts.length === 0, `a group of ${slug} with seats left`).toBe(true);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')!.value;
  const res = await page.request.post('/api/order/request/', {
    headers: { 'x-crema-client': 'web', 'x-csrf-token': csrf },
    data: {
      course_slug: slug,
      last_name: 'Иванова',
      first_name: 'Анна',
      patronymic: 'Сергеевна',
      phone: '+7 916 123-45-67',
      email,
      consent_privacy: true,
      consent_personal_data: true,
      study_for_self: true,
      ...(groups[0] ? { group: groups[0].id } : {}),
      'g-recaptcha-response': await captchaToken(page, 'orderForm'),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { next: string; order: { code: string } };
  expect(answer.next).toBe('pay');
  return answer.order.code;
}

/** Enrols the signed-in account in a course as a learner would: its order paid with the test bank's card. */
export async function enrolByCard(page: Page, slug: string, email: string, amount: string, group?: number) {
  const code = await placeOrder(page, slug, email, group);
  await page.goto(`/courses/payment/${code}/`);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  await payAtBank(page, TEST_CARDS.success, amount);
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);
}

/**
 * React Router asks the server about the routes of the links on a page as soon as it is hydrated
 * (`/__manifest`); a spec that goes to another address at once unloads the page while that request
 * is in flight, the browser cuts it off, and the router logs this network error. A person leaving
 * the page loses nothing by it. Only the cut-off request is let through: the server answering
 * badly logs `Error: <status>` instead and still fails the test.
 */
const DISCOVERY_CUT_SHORT = /^Failed to fetch manifest patches TypeError: Failed to fetch\b/;

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [{ text: /status of 404/ }, { option: true }],

  consoleErrorGuard: [
    async ({ page, allowedConsoleErrors }, provide) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !isAllowed(message, allowedConsoleErrors) && !DISCOVERY_CUT_SHORT.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await provide();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ page }, provide) => {
    await provide(async (email = newEmail('login'), options = {}) => {
      if (options.password !== undefined) {
        const res = await page.request.post('/api/auth/token/', {
          headers: WEB_CLIENT,
          data: { username: email, password: options.password },
        });
        expect(res.status()).toBe(200);
        return email;
      }
      const sent = await page.request.post('/api/auth/send_code/email/', { headers: WEB_CLIENT, data: { email } });
      expect(sent.status()).toBe(200);
      const res = await page.request.post('/api/auth/token/email/', {
        headers: WEB_CLIENT,
        data: { email, code: await mailedCode(page, email), consent_personal_data: true },
      });
      expect(res.status()).toBe(200);
      return email;
    });
  },
});

export { expect };
