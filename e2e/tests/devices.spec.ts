import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { chooseLanguage, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 3, device registry (web): the admin adds a Modbus gateway, builds the meter catalogue on it
// (slave 1) and adds a second slave, edits the trip point's value translation and sees the point's tags
// in the three languages.
const LANGS = [
  { lang: 'zh', access: '读写', storage: '变化存储', tab: '数据点' },
  { lang: 'en', access: 'Read-write', storage: 'On change', tab: 'Data points' },
  { lang: 'es', access: 'Lectura y escritura', storage: 'Al cambiar', tab: 'Puntos de datos' },
] as const;

async function saved(page: Page, method: string, part: string, click: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes(part) && r.request().method() === method);
  await click();
  const body = await (await response).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

test.describe('device registry', () => {
  test('admin builds a metered gateway from the template and edits a point translation', async ({ page }) => {
    test.setTimeout(120_000);
    const imei = `86${Date.now().toString().slice(-13)}`;
    const title = `Gateway ${imei.slice(-5)}`;
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    // The list, then the add drawer with a field validation message.
    await page.goto('/device/manage');
    await expect(page.getByTestId('devices-page')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toContainText('Device management');
    await page.getByTestId('device-add').click();
    await expect(page.getByTestId('device-drawer')).toBeVisible();
    await page.getByTestId('device-form-imei').fill('12ab');
    await page.getByTestId('device-form-submit').click();
    await expect(page.getByTestId('device-drawer')).toContainText('The IMEI has 6 to 20 digits');
    await page.getByTestId('device-form-imei').fill(imei);
    await page.getByTestId('device-form-title').fill(title);
    await shot(page, 'devices-add-drawer-en');
    const device = await saved(page, 'POST', '/api/v1/device', () =>
      page.getByTestId('device-form-submit').click(),
    );
    expect(device.device_class).toBe('DTUGW');
    // The new device's secrets are shown once, in a dialog: masked, revealed, then the dialog closes.
    const once = page.getByTestId('device-credentials-once');
    await expect(once).toBeVisible();
    await expect(page.getByTestId('cred-once-note')).toContainText('will not show them again');
    await expect(once.getByTestId('cred-dtu')).toContainText('•');
    await once.getByTestId('cred-dtu-reveal').click();
    await expect(once.getByTestId('cred-dtu')).toContainText(`REG,${imei},`);
    await shot(page, 'device-credentials-en');
    await page.locator('.ant-modal-confirm-btns .ant-btn').click();
    await expect(once).toBeHidden();
    const row = page.getByTestId('devices-table').locator('tr', { hasText: imei });
    await expect(row.getByTestId('device-class')).toHaveText('DTUGW');
    await expect(row.getByTestId('device-status')).toHaveText('Offline');
    await shot(page, 'devices-list-en');

    // Details: the credentials tab shows the identity only, then the meter template on the gateway and a second slave.
    await row.getByTestId('device-title').click();
    await expect(page).toHaveURL(new RegExp(`/device/detail/${device.id}$`));
    await expect(page.getByTestId('device-detail-title')).toHaveText(title);
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByTestId('cred-hidden-note')).toBeVisible();
    await expect(page.getByTestId('device-credentials')).toContainText(imei);
    await expect(page.getByTestId('device-credentials')).not.toContainText('REG,');

    await page.getByRole('tab', { name: /Slave devices/ }).click();
    await page.getByTestId('slave-apply-template').click();
    await chooseOption(page, 'apply-template-select', 'Electric meter (Modbus)');
    const applied = await saved(page, 'POST', '/slavedevice/batch', () =>
      page.getByTestId('apply-template-ok').click(),
    );
    expect(applied.slaves).toBe(1);
    expect(applied.points).toBeGreaterThan(10);
    await expect(page.getByTestId('slaves-table')).toContainText('meter');
    await page.getByTestId('slave-add').click();
    await page.getByTestId('slave-form-name').fill('meter 2');
    await page.getByTestId('slave-form-id').fill('2');
    await saved(page, 'POST', '/slavedevice', () => page.getByTestId('slave-form-submit').click());
    await expect(page.getByTestId('slaves-table').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('slave-drawer')).toBeHidden();
    await expect(page.locator('.ant-drawer-mask:visible')).toHaveCount(0);
    await shot(page, 'device-slaves-en');

    // Data points: edit the trip point's translation.
    await page.getByRole('tab', { name: /Data points/ }).click();
    const trip = page.getByTestId('point-row-trip');
    await expect(trip).toContainText('0X 0');
    await expect(trip.getByTestId('point-translations')).toContainText('1: tripped');
    await trip.getByTestId('point-edit').click();
    await expect(page.getByTestId('point-drawer')).toBeVisible();
    await expect(page.getByTestId('translation-row')).toHaveCount(2);
    await page.getByTestId('translation-text-1').fill('open');
    await page.getByTestId('translation-add').click();
    await page.getByTestId('translation-lolmt-2').fill('2');
    await page.getByTestId('translation-uplmt-2').fill('2');
    await page.getByTestId('translation-text-2').fill('fault');
    await shot(page, 'device-point-drawer-en');
    const point = await saved(page, 'PUT', '/datapoint/', () =>
      page.getByTestId('point-form-submit').click(),
    );
    expect(point.ds_config.translate).toEqual([
      { range: { lolmt: 0, uplmt: 0 }, text: 'closed' },
      { range: { lolmt: 1, uplmt: 1 }, text: 'open' },
      { range: { lolmt: 2, uplmt: 2 }, text: 'fault' },
    ]);
    await expect(trip.getByTestId('point-translations')).toContainText('1: open');
    await expect(trip.getByTestId('point-translations')).toContainText('2: fault');

    // A point the contracts' rules refuse is stopped before it is sent (0X holds single bits).
    await page.getByTestId('point-add').click();
    await page.getByTestId('point-form-name').fill('bad_coil');
    await chooseOption(page, 'point-form-area', '0X');
    await page.getByTestId('point-form-address').fill('5');
    await chooseOption(page, 'point-form-data-type', 'float');
    await page.getByTestId('point-form-submit').click();
    await expect(page.getByTestId('point-drawer')).toContainText('holds single bits');
    await page.getByTestId('point-drawer').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('point-drawer')).toBeHidden();
    await expect(page.locator('.ant-drawer-mask:visible')).toHaveCount(0);

    for (const l of LANGS) {
      await chooseLanguage(page, l.lang);
      await expect(trip.getByTestId('point-access')).toHaveText(l.access);
      await expect(trip.getByTestId('point-storage')).toHaveText(l.storage);
      await expect(trip.getByTestId('point-data-type')).toHaveText('uint8');
      await expect(trip.getByTestId('point-translations')).toContainText('1: open');
      await expect(page.getByRole('tab', { name: new RegExp(l.tab) })).toBeVisible();
      await trip.scrollIntoViewIfNeeded();
      await shot(page, `device-points-${l.lang}`);
    }

    // The templates page lists the meter catalogue.
    await page.goto('/device/template');
    // Built in by the platform, named in the user's language and naming no specification.
    await expect(page.getByTestId('templates-table')).toContainText('Contador eléctrico (Modbus)');
    await expect(page.getByTestId('templates-table')).not.toContainText('SPEC');
    await expect(page.getByTestId('template-builtin').first()).toBeVisible();
    await shot(page, 'device-templates-es');
  });
});
