import { expect, type Page, test } from '@playwright/test';
import { signOut } from '../support/accounts.js';
import { apiToken, call } from '../support/api.js';
import { admin, transmitted } from '../support/auth.js';
import { alarmingHttpDevice } from '../support/devices.js';
import { solidPng } from '../support/png.js';
import { chooseLanguage, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 22 on a phone (390 x 844): an alarm becomes a repair work order dispatched to a technician; the
// technician signs in, accepts it, records a photo and a signature drawn on screen, closes it; the alarm
// log shows the alarm dispatched.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A real 32 x 32 orange PNG (the "photo" the technician takes). */
const photoPng = () => solidPng(32, [240, 140, 40]);

/** Draws a zig-zag on the signature canvas with the mouse (pointer events, as a finger would). */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(box.x + 20 + i * 35, box.y + (i % 2 ? 40 : box.height - 40), { steps: 4 });
  await page.mouse.up();
}

test.describe('work orders on a phone', () => {
  test('an alarm becomes a repair order; the technician accepts, records photo and signature, closes', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const n = Date.now().toString().slice(-7);
    const token = await apiToken(request);
    const device = await alarmingHttpDevice(request, token, {
      prefix: '87',
      name: 'Pump',
      point: { name: 'pressure', title: 'Pressure', unit: 'bar' },
      trigger: { title: 'Pressure too high', above: 8 },
    });
    const { title } = device;
    await device.report(9.4);

    // The technician: a sub-account holding only "My work orders".
    const role = await call<{ id: number }>(request, token, 'POST', '/auth/group', {
      name: `Technician ${n}`,
      permissions: ['maintenance.WorkOrder/handle'],
    });
    const tech = `tech${n}`;
    await call(request, token, 'POST', '/auth/user', {
      username: tech,
      password: transmitted('Secret123!'),
      is_subuser: true,
      nick_name: `Tess ${n}`,
      role_ids: [role.id],
    });

    // The manager raises the repair order from the alarm log, dispatched to the technician.
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/alarm/alarmlog');
    const row = page.getByTestId('alarmlog-table').locator('tr', { hasText: title }).first();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByTestId('alarm-action-repair').click();
    const drawer = page.getByTestId('work-order-create-drawer');
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('work-order-title')).toHaveValue(`Repair: ${title}`);
    await page.getByTestId('work-order-checklist').fill('Check the relief valve\nTest run');
    await chooseOption(page, 'work-order-assignee', `Tess ${n}`);
    await shot(page, 'work-orders-phone-create-en');
    await page.getByTestId('work-order-create-submit').click();
    await expect(drawer).toBeHidden();
    await expect(row.getByTestId('alarm-dispatch-tag')).toHaveText('Dispatched');
    await signOut(page);

    // The technician, on the phone: My work orders -> accept -> photo, checklist, signature -> close.
    await signIn(page, tech, 'Secret123!');
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/maintenance/myWorkOrder');
    await expect(page.getByTestId('my-work-order-notices')).toContainText(`Repair: ${title}`);
    const card = page.getByTestId('my-work-order').filter({ hasText: title });
    await shot(page, 'work-orders-phone-mine-en');
    await card.click();
    const order = page.getByTestId('work-order-drawer');
    await expect(order).toBeVisible();
    await page.getByTestId('work-order-accept').click();
    await expect(order.getByTestId('work-order-status')).toHaveText('Accepted');

    await page.getByTestId('record-photo-input').setInputFiles({
      name: 'valve.png',
      mimeType: 'image/png',
      buffer: photoPng(),
    });
    await expect(page.getByTestId('record-work-form').getByTestId('work-order-image')).toHaveCount(1);
    await page.getByTestId('record-check-0').getByText('Done').click();
    await page.getByTestId('record-note').fill('Relief valve replaced');
    await sign(page);
    await shot(page, 'work-orders-phone-record-en');
    await page.getByTestId('record-save').click();
    const recorded = page.getByTestId('history-record');
    await expect(recorded).toContainText('Relief valve replaced');
    await expect(recorded.getByTestId('work-order-image')).toHaveCount(2);

    await page.getByTestId('work-order-close').click();
    await expect(order.getByTestId('work-order-status')).toHaveText('Closed');
    await expect(page.getByTestId('history-close')).toBeVisible();
    await order.getByTestId('work-order-history').scrollIntoViewIfNeeded();
    await shot(page, 'work-orders-phone-closed-en');
    await page.keyboard.press('Escape');
    await signOut(page);

    // Back as the manager: the alarm stays dispatched; the order is closed in the list.
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/alarm/alarmlog');
    const again = page.getByTestId('alarmlog-table').locator('tr', { hasText: title }).first();
    await expect(again.getByTestId('alarm-dispatch-tag')).toHaveText('Dispatched');
    await page.goto('/maintenance/repair');
    await expect(page.getByTestId('work-order-table').locator('tr', { hasText: title })).toContainText(
      'Closed',
    );
    await shot(page, 'work-orders-phone-repair-en');
    await chooseLanguage(page, 'zh');
    await expect(page.getByTestId('work-order-table').locator('tr', { hasText: title })).toContainText(
      '已关闭',
    );
    await shot(page, 'work-orders-phone-repair-zh');

    // The same pages on a desktop screen, in zh and en (for people to look at).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/maintenance/workOrder');
    await page
      .getByTestId('work-order-table')
      .locator('tr', { hasText: title })
      .getByTestId('work-order-open')
      .click();
    await expect(page.getByTestId('work-order-drawer').getByTestId('history-close')).toBeVisible();
    await shot(page, 'work-orders-desktop-zh');
    await page.keyboard.press('Escape');
    await page.goto('/alarm/alarmlog');
    await expect(page.getByTestId('alarmlog-table').locator('tr', { hasText: title }).first()).toBeVisible();
    await shot(page, 'work-orders-alarmlog-desktop-zh');
    await chooseLanguage(page, 'en');
    await page.goto('/maintenance/workOrder');
    await expect(page.getByTestId('work-order-table')).toContainText(title);
    await shot(page, 'work-orders-desktop-en');
  });
});
