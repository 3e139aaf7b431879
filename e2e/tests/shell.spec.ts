import { expect, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { chooseLanguage, freshLogin, shot, signIn } from '../support/ui.js';

test.describe('logged-in shell', () => {
  test.beforeEach(async ({ page }) => {
    await freshLogin(page, 'zh');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('shows title, sidebar and a tab for the landing page in zh, en and es', async ({ page }) => {
    await expect(page.getByTestId('platform-title')).toBeVisible();
    await expect(page.getByTestId('tab').first()).toHaveAttribute('data-active', 'true');
    await shot(page, 'shell-zh');
    const zhMenu = await page.getByTestId('sidebar').textContent();
    await chooseLanguage(page, 'en');
    const enMenu = await page.getByTestId('sidebar').textContent();
    expect(enMenu).not.toBe(zhMenu);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shot(page, 'shell-en');
    await chooseLanguage(page, 'es');
    const esMenu = await page.getByTestId('sidebar').textContent();
    expect(esMenu).not.toBe(enMenu);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await shot(page, 'shell-es');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('the sidebar collapses and stays collapsed after a reload', async ({ page }) => {
    const sidebar = page.getByTestId('sidebar');
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide);
    await page.reload();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect
      .poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width ?? 0)
      .toBeLessThan(wide);
  });

  test('tabs: close all returns to the landing page, refresh keeps the page', async ({ page }) => {
    await page.goto('/user/me');
    const tab = page.locator('[data-testid="tab"][data-path="/user/me"]');
    await expect(tab).toHaveAttribute('data-active', 'true');
    await tab.click({ button: 'right' });
    await page.getByTestId('tab-menu-refresh').click();
    await expect(page).toHaveURL(/\/user\/me$/);
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await tab.click({ button: 'right' });
    await page.getByTestId('tab-menu-close-all').click();
    // The root: the administrator holds PlatformOverView, so the landing page is the overview.
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    await expect(page.getByTestId('tab')).toHaveCount(1);
  });

  test('unknown paths go to the landing page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).not.toHaveURL(/no\/such/);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('the token is refreshed before it expires and the session goes on', async ({ page }) => {
    // The e2e server issues 45 s tokens; the browser refreshes within 30 s of expiry (SPEC 9).
    await page.waitForTimeout(16_000);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/refreshtoken'));
    await page.goto('/user/me');
    const answer = await (await refreshed).json();
    expect(answer.code).toBe(0);
    expect(answer.data.refresh_token).toBeTruthy();
    await expect(page.getByTestId('profile-page')).toContainText('admin');
    await page.reload();
    await expect(page.getByTestId('profile-page')).toContainText('admin');
  });

  test('sign out ends the session and the old token is refused', async ({ page, request }) => {
    const apiCall = page.waitForRequest((r) => r.url().includes('/api/v1/auth/user/info'));
    await page.reload();
    const token = (await apiCall).headers()['x-token'];
    expect(token).toBeTruthy();
    // Under load a click can land while the dropdown is still animating; retry the menu until the
    // app has left, but never click again once it is on the login page.
    await expect(async () => {
      if (!/\/login/.test(page.url())) {
        await page.getByTestId('user-menu').click();
        await page.getByTestId('logout').click({ timeout: 3_000 });
      }
      await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await page.goto('/user/me');
    await expect(page).toHaveURL(/\/login/);
    const after = await request.get('/api/v1/auth/user/info', { headers: { 'X-Token': token ?? '' } });
    expect(after.status()).toBe(401);
    expect((await after.json()).code).toBe(10010);
  });
});
