import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The school staff's screens (decision 0045): staff edit 'Сведения' — a fact of a
// subsection and a PDF document — and see both on the public pages with their microdata; they
// publish a new version of a legal document, and the public page shows it with the earlier one in
// its list. A course owner who is not staff sees no 'Школа' and gets the 404 page at its address.
//
// Both projects run at once against one database, and a subsection is saved whole: so each project
// edits its own subsections and publishes its own document (the desktop: /sveden/common/,
// /sveden/document/ and the cookie policy, as the school names them; the phone: others).

const SHOTS = '/work/shots';
const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };

// The 404 page the refused owner gets is the point of that test.
test.use({ allowedConsoleErrors: { text: /status of (400|404)/ } });

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** A one-page PDF with selectable text (enough for the server's check by content). */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('staff edit a fact and upload a PDF; the public pages show both with their microdata', async ({ page, login }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const project = testInfo.project.name;
  // The desktop edits what the school names; the phone its own subsections (see the top).
  const fact = phone ? { key: 'objects', itemprop: 'comNet', label: 'Доступ к информационным системам и сетям' } : { key: 'common', itemprop: 'workTime', label: 'Режим и график работы' };
  const docs = phone ? { key: 'paid_edu', itemprop: 'paidParents', kind: 'Плата, взимаемая с родителей' } : { key: 'document', itemprop: 'localActStud', kind: 'Другой локальный акт' };
  await login(STAFF.email, { password: STAFF.password });

  // The way in: the admin sidebar's 'Школа' on a desktop, the profile menu's on a phone.
  await page.goto('/admin/courses/');
  await hydrated(page);
  if (phone) {
    await page.getByRole('button', { name: 'Меню кабинета' }).click();
    await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Школа', exact: true }).click();
    // The school opens on its overview; 'Сведения' is one of its tabs.
    await expect(page).toHaveURL(/\/admin\/school\/$/);
    await page.getByRole('navigation', { name: 'Разделы школы' }).getByRole('link', { name: 'Сведения' }).click();
  } else {
    const school = page.getByRole('navigation', { name: 'Администрирование' }).getByRole('list', { name: 'Школа' });
    await school.getByRole('link', { name: 'Сведения об организации' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/school\/sveden\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сведения об образовательной организации' })).toBeVisible();
  await expect(page.locator('.school-table tbody tr')).toHaveCount(14);
  await expect(page.locator('.school-table tbody tr', { hasText: 'Организация питания' })).toContainText('Не заполнен');
  await page.screenshot({ path: `${SHOTS}/staff-sveden-list-${project}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  // One fact of the subsection: its property is fixed, only the words change.
  await page.getByRole('link', { name: phone ? /Материально-техническое/ : 'Основные сведения' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/school/sveden/${fact.key}/$`));
  await hydrated(page);
  const row = page.getByRole('group', { name: new RegExp(`: ${fact.label}$`) });
  await expect(row.getByLabel('Что это')).toHaveValue(fact.itemprop);
  // The server's message for one field lands under that field.
  await row.getByLabel('Подпись на сайте').fill(' ');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(row.getByText('Введите подпись.')).toBeVisible();
  await row.getByLabel('Подпись на сайте').fill(fact.label);
  const value = `Проверено e2e ${project} ${Date.now()}`;
  await row.getByLabel('Значение').fill(value);
  await expect(page.getByText('Есть несохранённые изменения')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено: подраздел на сайте уже обновлён.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-sveden-edit-${project}.png`, fullPage: !phone });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
  await expect(page.getByRole('link', { name: 'Открыть на сайте' })).toHaveAttribute('href', `/sveden/${fact.key}/`);
  await page.goto(`/sveden/${fact.key}/`);
  await expect(page.locator(`[itemprop="${fact.itemprop}"]`)).toContainText(value);

  // A PDF for a new document row: uploaded with progress, linked with its property.
  await page.goto(`/admin/school/sveden/${docs.key}/`);
  await hydrated(page);
  const before = await page.getByRole('group', { name: /^Документ \d+/ }).count();
  await page.getByRole('button', { name: 'Добавить документ' }).click();
  const doc = page.getByRole('group', { name: /^Документ \d+/ }).nth(before);
  await doc.getByLabel('Вид документа').selectOption({ label: docs.kind });
  const title = `Положение e2e ${project} ${Date.now()}`;
  await doc.getByLabel('Название на сайте').fill(title);
  // The site's own file button, not the browser's unstyled control; the input under it is named by the label.
  await expect(doc.getByText('Выбрать файл', { exact: true })).toBeVisible();
  await expect(doc.locator('input[type="file"]')).toHaveCSS('opacity', '0');
  await doc.getByLabel('Загрузить PDF').setInputFiles({ name: 'polozhenie.pdf', mimeType: 'application/pdf', buffer: pdf(`Polozhenie ${project}`) });
  await expect(doc.getByLabel('Адрес файла')).toHaveValue(/^\/media\/.+\.pdf$/);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено: подраздел на сайте уже обновлён.')).toBeVisible();
  await page.goto(`/sveden/${docs.key}/`);
  const link = page.locator(`a[itemprop="${docs.itemprop}"]`, { hasText: title });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');

  // 'Образование' says where its programmes come from and leads to the courses.
  await page.goto('/admin/school/sveden/education/');
  const note = page.locator('.school-from-courses');
  await expect(note).toContainText('берутся из опубликованных курсов');
  await expect(note.getByRole('link', { name: 'курсах' })).toHaveAttribute('href', '/admin/courses/');
});

test('staff publish a new version of a document; the public page shows it with the earlier one', async ({ page, login }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const project = testInfo.project.name;
  // Not a consent the phone publishes: a new consent asks everyone who gave the old one again
  // (decision 0046), which other specs sharing the database would meet.
  const slug = phone ? 'offer' : 'cookie-policy';
  await login(STAFF.email, { password: STAFF.password });

  await page.goto('/admin/school/documents/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Юридические документы' })).toBeVisible();
  await expect(page.locator('.school-table tbody tr')).toHaveCount(6);
  const docRow = page.locator('.school-table tbody tr').filter({ has: page.locator(`a[href="/documents/${slug}/"]`) });
  await expect(docRow).toContainText('№ 1 от');
  await page.screenshot({ path: `${SHOTS}/staff-documents-${project}.png`, fullPage: true });
  await docRow.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/school/documents/${slug}/$`));
  await hydrated(page);
  await expect(page.getByText('Формат текста: абзацы разделяются пустой строкой')).toBeVisible();

  const text = page.getByLabel('Текст документа');
  const current = await text.inputValue();
  expect(current.length).toBeGreaterThan(50);
  await text.fill(`${current}\n\n## Изменения e2e\n\n- пункт добавлен проверкой ${project}`);
  await page.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(page.locator('#school-preview').getByRole('heading', { name: 'Изменения e2e' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-document-${project}.png`, fullPage: !phone });

  await page.getByRole('button', { name: 'Опубликовать новую редакцию' }).click();
  const confirm = page.getByRole('dialog', { name: 'Опубликовать новую редакцию?' });
  await expect(confirm).toContainText('вступит в силу сразу и для всех');
  await confirm.getByRole('button', { name: 'Опубликовать', exact: true }).click();
  await expect(page.getByText('Опубликована редакция № 2: она уже действует.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Редакция № 1 от/ })).toHaveAttribute('href', `/documents/${slug}/v/1/`);

  await page.goto(`/documents/${slug}/`);
  await expect(page.locator('.legal__facts')).toContainText('№ 2');
  await expect(page.getByRole('heading', { name: 'Изменения e2e' })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Редакции документа' });
  await expect(versions.getByText(/Редакция № 2 от .* \(действующая\)/)).toBeVisible();
  await expect(versions.getByRole('link', { name: /Редакция № 1 от/ })).toHaveAttribute('href', `/documents/${slug}/v/1/`);
});

test('a course owner who is not staff sees no Школа and gets the 404 page at its addresses', async ({ page, login }) => {
  await login(OWNER.email, { password: OWNER.password });
  await page.goto('/admin/courses/');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Мои курсы' })).toBeVisible();
  // Neither the admin sidebar nor the account menu under it (the footer has a 'Школа' menu of its own).
  const frame = page.locator('.admin');
  await expect(frame.locator('nav.admin-nav')).toBeAttached();
  await expect(frame).not.toContainText('Школа');
  await expect(frame).not.toContainText('Сведения об организации');
  for (const path of ['/admin/school/sveden/', '/admin/school/sveden/common/', '/admin/school/documents/', '/admin/school/documents/cookie-policy/', '/admin/school/audit/']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Такой страницы нет' })).toBeVisible();
  }
});

test('staff read the audit trail: who changed what, with the fields before and after, filtered by action', async ({ page, login }, testInfo) => {
  await login(STAFF.email, { password: STAFF.password });
  // Something to find: a draft course made, renamed and deleted through the API, as the builder does.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'crema_csrf')!.value;
  const headers = { 'x-crema-client': 'web', 'x-csrf-token': csrf };
  const any = (await (await page.request.get('/api/admin/courses/?page_size=1', { headers })).json()).results[0];
  const title = `Журнал ${testInfo.project.name} ${Date.now()}`;
  const made = await (await page.request.post('/api/admin/courses/', { headers, data: { title, category_id: any.category.id } })).json();
  expect((await page.request.patch(`/api/admin/courses/${made.id}/`, { headers, data: { title: `${title} (новое)` } })).status()).toBe(200);
  expect((await page.request.delete(`/api/admin/courses/${made.id}/`, { headers })).status()).toBe(204);

  await page.goto('/admin/school/documents/');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Разделы школы' }).getByRole('link', { name: 'Журнал' }).click();
  await expect(page).toHaveURL(/\/admin\/school\/audit\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал действий' })).toBeVisible();

  await page.getByLabel('Поиск').fill(title);
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page.getByText('Найдено записей: 3')).toBeVisible();
  const rows = page.locator('.audit-table tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Удалён курс');
  await expect(rows.nth(1)).toContainText('Изменён курс');
  await expect(rows.nth(1).locator('del')).toHaveText(title);
  await expect(rows.nth(1).locator('ins')).toHaveText(`${title} (новое)`);
  await expect(rows.nth(2)).toContainText('Создан курс');
  await expect(rows.nth(0)).toContainText(STAFF.email);
  await expect(rows.nth(0)).toContainText('Сотрудник');

  await page.getByLabel('Действие').selectOption({ label: 'Изменён курс' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/action=course\.update/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Название');
  await page.screenshot({ path: `${SHOTS}/staff-audit-${testInfo.project.name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
});

test('staff find a person, make them a course owner, open a course by hand, block the account (its sessions end at once), download its data and delete it', async ({ page, login, browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  // A new person with a session of their own, kept to try after the block.
  const email = await login();
  const personCookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  await login(STAFF.email, { password: STAFF.password });

  await page.goto('/admin/school/people/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Люди' })).toBeVisible();
  await page.getByLabel('Имя, e-mail или телефон').fill(email);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('Найдено: 1')).toBeVisible();
  await page.getByRole('link', { name: email }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
  await expect(page.getByText('паспорт не заполнен, СНИЛС не заполнен')).toBeVisible();

  await page.getByLabel('Владелец курсов — создаёт свои курсы в конструкторе').check();
  await page.getByRole('button', { name: 'Сохранить роли' }).click();
  await expect(page.getByText('Роли сохранены.')).toBeVisible();
  await expect(page.getByText(/; владелец курсов$/)).toBeVisible();

  // A course by hand, for good: it appears among the person's courses, given by hand.
  const courseSelect = page.getByLabel('Курс', { exact: true });
  await courseSelect.selectOption({ index: 1 });
  const courseTitle = (await courseSelect.locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: 'Открыть курс' }).click();
  await expect(page.getByText(`Курс открыт, ${email} получит письмо.`)).toBeVisible();
  await expect(page.locator('.person-list li', { hasText: courseTitle })).toContainText('Добавлен вручную');

  await page.getByRole('button', { name: 'Заблокировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Заблокировать аккаунт?' });
  await dialog.getByLabel('Причина (видна только сотрудникам)').fill('Проверка блокировки');
  await dialog.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(page.getByText(/Заблокирован .*\. Причина: Проверка блокировки\./)).toBeVisible();
  await expect(page.getByText('Действующих входов нет.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/staff-person-${testInfo.project.name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);

  // The person's own session ends at once.
  const theirs = await browser.newContext({ baseURL });
  await theirs.addCookies(personCookies);
  expect((await theirs.request.get('/api/user/personal/', { headers: { 'x-crema-client': 'web' } })).status()).toBe(401);
  await theirs.close();

  await page.getByRole('button', { name: 'Разблокировать' }).click();
  await page.getByRole('dialog', { name: 'Разблокировать аккаунт?' }).getByRole('button', { name: 'Разблокировать' }).click();
  await expect(page.getByText('Блокировка сразу завершает все входы человека', { exact: false })).toBeVisible();

  // The person asks for their data, then for the deletion of the account.
  await page.getByRole('button', { name: 'Выгрузить данные' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Выгрузить данные?' });
  await exportDialog.getByLabel('Обращение: откуда и когда пришло').fill('Письмо на почту школы');
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Выгрузить' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^crema-person-\d+\.json$/);
  const data = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')) as { profile: { email: string } };
  expect(data.profile.email).toBe(email);
  await expect(page.getByText('Файл с данными скачан.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Удалить аккаунт?' });
  await deleteDialog.getByRole('button', { name: 'Удалить аккаунт' }).click();
  // Without the request it answers, nothing is deleted.
  await expect(deleteDialog.getByText('Напишите, по какому обращению.')).toBeVisible();
  await deleteDialog.getByLabel('Обращение: откуда и когда пришло').fill('Заявление на удаление');
  await deleteDialog.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await expect(page.getByText(/^Аккаунт удалён .*: личные данные стёрты/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^deleted-\d+@deleted\.invalid$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Заблокировать' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/staff-person-deleted-${testInfo.project.name}.png`, fullPage: true });
});
