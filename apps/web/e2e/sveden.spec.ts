// 'Сведения об образовательной организации' (decision 0042): reached from the footer,
// every subsection through the one sub-navigation, the demo school's details and documents, no
// sideways scrolling on a phone.
import { test, expect } from './fixtures.ts';

const SHOTS = '/work/shots';

test('the footer leads to Сведения; the sub-navigation walks every subsection', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name === 'phone';
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  await page.goto('/');
  // At the very bottom, the footer's last line is above the phone's fixed bottom menu.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Сведения об образовательной организации' }).click();
  await expect(page).toHaveURL(/\/sveden\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Сведения об образовательной организации' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sveden-index-${info.project.name}.png`, fullPage: true });

  const nav = page.getByRole('navigation', { name: 'Подразделы сведений об образовательной организации' });
  const links = nav.getByRole('link');
  const count = await links.count();
  expect(count).toBe(14);
  const walked: string[] = [];
  for (let i = 0; i < count; i++) {
    const current = page.getByRole('navigation', { name: 'Подразделы сведений об образовательной организации' }).getByRole('link').nth(i);
    const name = (await current.textContent())!.trim();
    const href = (await current.getAttribute('href'))!;
    await current.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/]/g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Подразделы сведений об образовательной организации' }).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${href}: no sideways scrolling`).toBe(true);
    walked.push(href);
  }
  expect(walked[0]).toBe('/sveden/common/');
  expect(walked).toContain('/sveden/eduStandarts/');
  expect(walked).toContain('/sveden/paid_edu/');

  await page.goto('/sveden/common/');
  await expect(page.locator('[itemprop="shortName"]')).toHaveText('ООО «Крема Эдьюкейшн»');
  await expect(page.locator('[itemprop="uchredLaw"] [itemprop="nameUchred"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sveden-common-${info.project.name}.png`, fullPage: true });

  await page.goto('/sveden/document/');
  const ustav = page.locator('a[itemprop="ustavDocLink"]');
  await expect(ustav).toHaveText('Устав');
  const pdf = await page.request.get((await ustav.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await page.screenshot({ path: `${SHOTS}/sveden-document-${info.project.name}.png`, fullPage: true });

  await page.goto('/sveden/employees/');
  await expect(page.locator('[itemprop="teachingStaff"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sveden-employees-${info.project.name}.png`, fullPage: !phone });

  await page.goto('/sveden/catering/');
  await expect(page.getByText('Информация отсутствует.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the section reads and its links work', async ({ page }) => {
    await page.goto('/sveden/');
    await page.getByRole('link', { name: 'Образование', exact: true }).click();
    await expect(page).toHaveURL(/\/sveden\/education\/$/);
    await expect(page.locator('[itemprop="eduOp"]').first()).toBeVisible();
  });
});
