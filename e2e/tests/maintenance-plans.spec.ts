import { expect, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { chooseLanguage, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 22 item 2 at 1440 px: a manager creates a maintenance plan in the drawer (the next due times are
// previewed), starts it, and finds the work order it raised (planned maintenance) on the work orders
// page; the figures page shows.

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('maintenance plans', () => {
  test('create a plan, start it, see its generated work order', async ({ page, request }) => {
    test.setTimeout(150_000);
    const n = Date.now().toString().slice(-7);
    const token = await apiToken(request);
    const title = `Compressor ${n}`;
    await call<{ id: number }>(request, token, 'POST', '/device', {
      device_imei: `86${Date.now().toString().slice(-13)}`,
      device_title: title,
      protocol: 6,
    });

    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/maintenance/plan');
    await expect(page.getByTestId('maintenance-plans-page')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('plan-create').click();
    const drawer = page.getByTestId('plan-drawer');
    await expect(drawer).toBeVisible();
    const name = `Quarterly service ${n}`;
    await page.getByTestId('plan-name').fill(name);
    await page.getByTestId('plan-targets').click();
    await page.keyboard.type(title);
    await chooseOption(page, 'plan-targets', title);
    await page.keyboard.press('Escape');
    await page.getByTestId('plan-period').fill('3');
    // Raised a week ahead: starting tomorrow, the first order is raised at once.
    await chooseOption(page, 'plan-pre-notify', 'One week ahead');
    await page.getByTestId('plan-checklist').fill('Change oil\nCheck belts');
    await expect(page.getByTestId('plan-preview-row')).toHaveCount(5, { timeout: 10_000 });
    await shot(page, 'maintenance-plans-drawer-en');
    await page.getByTestId('plan-preview').scrollIntoViewIfNeeded();
    await shot(page, 'maintenance-plans-preview-en');
    await page.getByTestId('plan-submit').click();
    await expect(drawer).toBeHidden();

    const row = page.getByTestId('plan-table').locator('tr', { hasText: name });
    await expect(row.getByTestId('plan-status')).toHaveText('Not started');
    await row.getByTestId('plan-start').click();
    await expect(row.getByTestId('plan-status')).toHaveText('Executing', { timeout: 10_000 });
    await expect(row).toContainText('Every 3 month(s)');
    await shot(page, 'maintenance-plans-list-en');

    // The raised order: planned maintenance of the device, its checklist copied.
    await page.goto('/maintenance/workOrder');
    const order = page.getByTestId('work-order-table').locator('tr', { hasText: name }).first();
    await expect(order).toBeVisible({ timeout: 15_000 });
    await expect(order).toContainText('Planned maintenance');
    await expect(order).toContainText(title);
    await order.getByTestId('work-order-open').click();
    await expect(page.getByText('Check belts')).toBeVisible();
    await shot(page, 'maintenance-plans-order-en');

    await page.goto('/maintenance/stats');
    await expect(page.getByTestId('maintenance-stats-page')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('stats-overdue')).toBeVisible();
    await shot(page, 'maintenance-stats-en');
    await chooseLanguage(page, 'zh');
    await page.goto('/maintenance/plan');
    await expect(page.getByTestId('plan-table').locator('tr', { hasText: name })).toContainText('执行中');
    await shot(page, 'maintenance-plans-list-zh');
  });
});
