import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { choose, freshLogin, shot, signIn } from '../support/ui.js';

const DEMO_OTA = ['866900000000101', '866900000000102'];

// Issue 19: upload a firmware package, create a plan for the two demo OTA gateways (simulated by the
// demo fleet: they download over HTTP, verify the signed manifest, apply and report), watch it
// complete in the browser, and see the new version on the gateways.
test('a firmware plan for the two demo gateways completes and they report the new version', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const version = `3.${Date.now() % 1000}.0`;
  await freshLogin(page, 'en');
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });

  await page.goto('/ota/app');
  await expect(page.getByTestId('ota-apps-page')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('ota-app-upload').click();
  await page.locator('.ant-modal input[type=file]').setInputFiles({
    name: 'gateway.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(256 * 1024),
  });
  await page.getByTestId('ota-upload-name').fill('E2E firmware');
  await page.getByTestId('ota-upload-version').fill(version);
  await page.getByTestId('ota-upload-models').fill('DEMO-4G');
  await page.getByTestId('ota-upload-counter').fill(String(100 + (Date.now() % 1000)));
  await page.locator('.ant-modal .ant-btn-primary').click();
  await expect(page.getByTestId('ota-app-table')).toContainText(version, { timeout: 20_000 });

  await page.getByTestId('ota-app-plans').click();
  await expect(page.getByTestId('ota-plans-page')).toBeVisible();
  await page.getByTestId('ota-plan-create').click();
  await page.getByTestId('ota-plan-name').fill(`E2E rollout ${version}`);
  const application = page.getByTestId('ota-plan-application');
  await choose(
    application,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: version }).first(),
    () => expect(application).toContainText(version, { timeout: 2_000 }),
  );
  const gateways = page.getByTestId('ota-plan-gateways');
  for (const imei of DEMO_OTA) {
    await choose(
      gateways,
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: imei }).first(),
      () => expect(gateways).toContainText(imei, { timeout: 2_000 }),
    );
  }
  await page.getByTestId('ota-plan-groups').click();
  await page.getByTestId('ota-plan-groups').fill('1');
  await page.locator('.ant-modal .ant-btn-primary').click();

  // The progress drawer opens on the new plan and refreshes until both groups reported.
  const detail = page.getByTestId('ota-plan-detail');
  await expect(detail).toBeVisible({ timeout: 15_000 });
  await expect(detail.getByTestId('ota-plan-state').first()).toHaveText('Completed', { timeout: 90_000 });
  await expect(page.getByTestId('ota-plan-devices')).toContainText('Reported');
  await shot(page, 'ota-plan-completed');

  const token = await apiToken(request);
  for (const imei of DEMO_OTA) {
    const list = await call<{ rows: { imei: string; firmware_version: string }[] }>(
      request,
      token,
      'GET',
      `/ota/gateways?search=${imei}`,
    );
    expect(list.rows.find((r) => r.imei === imei)?.firmware_version).toBe(version);
  }
  await page.goto('/ota/log');
  await expect(page.getByTestId('ota-log-table')).toContainText(DEMO_OTA[1]!);
});
