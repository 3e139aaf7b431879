import { generateKeyPairSync } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  startWechatPayServer,
  type WechatPayServer,
} from '../../apps/server/src/test-support/wechatpay-server.js';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { chooseLanguage, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 20: top up through the local WeChat Pay test server (the platform under test uses its real
// adapter against it: signed requests, a signed and encrypted notification), then see the balance and
// the record; the demo account shows its seeded balance and records.
test.describe('recharge center', () => {
  test.describe.configure({ mode: 'serial' });
  let wechat: WechatPayServer;
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = 'e2eApiV3Key_0123456789abcdefghij';

  test.beforeAll(async ({ request }) => {
    wechat = await startWechatPayServer({
      appId: 'wxe2e0000000000001',
      mchId: '1900000001',
      merchantSerialNo: 'E2E0000000000000000000000000000001',
      merchantPublicKey: merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      apiV3Key,
    });
    const token = await apiToken(request);
    await call(request, token, 'PUT', '/platform/payment-merchants/wechat', {
      enabled: true,
      app_id: 'wxe2e0000000000001',
      merchant_id: '1900000001',
      serial_no: 'E2E0000000000000000000000000000001',
      public_key: wechat.platformPublicKey,
      private_key: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      api_key: apiV3Key,
      endpoint: wechat.url,
      notify_base_url: process.env.E2E_BASE_URL,
    });
  });
  test.afterAll(async () => {
    await wechat?.close();
  });

  test('tops up with WeChat Pay and sees the balance and the record', async ({ page }) => {
    test.setTimeout(90_000);
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/balance');
    await expect(page.getByTestId('balance-available')).toContainText('¥0.00');
    await page.getByTestId('balance-top-up').click();
    await expect(page.getByTestId('recharge-page')).toBeVisible();
    await page.getByTestId('recharge-presets').getByText('¥100.00').click();
    await page.getByTestId('recharge-provider').getByText('WeChat Pay').click();
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('recharge-qr')).toBeVisible();
    const outTradeNo = await page.getByTestId('recharge-order-no').getAttribute('data-order');
    expect(outTradeNo).toMatch(/^R\d{22}$/);
    expect(wechat.orders.get(outTradeNo!)).toMatchObject({ total: 10_000, trade_state: 'NOTPAY' });
    await shot(page, 'recharge-qr');
    // The payer scans and pays: the provider notifies the platform, the page sees the order paid.
    expect((await wechat.pay(outTradeNo!)).status).toBe(204);
    await expect(page.getByTestId('recharge-paid')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('recharge-to-balance').click();
    await expect(page.getByTestId('balance-available')).toContainText('¥100.00');
    await expect(page.getByTestId('statement-table')).toContainText('Top-up');
    await expect(page.getByTestId('statement-amount').first()).toHaveText('+¥100.00');
    await page.getByRole('tab', { name: 'Top-up orders' }).click();
    const row = page.getByTestId('orders-table').locator('tr', { hasText: outTradeNo! });
    await expect(row.getByTestId('order-status')).toHaveText('Paid');
    await shot(page, 'recharge-balance');
    // A resent notification changes nothing.
    expect((await wechat.deliver(outTradeNo!)).status).toBe(204);
    await page.reload();
    await expect(page.getByTestId('balance-available')).toContainText('¥100.00');

    // The platform administrator refunds ¥20.00 of it through WeChat Pay's refund API.
    await page.getByRole('tab', { name: 'Top-up orders' }).click();
    const paid = page.getByTestId('orders-table').locator('tr', { hasText: outTradeNo! });
    await paid.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByTestId('refund-amount')).toHaveValue('100.00');
    await page.getByTestId('refund-amount').fill('20');
    await page.getByTestId('refund-reason').fill('partial refund asked by the customer');
    await shot(page, 'refund-modal');
    await page.locator('#refund-submit').click();
    await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(paid).toContainText('Refunded ¥20.00');
    expect([...wechat.refunds.values()]).toMatchObject([
      { out_trade_no: outTradeNo, refund: 2_000, status: 'SUCCESS' },
    ]);
    await expect(page.getByTestId('balance-available')).toContainText('¥80.00');
    await shot(page, 'refund-done');
  });

  test('sets the base rent fee and renews a device for a year from the balance', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request);
    const imei = `86${Date.now().toString().slice(-13)}`;
    await call(request, token, 'POST', '/device', { device_imei: imei, device_title: 'E2E renewal' });
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    // Fee configuration (module fee config): the administrator's base price is what it renews at.
    await page.goto('/user/feeConfig');
    await expect(page.getByTestId('fee-config-page')).toBeVisible();
    await page.getByTestId('base-rent_fee').fill('30');
    await page.getByTestId('base-save').click();
    await expect(page.getByText('Fees saved')).toBeVisible();
    await shot(page, 'fee-config');
    // The credit drawer of an account below (shown, not saved).
    const credit = page.locator('[data-testid^="fees-credit-"]').first();
    if ((await credit.count()) > 0) {
      await credit.click();
      await expect(page.getByTestId('credit-drawer')).toBeVisible();
      await page.getByTestId('credit-amount').fill('12.5');
      await page.getByTestId('credit-note').fill('site visit');
      await shot(page, 'credit-drawer');
      await page.getByTestId('credit-drawer').getByRole('button', { name: 'Cancel' }).click();
    }
    await page.goto('/deviceRecharge');
    await expect(page.getByTestId('device-recharge-page')).toContainText('¥30.00 per device and year');
    await page.getByPlaceholder('Device name / IMEI').fill(imei);
    const row = page.getByTestId('renew-table').locator('tr', { hasText: imei });
    await row.locator('input[type="checkbox"]').check();
    await expect(page.getByTestId('renew-total')).toContainText('¥30.00');
    await page.getByTestId('renew-submit').click();
    await expect(page.getByText('Renewed')).toBeVisible();
    const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 4);
    await expect(row).toContainText(expiry);
    await page.goto('/balance');
    await expect(page.getByTestId('balance-available')).toContainText('¥50.00');
    await expect(page.getByTestId('statement-table')).toContainText('Renewal');
    await page.goto('/deviceOrder');
    const order = page.getByTestId('renewal-table').locator('tr', { hasText: '¥30.00' }).first();
    await expect(order).toBeVisible();
    await shot(page, 'renewal-record');
    await page.goto('/user/feeConfig');
    await chooseLanguage(page, 'zh');
    await expect(page.getByTestId('fee-config-page')).toContainText('平台基础价格');
    await shot(page, 'fee-config-zh');
  });

  test('the demo account sees its balance, consumption and fee overview', async ({ page }) => {
    await freshLogin(page, 'en');
    await page.getByTestId('demo-login').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/balance');
    await expect(page.getByTestId('balance-available')).toContainText('¥620.00');
    await expect(page.getByTestId('balance-top-up')).toHaveCount(0);
    await page.goto('/consumeOrder');
    await expect(page.getByTestId('consume-table')).toContainText('SIM renewal');
    await expect(page.getByTestId('consume-type')).toHaveCount(4);
    await page.goto('/fee/overview');
    await expect(page.getByTestId('overview-balance')).toContainText('¥620.00');
    await shot(page, 'fee-overview');
  });
});
