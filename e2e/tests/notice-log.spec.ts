import { expect, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { chooseLanguage, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// The notice log page (issue 21 item 5): the demo contact's SMS, calls and e-mail (DEMO=1 seed) with
// status, units charged and the provider's answer; filters and the export.

test.describe('notice log', () => {
  test('lists the demo notices, filters by channel and exports', async ({ page }) => {
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/trigger/notice');
    await expect(page.getByTestId('notice-log-page')).toBeVisible();
    const table = page.getByTestId('notices-table');
    await expect(table).toContainText('Night shift engineer');
    await expect(table).toContainText('isv.MOBILE_NUMBER_ILLEGAL');
    await expect(table.getByTestId('notice-status').first()).toBeVisible();
    await shot(page, 'notice-log-en');

    await chooseOption(page, 'notices-filter-channel', 'Voice call');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table.getByTestId('notice-cost')).toHaveText('1');
    await expect(table).toContainText('Delivered');

    const queued = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/dataCenter/export') && r.request().method() === 'POST',
    );
    await page.getByTestId('export-button-noticelog').click();
    const body = (await (await queued).json()) as { code: number };
    expect(body.code).toBe(0);

    await chooseLanguage(page, 'zh');
    await expect(page.getByTestId('sidebar')).toContainText('通知记录');
    await expect(table).toContainText('已送达');
    await shot(page, 'notice-log-zh');
  });
});
