import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, OWNER, STUDENT, ownerPages, publicPages, studentPages, visit, type WalkPage } from './walk.ts';

// Issue 15: axe-core finds nothing on any kind of page (WCAG 2.1 A and AA rules), in the normal
// and in the accessible version (the a11y cookie as features/a11y/settings.ts writes it: 200 %,
// white on black), signed out and signed in. One page of each kind; no rule is switched off.
// Desktop project only (playwright.config.ts); the phone's bottom menu is checked at 375 px below.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ACCESSIBLE = 'size:200|scheme:white-on-black|letters:normal|lines:normal|font:normal|images:on';

type Version = 'normal' | 'accessible';

async function useVersion(context: BrowserContext, baseURL: string, version: Version) {
  if (version === 'accessible') await context.addCookies([{ name: 'a11y', value: encodeURIComponent(ACCESSIBLE), url: baseURL }]);
}

/** axe on each page; every violation, one readable line per element, in one failure. */
async function check(page: Page, pages: WalkPage[], version: Version) {
  const found: string[] = [];
  for (const [index, item] of pages.entries()) {
    await visit(page, item);
    if (version === 'accessible') await expect(page.locator('html')).toHaveAttribute('data-a11y-scheme', 'white-on-black');
    // The WCAG rules only; and only the violations come back (every rule's passes make a large
    // answer and cost time). One options object: AxeBuilder.options() replaces withTags()'s.
    const axe = new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] });
    // The whole page first; then the page's own part: the shell around it (header, footer, cookie
    // notice, bottom menu) is the same on every page of one test, and checking it again only costs
    // time. Ids and references are still looked up in the whole document.
    if (index > 0) axe.include('#content');
    const { violations } = await axe.analyze();
    for (const violation of violations) {
      const where = violation.nodes
        .slice(0, 6)
        .map((node) => `      ${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`);
      const more = violation.nodes.length > 6 ? [`      … and ${violation.nodes.length - 6} more`] : [];
      found.push([`${item.path} (${item.kind}), ${version}: ${violation.id} [${violation.impact}] ${violation.help}`, ...where, ...more].join('\n'));
    }
  }
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
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
}
