import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The personal account screens of issue 10, as a person uses them, with a fresh account each:
// personal data and documents through the masks (digits typed, masked values seen), server
// errors under their fields, saving and reloading; the students list with StudentForm and
// WarningDelete.

test.use({ allowedConsoleErrors: { text: /status of (400|409)/ } });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage: true });
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

test('personal data and documents: masks, errors under fields, saved and kept after a reload, the refusal', async ({ page, login }) => {
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
  // The header greets the person by name now.
  await expect(page.getByRole('button', { name: 'Профиль: Иванова Анна' }).first()).toBeAttached();
  await shot(page, 'account-saved');

  // Kept: a reload shows the stored values through the masks.
  await page.reload();
  await hydrated(page);
  await expect(status).toHaveText('Профиль заполнен');
  await expect(personal.getByLabel('Дата рождения')).toHaveValue('15.03.1990');
  await expect(personal.getByLabel('Телефон')).toHaveValue('+7 (916) 123 45 67');
  await expect(personal.getByLabel('Пол')).toHaveValue('female');
  await expect(personal.getByLabel('Адрес')).toHaveValue('Москва, ул. Арбат, 2');
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
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(dialog).toBeHidden();
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
