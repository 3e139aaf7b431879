import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin, transmitted } from '../support/auth.js';
import { chooseLanguage, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 3, device registry gaps (web): models, the template editor with "update N devices",
// reallocation (assign, transfer), import with a per-row report, batch delete, credentials rotation.

async function saved<T = Record<string, unknown>>(
  page: Page,
  method: string,
  part: string | RegExp,
  click: () => Promise<void>,
): Promise<T> {
  const response = page.waitForResponse(
    (r) =>
      (typeof part === 'string' ? r.url().includes(part) : part.test(r.url())) &&
      r.request().method() === method,
  );
  await click();
  const body = await (await response).json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as T;
}

/** Clicks the OK button of the visible Popconfirm. */
async function confirmPop(page: Page) {
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
}

/** An Ant Design modal by its data-testid (set on the zero-size root: its dialog box is what shows). */
const modal = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-modal');

const suffix = () => Date.now().toString().slice(-9);

test.describe('device registry screens', () => {
  test('models, the template editor and reallocation', async ({ page, request }) => {
    test.setTimeout(180_000);
    const n = suffix();
    const token = await apiToken(request);
    const customer = `cust${n}`;
    await call(request, token, 'POST', '/auth/user', {
      username: customer,
      password: transmitted('Secret123!'),
      user_type: 1,
      nick_name: 'Customer',
    });

    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    // A model bound to the meter template; a device added with it gets the meter's slave.
    await page.goto('/device/model');
    await expect(page.getByTestId('models-page')).toBeVisible();
    await page.getByTestId('model-add').click();
    await expect(page.getByTestId('model-drawer')).toBeVisible();
    const modelName = `Meter gw ${n}`;
    await page.getByTestId('model-form-name').fill(modelName);
    await chooseOption(page, 'model-form-template', 'Electric meter (Modbus)');
    const model = await saved<{ id: number; template_id: number }>(page, 'POST', '/api/v1/device/model', () =>
      page.getByTestId('model-form-submit').click(),
    );
    expect(model.template_id).toBeGreaterThan(0);
    await expect(page.getByTestId('models-table')).toContainText(modelName);
    await expect(page.getByTestId('model-drawer')).toBeHidden();
    await shot(page, 'device-models-en');

    const imei = `88${n}0001`;
    await page.goto('/device/manage');
    await page.getByTestId('device-add').click();
    await page.getByTestId('device-form-imei').fill(imei);
    await page.getByTestId('device-form-title').fill(`Metered ${n}`);
    await chooseOption(page, 'device-form-model', modelName);
    const device = await saved<{ id: number; template_id: number | null; device_model: string }>(
      page,
      'POST',
      /\/api\/v1\/device$/,
      () => page.getByTestId('device-form-submit').click(),
    );
    expect(device.template_id).toBe(model.template_id);
    expect(device.device_model).toBe(modelName);
    const detail = await call<{ slave_count: number }>(request, token, 'GET', `/device/${device.id}`);
    expect(detail.slave_count).toBe(1);

    // The template editor: a gateway template with one slave and one point.
    await page.goto('/device/template');
    await page.getByTestId('template-add').click();
    await expect(page.getByTestId('template-editor')).toBeVisible();
    const tplName = `Tank ${n}`;
    await page.getByTestId('template-form-name').fill(tplName);
    await page.getByTestId('template-slave-add').first().click();
    await page.getByTestId('template-point-add').click();
    await expect(page.getByTestId('point-drawer')).toBeVisible();
    await page.getByTestId('point-form-name').fill('level');
    await chooseOption(page, 'point-form-area', '4X');
    await page.getByTestId('point-form-address').fill('0');
    await page.getByTestId('point-form-submit').click();
    await expect(page.getByTestId('point-drawer')).toBeHidden();
    await expect(page.getByTestId('template-slave-points')).toContainText('level');
    const tpl = await saved<{ id: number; version: number }>(page, 'POST', '/api/v1/device/template', () =>
      page.getByTestId('template-form-submit').click(),
    );

    // A device built from it (through a model), then the template changes: one outdated device.
    const tankModel = await call<{ id: number }>(request, token, 'POST', '/device/model', {
      name: `Tank model ${n}`,
      template_id: tpl.id,
    });
    const tank = await call<{ id: number }>(request, token, 'POST', '/device', {
      device_imei: `88${n}0002`,
      device_title: `Tank ${n}`,
      model_id: tankModel.id,
    });
    await page.reload();
    const tplRow = page.getByTestId('templates-table').locator('tr', { hasText: tplName });
    await tplRow.getByTestId('template-edit').click();
    await expect(page.getByTestId('template-editor')).toBeVisible();
    await page.getByTestId('template-point-add').click();
    await page.getByTestId('point-form-name').fill('temp');
    await chooseOption(page, 'point-form-area', '4X');
    await page.getByTestId('point-form-address').fill('1');
    await page.getByTestId('point-form-unit').fill('°C');
    await page.getByTestId('point-form-submit').click();
    await expect(page.getByTestId('point-drawer')).toBeHidden();
    await expect(page.getByTestId('template-slave-points').locator('tbody tr.ant-table-row')).toHaveCount(2);
    await shot(page, 'device-template-editor-en');
    const updated = await saved<{ version: number; outdated_devices: number }>(
      page,
      'PUT',
      `/api/v1/device/template/${tpl.id}`,
      () => page.getByTestId('template-form-submit').click(),
    );
    expect(updated.version).toBe(tpl.version + 1);
    expect(updated.outdated_devices).toBe(1);
    const offer = modal(page, 'template-update-modal');
    await expect(offer).toBeVisible();
    await expect(offer.getByTestId('template-devices-table')).toContainText(`88${n}0002`);
    await expect(page.locator('.ant-drawer-mask:visible')).toHaveCount(0);
    await shot(page, 'device-template-update-en');
    const applied = await saved<{ devices: number; points: number }>(page, 'POST', '/apply', () =>
      page.getByTestId('template-update-submit').click(),
    );
    expect(applied.devices).toBe(1);
    expect(applied.points).toBe(2);
    await expect(offer).toBeHidden();
    const tankDetail = await call<{ point_count: number }>(request, token, 'GET', `/device/${tank.id}`);
    expect(tankDetail.point_count).toBe(2);

    // Ports of the tank gateway, and its slaves exported as xlsx through the authorised download.
    await page.goto(`/device/detail/${tank.id}`);
    await page.getByRole('tab', { name: /Ports/ }).click();
    await page.getByTestId('port-add').click();
    await page.getByTestId('port-form-name').fill('COM1');
    await chooseOption(page, 'port-form-baud', '19200');
    await page.getByTestId('port-form-poll').fill('15');
    const port = await saved<{ baud: number; poll_interval_s: number }>(page, 'POST', '/port', () =>
      page.getByTestId('port-form-submit').click(),
    );
    expect(port).toMatchObject({ baud: 19200, poll_interval_s: 15 });
    await expect(page.getByTestId('ports-table')).toContainText('19200 8N1');
    await page.getByRole('tab', { name: /Slave devices/ }).click();
    const download = page.waitForEvent('download');
    await page.getByTestId('slave-export').click();
    expect((await download).suggestedFilename()).toBe(`slaves-88${n}0002.xlsx`);

    // Reallocation: assign the metered device to the customer, then transfer it.
    await page.goto('/device/manage');
    const row = page.getByTestId('devices-table').locator('tr', { hasText: imei });
    await row.getByTestId('device-reallocate').click();
    const dialog = modal(page, 'reallocation-modal');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Not assigned to anyone');
    await chooseOption(page, 'reallocation-user', customer);
    await saved(page, 'POST', `/device/${device.id}/assign`, () =>
      page.getByTestId('reallocation-assign').click(),
    );
    await expect(dialog.getByTestId('reallocation-assigned')).toContainText(customer);
    await shot(page, 'device-reallocation-en');
    await chooseOption(page, 'reallocation-user', customer);
    await page.getByTestId('reallocation-transfer').click();
    await saved(page, 'POST', `/device/${device.id}/transfer`, () => confirmPop(page));
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(customer);

    // The same screens in Chinese.
    await chooseLanguage(page, 'zh');
    await row.getByTestId('device-reallocate').click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('所属用户');
    await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
    await shot(page, 'device-reallocation-zh');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goto('/device/model');
    await expect(page.getByTestId('models-table')).toContainText(modelName);
    await expect(page.getByTestId('models-page')).toContainText('新增型号');
    await shot(page, 'device-models-zh');
    await page.goto('/device/template');
    await page
      .getByTestId('templates-table')
      .locator('tr', { hasText: tplName })
      .getByTestId('template-edit')
      .click();
    await expect(page.getByTestId('template-editor')).toContainText('编辑模板');
    await shot(page, 'device-template-editor-zh');
  });

  test('import with a per-row report, batch delete, credentials rotation and copy', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const n = suffix();
    const token = await apiToken(request);
    const taken = `89${n}0003`;
    const takenRow = await call<{ device_sharecode: string }>(request, token, 'POST', '/device', {
      device_imei: taken,
      device_title: `Taken ${n}`,
    });

    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto('/device/manage');
    await expect(page.getByTestId('devices-page')).toBeVisible();

    // Binding by share code a device already in the list: the server's reason under the field.
    await page.getByTestId('device-add').click();
    await page.getByTestId('device-form-mode').getByText('Share code').click();
    await page.getByTestId('device-form-sharecode').fill(takenRow.device_sharecode);
    await page.getByTestId('device-form-submit').click();
    await expect(page.getByTestId('device-drawer')).toContainText('the device is already in your list');
    await shot(page, 'device-bind-sharecode-en');
    await page.getByTestId('device-drawer').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.ant-drawer-mask:visible')).toHaveCount(0);

    // Two new IMEIs and one already registered: nothing is imported, the report names line 3.
    const a = `89${n}0001`;
    const b = `89${n}0002`;
    await page.getByTestId('device-import').click();
    await page.getByTestId('import-imeis').fill(`${a}\n${b}\n${taken}`);
    await page.getByTestId('import-submit').click();
    const report = page.getByTestId('import-failures');
    await expect(report).toContainText(taken);
    await expect(report.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(report.locator('tbody tr.ant-table-row').first()).toContainText('3');
    await page.getByTestId('import-imeis').fill(`${a}\n${b}`);
    const result = await saved<{ created: number }>(page, 'POST', '/device/import', () =>
      page.getByTestId('import-submit').click(),
    );
    expect(result.created).toBe(2);
    await expect(modal(page, 'import-modal')).toBeHidden();

    // Batch delete the two imported devices.
    await page.getByTestId('devices-search').fill(`89${n}000`);
    const table = page.getByTestId('devices-table');
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
    for (const imeiToDelete of [a, b])
      await table.locator('tr', { hasText: imeiToDelete }).locator('.ant-checkbox-input').check();
    await page.getByTestId('devices-batch-delete').click();
    await saved(page, 'POST', '/device/batch', () => confirmPop(page));
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText(taken);

    // A group, then the remaining device moved into it by the batch update.
    const group = `North ${n}`;
    await page.goto('/device/group');
    await page.getByTestId('collection-add').click();
    await page.getByTestId('collection-form-name').fill(group);
    await saved(page, 'POST', '/api/v1/device/group', () =>
      page.getByTestId('collection-form-submit').click(),
    );
    await expect(page.getByTestId('collection-table')).toContainText(group);
    await page.goto('/device/manage');
    await page.getByTestId('devices-search').fill(taken);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await table.locator('tr', { hasText: taken }).locator('.ant-checkbox-input').check();
    await page.getByTestId('devices-batch-update').click();
    await page.getByTestId('batch-tick-group_id').check();
    await chooseOption(page, 'batch-group', group);
    const batch = await saved<{ updated: number }>(page, 'POST', '/device/batch', () =>
      modal(page, 'batch-update-modal').locator('.ant-btn-primary').click(),
    );
    expect(batch.updated).toBe(1);
    await expect(table.locator('tr', { hasText: taken })).toContainText(group);

    // Credentials: an imported device's secrets were never shown (stored hashed); rotate, then copy the
    // new DTU registration packet, shown this once.
    await table.locator('tr', { hasText: taken }).getByTestId('device-title').click();
    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByTestId('cred-hidden-note')).toBeVisible();
    await expect(page.getByTestId('cred-dtu')).toHaveCount(0);
    await page.getByTestId('cred-rotate').click();
    const rotated = await saved<{ dtu_registration: string }>(page, 'POST', '/credentials/rotate', () =>
      confirmPop(page),
    );
    expect(rotated.dtu_registration).toContain(`REG,${taken},`);
    await expect(page.getByTestId('cred-once-note')).toBeVisible();
    await page.getByTestId('cred-dtu-reveal').click();
    await expect(page.getByTestId('cred-dtu')).toContainText(rotated.dtu_registration);
    await page.getByTestId('cred-dtu-copy').click();
    await expect(page.locator('.ant-message')).toContainText('Copied');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(rotated.dtu_registration);
  });
});
