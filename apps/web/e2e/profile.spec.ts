import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, mailedCode, newEmail, test } from './fixtures.ts';

// The personal account screens, as a person uses them, with a fresh account each:
// personal data and documents through the masks (digits typed, masked values seen), server
// errors under their fields, saving and reloading; the students list with StudentForm and
// WarningDelete.

test.use({ allowedConsoleErrors: { text: /status of (400|409)/ } });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** With E2E_SHOTS_DIR set: the open dialog as the screen shows it, else the page's content. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const path = `${SHOTS}/${name}-${test.info().project.name}.png`;
  if (await page.getByRole('dialog').count()) await page.screenshot({ path });
  else await page.locator('main').first().screenshot({ path });
}

/** Types digits key by key into a masked field and expects the mask's text. */
async function typeMasked(field: Locator, digits: string, shown: string) {
  await field.clear();
  await field.pressSequentially(digits);
  await expect(field).toHaveValue(shown);
}

/** The error under a field (tied to it by aria-describedby). */
function errorOf(field: Locator) {
  return field.locator('xpath=..').locator('.pf-field__error');
}

test('personal data: masks, an error under its field with nothing typed lost, saved and kept after a reload', async ({ page, login }) => {
  const email = await login();
  await page.goto('/user/account/');
  await hydrated(page);
  await expect(page).toHaveTitle(/^Личные данные — /);
  const status = page.locator('.pf-status');
  await expect(status).toHaveText(
    'Не заполнено: фамилия, имя, отчество, дата рождения, телефон, серия паспорта, номер паспорта, код подразделения, дата выдачи паспорта, кем выдан паспорт, СНИЛС',
  );
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  const personal = page.getByRole('form', { name: 'Личные данные' });
  await personal.getByLabel('Фамилия').fill('Иванова');
  await personal.getByLabel('Имя').fill('Анна');
  await personal.getByLabel('Отчество').fill('Сергеевна');
  await personal.getByLabel('Пол').selectOption({ label: 'Женский' });
  await typeMasked(personal.getByLabel('Телефон'), '9161234567', '+7 (916) 123 45 67');
  await personal.getByLabel('Адрес').fill('Москва, ул. Арбат, 1');
  // A birth date in the future: the server's message under the field, nothing typed is lost.
  const birth = personal.getByLabel('Дата рождения');
  await typeMasked(birth, '01012090', '01.01.2090');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(errorOf(birth)).toHaveText('Дата не может быть в будущем.');
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(personal.getByLabel('Фамилия')).toHaveValue('Иванова');
  await expect(personal.getByLabel('Телефон')).toHaveValue('+7 (916) 123 45 67');
  await shot(page, 'account-error');

  await typeMasked(birth, '15031990', '15.03.1990');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(personal.getByRole('status')).toHaveText('Данные сохранены');
  await expect(errorOf(birth)).toHaveCount(0);
  await expect(status).toHaveText(
    'Не заполнено: серия паспорта, номер паспорта, код подразделения, дата выдачи паспорта, кем выдан паспорт, СНИЛС',
  );
  // Changing the form again takes the saved note away.
  await personal.getByLabel('Адрес').fill('Москва, ул. Арбат, 2');
  await expect(personal.getByRole('status')).toHaveText('');
  await personal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(personal.getByRole('status')).toHaveText('Данные сохранены');

  // The header greets the person by name now.
  await expect(page.getByRole('button', { name: 'Профиль: Иванова Анна' }).first()).toBeAttached();
  await shot(page, 'account-personal');

  // Kept: the server renders the stored values through the masks, before any script runs.
  const html = await (await page.request.get('/user/account/')).text();
  expect(html).toContain('value="15.03.1990"');
  expect(html).toContain('value="+7 (916) 123 45 67"');
  await page.reload();
  await hydrated(page);
  await expect(personal.getByLabel('Дата рождения')).toHaveValue('15.03.1990');
  await expect(personal.getByLabel('Телефон')).toHaveValue('+7 (916) 123 45 67');
  await expect(personal.getByLabel('Пол')).toHaveValue('female');
  await expect(personal.getByLabel('Адрес')).toHaveValue('Москва, ул. Арбат, 2');
});

test('documents: masks, a SNILS error, saved and kept, the profile complete; the refusal erases them and is undone', async ({ page, login }) => {
  await login();
  // The personal part is filled in already (the test above does it through the form).
  const filled = await page.request.patch('/api/user/personal/', {
    headers: { 'x-crema-client': 'web', 'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'crema_csrf')!.value },
    data: { last_name: 'Иванова', first_name: 'Анна', patronymic: 'Сергеевна', birth_date: '1990-03-15', phone: '+7 916 123-45-67' },
  });
  expect(filled.status()).toBe(200);
  await page.goto('/user/account/');
  await hydrated(page);
  const status = page.locator('.pf-status');

  // Documents: a SNILS with a wrong checksum is refused under its field.
  const documents = page.getByRole('form', { name: 'Документы' });
  await typeMasked(documents.getByLabel('Серия паспорта'), '4510', '45 10');
  await typeMasked(documents.getByLabel('Номер паспорта'), '123456', '123456');
  await typeMasked(documents.getByLabel('Код подразделения'), '770001', '770 001');
  await typeMasked(documents.getByLabel('Дата выдачи'), '01022015', '01.02.2015');
  await documents.getByLabel('Кем выдан').fill('ГУ МВД России по г. Москве');
  const snils = documents.getByLabel('СНИЛС');
  await typeMasked(snils, '11223344594', '112-233-445 94');
  await documents.getByRole('button', { name: 'Сохранить документы' }).click();
  await expect(errorOf(snils)).toHaveText('Проверьте СНИЛС: одиннадцать цифр с верной контрольной суммой.');
  await expect(documents.getByLabel('Серия паспорта')).toHaveValue('45 10');
  await typeMasked(snils, '11223344595', '112-233-445 95');
  await documents.getByRole('button', { name: 'Сохранить документы' }).click();
  await expect(documents.getByRole('status')).toHaveText('Данные сохранены');
  await expect(status).toHaveText('Профиль заполнен');
  await shot(page, 'account-saved');

  // Kept: a reload shows the stored values through the masks.
  await page.reload();
  await hydrated(page);
  await expect(status).toHaveText('Профиль заполнен');
  await expect(documents.getByLabel('Серия паспорта')).toHaveValue('45 10');
  await expect(documents.getByLabel('Код подразделения')).toHaveValue('770 001');
  await expect(documents.getByLabel('Дата выдачи')).toHaveValue('01.02.2015');
  await expect(documents.getByLabel('СНИЛС')).toHaveValue('112-233-445 95');

  // The refusal erases the documents after a confirmation; its undo brings an empty form back.
  await page.getByRole('button', { name: 'Не хочу указывать данные документов' }).click();
  const confirm = page.getByRole('dialog', { name: 'Не указывать данные документов?' });
  await expect(confirm).toContainText('будут стёрты');
  await confirm.getByRole('button', { name: 'Да, не указывать' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Вы отказались указывать данные документов')).toBeVisible();
  await expect(documents).toHaveCount(0);
  await expect(status).toContainText('Не заполнено: серия паспорта');
  const stored = await (await page.request.get('/api/user/documents/')).json();
  expect(stored).toMatchObject({ data_refusal: true, passport_number: null, snils: null });
  await page.getByRole('button', { name: 'Указать данные документов' }).click();
  await expect(documents.getByLabel('Серия паспорта')).toHaveValue('');
  expect((await (await page.request.get('/api/user/personal/')).json()).data_refusal).toBe(false);
});

test('students: add a child and an adult, errors under fields, edit one, delete one with WarningDelete', async ({ page, login }) => {
  await login();
  await page.goto('/user/students/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Данные учащихся' })).toBeVisible();
  await expect(page.getByText('Учеников пока нет')).toBeVisible();

  // A child: the birth date field appears only for a child, masked.
  await page.getByRole('button', { name: 'Добавить ученика' }).click();
  let dialog = page.getByRole('dialog', { name: 'Добавить ученика' });
  await expect(dialog.getByLabel('Дата рождения')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog.getByText('Выберите, кто будет учиться: ребёнок или взрослый.')).toBeVisible();
  await dialog.getByLabel('Ребёнок').check();
  await dialog.getByLabel('Фамилия').fill('Иванов');
  await dialog.getByLabel('Имя').fill('Петя');
  await typeMasked(dialog.getByLabel('Дата рождения'), '12052016', '12.05.2016');
  await expect(dialog.getByLabel('Телефон (необязательно)')).toBeVisible();
  // The holder consents for the child as its legal representative: required.
  const consent = dialog.getByLabel(/Я являюсь законным представителем ребёнка/);
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog.getByText('Без согласия законного представителя мы не можем хранить данные ребёнка.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'текст согласия' })).toHaveAttribute('href', /.+/);
  await consent.check();
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toBeHidden();
  const records = (await (await page.request.get('/api/user/consents/')).json()) as { consents: { kind: string; student_name: string }[] };
  expect(records.consents).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'child_personal_data', student_name: expect.stringContaining('Иванов Петя') })]),
  );
  const list = page.getByRole('list', { name: 'Ученики' });
  const child = list.getByRole('listitem').filter({ hasText: 'Иванов Петя' });
  await expect(child).toContainText('Ребёнок');
  await expect(child).toContainText('12.05.2016');

  // An adult needs a phone and an e-mail: the server's messages under them.
  await page.getByRole('button', { name: 'Добавить ученика' }).click();
  dialog = page.getByRole('dialog', { name: 'Добавить ученика' });
  await dialog.getByLabel('Взрослый').check();
  await expect(dialog.getByLabel('Дата рождения')).toHaveCount(0);
  await dialog.getByLabel('Фамилия').fill('Смирнова');
  await dialog.getByLabel('Имя').fill('Ольга');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(errorOf(dialog.getByLabel('Телефон', { exact: true }))).toHaveText('Укажите телефон.');
  await expect(errorOf(dialog.getByLabel('E-mail', { exact: true }))).toHaveText('Укажите адрес электронной почты.');
  await shot(page, 'student-errors');
  await typeMasked(dialog.getByLabel('Телефон', { exact: true }), '9031112233', '+7 (903) 111 22 33');
  await dialog.getByLabel('E-mail', { exact: true }).fill('olga@example.ru');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toBeHidden();
  const adult = list.getByRole('listitem').filter({ hasText: 'Смирнова Ольга' });
  await expect(adult).toContainText('Взрослый');
  await expect(adult).toContainText('+7 (903) 111 22 33');
  await expect(adult).toContainText('olga@example.ru');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'students');

  // Edit: the same form, filled in.
  await adult.getByRole('button', { name: 'Изменить: Смирнова Ольга' }).click();
  dialog = page.getByRole('dialog', { name: 'Изменить данные ученика' });
  await expect(dialog.getByLabel('Телефон', { exact: true })).toHaveValue('+7 (903) 111 22 33');
  // An adult turned into a child needs the representative's consent too.
  await dialog.getByLabel('Ребёнок').check();
  await expect(dialog.getByLabel(/Я являюсь законным представителем ребёнка/)).toBeVisible();
  await dialog.getByLabel('Взрослый').check();
  await expect(dialog.getByLabel(/Я являюсь законным представителем ребёнка/)).toHaveCount(0);
  await dialog.getByLabel('Имя').fill('Ольга-Мария');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem').filter({ hasText: 'Смирнова Ольга-Мария' })).toBeVisible();

  // Delete: 'Нет' keeps the child, 'Да' deletes it; the list is fetched again.
  await child.getByRole('button', { name: 'Удалить: Иванов Петя' }).click();
  let warning = page.getByRole('dialog', { name: 'Удаление ученика' });
  await expect(warning).toContainText('Удалить ученика Иванов Петя?');
  await warning.getByRole('button', { name: 'Нет' }).click();
  await expect(warning).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await child.getByRole('button', { name: 'Удалить: Иванов Петя' }).click();
  warning = page.getByRole('dialog', { name: 'Удаление ученика' });
  await warning.getByRole('button', { name: 'Да' }).click();
  await expect(warning).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Иванов Петя');

  // Kept after a reload (server-rendered list).
  await page.reload();
  await expect(page.getByRole('list', { name: 'Ученики' }).getByRole('listitem')).toHaveCount(1);
});

test('the demo student: a complete profile, the children’s consents by name; a student with a course is not deleted', async ({ page, login }) => {
  await login('student@crema.local', { password: 'crema-demo-2026' });
  await page.goto('/user/account/');
  await hydrated(page);
  await expect(page.locator('.pf-status')).toHaveText('Профиль заполнен');
  await expect(page.getByRole('form', { name: 'Документы' }).getByLabel('СНИЛС')).toHaveValue(/^\d{3}-\d{3}-\d{3} \d{2}$/);
  const consents = page.getByRole('list', { name: 'Документы и согласия' });
  await expect(consents.getByRole('listitem').filter({ hasText: 'за ученика Смирнова Полина' })).toContainText('как законным представителем');

  await page.goto('/user/students/');
  await hydrated(page);
  const child = page.getByRole('list', { name: 'Ученики' }).getByRole('listitem').filter({ hasText: 'Смирнова Полина' });
  await expect(child).toContainText('02.09.2013');
  await child.getByRole('button', { name: /^Удалить: / }).click();
  const warning = page.getByRole('dialog', { name: 'Удаление ученика' });
  await warning.getByRole('button', { name: 'Да' }).click();
  // The 409 stays in the dialog; the student stays in the list.
  await expect(warning.getByRole('alert')).toHaveText('Нельзя удалить ученика, у которого есть курсы или оплаченные заказы.');
  await warning.getByRole('button', { name: 'Нет' }).click();
  await expect(warning).toBeHidden();
  await expect(child).toBeVisible();
});

/** The 4-digit code of the newest letter to `to` whose subject starts with `subject`. */
async function codeFrom(page: Page, to: string, subject: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[];
      code = mails.map((mail) => (mail.subject.startsWith(subject) ? /(\d{4})\s*$/.exec(mail.subject)?.[1] : undefined)).find(Boolean);
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

test('consents withdrawn and given again; my data downloaded as JSON', async ({ page, login }) => {
  const email = await login();
  await page.goto('/user/account/');
  await hydrated(page);

  // A new account consented to personal data and the privacy policy when it signed up.
  const consents = page.getByRole('list', { name: 'Документы и согласия' });
  const personalData = consents.getByRole('listitem').filter({ hasText: 'Согласие на обработку персональных данных' });
  await expect(personalData).toContainText(/Версия \d+\. Согласие дано \d{2}\.\d{2}\.\d{4}/);
  const advertising = consents.getByRole('listitem').filter({ hasText: 'рекламных рассылок' });
  await expect(advertising).toContainText('Согласие не дано (необязательно)');
  await expect(personalData.getByRole('link')).toHaveAttribute('href', /^\//);

  // Withdraw: the dialog says what it means; then give it again.
  await personalData.getByRole('button', { name: /^Отозвать/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Отозвать согласие?' });
  await expect(confirm).toContainText('не сможем записывать вас на курсы');
  await confirm.getByRole('button', { name: 'Отозвать' }).click();
  await expect(confirm).toBeHidden();
  await expect(personalData).toContainText(/Отозвано \d{2}\.\d{2}\.\d{4}/);
  await personalData.getByRole('button', { name: /^Дать согласие/ }).click();
  await expect(personalData).toContainText('Согласие дано');
  await expect(personalData.getByRole('button', { name: /^Отозвать/ })).toBeVisible();
  await advertising.getByRole('button', { name: /^Дать согласие/ }).click();
  await expect(advertising).toContainText('Согласие дано');
  await shot(page, 'account-consents');

  // My data: the download is a JSON file with the person in it.
  await page.getByRole('form', { name: 'Личные данные' }).getByLabel('Фамилия').fill('Петрова');
  await page.getByRole('form', { name: 'Личные данные' }).getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('form', { name: 'Личные данные' }).getByRole('status')).toHaveText('Данные сохранены');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать мои данные' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^crema-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string; last_name: string } };
  expect(data.profile).toMatchObject({ email, last_name: 'Петрова' });

});

test('the address changed by a code from the new mailbox; the account deleted by a code, signed out', async ({ page, login }) => {
  const email = await login();
  await page.goto('/user/account/');
  await hydrated(page);

  // The address: a code sent to the new one, then the address is the new login.
  const newAddress = newEmail('moved');
  await page.getByRole('button', { name: 'Изменить', exact: true }).click();
  const change = page.getByRole('dialog', { name: 'Смена адреса для входа' });
  await change.getByLabel('Новый e-mail').fill(email);
  await change.getByRole('button', { name: 'Получить код' }).click();
  await expect(change.getByText('Это ваш текущий адрес. Укажите новый.')).toBeVisible();
  await change.getByLabel('Новый e-mail').fill(newAddress);
  await change.getByRole('button', { name: 'Получить код' }).click();
  await change.getByLabel('Код из письма').fill(await codeFrom(page, newAddress, 'Код для смены адреса'));
  await change.getByRole('button', { name: 'Сменить адрес' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(newAddress);

  // Deleting the account: what goes and what stays, a code, then signed out on the home page.
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  const remove = page.getByRole('dialog', { name: 'Удалить аккаунт?' });
  await expect(remove).toContainText('Останутся обезличенными заказы');
  await remove.getByRole('button', { name: 'Получить код' }).click();
  await remove.getByLabel('Код из письма').fill(await codeFrom(page, newAddress, 'Код для удаления аккаунта'));
  await shot(page, 'account-delete');
  await remove.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Профиль: / })).toHaveCount(0);
  expect((await page.request.get('/api/user/personal/')).status()).toBe(401);
});

/** Signs a new account in through the code dialog, as a person does. */
async function signInByCode(page: Page) {
  // Each sign-in is a new account (one code per address per 180 s); the skip belongs to the browser.
  const email = newEmail('skip');
  await page.goto('/?login');
  await hydrated(page);
  const sendCode = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await sendCode.getByLabel('E-mail').fill(email);
  await sendCode.getByRole('checkbox').check();
  await sendCode.getByRole('button', { name: 'Получить код' }).click();
  const input = page.getByRole('dialog', { name: 'Введите код из письма' }).getByLabel('Код из письма');
  await input.fill(await mailedCode(page, email));
}

test('SkipAccountData: offered after a sign-in while the profile is incomplete; «Заполнить» leads to the account page', async ({ page }) => {
  await signInByCode(page);
  const offer = page.getByRole('dialog', { name: 'Заполните личные данные' });
  await expect(offer).toBeVisible();
  await shot(page, 'skip-account-data');
  await offer.getByRole('button', { name: 'Заполнить' }).click();
  await expect(page).toHaveURL(/\/user\/account\/$/);
  await expect(offer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Личные данные' })).toBeVisible();
});

test('SkipAccountData: «Пропустить» is remembered in this browser', async ({ page }) => {
  await signInByCode(page);
  const offer = page.getByRole('dialog', { name: 'Заполните личные данные' });
  await offer.getByRole('button', { name: 'Пропустить' }).click();
  await expect(offer).toBeHidden();
  // Signed out (the session cookies gone), another incomplete account signs in: no offer.
  await page.context().clearCookies({ name: /^crema_/ });
  await signInByCode(page);
  await expect(page.getByRole('button', { name: /^Профиль: / }).first()).toBeAttached();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
