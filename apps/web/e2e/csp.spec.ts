import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Pages carry a Content Security Policy (docs/decisions/0016): a per-answer nonce on pages rendered
// for a visitor, the hashes of its inline scripts on a guest page kept for everyone. A script the
// policy blocks would leave the page unhydrated and log a console error (the fixtures' guard);
// the violations are also collected here, to name them when one happens.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
});

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

async function expectHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await violations(page)).toEqual([]);
}

test('guest pages hydrate under the policy, fresh and from the page cache, their inline scripts allowed by hash', async ({ page, request }) => {
  const policies: string[] = [];
  for (let visit = 0; visit < 2; visit += 1) {
    const response = await page.goto('/');
    const policy = (await response!.allHeaders())['content-security-policy']!;
    // A guest's page is kept for every guest: no nonce, the page's own scripts by their hashes.
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+[ ;]/);
    expect(policy).not.toContain("'nonce-");
    policies.push(policy);
    await expectHydrated(page);
    // The demo counter is an inline script: it ran once.
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length)).toBe(1);
  }
  expect(policies[1]).toBe(policies[0]);

  // Client-side navigation loads route chunks and data under the same policy.
  await page.getByRole('banner').getByRole('link', { name: /^Каталог/ }).first().click();
  await expect(page).toHaveURL(/\/courses\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A course page (structured data in the head) and a blog post.
  const courses = await (await request.get('/api/courses/?page_size=1')).json();
  await page.goto(`/courses/${courses.content[0].slug}/`);
  await expectHydrated(page);
  await page.goto('/blog/');
  await expectHydrated(page);
});

test('a signed-in page hydrates under the policy too', async ({ page, login }) => {
  await login('student@crema.local', { password: 'crema-demo-2026' });
  const response = await page.goto('/');
  expect((await response!.allHeaders())['cache-control']).toBe('private, no-cache');
  expect((await response!.allHeaders())['content-security-policy']).toMatch(/'nonce-[\w-]+'/);
  await expectHydrated(page);
});
