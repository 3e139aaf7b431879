import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { alarmingHttpDevice, httpDevice } from '../support/devices.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 23, monitoring screens: a device placed by clicking the map shows on the device map, and the
// big screen (/monitorScreen/screen, its own full-screen layout) shows an alarm within seconds of the
// device raising it, pushed through /wss without a reload.

async function signedIn(page: Page, lang: 'en' | 'zh') {
  await freshLogin(page, lang);
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** Waits until MapLibre has drawn: the canvas exists and the map reports what it rendered. */
async function mapDrawn(page: Page, testId: string) {
  const map = page.getByTestId(testId);
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(map).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  return map;
}

test.describe('monitoring screens', () => {
  test('a device placed by clicking the map shows on the device map', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request);
    const device = await httpDevice(request, token, '87');
    await signedIn(page, 'en');

    await page.goto('/device/manage');
    await page.getByTestId('devices-search').fill(device.imei);
    await page.getByTestId('devices-search').press('Enter');
    const row = page.getByTestId('devices-table').locator('tr', { hasText: device.imei });
    await row.getByTestId('device-edit').click();
    await expect(page.getByTestId('device-drawer')).toBeVisible();
    await page.getByTestId('location-pick').click();
    const picker = await mapDrawn(page, 'location-pick-map');
    const box = (await picker.boundingBox())!;
    // West of the demo fleet (Suzhou), so the device stands alone rather than in the fleet's cluster.
    // A map that loads before the dialog's opening animation ends loses a click made during it: click
    // again until the picked place shows.
    await expect(async () => {
      await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
      await expect(page.getByTestId('location-pick-value')).toHaveText(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await shot(page, 'screens-location-pick-en');
    await page.getByTestId('location-pick-apply').click();
    await page.getByTestId('device-form-submit').click();
    await expect(page.getByTestId('device-drawer')).toBeHidden();

    const placed = await call<{ rows: { id: number; lat: number; lng: number }[] }>(
      request,
      token,
      'GET',
      '/map/devices',
    );
    const mine = placed.rows.find((r) => r.id === device.id);
    expect(mine, 'the picked place was saved').toBeDefined();

    await page.goto('/deviceMonitor/index');
    await page.getByTestId('monitor-view').getByText('Map').click();
    const map = await mapDrawn(page, 'device-map');
    await expect
      .poll(async () => (await map.getAttribute('data-rendered'))?.split(',') ?? [], { timeout: 20_000 })
      .toContain(String(device.id));
    await shot(page, 'screens-device-map-en');
  });

  test('the big screen shows an alarm within seconds of it being raised', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request);
    const device = await alarmingHttpDevice(request, token, {
      prefix: '86',
      name: 'Pump',
      point: { name: 'pressure', title: 'Outlet pressure', unit: 'bar' },
      trigger: { title: 'Pressure too high', above: 8, deadband: 0.5 },
    });
    const { report } = device;
    await report(5);

    await signedIn(page, 'zh');
    // The menu's external link opens the screen in a new window; here the same tab opens it.
    await page.goto('/monitorScreen/screen');
    await expect(page.getByTestId('big-screen')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('screen-kpi-total')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('screen-live')).toHaveClass(/on/);
    const total = Number(
      await page.getByTestId('screen-kpi-total').locator('.screen-kpi-value').textContent(),
    );
    expect(total).toBeGreaterThan(0);

    await report(9.5);
    await expect(page.getByTestId('screen-alarm').filter({ hasText: device.title })).toBeVisible({
      timeout: 5_000,
    });
    await mapDrawn(page, 'device-map');
    await shot(page, 'screens-big-screen-zh');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page.getByTestId('screen-alarm').filter({ hasText: device.title })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByTestId('screen-scale').getByText('Fill width').click();
    await expect(page.getByTestId('screen-canvas')).toHaveAttribute('data-scale', (1440 / 1920).toFixed(4));
    await mapDrawn(page, 'device-map');
    await shot(page, 'screens-big-screen-en');

    await page.goto('/monitorScreen/gis');
    await mapDrawn(page, 'device-map');
    await shot(page, 'screens-gis-en');
  });
});
