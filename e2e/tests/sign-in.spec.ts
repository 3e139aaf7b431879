import { expect, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

test.describe('sign-in', () => {
  test('the login page renders in zh, en and es', async ({ page }) => {
    for (const lang of ['zh', 'en', 'es'] as const) {
      await freshLogin(page, lang);
      await expect(page.getByTestId('login-username')).toBeVisible();
      await expect(page.getByTestId('login-password')).toBeVisible();
      await expect(page.getByTestId('demo-login')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? /zh/ : lang);
      await shot(page, `login-${lang}`);
    }
  });

  test('a wrong password is refused with the server message and stays on the login page', async ({
    page,
  }) => {
    await freshLogin(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/login'));
    await signIn(page, 'admin', 'not-the-password');
    const body = await (await answer).json();
    expect(body.code).toBe(10009);
    await expect(page.locator('.ant-message')).toContainText(/./);
    await expect(page).toHaveURL(/\/login/);
  });

  test('a protected page redirects to login and back after signing in', async ({ page }) => {
    await freshLogin(page);
    await page.goto('/user/me');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fme|\/login\?redirect=\/user\/me/);
    await signIn(page, admin().username, admin().password);
    await expect(page).toHaveURL(/\/user\/me$/);
    await expect(page.getByTestId('profile-page')).toContainText('admin');
  });

  test('parameter u signs in automatically and is removed from the address', async ({ page }) => {
    await freshLogin(page);
    const base64 = Buffer.from(JSON.stringify(admin())).toString('base64');
    // SPEC 2.2: the receiver moves the last 8 characters to the front, so the sender moves the first 8 to the end.
    const u = base64.slice(8) + base64.slice(0, 8);
    await page.goto(`/user/me?u=${encodeURIComponent(u)}`);
    await expect(page.getByTestId('profile-page')).toBeVisible();
    expect(new URL(page.url()).searchParams.has('u')).toBe(false);
  });

  test('a bad parameter u goes to the login page', async ({ page }) => {
    await freshLogin(page);
    await page.goto('/user/me?u=garbage-garbage');
    await expect(page).toHaveURL(/\/login/);
  });

  test('demo sign-in gives a read-only profile', async ({ page }) => {
    await freshLogin(page);
    await page.getByTestId('demo-login').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/user/me');
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await expect(page.getByTestId('profile-form').locator('button[type="submit"]')).toBeDisabled();
  });
});
