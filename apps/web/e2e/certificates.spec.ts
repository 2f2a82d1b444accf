import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, newEmail, test } from './fixtures.ts';

// Certificates of completion (decision 0085), at 375 and 1280 px. The demo owner makes a small
// course (one lesson) and switches its certificate on in the builder; a new learner gets the course,
// finishes the lesson and is asked for the name first ('Укажите ФИО для сертификата'), sets it in
// the account's personal data, downloads the PDF (its text read back: the name, the number, the
// address of the check page its QR code holds), and opens that page: valid, initials and surname.
// Staff revoke it in the course's list; the page then says so. The course is deleted at the end.

test.describe.configure({ timeout: 120_000 });

const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const STAFF = { email: 'staff@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };

/** A signed-in context of its own for a demo account (the learner keeps the page's). */
async function signedIn(context: BrowserContext, account: { email: string; password: string }) {
  const res = await context.request.post('/api/auth/token/', { headers: WEB, data: { username: account.email, password: account.password } });
  expect(res.status()).toBe(200);
}

/** An API call with the context's cookies and, for a change, its CSRF header (as the site's client sends it). */
async function call(request: APIRequestContext, context: BrowserContext, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, data?: object) {
  const csrf = (await context.cookies()).find((c) => c.name === 'crema_csrf')?.value ?? '';
  const res = await request.fetch(url, { method, headers: { ...WEB, 'x-csrf-token': csrf }, ...(data ? { data } : {}) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

test('a learner finishes a course, gives the name, downloads the certificate; the check page shows it valid, then revoked by staff', async ({ page, browser, login, baseURL }) => {
  const width = page.viewportSize()!.width;
  const shot = (name: string) => page.screenshot({ path: `/tmp/cert-${name}-${width}.png`, fullPage: true });
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);

  // ── The owner's small course: one module, one published lesson.
  const ownerContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
  await ownerContext.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  await signedIn(ownerContext, OWNER);
  const owner = ownerContext.request;
  const categories = (await (await owner.get('/api/categories/')).json()) as { id: number }[];
  const title = `Сертификат e2e ${test.info().project.name} ${Date.now()}`;
  const course = (await call(owner, ownerContext, 'POST', '/api/admin/courses/', { title, category_id: categories[0]!.id })) as { id: number };
  let deleted = false;
  try {
    const module = (await call(owner, ownerContext, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Основы' })) as { id: number };
    const lesson = (await call(owner, ownerContext, 'POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Первый урок' })) as { id: number };
    await call(owner, ownerContext, 'PATCH', `/api/admin/lessons/${lesson.id}/`, { is_published: true });

    // The owner switches the certificate on in the builder.
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/admin/courses/${course.id}/certificate/`);
    await hydrated(ownerPage);
    await ownerPage.getByLabel('Выдавать сертификат о прохождении курса').check();
    await ownerPage.getByLabel('Объём, академических часов').fill('16');
    await ownerPage.getByLabel('Реквизиты школы').fill('Школа кофейного мастерства «Крема»\nМосква');
    await ownerPage.getByRole('button', { name: 'Сохранить' }).click();
    await expect(ownerPage.getByRole('status').filter({ hasText: 'Настройки сохранены.' })).toBeVisible();
    await expect(ownerPage.getByRole('link', { name: 'Образец PDF' })).toHaveAttribute('href', `/api/admin/courses/${course.id}/certificate/preview/`);
    await ownerPage.screenshot({ path: `/tmp/cert-builder-${width}.png`, fullPage: true });

    // ── A new learner (no name yet) gets the course and finishes its lesson.
    const email = await login(newEmail('cert'));
    await call(owner, ownerContext, 'POST', `/api/admin/courses/${course.id}/audience/`, { email });
    // An account's access by e-mail waits as a grant until the learner takes it ('Мое обучение' does so).
    await call(page.request, page.context(), 'POST', '/api/user/courses/grants/');
    const mine = (await (await page.request.get('/api/user/courses/')).json()) as { id: number; course: { id: number } }[];
    const enrolment = mine.find((c) => c.course.id === course.id)!;
    await page.goto(`/user/courses/${enrolment.id}/lessons/${lesson.id}/`);
    await expect(page.getByRole('heading', { name: 'Первый урок' })).toBeVisible();

    // 'Мое обучение' asks for the name first: no certificate with a placeholder.
    await page.goto('/user/courses/');
    await hydrated(page);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Курс пройден: сертификат выдадим')).toBeVisible();
    await shot('name-needed');
    await card.getByRole('link', { name: 'Укажите ФИО для сертификата' }).click();
    await expect(page).toHaveURL(/\/user\/account\/#personal-title$/);
    await hydrated(page);
    await page.getByLabel('Фамилия').fill('Соколова');
    await page.getByLabel('Имя', { exact: true }).fill('Анна');
    await page.getByLabel('Отчество').fill('Сергеевна');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect(page.getByText('Данные сохранены').first()).toBeVisible();

    // Now the certificate is there: the PDF and its check.
    await page.goto('/user/courses/');
    await hydrated(page);
    const download = card.getByRole('link', { name: `Скачать сертификат (PDF): ${title}` });
    await expect(download).toBeVisible();
    await shot('my-courses');
    const check = card.getByRole('link', { name: /^Проверка сертификата CR-/ });
    const verifyUrl = (await check.getAttribute('href'))!;
    const number = /\/certificates\/(CR-[A-Z0-9-]+)\/$/.exec(verifyUrl)![1]!;

    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Соколова Анна Сергеевна');
    expect(text).toContain(number);
    expect(text).toContain(`«${title}»`);
    expect(text).toContain('16 ак. ч.');
    expect(text).toContain(verifyUrl.replace(/^https?:\/\//, ''));

    // The page the QR code opens: valid, the holder as initials and surname only.
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { name: 'Сертификат действителен' })).toBeVisible();
    await expect(page.getByText('А. С. Соколова')).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    await expect(page.getByText('Анна Сергеевна')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await shot('check-valid');

    // ── Staff revoke it in the course's list.
    const staffContext = await browser.newContext({ baseURL, viewport: page.viewportSize()! });
    await staffContext.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
    await signedIn(staffContext, STAFF);
    const staffPage = await staffContext.newPage();
    await staffPage.goto(`/admin/courses/${course.id}/certificate/?search=${encodeURIComponent('Соколова')}`);
    await hydrated(staffPage);
    const row = staffPage.getByRole('row').filter({ hasText: number });
    await expect(row.getByText('Соколова Анна Сергеевна')).toBeVisible();
    await row.getByRole('button', { name: `Отозвать ${number}` }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Отзыв сертификата' });
    await dialog.getByLabel('Причина отзыва').fill('Проверка отзыва');
    await dialog.getByRole('button', { name: 'Отозвать' }).click();
    await expect(row.getByText('Сертификат отозван')).toBeVisible();
    await staffPage.screenshot({ path: `/tmp/cert-revoked-list-${width}.png`, fullPage: true });
    await staffContext.close();

    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { name: 'Сертификат отозван' })).toBeVisible();
    await expect(page.getByText('Проверка отзыва')).toHaveCount(0);
    await shot('check-revoked');

    // An unknown number: the 404 page says so.
    const missing = await page.goto('/certificates/CR-2222-3333-4444/');
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Сертификат не найден' })).toBeVisible();

    // The learner removes the course from 'Мое обучение': nobody studies it, so it can be deleted.
    await call(page.request, page.context(), 'DELETE', `/api/user/courses/${enrolment.id}/`);
    await ownerPage.close();
    // The shared demo database keeps nothing of this spec: the course goes with its certificates.
    await call(owner, ownerContext, 'DELETE', `/api/admin/courses/${course.id}/`);
    deleted = true;
  } finally {
    if (!deleted) {
      const csrf = (await ownerContext.cookies()).find((c) => c.name === 'crema_csrf')?.value ?? '';
      await owner.fetch(`/api/admin/courses/${course.id}/`, { method: 'DELETE', headers: { ...WEB, 'x-csrf-token': csrf } }).catch(() => undefined);
    }
    await ownerContext.close();
  }
});
