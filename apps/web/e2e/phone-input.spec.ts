import type { Locator, Page } from '@playwright/test';
import { expect, newEmail, test } from './fixtures.ts';

// Phone fields take a number as Russians write it: a leading 8 (the trunk prefix), 7 or +7,
// spaces, brackets, dashes, a pasted 'тел. …', typed key by key or pasted at once, and show
// '+7' and the ten digits (ui/masks.ts, the rule the server reads phones by). The order form,
// the account's personal data and the inline corporate form; the dialogs and the students'
// form use the same mask (its unit tests).

const WRITTEN = [
  '8 916 123-45-67',
  '89161234567',
  '8 (916) 123-45-67',
  '+7 916 123-45-67',
  '+7 (916) 123 45 67',
  '7 916 123 45 67',
  '9161234567',
  'тел. 8 (916) 123 45 67',
];

const SHOTS = process.env.E2E_SHOTS_DIR;

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** Every way of writing the number, typed key by key and then pasted (inserted at once), shows `shown`. */
async function expectEveryWay(field: Locator, shown: string) {
  for (const written of WRITTEN) {
    await field.clear();
    await field.pressSequentially(written);
    await expect(field, `typed ${written}`).toHaveValue(shown);
    await field.fill(written);
    await expect(field, `pasted ${written}`).toHaveValue(shown);
  }
}

test('the order form reads 8, 7, +7 and pasted text as +7', async ({ page }) => {
  await page.goto('/order-course/otkrytie-kofeini/');
  await hydrated(page);
  const phone = page.locator('form.order-card').getByLabel('Телефон');
  await expectEveryWay(phone, '+7 916-123-45-67');
  // After +7 an 8 is a digit of the number: +7 800 …
  await phone.clear();
  await phone.pressSequentially('8 800 555-35-35');
  await expect(phone).toHaveValue('+7 800-555-35-35');
});

test('the account reads 8, 7, +7 and pasted text as +7', async ({ page, login }) => {
  await login(newEmail('phone'));
  await page.goto('/user/account/');
  await hydrated(page);
  const phone = page.getByRole('form', { name: 'Личные данные' }).getByLabel('Телефон');
  await expectEveryWay(phone, '+7 (916) 123 45 67');
});

test('the corporate form masks its phone too, and the server takes what it shows', async ({ page }) => {
  await page.goto('/corporate/');
  const section = page.getByRole('region', { name: 'Заявка на корпоративное обучение' });
  await expect(section).toHaveAttribute('data-ready', 'true');
  const phone = section.getByLabel('Телефон');
  await expectEveryWay(phone, '+7 (916) 123 45 67');

  await phone.clear();
  await phone.pressSequentially('8 916 123-45-67');
  await expect(phone).toHaveValue('+7 (916) 123 45 67');
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/phone-corporate-${test.info().project.name}.png` });
  await section.getByLabel('Компания').fill('Кофе и Ко');
  await section.getByLabel('Контактное лицо').fill('Анна Петрова');
  await section.getByLabel('Электронная почта').fill(newEmail('corporate'));
  for (const consent of await section.getByRole('checkbox').all()) await consent.check();
  await section.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(section.getByRole('status')).toHaveText('Спасибо! Менеджер по корпоративным программам ответит в течение рабочего дня.');
});
