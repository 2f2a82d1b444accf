import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, OWNER, STAFF, STUDENT, ownerPages, staffPages, publicPages, studentPages, visit, type WalkPage } from './walk.ts';

// axe-core finds nothing on any kind of page (WCAG 2.1 A and AA rules), in the normal
// and in the accessible version (the a11y cookie as features/a11y/settings.ts writes it: 200 %,
// white on black), signed out and signed in. One page of each kind; no rule is switched off.
// Desktop project only (playwright.config.ts); the phone's bottom menu is checked at 375 px below.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ACCESSIBLE = 'size:200|scheme:white-on-black|letters:normal|lines:normal|font:normal|images:on';

type Version = 'normal' | 'accessible';

async function useVersion(context: BrowserContext, baseURL: string, version: Version) {
  if (version === 'accessible') await context.addCookies([{ name: 'a11y', value: encodeURIComponent(ACCESSIBLE), url: baseURL }]);
}

/** axe on the page as it is now (`include`: only that part); one readable line per element. */
async function analyze(page: Page, label: string, include?: string): Promise<string[]> {
  // The WCAG rules only; and only the violations come back (every rule's passes make a large
  // answer and cost time). One options object: AxeBuilder.options() replaces withTags()'s.
  // Legacy mode: axe.run in the page itself, instead of partial runs finished in a new blank page
  // per analysis (twice as slow here). It would miss cross-origin frames: the only ones are video
  // embeds, loaded when a video is played, never on a page as it loads.
  const axe = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations.map((violation) => {
    const where = violation.nodes
      .slice(0, 6)
      .map((node) => `      ${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`);
    const more = violation.nodes.length > 6 ? [`      … and ${violation.nodes.length - 6} more`] : [];
    return [`${label}: ${violation.id} [${violation.impact}] ${violation.help}`, ...where, ...more].join('\n');
  });
}

function expectNone(found: string[]) {
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
}

/** axe on each page; every violation of every page in one failure. */
async function check(page: Page, pages: WalkPage[], version: Version) {
  const found: string[] = [];
  for (const [index, item] of pages.entries()) {
    await visit(page, item);
    if (version === 'accessible') await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'white-on-black');
    // The whole page first; then the page's own part: the shell around it (header, footer, cookie
    // notice) is the same on every page of one test, and checking it again only costs time. Ids
    // and references are still looked up in the whole document.
    found.push(...(await analyze(page, `${item.path} (${item.kind}), ${version}`, index > 0 ? '#content' : undefined)));
  }
  expectNone(found);
}

for (const version of ['normal', 'accessible'] as const) {
  test(`axe: the public pages, signed out, ${version} version`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await useVersion(context, baseURL!, version);
    await check(page, await publicPages(page, false), version);
  });

  test(`axe: the student’s pages and a course page, signed in, ${version} version`, async ({ page, context, baseURL, login }) => {
    test.setTimeout(90_000);
    await useVersion(context, baseURL!, version);
    await login(STUDENT, { password: DEMO_PASSWORD });
    const [home, , course] = await publicPages(page, false);
    await check(page, [home!, course!, ...(await studentPages(page))], version);
  });

  test(`axe: a course’s admin pages, ${version} version`, async ({ page, context, baseURL, login }) => {
    test.setTimeout(90_000);
    await useVersion(context, baseURL!, version);
    await login(OWNER, { password: DEMO_PASSWORD });
    await check(page, await ownerPages(page), version);
  });

  // Many screens, the settings' long form and the site's editors among them: in two halves, so
  // each stays well within its time on a busy machine.
  for (const half of [1, 2] as const) {
    test(`axe: the school staff’s screens, part ${half} of 2, ${version} version`, async ({ page, context, baseURL, login }) => {
      test.setTimeout(180_000);
      await useVersion(context, baseURL!, version);
      await login(STAFF, { password: DEMO_PASSWORD });
      const pages = await staffPages(page);
      const middle = Math.ceil(pages.length / 2);
      await check(page, half === 1 ? pages.slice(0, middle) : pages.slice(middle), version);
    });
  }
}

// At 375 px what the desktop does not show: the bottom menu, the burger menu with the
// accessibility button, the sign-in dialog, the accessibility panel; signed in, the profile menu
// of the bottom bar.
for (const version of ['normal', 'accessible'] as const) {
  test(`axe at 375 px: bottom menu, burger menu, sign-in dialog, accessibility panel, ${version} version`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await useVersion(context, baseURL!, version);
    await page.setViewportSize({ width: 375, height: 740 });
    const found: string[] = [];
    await visit(page, { path: '/', kind: 'главная' });
    await expect(page.getByRole('navigation', { name: 'Нижнее меню' })).toBeVisible();
    found.push(...(await analyze(page, `/ at 375 px, ${version}`)));
    await page.getByRole('banner').getByRole('button', { name: 'Открыть меню' }).click();
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await expect(nav).toBeVisible();
    found.push(...(await analyze(page, `burger menu, ${version}`, '.site-header')));
    await nav.getByRole('button', { name: 'Версия для слабовидящих' }).click();
    await expect(page.getByRole('region', { name: 'Версия для слабовидящих' })).toBeVisible();
    found.push(...(await analyze(page, `accessibility panel, ${version}`, '.site-header')));

    await visit(page, { path: '/?login', kind: 'вход' });
    const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    found.push(...(await analyze(page, `sign-in dialog, ${version}`, 'dialog')));
    expectNone(found);
  });
}

test('axe at 375 px: the signed-in bottom menu and its profile menu', async ({ page, login }) => {
  await login(STUDENT, { password: DEMO_PASSWORD });
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(page, { path: '/user/courses/', kind: 'мое обучение' });
  const bottom = page.getByRole('navigation', { name: 'Нижнее меню' });
  const profile = bottom.getByRole('button', { name: /Профиль/ });
  // The dropdown's chunk loads after the page: a tap before that does nothing.
  await expect(profile).toHaveAttribute('data-ready', 'true');
  await profile.click();
  await expect(page.locator(`#${await profile.getAttribute('aria-controls')}`).getByRole('link', { name: 'Мое обучение' })).toBeVisible();
  expectNone(await analyze(page, '/user/courses/ at 375 px, profile menu open'));
});
