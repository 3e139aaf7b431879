import { expect, type Page } from '@playwright/test';
import { choose, chooseOption } from './ui.js';

/** Texts of the sidebar's menu entries (groups and pages), in order. */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('sidebar').locator('.ant-menu-title-content').allTextContents();
  return texts.map((s) => s.trim()).filter(Boolean);
}

/** Ticks a permission (or a whole group with key `group:<name>`) in the role drawer's permission tree. */
export async function tickPermission(page: Page, key: string) {
  const node = page.locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${key}`) });
  await node.locator('.ant-tree-checkbox').first().click();
  await expect(node.locator('.ant-tree-checkbox').first()).toHaveClass(/ant-tree-checkbox-checked/);
}

/**
 * Signs out through the user menu. Through `choose`: on a loaded CI machine the click on "Sign out"
 * landed while the menu was still opening and was lost (phone-sign-in stayed on /user/me).
 */
export async function signOut(page: Page) {
  await choose(page.getByTestId('user-menu'), page.getByTestId('logout'), () =>
    expect(page).toHaveURL(/\/login/, { timeout: 5_000 }),
  );
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

/** Creates a role in the roles page's drawer with the given permission keys ticked. */
export async function createRole(page: Page, name: string, permissions: readonly string[]) {
  await page.getByTestId('role-add').click();
  await expect(page.getByTestId('role-drawer')).toBeVisible();
  await page.getByTestId('role-form-name').fill(name);
  for (const key of permissions) await tickPermission(page, key);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/auth/group') && r.request().method() === 'POST',
  );
  await page.getByTestId('role-form-submit').click();
  expect((await (await saved).json()).code).toBe(0);
  await expect(page.getByTestId('roles-table')).toContainText(name);
}

/** Creates a user in the users page's drawer (tier left at its default: the first lower tier). */
export async function createUser(
  page: Page,
  user: { username: string; password: string; role: string; nickName?: string },
) {
  await page.getByTestId('user-add').click();
  await expect(page.getByTestId('user-drawer')).toBeVisible();
  await page.getByTestId('user-form-username').fill(user.username);
  if (user.nickName) await page.getByTestId('user-form-nickname').fill(user.nickName);
  await page.getByTestId('user-form-password').fill(user.password);
  await page.getByTestId('user-form-confirm').fill(user.password);
  // A multiple select: the dropdown stays open after the choice until Escape.
  await chooseOption(page, 'user-form-roles', user.role);
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth/user') && r.request().method() === 'POST',
  );
  await page.getByTestId('user-form-submit').click();
  const body = await (await saved).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  await expect(page.getByTestId('users-table')).toContainText(user.username);
  return body.data as { user_id: number; user_type: number };
}
