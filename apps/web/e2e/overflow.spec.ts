import type { Page } from '@playwright/test';
import { LEGAL_DOCUMENTS, SVEDEN_SECTIONS } from '@crema/contract';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, OWNER, STAFF, STUDENT, ownerPages, staffPages, publicPages, studentPages, visit, type WalkPage } from './walk.ts';

// No page scrolls sideways at any width from 320 to 1920 px. Every page is loaded once
// and measured at each width by resizing the window (no reload): a failure names the page, the
// width and the elements that stick out past the right edge. Run in the desktop project only
// (playwright.config.ts): the widths are set here.

const WIDTHS = [320, 375, 520, 767, 768, 1024, 1280, 1920];
const HEIGHT = 800;

/**
 * At the current width: nothing when the page fits; otherwise what sticks out past the right edge
 * outside any clipping box (that is what widens the page): elements, and text running out of its
 * element (a long word), furthest first.
 */
async function overflowAt(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const view = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= view) return null;
    /** Inside a box that clips or scrolls sideways (the element itself included): cannot widen the page. */
    const clipped = (element: Element | null) => {
      for (let box = element; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const classes = [...element.classList].slice(0, 3).map((item) => `.${item}`).join('');
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}>`;
    };
    const found: { right: number; label: string }[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right;
      if (right > view + 0.5 && !clipped(element.parentElement)) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        found.push({ right, label: `${name(element)}${text ? ` «${text}»` : ''}` });
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > view + 0.5 && !clipped(node.parentElement)) {
        found.push({ right, label: `text in ${name(node.parentElement!)} «${node.textContent!.trim().slice(0, 40)}»` });
      }
    }
    found.sort((a, b) => b.right - a.right);
    const list = found.slice(0, 4).map((item) => `${item.label} right=${Math.round(item.right)}`);
    return `scrollWidth ${scroll} > ${view}: ${list.join('; ') || 'nothing found (a pseudo-element or a margin?)'}`;
  });
}

/** Every page at every width; collects all the failures, so one run lists them all. */
async function walk(page: Page, pages: WalkPage[], expected: number) {
  // An empty or shortened list would pass without looking at anything.
  expect(pages.map((item) => item.path), 'pages to walk').toHaveLength(expected);
  const failures: string[] = [];
  for (const item of pages) {
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await visit(page, item);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      let problem = await overflowAt(page);
      // Charts and the like measure their box after a resize, a frame or a timer later: look again.
      if (problem) problem = await page.waitForTimeout(300).then(() => overflowAt(page));
      if (problem) failures.push(`${item.path} (${item.kind}) at ${width} px: ${problem}`);
    }
  }
  expect(failures, `sideways overflow:\n${failures.join('\n')}`).toEqual([]);
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie notice accepted, as a returning visitor has it (it is fixed: it never widens a page).
  await context.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
});

// The public pages in two halves, so the two workers share them.
const isRegister = ({ path }: WalkPage) => path.startsWith('/sveden/') || path.startsWith('/documents/');

test('no sideways scrolling from 320 to 1920 px: public pages', async ({ page }) => {
  test.setTimeout(120_000);
  await walk(page, (await publicPages(page, true)).filter((item) => !isRegister(item)), 13);
});

test('no sideways scrolling from 320 to 1920 px: /sveden/ and its subsections, the legal documents', async ({ page }) => {
  test.setTimeout(120_000);
  await walk(page, (await publicPages(page, true)).filter(isRegister), 1 + SVEDEN_SECTIONS.length + LEGAL_DOCUMENTS.length);
});

test('no sideways scrolling from 320 to 1920 px: the student’s pages', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login(STUDENT, { password: DEMO_PASSWORD });
  await walk(page, await studentPages(page), 13);
});

test('no sideways scrolling from 320 to 1920 px: a course’s admin pages', async ({ page, login }) => {
  test.setTimeout(120_000);
  await login(OWNER, { password: DEMO_PASSWORD });
  await walk(page, await ownerPages(page), 15);
});

// The staff's screens in two halves (the site's content, the rest), so the two workers share them.
const isSiteScreen = ({ path }: WalkPage) => path.startsWith('/admin/school/site/');

test('no sideways scrolling from 320 to 1920 px: the school staff’s screens', async ({ page, login }) => {
  test.setTimeout(150_000);
  await login(STAFF, { password: DEMO_PASSWORD });
  await walk(page, (await staffPages(page)).filter((item) => !isSiteScreen(item)), 18);
});

test('no sideways scrolling from 320 to 1920 px: the staff’s screens of the site’s content', async ({ page, login }) => {
  test.setTimeout(150_000);
  await login(STAFF, { password: DEMO_PASSWORD });
  await walk(page, (await staffPages(page)).filter(isSiteScreen), 17);
});
