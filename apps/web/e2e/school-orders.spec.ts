import type { Page } from '@playwright/test';
import { enrolByCard, expect, newEmail, test } from './fixtures.ts';

// Staff's orders (decision 0065): a learner buys a seat by card; staff find the order, refund it in
// full; the learner's course closes and the seat returns to the group. A company's order for three
// learners is paid by invoice: staff record the payment and all three are enrolled.

const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
/** A course that runs in groups, 45 000 ₽. */
const ROASTING = { slug: 'osnovy-obzharki', price: '45 000 ₽' };
/** A course without groups, 59 000 ₽. */
const OPENING = { slug: 'otkrytie-kofeini' };
const WEB = { 'x-crema-client': 'web' };

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/b-orders-${name}-${test.info().project.name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: no sideways scrolling`).toBe(true);
}

/** Signs out (the cookies go) before signing in as someone else. */
async function signOut(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL }]);
}

const csrf = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')!.value;

/** Seats left in a group of the course, by the public timetable. */
async function seatsLeft(page: Page, slug: string, groupTitle: string): Promise<number | null> {
  const starts = (await (await page.request.get(`/api/schedule/?course=${slug}`)).json()) as { title: string; seats_left: number | null }[];
  return starts.find((s) => s.title === groupTitle)?.seats_left ?? null;
}

/** Staff find the order by its code on the list and open its card. */
async function openOrder(page: Page, code: string) {
  await page.goto('/admin/school/people/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Разделы школы' }).getByRole('link', { name: 'Заказы' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/orders\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible();
  await page.getByLabel('Номер заказа, e-mail, телефон или промокод').fill(code);
  await page.getByLabel('Номер заказа, e-mail, телефон или промокод').press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${code}`));
  await expect(page.getByText('Найдено: 1')).toBeVisible();
  await shot(page, 'list');
  await page.getByRole('link', { name: `№ ${code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${code}` })).toBeVisible();
  await hydrated(page);
}

test('staff refund a card payment in full: the learner loses the course and the seat returns', async ({ page, login, baseURL }) => {
  test.setTimeout(120_000);
  const learner = await login(newEmail('refund'));
  await enrolByCard(page, ROASTING.slug, learner, ROASTING.price);
  const code = new URL(page.url()).searchParams.get('code')!;
  const mine = async () => (await (await page.request.get('/api/user/courses/', { headers: WEB })).json()) as { is_active: boolean; course: { slug: string } }[];
  expect((await mine()).filter((c) => c.course.slug === ROASTING.slug && c.is_active)).toHaveLength(1);
  const learnerSession = await page.context().cookies();

  await signOut(page, baseURL!);
  await login(STAFF.email, { password: STAFF.password });
  await openOrder(page, code);
  const facts = page.locator('.person-facts');
  await expect(facts).toContainText('Оплачен');
  await expect(page.locator('.person-list').first()).toContainText('курс открыт');
  await expect(page.getByText(/45\s000\s₽ — оплачено/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Чек (54-ФЗ), отправленный банку' })).toBeVisible();
  const group = (await facts.textContent())!.match(/группа «(.+?)»/)?.[1];
  expect(group, 'the order is for a group').toBeTruthy();
  const before = await seatsLeft(page, ROASTING.slug, group!);
  await shot(page, 'card-paid');

  // The refund is confirmed first, with the sum (all that is left) filled in.
  await page.getByRole('button', { name: 'Вернуть деньги' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вернуть деньги через банк?' });
  await expect(dialog.getByLabel('Сумма, ₽')).toHaveValue('45000,00');
  await dialog.getByLabel('Причина (видна только сотрудникам)').fill('Не сможет прийти');
  await shot(page, 'refund-dialog');
  await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Возврат проведён.' })).toBeVisible();
  await expect(facts).toContainText('Возвращён');
  await expect(page.locator('.person-list').first()).toContainText('курс не открыт');
  await expect(page.getByText(/Возврат 45\s000\s₽/)).toContainText('Не сможет прийти');
  await expect(page.getByRole('button', { name: 'Вернуть деньги' })).toHaveCount(0);
  await shot(page, 'card-refunded');
  // The payer's card lists the order and leads back to it.
  await page.locator('.person-facts').getByRole('link', { name: 'Иванова Анна Сергеевна' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/people\/\d+\/$/);
  await page.getByRole('link', { name: `№ ${code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${code}` })).toBeVisible();
  // The seat is free again (the other project may take one meanwhile, never two).
  if (before !== null) expect(await seatsLeft(page, ROASTING.slug, group!)).toBeGreaterThanOrEqual(before);

  // Back as the learner, in the session kept (a second code so soon would be refused).
  await page.context().clearCookies();
  await page.context().addCookies(learnerSession);
  expect((await mine()).filter((c) => c.course.slug === ROASTING.slug && c.is_active)).toHaveLength(0);
});

test('staff record an invoice paid by a company for three learners: all three are enrolled', async ({ page, login, baseURL }) => {
  test.setTimeout(90_000);
  const manager = await login(newEmail('company'));
  const ids: number[] = [];
  for (const [last, first, phone] of [['Соколова', 'Ирина', '+7 916 700-00-11'], ['Морозов', 'Павел', '+7 916 700-00-12'], ['Кузнецова', 'Дарья', '+7 916 700-00-13']]) {
    const res = await page.request.post('/api/user/students/', {
      headers: { ...WEB, 'x-csrf-token': await csrf(page) },
      data: { student_type: 'adult', last_name: last, first_name: first, phone, email: newEmail('learner') },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const captcha = (await (await page.request.post('/dev/captcha/token/', { data: { action: 'orderForm' } })).json()) as { token: string };
  const ordered = await page.request.post('/api/order/request/', {
    headers: { ...WEB, 'x-csrf-token': await csrf(page) },
    data: {
      course_slug: OPENING.slug,
      last_name: 'Орлова',
      first_name: 'Вера',
      phone: '+7 916 700-00-01',
      email: manager,
      consent_privacy: true,
      consent_personal_data: true,
      study_for_self: false,
      students: ids,
      'g-recaptcha-response': captcha.token,
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const code = ((await ordered.json()) as { order: { code: string } }).order.code;
  const managerSession = await page.context().cookies();

  await signOut(page, baseURL!);
  await login(STAFF.email, { password: STAFF.password });
  await openOrder(page, code);
  await expect(page.locator('.person-facts')).toContainText('Ожидает оплаты');
  await expect(page.locator('.person-list').first().locator('li')).toHaveCount(3);
  // By keyboard: the action opens its dialog with Enter, the safe answer has the focus.
  await page.getByRole('button', { name: 'Записать оплату' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Записать оплату вне сайта?' });
  await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeFocused();
  await expect(dialog.getByLabel('Способ')).toHaveValue('invoice');
  // Without the document's number the dialog says what is missing and records nothing.
  await dialog.getByLabel('Дата оплаты').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Записать оплату' }).click();
  await expect(dialog).toContainText('Укажите номер документа.');
  await dialog.getByLabel('Номер счёта или кассового документа').fill('С-2026-117');
  await dialog.getByLabel('Комментарий').fill('ООО «Зерно», платёжное поручение 5531');
  await shot(page, 'offline-dialog');
  await dialog.getByRole('button', { name: 'Записать оплату' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Оплата записана, ученики зачислены.' })).toBeVisible();
  await expect(page.locator('.person-facts')).toContainText('Оплачен');
  const learners = page.locator('.person-list').first().locator('li');
  await expect(learners).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) await expect(learners.nth(i)).toContainText('курс открыт');
  await expect(page.getByRole('heading', { name: 'Оплата вне сайта' })).toBeVisible();
  await expect(page.getByText(/документ № С-2026-117/)).toBeVisible();
  await shot(page, 'card-invoice');

  // The manager's account shows the three learners studying.
  await page.context().clearCookies();
  await page.context().addCookies(managerSession);
  const mine = (await (await page.request.get('/api/user/courses/', { headers: WEB })).json()) as { course: { slug: string }; student: { name: string } | null }[];
  expect(mine.filter((c) => c.course.slug === OPENING.slug).map((c) => c.student?.name).sort()).toHaveLength(3);
});
