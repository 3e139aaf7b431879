import { expect, test } from '@playwright/test';
import { freshLogin, shot } from '../support/ui.js';

// Issue 16 point 3: the read-only demo account is offered no control that changes something (SPEC 6
// permission directive); before, it saw Add, Edit and Delete and only learnt at Save that it may not write.
test.describe('read-only demo account', () => {
  test('sees the lists but no enabled add, edit, delete or save', async ({ page }) => {
    await freshLogin(page, 'en');
    await page.getByTestId('demo-login').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('read-only-tag')).toHaveText('Read-only account');

    await page.goto('/device/manage');
    await expect(page.getByTestId('device-title').first()).toBeVisible();
    await expect(page.getByTestId('device-add')).toBeDisabled();
    await expect(page.getByTestId('device-import')).toBeDisabled();
    await expect(page.getByTestId('device-edit').first()).toBeDisabled();
    await expect(page.getByTestId('device-delete').first()).toBeDisabled();
    await shot(page, 'read-only-devices');

    await page.goto('/device/model');
    await expect(page.getByTestId('model-add')).toBeDisabled();

    await page.goto('/device/group');
    await expect(page.getByTestId('collection-add')).toBeDisabled();

    // A device's own tabs: no edit, and its points and triggers cannot be changed either.
    await page.goto('/device/manage');
    await page.getByTestId('device-title').first().click();
    await expect(page.getByTestId('device-detail-edit')).toBeDisabled();
  });
});
