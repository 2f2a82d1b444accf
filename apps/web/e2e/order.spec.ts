import type { Locator, Page } from '@playwright/test';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { enrolByCard, expect, fillPayer, newEmail, orderCode, payAtBank, placeOrder, TEST_CARDS, test } from './fixtures.ts';

// The order page /order-course/{slug}/ (the universal order form, code entry,
// order-form errors): a guest orders, confirms the e-mail by the mailed code (one field drawn as four boxes), pays
// at the test bank and finds the course in 'Мое обучение' (the golden path); a wrong code,
// a signed-in parent orders for a child, a refused field keeps what was typed. The payment pages
// have their own tests (payment.spec.ts).

// The server refuses the wrong code and the bad address with 400, the wrong password with 401 and
// a resend sooner than 30 s with 429 on purpose (the browser logs those).
test.use({ allowedConsoleErrors: { text: /status of (400|401|404|429)/ } });

/** A course without groups, 59 000 ₽. */
const COURSE = { slug: 'otkrytie-kofeini', title: 'Открытие кофейни: от идеи до первой чашки', price: '59 000 ₽' };
/** A kids course for children of 7–10 with one upcoming group, 4 500 ₽. */
const KIDS = { slug: 'limonady-i-kokteili', price: '4 500 ₽' };
/** A kids course for children of 10–14 with one upcoming group, 6 900 ₽: the demo parent's daughter (13) fits it. */
const TEENS = { slug: 'shokoladnaya-masterskaya', price: '6 900 ₽' };
const PAYMENT_URL = /\/courses\/payment\/[A-Za-z0-9_-]{16,}\/$/;

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 520;
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/work/shots/order-${name}-${test.info().project.name}.png`, fullPage: name === 'form' || name === 'errors' });
}

function form(page: Page): Locator {
  return page.locator('form.order-card');
}

/** A guest's order for themselves up to the code dialog. */
async function guestOrder(page: Page, email: string): Promise<Locator> {
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  await fillPayer(page, email);
  await form(page).getByLabel('Буду учиться сам').check();
  await form(page).getByRole('button', { name: /^Оформить заказ/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтвердите e-mail' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The code's one input (ui/CodeEntry.tsx), drawn as four boxes. */
function codeInput(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: 'Код из письма' });
}

/** The four boxes the typed digits are drawn in (hidden from screen readers: the input is what they read). */
function drawnBoxes(dialog: Locator): Locator {
  return dialog.locator('.code-entry__box');
}

function profileButton(page: Page) {
  const place = isPhone(page) ? page.getByRole('navigation', { name: 'Нижнее меню' }) : page.getByRole('banner');
  return place.getByRole('button', { name: /^Профиль: / });
}

test('a guest orders for themselves, types the mailed code into four boxes and is signed in on the way to payment', async ({ page }) => {
  const email = newEmail('order-guest');
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  await expect(page).toHaveTitle(/Оформление заказа: Открытие кофейни/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('complementary', { name: 'Ваш заказ' })).toContainText(COURSE.title);
  await expect(page.getByTestId('order-total')).toHaveText(nbsp(COURSE.price));

  const card = form(page);
  const submit = card.getByRole('button', { name: /^Оформить заказ/ });
  // The submit button is never disabled (a press says what is missing); the student selector comes last.
  await expect(submit).toBeEnabled();
  await expect(card.getByLabel('Буду учиться сам')).toHaveCount(0);
  await fillPayer(page, email);
  await expect(card.getByRole('link', { name: 'Политики конфиденциальности' })).toHaveAttribute('href', /privacy-policy/);
  await expect(card.getByLabel('Буду учиться сам')).toBeVisible();
  await card.getByLabel('Буду учиться сам').check();
  await expect(submit).toBeEnabled();
  await expect(submit).toHaveText(`Оформить заказ на ${nbsp(COURSE.price)}`);
  await shot(page, 'form');
  await submit.click();

  const dialog = page.getByRole('dialog', { name: 'Подтвердите e-mail' });
  await expect(dialog).toContainText(`Мы отправили код на ${email}`);
  const input = codeInput(dialog);
  await expect(drawnBoxes(dialog)).toHaveCount(4);
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(input).toBeFocused();
  await shot(page, 'code');

  const code = await orderCode(page, email);
  // A digit goes to the next box; Backspace clears the last one.
  await page.keyboard.type(code.slice(0, 2));
  await expect(input).toHaveValue(code.slice(0, 2));
  await expect(drawnBoxes(dialog).nth(1)).toHaveText(code[1]!);
  await expect(drawnBoxes(dialog).nth(2)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Backspace');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(code.slice(0, 1));
  await expect(drawnBoxes(dialog).nth(1)).toHaveText('');
  // The fourth digit sends the code.
  await page.keyboard.type(code.slice(1));
  await expect(page).toHaveURL(PAYMENT_URL);
  // Signed in: the header shows the person.
  await expect(profileButton(page)).toBeVisible();

  // Pays with the test card at the test bank and comes back through the callback.
  await hydrated(page);
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  await payAtBank(page, TEST_CARDS.success, COURSE.price);
  await page.waitForURL(/\/courses\/payment-success\/\?code=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible();
  await page.getByRole('link', { name: 'Перейти к обучению' }).click();
  await expect(page).toHaveURL(/\/user\/courses\/$/);
  await expect(page.getByRole('article', { name: COURSE.title })).toBeVisible();
  // The letter with the order reached the payer.
  await expect
    .poll(async () => ((await (await page.request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]).map((m) => m.subject))
    .toContain(`Заказ оплачен: ${COURSE.title}`);
});

test('a wrong code shows the server message and empties the boxes; resend waits for its countdown', async ({ page }) => {
  const email = newEmail('order-wrong');
  const dialog = await guestOrder(page, email);
  const resend = dialog.getByRole('button', { name: /^Отправить код повторно через 0:[0-3]\d$/ });
  await expect(resend).toBeDisabled();

  const code = await orderCode(page, email);
  const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
  const input = codeInput(dialog);
  await page.keyboard.type(wrong);
  await expect(dialog.getByRole('alert')).toContainText(/код/i);
  await expect(input).toHaveValue('');
  for (let i = 0; i < 4; i++) await expect(drawnBoxes(dialog).nth(i)).toHaveText('');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'code-wrong');

  // The whole code filled into the field (the phone's autofill from the letter) fills all four and sends.
  await input.fill(code);
  await expect(page).toHaveURL(PAYMENT_URL);
});

test('a signed-in parent finds the payer data filled in, picks the child and goes to payment', async ({ page, login }) => {
  await login('student@crema.local', { password: 'crema-demo-2026' });
  await page.goto(`/order-course/${TEENS.slug}/`);
  await hydrated(page);
  const card = form(page);
  await expect(card.getByLabel('Фамилия', { exact: true })).toHaveValue('Смирнов');
  await expect(card.getByLabel('Имя', { exact: true })).toHaveValue('Алексей');
  await expect(card.getByLabel('Отчество', { exact: true })).toHaveValue('Игоревич');
  await expect(card.getByLabel('Телефон')).toHaveValue('+7 916-123-45-02');
  await expect(card.getByLabel('E-mail')).toHaveValue('student@crema.local');
  // The course runs in groups: the only start is chosen already, shown as dd.mm.yyyy.
  const group = card.getByRole('group', { name: 'Дата старта группы' }).getByRole('radio');
  await expect(group).toHaveCount(1);
  await expect(group).toBeChecked();
  await expect(card.getByRole('group', { name: 'Дата старта группы' })).toContainText(/\d{2}\.\d{2}\.\d{4}/);

  await card.getByLabel(/Принимаю условия/).check();
  await card.getByLabel('Даю разрешение на обработку персональных данных').check();
  const child = card.getByLabel(/Смирнова Полина Алексеевна/);
  await child.check();
  await expect(card.getByLabel('Буду учиться сам')).not.toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText(nbsp(TEENS.price));
  // Choosing themselves too is the one or the other ('Буду учиться сам' or students).
  await card.getByLabel('Буду учиться сам').check();
  await expect(child).not.toBeChecked();
  await child.check();
  await expect(card.getByRole('button', { name: 'Добавить ученика' })).toBeVisible();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page).toHaveURL(PAYMENT_URL);
  // The demo child may have one open order of a course at a time: the other width's run orders it too.
  const code = new URL(page.url()).pathname.split('/').at(-2)!;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const cancel = await page.request.post(`/api/user/orders/${code}/cancel/`, { headers: { [CSRF_HEADER]: csrf, 'X-Crema-Client': 'web' } });
  expect(cancel.status()).toBeLessThan(300);
});

test('required fields are marked; a press on an incomplete form shows each problem at its field and focuses the first', async ({ page }) => {
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  const card = form(page);
  // The mark and what it means; the controls say they are required, the patronymic does not.
  await expect(card.getByText('* — обязательные поля')).toBeVisible();
  for (const label of ['Фамилия', 'Имя', 'Телефон', 'E-mail']) await expect(card.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true');
  await expect(card.getByLabel(/Принимаю условия/)).toHaveAttribute('aria-required', 'true');
  const patronymic = card.getByLabel('Отчество', { exact: true });
  await expect(patronymic).not.toHaveAttribute('aria-required', 'true');
  await expect(patronymic).toHaveAccessibleDescription('Если есть');

  const submit = card.getByRole('button', { name: /^Оформить заказ/ });
  await expect(submit).toBeEnabled();
  await submit.click();
  const lastName = card.getByLabel('Фамилия', { exact: true });
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAccessibleDescription('Укажите фамилию.');
  await expect(card.getByLabel('Имя', { exact: true })).toHaveAccessibleDescription('Укажите имя.');
  await expect(card.getByLabel('Телефон')).toHaveAccessibleDescription('Укажите телефон.');
  await expect(card.getByLabel('E-mail')).toHaveAccessibleDescription('Укажите адрес электронной почты.');
  await expect(card.getByLabel(/Принимаю условия/)).toHaveAccessibleDescription('Подтвердите согласие с политикой конфиденциальности.');
  await expect(card.getByLabel('Даю разрешение на обработку персональных данных')).toHaveAccessibleDescription(
    'Подтвердите согласие на обработку персональных данных.',
  );
  // Who studies is asked for too, at its choice.
  await expect(card.getByText('Выберите ученика или отметьте «Буду учиться сам».')).toBeVisible();
  await expect(patronymic).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'errors');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Fixed one by one: the focus goes to the first field still in error; an unfinished phone is named.
  await lastName.fill('Петрова');
  await card.getByLabel('Телефон').pressSequentially('916123');
  await submit.click();
  await expect(card.getByLabel('Имя', { exact: true })).toBeFocused();
  await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Телефон')).toHaveAccessibleDescription('Введите номер в формате +7 (999) 999-99-99.');
});

test('a payer without a patronymic orders: the field may stay empty', async ({ page }) => {
  const email = newEmail('order-no-patronymic');
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  await fillPayer(page, email);
  const card = form(page);
  await card.getByLabel('Отчество', { exact: true }).fill('');
  await card.getByLabel('Буду учиться сам').check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page.getByRole('dialog', { name: 'Подтвердите e-mail' })).toContainText(`Мы отправили код на ${email}`);
});

test("the payer's data of a first order fills the new account: the next order shows it with the notice", async ({ page }) => {
  const email = newEmail('order-profile');
  const dialog = await guestOrder(page, email);
  await codeInput(dialog).fill(await orderCode(page, email));
  await expect(page).toHaveURL(PAYMENT_URL);
  const code = new URL(page.url()).pathname.split('/').at(-2)!;

  await page.goto(`/order-course/${KIDS.slug}/`);
  await hydrated(page);
  const card = form(page);
  await expect(card.getByText('Мы заполнили форму данными из профиля — проверьте их.')).toBeVisible();
  await expect(card.getByLabel('Фамилия', { exact: true })).toHaveValue('Петрова');
  await expect(card.getByLabel('Имя', { exact: true })).toHaveValue('Анна');
  await expect(card.getByLabel('Отчество', { exact: true })).toHaveValue('Сергеевна');
  await expect(card.getByLabel('Телефон')).toHaveValue('+7 916-123-45-67');
  await expect(card.getByLabel('E-mail')).toHaveValue(email);
  await shot(page, 'prefilled');

  // The account page has them too.
  await page.goto('/user/account/');
  await hydrated(page);
  const personal = page.getByRole('form', { name: 'Личные данные' });
  await expect(personal.getByLabel('Фамилия')).toHaveValue('Петрова');
  await expect(page.locator('.pf-status')).not.toContainText('фамилия');
  await expect(page.locator('.pf-status')).not.toContainText('телефон');

  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const cancel = await page.request.post(`/api/user/orders/${code}/cancel/`, { headers: { [CSRF_HEADER]: csrf, 'X-Crema-Client': 'web' } });
  expect(cancel.status()).toBeLessThan(300);
});

test('a new account without personal data gets no prefill notice', async ({ page, login }) => {
  const email = await login();
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  const card = form(page);
  await expect(card.getByLabel('E-mail')).toHaveValue(email);
  await expect(card.getByLabel('Фамилия', { exact: true })).toHaveValue('');
  await expect(card.getByText('Мы заполнили форму данными из профиля')).toHaveCount(0);
});

test('a field the server refuses shows its message and keeps everything typed', async ({ page }) => {
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  // An address the server does not take (no top-level domain).
  await fillPayer(page, 'anna@example');
  const card = form(page);
  await card.getByLabel('Буду учиться сам').check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(card.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText(/адрес|e-mail/i).first()).toBeVisible();
  await expect(card.getByLabel('E-mail')).toHaveValue('anna@example');
  await expect(card.getByLabel('Фамилия', { exact: true })).toHaveValue('Петрова');
  await expect(card.getByLabel('Отчество', { exact: true })).toHaveValue('Сергеевна');
  await expect(card.getByLabel('Телефон')).toHaveValue('+7 916-123-45-67');
  await expect(card.getByLabel(/Принимаю условия/)).toBeChecked();
  await expect(card.getByLabel('Буду учиться сам')).toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('LoginOrder: a guest whose address has an account signs in with the password instead of the code', async ({ page }) => {
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  await fillPayer(page, 'student@crema.local');
  await form(page).getByLabel('Буду учиться сам').check();
  await form(page).getByRole('button', { name: /^Оформить заказ/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтвердите e-mail' });
  await dialog.getByRole('button', { name: 'Войти с паролем' }).click();
  const login = page.getByRole('dialog', { name: 'Вход в аккаунт' });
  await expect(login.getByLabel('E-mail')).toHaveValue('student@crema.local');
  await expect(login.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  // A wrong password: the server's words, nothing else happens.
  await login.getByLabel('Пароль').fill('not-the-password');
  await login.getByRole('button', { name: 'Войти и продолжить' }).click();
  await expect(login.getByText(/парол/i).last()).toBeVisible();
  await expect(page).toHaveURL(`/order-course/${COURSE.slug}/`);
  await login.getByLabel('Пароль').fill('crema-demo-2026');
  await login.getByRole('button', { name: 'Войти и продолжить' }).click();
  await expect(page).toHaveURL(PAYMENT_URL);
  await expect(profileButton(page)).toBeVisible();
});

test('a signed-in person adds a student on the order page (the account rules) and the new student is chosen', async ({ page, login }) => {
  const email = await login();
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  const card = form(page);
  await expect(card.getByLabel('E-mail')).toHaveValue(email);
  await fillPayer(page, email);
  await card.getByRole('button', { name: 'Добавить ученика' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить ученика' });
  await dialog.getByLabel('Взрослый').check();
  await dialog.getByLabel('Фамилия').fill('Петров');
  await dialog.getByLabel('Имя').fill('Илья');
  // An adult needs a phone and an e-mail: the account's rule, from the server.
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Телефон').pressSequentially('9161112233');
  await dialog.getByLabel('E-mail').fill('ilya@example.ru');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toBeHidden();
  const added = card.getByLabel(/Петров Илья/);
  await expect(added).toBeChecked();
  await expect(card.getByLabel('Буду учиться сам')).not.toBeChecked();
  // Two learners: the total doubles.
  await card.getByLabel('Буду учиться сам').check();
  await expect(added).not.toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText(nbsp(COURSE.price));
  await added.check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page).toHaveURL(PAYMENT_URL);
});

test('a guest orders for a child: the new student fields, the server refuses a missing birth date, then the code step', async ({ page }) => {
  const email = newEmail('order-child');
  await page.goto(`/order-course/${KIDS.slug}/`);
  await hydrated(page);
  await fillPayer(page, email);
  const card = form(page);
  await card.getByLabel('Будет учиться другой человек').check();
  await card.getByLabel('Ребёнок').check();
  await card.getByLabel('Фамилия ученика').fill('Петрова');
  await card.getByLabel('Имя ученика').fill('Маша');
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(card.getByLabel('Дата рождения')).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Имя ученика')).toHaveValue('Маша');
  await card.getByLabel('Дата рождения').pressSequentially('02092018');
  await expect(card.getByLabel('Дата рождения')).toHaveValue('02.09.2018');
  // The parent's consent for the child (its own document, decision 0046): required by the server.
  const childConsent = card.getByLabel(/Я являюсь законным представителем ребёнка/);
  await expect(card.getByRole('link', { name: 'согласие на обработку его персональных данных' })).toHaveAttribute('href', '/documents/child-personal-data-consent/');
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(childConsent).toHaveAttribute('aria-invalid', 'true');
  await childConsent.check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page.getByRole('dialog', { name: 'Подтвердите e-mail' })).toContainText(`Мы отправили код на ${email}`);
});

test("a parent types a birth date outside the kids course's age range and sees why at the field; a fitting date goes on", async ({ page }) => {
  const email = newEmail('order-age');
  await page.goto(`/order-course/${KIDS.slug}/`);
  await hydrated(page);
  await fillPayer(page, email);
  const card = form(page);
  await card.getByLabel('Будет учиться другой человек').check();
  await card.getByLabel('Ребёнок').check();
  await card.getByLabel('Фамилия ученика').fill('Петров');
  await card.getByLabel('Имя ученика').fill('Ваня');
  const birth = card.getByLabel('Дата рождения');
  // The range is said next to the field before anything is typed: the age is counted on the group's start.
  await expect(birth).toHaveAccessibleDescription(/^Курс для детей 7–10 лет: возраст считается на начало занятий, \d{2}\.\d{2}\.\d{4}\.$/);
  await birth.pressSequentially('10052021');
  await card.getByLabel(/Я являюсь законным представителем ребёнка/).check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(birth).toBeFocused();
  await expect(card.getByText(/^Курс для детей 7–10 лет, а ребёнку к началу занятий будет 5 лет\.$/)).toBeVisible();
  await birth.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/age-order-refused-${test.info().project.name}.png` });
  // The server says the same (it decides): the form's rule is the contract's.
  const [group] = (await (await page.request.get(`/api/schedule/?course=${KIDS.slug}`)).json()) as { id: number }[];
  const server = await page.request.post('/api/order/request/', {
    headers: { 'x-crema-client': 'web', 'x-csrf-token': (await page.context().cookies()).find((cookie) => cookie.name === 'crema_csrf')?.value ?? '' },
    data: {
      course_slug: KIDS.slug, last_name: 'Иванова', first_name: 'Анна', phone: '+7 916 123-45-67', email, consent_privacy: true, consent_personal_data: true,
      group: group!.id, student_type: 'child', student_last_name: 'Петров', student_first_name: 'Ваня', student_birthdate: '2021-05-10', consent_child_personal_data: true,
    },
  });
  expect(server.status()).toBe(400);
  expect(await server.json()).toEqual({ student_birthdate: ['Курс для детей 7–10 лет, а ребёнку к началу занятий будет 5 лет.'] });

  await birth.fill('');
  await birth.pressSequentially('10052018');
  await expect(birth).toHaveValue('10.05.2018');
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтвердите e-mail' });
  await expect(dialog).toContainText(`Мы отправили код на ${email}`);
  // Confirmed and cancelled: the order holds no seat of the group the other specs order.
  await codeInput(dialog).fill(await orderCode(page, email));
  await expect(page).toHaveURL(PAYMENT_URL);
  const code = new URL(page.url()).pathname.split('/').at(-2)!;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIES.csrf)?.value ?? '';
  const cancel = await page.request.post(`/api/user/orders/${code}/cancel/`, { headers: { [CSRF_HEADER]: csrf, 'X-Crema-Client': 'web' } });
  expect(cancel.status()).toBeLessThan(300);
});

test('resend comes back when the countdown ends; the wait the server still asks for is shown', async ({ page }) => {
  // The page's clock only: the countdown is moved on, the server keeps its real 30 s.
  await page.clock.install();
  const dialog = await guestOrder(page, newEmail('order-resend'));
  await expect(dialog.getByRole('button', { name: /^Отправить код повторно через 0:[23]\d$/ })).toBeDisabled();
  await page.clock.fastForward('00:31');
  const resend = dialog.getByRole('button', { name: 'Отправить код повторно', exact: true });
  await expect(resend).toBeEnabled();
  await resend.click();
  // The 429 detail (the server's words), and the field stays as it is.
  await expect(dialog.getByRole('alert')).toContainText(/можно через \d+ секунд/);
  await expect(codeInput(dialog)).toHaveValue('');
});

test('the order page says the learner already studies the course or already has an unpaid order of it; the payment page, until when the seat is held', async ({ page, login, baseURL }) => {
  // The cookie notice accepted, as a returning visitor has it: it would cover the pictures.
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  const email = await login();
  // An unpaid order of a course in groups: said on its order page, with the way to it.
  const code = await placeOrder(page, KIDS.slug, email);
  await page.goto(`/order-course/${KIDS.slug}/`);
  await hydrated(page);
  const open = form(page).getByTestId('order-already');
  await expect(open).toContainText('У вас уже есть неоплаченный заказ этого курса. Учится: вы.');
  await open.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/work/shots/order-already-unpaid-${test.info().project.name}.png` });
  await open.getByRole('link', { name: 'Перейти к заказу' }).click();
  await expect(page).toHaveURL(`/courses/payment/${code}/`);
  await hydrated(page);
  // The seat is held for a bounded time, said in Moscow time (with the date when the hold ends on another day).
  await expect(page.getByTestId('pay-hold')).toHaveText(/^Место в группе за вами до (\d{2}\.\d{2}\.\d{4} )?\d{2}:\d{2} \(мск\)\. Не успеете оплатить — заказ отменится, и место освободится\.$/);
  await page.locator('main').first().screenshot({ path: `/work/shots/order-hold-${test.info().project.name}.png` });

  // A course the account studies already: said before the form, and the server refuses it anyway.
  await enrolByCard(page, COURSE.slug, email, COURSE.price);
  await page.goto(`/order-course/${COURSE.slug}/`);
  await hydrated(page);
  const card = form(page);
  await expect(card.getByTestId('order-already')).toHaveText(/^Вы уже учитесь на этом курсе — второй раз оплачивать не нужно\. Мое обучение$/);
  await fillPayer(page, email);
  await expect(card.locator('label', { hasText: 'Буду учиться сам' })).toContainText('уже учитесь');
  await card.getByLabel(/Буду учиться сам/).check();
  await card.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(card.locator('#order-students-error')).toHaveText('Вы уже учитесь на этом курсе: второй раз оплачивать не нужно.');
  await expect(page).toHaveURL(`/order-course/${COURSE.slug}/`);
  await card.screenshot({ path: `/work/shots/order-already-studying-${test.info().project.name}.png` });
});

test.describe('an answer lost on the way', () => {
  // The 502 below is the point of the test (the browser logs it).
  test.use({ allowedConsoleErrors: { text: /status of (400|401|404|429|502)/ } });

  test('the order is made, its answer is lost (502): the page sends it again with the same key and the person gets one order', async ({ page }) => {
    const email = newEmail('lost-answer');
    const keys: (string | undefined)[] = [];
    const replayed: (string | undefined)[] = [];
    await page.route('**/api/order/request/', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length === 1) {
        // The server makes the order; the process "dies" before its answer reaches the browser.
        await route.fetch();
        await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
        return;
      }
      const response = await route.fetch();
      replayed.push(response.headers()['idempotent-replayed']);
      await route.fulfill({ response });
    });
    const dialog = await guestOrder(page, email);
    await expect(codeInput(dialog)).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(replayed).toEqual(['true']);
    // One order: one code mailed.
    await orderCode(page, email);
    const mails = (await (await page.request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
    expect(mails.filter((mail) => /Код подтверждения заказа/.test(mail.subject))).toHaveLength(1);
    await shot(page, 'lost-answer');
  });
});
