import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Social sign-in against the server's own stand-in VK ID (modules/social/fake-provider.ts), which
// playwright.config.ts points VK_* and YANDEX_* at.

// The failed responses these tests provoke on purpose.
test.use({ allowedConsoleErrors: { sourceUrl: /\/api\/auth\/social\// } });

const uniqueEmail = (info: TestInfo, tag: string) => `${tag}-${info.project.name}-${Date.now()}@example.ru`.toLowerCase();

/** Opens the sign-in dialog with `?login` and presses the VK ID button: the browser is at the provider. */
async function startVkSignIn(page: Page) {
  await page.goto('/?login');
  await page.locator('html[data-hydrated]').waitFor();
  const dialog = page.getByRole('dialog', { name: 'Вход/регистрация' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'VK ID' }).click();
  await page.waitForURL(/\/dev\/oauth\/vk\/authorize\//);
  const authorize = new URL(page.url());
  // What the button sent: PKCE S256 (as VK ID spells it), a 64-character verifier kept locally.
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('client_id')).toBe('e2e-vk');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${new URL(page.url()).origin}/vk-callback/`);
  const pending = await page.evaluate(() => window.localStorage.getItem('crema:social:vk'));
  expect(pending).not.toBeNull();
  const stored = JSON.parse(pending!) as { verifier: string; state: string };
  expect(stored.verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
  expect(authorize.searchParams.get('state')).toBe(stored.state);
  return pending!;
}

test('VK ID: from the sign-in dialog through the provider to a signed-in home page', async ({ page }, info) => {
  const email = uniqueEmail(info, 'vk');
  const callbacks: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/vk-callback/')) callbacks.push(frame.url());
  });
  const pending = await startVkSignIn(page);
  await expect(page.getByRole('heading', { name: 'VK ID' })).toBeVisible();
  await page.getByLabel('Почта').fill(email);
  await page.getByRole('button', { name: 'Разрешить' }).click();

  // A new person who did not tick the dialog's consent box: no account yet, the box is asked for here.
  await expect(page.getByText('Аккаунта с адресом из VK ID у нас ещё нет.')).toBeVisible();
  expect((await page.request.get('/api/user/personal/')).status()).toBe(401);
  await page.locator('html[data-hydrated]').waitFor();
  await page.getByRole('button', { name: 'Продолжить через VK ID' }).click();
  await expect(page.getByText('Отметьте согласие, чтобы создать аккаунт.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Политики конфиденциальности' })).toBeVisible();
  await page.screenshot({ path: `/tmp/social-shots/consent-${info.project.name}.png`, fullPage: true });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Продолжить через VK ID' }).click();
  await page.waitForURL(/\/dev\/oauth\/vk\/authorize\//);
  await page.getByLabel('Почта').fill(email);
  await page.getByRole('button', { name: 'Разрешить' }).click();

  await page.waitForURL((url) => url.pathname === '/');
  const consents = await page.request.get('/api/user/consents/');
  expect((await consents.json()).consents.map((r: { kind: string }) => r.kind).sort()).toEqual(['personal_data', 'privacy_policy']);
  const me = await page.request.get('/api/user/personal/');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);
  // The verifier and state served this one attempt only.
  expect(await page.evaluate(() => window.localStorage.getItem('crema:social:vk'))).toBeNull();
  expect(callbacks[0]).toMatch(/[?&]code=.+&?/);
  expect(callbacks[0]).toMatch(/[?&]device_id=/);

  // The same code again (as if replayed from history, with the verifier put back): refused.
  await page.evaluate((value) => window.localStorage.setItem('crema:social:vk', value), pending);
  await page.goto(callbacks[0]!);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('VK ID не принял код входа: он уже использован или устарел.');
  await expect(page.getByRole('link', { name: 'Попробовать ещё раз' })).toHaveAttribute('href', '/?login');
});

test('VK ID: a callback whose state does not match is refused without asking the server', async ({ page }) => {
  const pending = await startVkSignIn(page);
  const { state } = JSON.parse(pending) as { state: string };
  const exchanges: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/social/')) exchanges.push(request.url());
  });
  await page.goto(`/vk-callback/?code=forged-code&state=${state}x&device_id=forged-device`);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход через VK ID' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Ответ VK ID не прошёл проверку безопасности');
  expect(exchanges).toEqual([]);
  expect((await page.request.get('/api/user/personal/')).status()).toBe(401);

  // 'Попробовать ещё раз' opens the sign-in dialog again.
  await page.locator('html[data-hydrated]').waitFor();
  await page.getByRole('link', { name: 'Попробовать ещё раз' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход/регистрация' })).toBeVisible();
});

test('VK ID: refusing at the provider ends in a clear message', async ({ page }) => {
  await startVkSignIn(page);
  await page.getByRole('button', { name: 'Отказать' }).click();
  await page.waitForURL(/\/vk-callback\/\?/);
  await expect(page.getByRole('alert')).toContainText('Вы отменили вход через VK ID.');
  expect((await page.request.get('/api/user/personal/')).status()).toBe(401);
});
