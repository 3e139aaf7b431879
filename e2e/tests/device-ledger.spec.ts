import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 22 item 1, the device ledger: add an asset linked to a monitored device, print its QR label,
// open the asset's page on a phone (what the QR code opens) and raise a work order on it.

/** The text input of a control: Ant Design puts the test id on the input itself or on its wrapper. */
const inputOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

test.describe('device ledger', () => {
  test('create an asset, link a device, print its QR label, raise a work order on it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const n = Date.now().toString().slice(-7);
    const token = await apiToken(request);
    const title = `Ledger pump ${n}`;
    await call(request, token, 'POST', '/device', {
      device_imei: `86${Date.now().toString().slice(-13)}`,
      device_title: title,
      protocol: 6,
    });
    const code = `PUMP-${n}`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/maintenance/asset');
    await expect(page.getByTestId('assets-page')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toContainText('Device ledger');

    // Add the asset, linked to the device, with a position and a warranty end.
    await page.getByTestId('asset-add').click();
    const form = page.getByTestId('asset-form-drawer');
    await expect(form).toBeVisible();
    await page.getByTestId('asset-code').fill(code);
    await page.getByTestId('asset-name').fill('Inlet pump');
    await page.getByTestId('asset-model').fill('CR 32-2');
    await page.getByTestId('asset-supplier').fill('Grundfos');
    await page.getByTestId('asset-device').locator('input').fill(title);
    await chooseOption(page, 'asset-device', title);
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await inputOf(page, 'asset-warranty-until').fill(until);
    await page.keyboard.press('Enter');
    await page.getByTestId('asset-location').fill('Pump house A');
    await inputOf(page, 'asset-lat').fill('31.2304');
    await inputOf(page, 'asset-lng').fill('121.4737');
    await shot(page, 'device-ledger-form-en');
    await page.getByTestId('asset-form-submit').click();
    await expect(form).toBeHidden();

    // The new asset's drawer: the linked device and the warranty "expires in N days".
    const drawer = page.getByTestId('asset-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('asset-detail-code')).toHaveText(code);
    await expect(drawer.getByTestId('asset-detail-device')).toHaveText(title);
    await expect(drawer.getByTestId('asset-warranty')).toHaveText(/Expires in (19|20) days/);
    await shot(page, 'device-ledger-drawer-en');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const row = page.getByTestId('asset-table').locator('tr', { hasText: code });
    await expect(row).toContainText(title);
    await shot(page, 'device-ledger-list-en');

    // Select it and print its label: the QR code names the asset's page.
    await row.getByRole('checkbox').check();
    await page.getByTestId('asset-print-labels').click();
    await expect(page).toHaveURL(/\/maintenance\/asset\/labels\?ids=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('ids'));
    const label = page.getByTestId('asset-label');
    await expect(label).toHaveCount(1);
    await expect(label).toContainText(code);
    await expect(label).toContainText('Inlet pump');
    const qr = label.getByTestId('asset-label-qr');
    await expect(qr.locator('svg')).toBeVisible();
    await expect(qr).toHaveAttribute('data-value', new URL(`/maintenance/asset/${id}`, page.url()).href);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await shot(page, 'device-ledger-labels-en');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('asset-labels-print')).toBeHidden();
    await shot(page, 'device-ledger-labels-print-en');
    await page.emulateMedia({ media: 'screen' });

    // What the QR code opens, on a phone: the asset's page; raise a work order on it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/maintenance/asset/${id}`);
    await expect(page.getByTestId('asset-page-title')).toHaveText(`${code} · Inlet pump`);
    await shot(page, 'device-ledger-asset-phone-en');
    await page.getByTestId('asset-raise-order').click();
    const create = page.getByTestId('work-order-create-drawer');
    await expect(create).toBeVisible();
    await expect(page.getByTestId('work-order-asset')).toContainText(code);
    await page.getByTestId('work-order-title').fill(`Seal leaks ${n}`);
    await page.getByTestId('work-order-create-submit').click();
    await expect(create).toBeHidden();
    // The order opens; it names the asset and (through it) the device.
    const order = page.getByTestId('work-order-drawer');
    await expect(order.getByTestId('work-order-asset-title')).toHaveText(`${code} Inlet pump`);
    await expect(order).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(order).toBeHidden();
    const history = page.getByTestId('asset-work-order');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText(`Seal leaks ${n}`);
    await shot(page, 'device-ledger-asset-history-phone-en');

    // The ledger on the phone: cards, the warranty on each.
    await page.goto('/maintenance/asset');
    const card = page.getByTestId('asset-card').filter({ hasText: code });
    await expect(card).toContainText(/Expires in (19|20) days/);
    await shot(page, 'device-ledger-list-phone-en');
    await card.click();
    await expect(page.getByTestId('asset-drawer').getByTestId('asset-work-order')).toHaveCount(1);
  });

  test('imports on a phone in Chinese: a bad file is refused row by row, nothing written; a good one lands', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const n = Date.now().toString().slice(-7);
    await page.setViewportSize({ width: 390, height: 844 });
    await freshLogin(page, 'zh');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.goto('/maintenance/asset');
    await expect(page.getByTestId('asset-cards')).toBeVisible();
    await page.getByTestId('asset-import').click();
    const dialog = page.getByTestId('asset-import-dialog');
    await expect(dialog).toBeVisible();
    const file = (body: string) => ({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await dialog
      .locator('input[type=file]')
      .setInputFiles(file(`code,name,warranty_until\nIMP-${n},导入的泵,2030-01-01\nIMP-${n},重复编号,\n`));
    await page.getByTestId('asset-import-start').click();
    await expect(page.getByTestId('asset-import-failed')).toContainText('2 行中有 1 行出错');
    const report = page.getByTestId('asset-import-report');
    await expect(report).toContainText('编号与第 2 行重复');
    await shot(page, 'device-ledger-import-report-phone-zh');
    await dialog
      .locator('input[type=file]')
      .setInputFiles(file(`code,name,warranty_until\nIMP-${n},导入的泵,2030-01-01\n`));
    await page.getByTestId('asset-import-start').click();
    await expect(page.getByTestId('asset-import-done')).toContainText('已导入 1 个资产');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('asset-card').filter({ hasText: `IMP-${n}` });
    await expect(card).toContainText('导入的泵');
    await expect(card.getByTestId('asset-warranty')).toHaveText('在保');
    await shot(page, 'device-ledger-list-phone-zh');
  });
});
