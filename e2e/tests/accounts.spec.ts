import { expect, test } from '@playwright/test';
import { createRole, createUser, sidebarEntries, signOut } from '../support/accounts.js';
import { admin } from '../support/auth.js';
import { chooseLanguage, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 7, accounts and tenancy: the platform creates a manufacturer whose role grants user management;
// the manufacturer creates a role without it and an agent holding that role; each sees exactly its menu.
test.describe('accounts and tenancy', () => {
  test.describe.configure({ mode: 'serial' });
  const suffix = Date.now().toString(36).slice(-5);
  const maker = { username: `maker${suffix}`, password: 'Maker#2026', role: `MakerRole${suffix}` };
  const agent = { username: `agent${suffix}`, password: 'Agent#2026', role: `AgentRole${suffix}` };

  test('platform admin creates a manufacturer with a user-management role', async ({ page }) => {
    test.setTimeout(90_000);
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    await page.goto('/user/authgroup');
    await expect(page.getByTestId('roles-page')).toBeVisible();
    await createRole(page, maker.role, [
      'auth.User',
      'auth.User/add',
      'auth.User/edit',
      'auth.Group/index',
      'auth.Group/add',
      'auth.Group/edit',
      'group:alarm',
    ]);

    await page.goto('/user/authuser');
    await expect(page.getByTestId('users-page')).toBeVisible();
    const created = await createUser(page, { ...maker, nickName: 'E2E Manufacturer' });
    expect(created.user_type).toBe(1);
    const row = page.getByTestId('users-table').locator('tr', { hasText: maker.username });
    await expect(row.getByTestId('user-tier')).toHaveText('Manufacturer');
    await expect(row).toContainText(maker.role);
  });

  test('the manufacturer creates a role without user management and an agent with it', async ({ page }) => {
    test.setTimeout(90_000);
    await freshLogin(page, 'en');
    await signIn(page, maker.username, maker.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // auth.User, auth.Group/index and the alarm group (whose Event also opens the statistical reports of
    // the data center); no auth.UserLog, no platform pages.
    expect(await sidebarEntries(page)).toEqual([
      'User center',
      'Personal profile',
      'Users',
      // With auth.User/edit the agent sets the fees of the accounts below it (module fee config, on).
      'Fee configuration',
      'Roles',
      'Alarm center',
      'Data center',
      'Triggers',
    ]);

    await page.goto('/user/authgroup');
    await page.getByTestId('role-add').click();
    // Only permissions the manufacturer holds are selectable.
    await expect(page.getByTestId('perm-DeviceManage')).toHaveAttribute('data-disabled', 'true');
    await expect(page.getByTestId('perm-auth.User/delete')).toHaveAttribute('data-disabled', 'true');
    await expect(page.getByTestId('perm-auth.User/add')).toHaveAttribute('data-disabled', 'false');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await createRole(page, agent.role, ['group:alarm']);
    // No auth.Group/delete: the delete button is disabled by the permission directive.
    await expect(page.getByTestId('role-delete').first()).toBeDisabled();

    await page.goto('/user/authuser');
    // No auth.User/delete either.
    const created = await createUser(page, { ...agent, nickName: 'E2E Agent' });
    expect(created.user_type).toBe(2);
    const row = page.getByTestId('users-table').locator('tr', { hasText: agent.username });
    await expect(row.getByTestId('user-tier')).toHaveText('Level-1 agent');
    await expect(row.getByTestId('user-delete')).toBeDisabled();
    await signOut(page);
  });

  test('the agent sees exactly the menu its permissions allow', async ({ page }) => {
    await freshLogin(page, 'en');
    await signIn(page, agent.username, agent.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/me$/);
    // Its role holds only the alarm group: the alarm center, the alarm statistics of the data center and
    // trigger contacts, nothing of users.
    expect(await sidebarEntries(page)).toEqual([
      'User center',
      'Personal profile',
      'Alarm center',
      'Data center',
      'Triggers',
    ]);
    // A page outside its permissions is not reachable: the guard lands on the landing page.
    await page.goto('/user/authuser');
    await expect(page).toHaveURL(/\/user\/me$/);
    await expect(page.getByTestId('users-page')).toHaveCount(0);
  });

  test('users and roles pages in zh, en and es with screenshots', async ({ page }) => {
    test.setTimeout(120_000);
    await freshLogin(page, 'zh');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const titles = { zh: '用户管理', en: 'Users', es: 'Usuarios' } as const;
    const addTitles = { zh: '新增用户', en: 'New user', es: 'Nuevo usuario' } as const;
    for (const lang of ['zh', 'en', 'es'] as const) {
      await page.goto('/user/authuser');
      await chooseLanguage(page, lang);
      await expect(page.getByTestId('users-table')).toContainText(maker.username);
      await expect(page.getByTestId('sidebar')).toContainText(titles[lang]);
      await shot(page, `accounts-users-${lang}`);
      await page.getByTestId('user-add').click();
      await expect(page.getByTestId('user-drawer')).toBeVisible();
      await expect(page.locator('.ant-drawer-title')).toHaveText(addTitles[lang]);
      await page.waitForTimeout(400);
      await shot(page, `accounts-user-drawer-${lang}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('user-drawer')).toBeHidden();
      await page.goto('/user/authgroup');
      await expect(page.getByTestId('roles-table')).toContainText(maker.role);
      await shot(page, `accounts-roles-${lang}`);
    }
  });

  test('a visitor registers from the login page, then signs in as a registered user', async ({ page }) => {
    await freshLogin(page, 'es');
    await page.getByTestId('login-to-register').click();
    await expect(page).toHaveURL(/\/register$/);
    const username = `reg${suffix}`;
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('Reg#2026x');
    await page.getByTestId('register-confirm').fill('Reg#2026y');
    await page.getByTestId('register-submit').click();
    // The confirmation must match before anything is sent.
    await expect(page.getByText('Las dos contraseñas no coinciden')).toBeVisible();
    await page.getByTestId('register-confirm').fill('Reg#2026x');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/login/register'));
    await page.getByTestId('register-submit').click();
    expect((await (await answer).json()).code).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, username, 'Reg#2026x');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // The registered role holds view permissions: the overview (its landing page, expanded), devices,
    // the monitor, the monitoring screens, the alarm center and the data center (history, data report, statistics); no trigger
    // contacts (TriggerContact/index).
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    expect(await sidebarEntries(page)).toEqual([
      'Panel',
      'Resumen de la plataforma',
      'Centro de usuarios',
      'Gestión de dispositivos',
      'Monitoreo',
      // MonitorScreen: the big screen and the GIS screen of its own devices.
      'Pantallas de monitorización',
      'Centro de alarmas',
      'Centro de datos',
    ]);
  });

  test('the wrong-password toast is in the current language, not the server msg', async ({ page }) => {
    for (const [lang, text] of [
      ['zh', '用户名或密码错误'],
      ['es', 'Usuario o contraseña incorrectos'],
    ] as const) {
      await freshLogin(page, lang);
      await signIn(page, maker.username, 'not-the-password');
      await expect(page.locator('.ant-message')).toContainText(text);
      await expect(page.locator('.ant-message')).not.toContainText('wrong username or password');
    }
  });
});
