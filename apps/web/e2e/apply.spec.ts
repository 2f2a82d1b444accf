import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Applications (the Poll, Student, SendApplication and FormSuccess dialogs, dynamic
// forms): a guest applies on a course page for themselves and for another person,
// and sends the general form of /contacts/. Each ends with the school's letter in the dev mailbox.

// The server refuses the empty and the wrong sends with 400 on purpose (the browser logs those).
test.use({ allowedConsoleErrors: { text: /status of 400/ } });

const COURSE = { title: 'Бариста с нуля', path: '/courses/barista-s-nulya/' };

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A name no other test (or project) types. */
function uniqueName(prefix: string): string {
  return `${prefix} ${test.info().project.name} ${Date.now().toString(36)}`;
}

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** The school's letter about an application that carries `marker` (the school's address is the site's contact e-mail). */
async function schoolLetter(page: Page, marker: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/mail.json')).json()) as Mail[];
      found = mails.find((mail) => mail.subject.startsWith('Новая заявка') && mail.text.includes(marker));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/apply-shots/${name}-${test.info().project.name}.png` });
}

test('a guest applies for themselves on a course page: errors under the fields first, then the success text', async ({ page, request }) => {
  const form = await (await request.get('/api/feedback/course_form/')).json();
  await page.goto(COURSE.path);
  await hydrated(page);

  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Для кого заявка?' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`${COURSE.path}apply/#cta-title`);
  await dialog.getByRole('button', { name: 'Для себя' }).click();

  const send = page.getByRole('dialog', { name: form.title });
  await expect(send.getByLabel('Имя')).toBeFocused();
  // Sent empty: the server's messages under each field, the consent too.
  await send.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(send.getByText('Заполните поле «Имя».')).toBeVisible();
  await expect(send.getByText('Заполните поле «Телефон».')).toBeVisible();
  await expect(send.getByText('Нужно согласие на обработку персональных данных.')).toBeVisible();
  await expect(send.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'self-errors');

  const name = uniqueName('Анна');
  await send.getByLabel('Имя').fill(name);
  // The phone mask writes '+7 (…)' itself.
  await send.getByLabel('Телефон').pressSequentially('9161234567');
  await expect(send.getByLabel('Телефон')).toHaveValue('+7 (916) 123 45 67');
  await send.getByLabel('Электронная почта').fill('not-an-address');
  await send.getByRole('button', { name: 'Отправить заявку' }).click();
  // A refused field keeps what was typed in the others.
  await expect(send.getByLabel('Электронная почта')).toHaveAttribute('aria-invalid', 'true');
  await expect(send.getByLabel('Имя')).toHaveValue(name);

  await send.getByLabel('Электронная почта').fill('anna@example.ru');
  await send.getByLabel(/Принимаю условия/).check();
  await expect(send.getByRole('link', { name: 'Политики конфиденциальности' })).toHaveAttribute('href', /privacy-policy/);
  await send.getByRole('button', { name: 'Отправить заявку' }).click();

  const success = page.getByRole('dialog', { name: 'Заявка отправлена' });
  await expect(success.getByText(form.success_message)).toBeVisible();
  await shot(page, 'self-success');
  await success.getByRole('button', { name: 'Хорошо' }).click();
  await expect(success).toBeHidden();
  await expect(page).toHaveURL(COURSE.path);

  const letter = await schoolLetter(page, name);
  expect(letter.subject).toBe(`Новая заявка: ${COURSE.title}`);
  expect(letter.text).toContain('+7 (916) 123-45-67');
  expect(letter.text).toContain('гость сайта');
});

test('a guest applies for another person: Student, then their own contacts, one application with both', async ({ page, request }) => {
  const form = await (await request.get('/api/feedback/course_kids_form/')).json();
  await page.goto(COURSE.path);
  await hydrated(page);
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await page.getByRole('button', { name: 'Для другого человека (например, ребёнка)' }).click();

  const student = page.getByRole('dialog', { name: 'Кто будет учиться' });
  // Required student fields are asked before going on.
  await student.getByRole('button', { name: 'Далее' }).click();
  await expect(student.getByText('Заполните поле «Фамилия и имя ребёнка».')).toBeVisible();
  const child = uniqueName('Миша');
  await student.getByLabel('Фамилия и имя ребёнка').fill(child);
  await student.getByLabel('Дата рождения ребёнка').pressSequentially('14052015');
  await expect(student.getByLabel('Дата рождения ребёнка')).toHaveValue('14.05.2015');
  await shot(page, 'other-student');
  await student.getByRole('button', { name: 'Далее' }).click();

  const own = page.getByRole('dialog', { name: 'Ваши контакты' });
  await expect(own.getByText(form.description)).toBeVisible();
  await own.getByLabel('Имя родителя').fill('Ольга');
  await own.getByLabel('Телефон родителя').pressSequentially('9031112233');
  await own.getByLabel('Электронная почта родителя').fill('olga@example.ru');
  await own.getByLabel(/Принимаю условия/).check();
  // The child's data needs the parent's own consent for it (the child's document), asked here.
  await expect(own.getByRole('link', { name: 'согласие на обработку его персональных данных' })).toHaveAttribute('href', '/documents/child-personal-data-consent/');
  await own.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(own.getByText('Подтвердите согласие законного представителя на обработку персональных данных ребёнка.')).toBeVisible();
  await shot(page, 'other-child-consent');
  await own.getByLabel(/законный представитель ребёнка/).check();
  await shot(page, 'other-own');
  await own.getByRole('button', { name: 'Отправить заявку' }).click();

  await expect(page.getByRole('dialog', { name: 'Заявка отправлена' }).getByText(form.success_message)).toBeVisible();
  // Esc closes it like the other dialogs, back on the course page.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(COURSE.path);

  const letter = await schoolLetter(page, child);
  expect(letter.text).toContain('14.05.2015');
  expect(letter.text).toContain('Ольга');
});

test("an application for a child outside the kids course's age range is refused at the birth date; a fitting date goes on", async ({ page, request }) => {
  await page.goto('/courses/limonady-i-kokteili/');
  await hydrated(page);
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await page.getByRole('button', { name: 'Для другого человека (например, ребёнка)' }).click();
  const student = page.getByRole('dialog', { name: 'Кто будет учиться' });
  const birth = student.getByLabel('Дата рождения ребёнка');
  // An application chooses no group: the age is counted today.
  await expect(birth).toHaveAccessibleDescription('Курс для детей 7–10 лет: возраст считается на сегодня.');
  await student.getByLabel('Фамилия и имя ребёнка').fill(uniqueName('Ваня'));
  await birth.pressSequentially('10052021');
  await student.getByRole('button', { name: 'Далее' }).click();
  await expect(student.getByText(/^Курс для детей 7–10 лет, а ребёнку сейчас 5 лет\.$/)).toBeVisible();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `/tmp/age-apply-refused-${test.info().project.name}.png` });

  // The server refuses the same application with the same words at the same field.
  const refused = await request.post('/api/feedback/course_kids_form/process/', {
    headers: { 'x-crema-client': 'web' },
    data: {
      name: 'Ольга', phone: '+79031112233', email: 'olga@example.ru', student_name: 'Ваня', student_birthdate: '2021-05-10',
      course_slug: 'limonady-i-kokteili', consent_personal_data: true, consent_child_personal_data: true,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ student_birthdate: ['Курс для детей 7–10 лет, а ребёнку сейчас 5 лет.'] });

  await birth.fill('');
  await birth.pressSequentially('10052018');
  await student.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByRole('dialog', { name: 'Ваши контакты' })).toBeVisible();
});

test('the contacts page has a form that sends a message to the school', async ({ page, request }) => {
  const form = await (await request.get('/api/feedback/contacts_form/')).json();
  await page.goto('/contacts/');
  const section = page.getByRole('region', { name: form.title });
  await expect(section).toBeVisible();
  await hydrated(page);
  // The form is a lazy chunk: pressed before it hydrates, the browser would send it itself.
  await expect(section).toHaveAttribute('data-ready', 'true');
  await section.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(section.getByText('Заполните поле «Сообщение».')).toBeVisible();

  const name = uniqueName('Пётр');
  await section.getByLabel('Имя').fill(name);
  await section.getByLabel('Электронная почта').fill('petr@example.ru');
  await section.getByLabel('Сообщение').fill('Есть ли занятия по выходным?');
  await section.getByLabel(/Принимаю условия/).check();
  await section.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(section.getByRole('status')).toHaveText(form.success_message);
  await page.screenshot({ path: `/tmp/apply-shots/contacts-${test.info().project.name}.png`, fullPage: true });

  const letter = await schoolLetter(page, name);
  expect(letter.subject).toBe(`Новая заявка: ${form.title}`);
  expect(letter.text).toContain('Есть ли занятия по выходным?');
});

test('corporate: «Оставить заявку» leads to the form on the same page', async ({ page }) => {
  await page.goto('/corporate/');
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await expect(page).toHaveURL(/\/corporate\/#feedback$/);
  await expect(page.getByRole('region', { name: 'Заявка на корпоративное обучение' }).getByLabel('Компания')).toBeInViewport();
});

test('the application address opens the Poll on arrival, and Back closes the dialogs', async ({ page }) => {
  await page.goto(`${COURSE.path}apply/`);
  await expect(page.getByRole('dialog', { name: 'Для кого заявка?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: COURSE.title })).toBeAttached();

  await page.goto(COURSE.path);
  await hydrated(page);
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await expect(page.getByRole('dialog', { name: 'Для кого заявка?' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(COURSE.path);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/modal-open/);
});

test('a signed-in person finds their contacts filled in and sends as themselves', async ({ page, login, request }) => {
  const form = await (await request.get('/api/feedback/course_form/')).json();
  await login('student@crema.local', { password: 'crema-demo-2026' });
  await page.goto(COURSE.path);
  await hydrated(page);
  await page.getByRole('link', { name: 'Оставить заявку' }).click();
  await page.getByRole('button', { name: 'Для себя' }).click();
  const send = page.getByRole('dialog', { name: form.title });
  // From GET /api/user/personal/ (the demo student's profile).
  await expect(send.getByLabel('Имя')).toHaveValue('Алексей Смирнов');
  await expect(send.getByLabel('Электронная почта')).toHaveValue('student@crema.local');
  await expect(send.getByLabel('Телефон')).toHaveValue(/^\+7 \(\d{3}\) \d{3} \d{2} \d{2}$/);
  await send.getByLabel(/Принимаю условия/).check();
  await send.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByRole('dialog', { name: 'Заявка отправлена' }).getByText(form.success_message)).toBeVisible();
});
