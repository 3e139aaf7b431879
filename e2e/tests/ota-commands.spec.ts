import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 19 item 8: gateway commands on a demo OTA gateway (simulated inside the demo platform, it
// answers for real over MQTT): csq answered with rssi/ber and shown as signal bars and in the drawer's
// history chart; reboot asks first and is answered.
const DEMO_IMEI = '866900000000101';

const rowOf = (page: Page) =>
  page.getByTestId('ota-gateways-table').locator('tr.ant-table-row', { hasText: DEMO_IMEI });

async function command(page: Page, kind: 'csq' | 'reboot') {
  await rowOf(page).getByTestId('ota-gateway-commands').click();
  await page.getByTestId(`ota-cmd-${kind}`).click();
}

for (const lang of ['en', 'zh'] as const) {
  test(`csq and reboot on a demo gateway are answered in the browser (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await freshLogin(page, lang);
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
    await page.goto('/ota/device');
    await page.getByTestId('ota-gateways-search').fill(DEMO_IMEI);
    await expect(rowOf(page)).toBeVisible({ timeout: 30_000 });

    await command(page, 'csq');
    const status = rowOf(page).getByTestId('ota-command-status');
    await expect(status).toHaveAttribute('data-kind', 'csq');
    await expect(status).toHaveAttribute('data-status', 'resp', { timeout: 20_000 });
    const signal = rowOf(page).getByTestId('ota-gateway-signal');
    await expect(signal).toBeVisible({ timeout: 10_000 });
    expect(Number(await signal.getAttribute('data-rssi'))).toBeGreaterThanOrEqual(0);

    await command(page, 'reboot');
    await page.getByTestId('ota-reboot-confirm').click();
    await expect(status).toHaveAttribute('data-kind', 'reboot');
    await expect(status).toHaveAttribute('data-status', 'resp', { timeout: 20_000 });
    await shot(page, `ota-commands-${lang}`);

    await rowOf(page).getByTestId('ota-gateway-edit').click();
    const history = page.getByTestId('ota-signal-history');
    await expect(history.getByTestId('ota-signal-chart')).toBeVisible({ timeout: 10_000 });
    await shot(page, `ota-signal-drawer-${lang}`);
  });
}
