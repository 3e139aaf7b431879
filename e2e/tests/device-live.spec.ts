import { expect, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { chooseLanguage, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 4, connectivity (web): a direct HTTP device with two points reports through POST /ingest/:imei;
// the details page shows the latest values (one translated), and the device's online row in the log.

test.describe('device live data', () => {
  test('an HTTP device reports; the page shows its values and its online row', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request);
    const imei = `87${Date.now().toString().slice(-13)}`;
    const device = await call<{ id: number; device_class: string }>(request, token, 'POST', '/device', {
      device_imei: imei,
      device_title: `Pump ${imei.slice(-5)}`,
      protocol: 6,
    });
    expect(device.device_class).toBe('DT');
    await call(request, token, 'POST', `/device/${device.id}/datapoint`, {
      name: 'temp',
      title: 'Temperature',
      unit: '°C',
      data_type: 'float',
      decimals: 1,
    });
    await call(request, token, 'POST', `/device/${device.id}/datapoint`, {
      name: 'run',
      title: 'Running state',
      data_type: 'uint8',
      ds_config: {
        translate: [
          { range: { lolmt: 0, uplmt: 0 }, text: 'Stopped' },
          { range: { lolmt: 1, uplmt: 1 }, text: 'Running' },
        ],
      },
    });
    await call(request, token, 'POST', `/device/${device.id}/datapoint`, {
      name: 'setpoint',
      title: 'Setpoint',
      type: 1,
      access: 'readwrite',
      data_type: 'float',
      lolmt: 0,
      uplmt: 100,
    });
    // The platform stores secret hashes: a rotation answers the plain HTTP key, this once.
    const creds = await call<{ http_key: string }>(
      request,
      token,
      'POST',
      `/device/${device.id}/credentials/rotate`,
    );

    // Before any data the tab explains how a device sends it.
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto(`/device/detail/${device.id}`);
    await page.getByRole('tab', { name: 'Live data' }).click();
    await expect(page.getByTestId('live-empty')).toBeVisible();

    // The device reports over HTTP: a wrong key is refused, the right one is accepted.
    const refused = await request.post(`/api/v1/ingest/${imei}`, {
      headers: { 'X-Device-Key': 'wrong' },
      data: { values: { temp: 1 } },
    });
    expect(refused.status()).toBe(401);
    const ingest = await request.post(`/api/v1/ingest/${imei}`, {
      headers: { 'X-Device-Key': creds.http_key },
      data: { values: { temp: 21.46, run: 1, setpoint: 40 } },
    });
    const ingested = await ingest.json();
    expect(ingested.code, JSON.stringify(ingested)).toBe(0);
    expect(ingested.data.accepted).toBe(3);

    // The values are pushed over /wss (LD) and appear at once, well before the 30 s re-read:
    // the decimals and the translation.
    const tempRow = page.getByTestId('live-row-temp');
    await expect(tempRow.getByTestId('live-value')).toHaveText('21.5', { timeout: 15_000 });
    await expect(page.getByTestId('live-row-run').getByTestId('live-value')).toHaveText('Running');
    // SPEC 9: a reading under 30 s old is 'just now'.
    await expect(tempRow.getByTestId('relative-time')).toHaveText('just now');
    await expect(page.getByTestId('live-empty')).toHaveCount(0);
    // New readings re-read the header: the device is online now.
    await expect(page.getByTestId('device-status')).toHaveText('Normal');
    await page.getByTestId('live-refresh').click();
    await expect(page.getByText('This device reports by itself')).toBeVisible();
    await shot(page, 'device-live-en');

    // A write to the parameter: an HTTP device holds no connection, so the command ends as a network error.
    await page.getByTestId('write-setpoint').click();
    await page.getByTestId('write-input').fill('55');
    await page.getByTestId('write-send').click();
    await expect(page.getByTestId('write-status').getByTestId('command-status')).toHaveText('Network error', {
      timeout: 30_000,
    });
    await shot(page, 'device-live-write-en');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Commands' }).click();
    const commandRow = page.getByTestId('commands-table').locator('tr', { hasText: 'setpoint' }).first();
    await expect(commandRow.getByTestId('command-status')).toHaveText('Network error');
    await expect(commandRow).toContainText('55');

    // The online/offline log has the device's online row, via HTTP.
    await page.getByRole('tab', { name: 'Online/offline' }).click();
    const onlineRow = page.getByTestId('onoff-table').locator('tr', { hasText: 'Online' }).first();
    await expect(onlineRow).toBeVisible();
    await expect(onlineRow).toContainText('HTTP');
    await shot(page, 'device-onoff-en');

    // Chinese: the same live tab.
    await chooseLanguage(page, 'zh');
    await page.getByRole('tab', { name: '实时数据' }).click();
    await expect(page.getByTestId('live-row-run').getByTestId('live-value')).toHaveText('Running');
    await expect(page.getByTestId('live-row-temp').getByTestId('relative-time')).toHaveText(
      /^(刚刚|\d+ 分钟前)$/,
    );
    await shot(page, 'device-live-zh');
  });

  test('a gateway keeps its heartbeat packet and interval', async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request);
    const imei = `88${Date.now().toString().slice(-13)}`;
    const gateway = await call<{ id: number; heartbeat_interval_s: number }>(
      request,
      token,
      'POST',
      '/device',
      {
        device_imei: imei,
        device_title: `Gateway ${imei.slice(-5)}`,
        protocol: 1,
        gateway_protocol: 'Modbus_RTU',
      },
    );
    expect(gateway.heartbeat_interval_s).toBe(120);

    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto(`/device/detail/${gateway.id}`);
    await expect(page.getByTestId('device-info')).toContainText('120 s');
    await page.getByTestId('device-detail-edit').click();
    const drawer = page.getByTestId('device-drawer');
    await expect(drawer).toBeVisible();
    // Odd hex digits: the server's 10002 shows under the field, the drawer stays open.
    await page.getByTestId('device-form-heartbeat').fill('0xABC');
    await page.getByTestId('device-form-submit').click();
    await expect(drawer.locator('.ant-form-item-explain-error')).toBeVisible();
    await page.getByTestId('device-form-heartbeat').fill('0xFE01');
    await page.getByTestId('device-form-heartbeat-interval').fill('60');
    await page.getByTestId('device-form-submit').click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('device-heartbeat')).toHaveText('0xFE01');
    await expect(page.getByTestId('device-info')).toContainText('60 s');
    await shot(page, 'device-gateway-info-en');
  });
});
