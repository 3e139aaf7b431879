import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { choose, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 18: the SCADA designer. The admin draws a tank, a pump, a pipe between them (its end snapped
// to the pump's inlet) and a value text,
// binds them to the demo sensor "Cold room A", saves, and sees live values in run mode; undo and redo
// go through the model's commands; two tabs saving the same picture get the version conflict.
const DEVICE = 'Cold room A';

/** An antd number input by test id (the id lands on the input or on its wrapper). */
const numberInput = (page: Page, id: string) =>
  page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

/** Waits for the answer of a call the action makes and returns its envelope. */
async function answered(page: Page, method: string, path: RegExp, act: () => Promise<unknown>) {
  const response = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() === method,
  );
  await act();
  return (await (await response).json()) as {
    code: number;
    data: { id: number; version: number; name: string };
  };
}

async function addFromPalette(page: Page, search: string, key: string) {
  await page.getByTestId('sd-palette-search').locator('input').fill(search);
  await page.getByTestId(`sd-palette-${key}`).click();
  await page.getByTestId('sd-palette-search').locator('input').fill('');
  return (await page.getByTestId('sd-selected').getAttribute('data-id')) ?? '';
}

async function setFrame(page: Page, frame: Partial<Record<'x' | 'y' | 'w' | 'h', number>>) {
  await page.getByRole('tab', { name: 'Properties' }).click();
  for (const [k, v] of Object.entries(frame)) {
    const input = numberInput(page, `sd-prop-${k}`);
    await input.fill(String(v));
    await input.press('Enter');
  }
}

/** Binds the selected element's new binding to a point of the demo device, with a map kind. */
async function bind(page: Page, point: string, mapKind: string) {
  await page.getByRole('tab', { name: 'Binding', exact: true }).click();
  await page.getByTestId('sd-binding-add').click();
  const card = page.getByTestId('sd-binding-0');
  const device = card.getByTestId('sd-bind-device');
  await choose(
    async () => {
      await device.click();
      await device.locator('input').fill(DEVICE);
    },
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEVICE }).first(),
    () => expect(card.getByTestId('sd-bind-point')).toBeVisible({ timeout: 2_000 }),
  );
  const pointSelect = card.getByTestId('sd-bind-point');
  await choose(
    pointSelect,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: point }).first(),
    () => expect(card.getByTestId('sd-point-current')).toContainText(point, { timeout: 2_000 }),
  );
  const kind = card.getByTestId('sd-map-kind');
  await choose(
    kind,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: mapKind }).first(),
    () => expect(kind).toContainText(mapKind, { timeout: 2_000 }),
  );
}

test.describe('SCADA designer', () => {
  test('draw, bind, save, run live; undo and redo; two tabs get the conflict', async ({ page, context }) => {
    test.setTimeout(180_000);
    const name = `Designer ${Date.now().toString().slice(-6)}`;
    // A cold server on a busy machine can take a while to serve its first page.
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible({ timeout: 60_000 });
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });

    // A new app from the list, opened with its Design action.
    await page.goto('/scada/app');
    await page.getByTestId('scada-add').click();
    await page.getByTestId('scada-create-name').fill(name);
    const created = await answered(page, 'POST', /\/api\/v1\/scada$/, () =>
      page.getByTestId('scada-create-ok').click(),
    );
    expect(created.code).toBe(0);
    const row = page.getByTestId('scada-table').locator('tr.ant-table-row', { hasText: name });
    await row.getByTestId('scada-design').click();
    await expect(page).toHaveURL(new RegExp(`/scada/design/app\\?id=${created.data.id}$`));
    await expect(page.getByTestId('sd-stage')).toBeVisible();

    // Draw: a tank, a pump, a pipe between them, a value text.
    const tank = await addFromPalette(page, 'vertical tank', 'builtin:tank-vertical');
    await setFrame(page, { x: 200, y: 300 });
    const pump = await addFromPalette(page, 'centrifugal', 'builtin:pump-centrifugal');
    await setFrame(page, { x: 700, y: 420 });
    expect(await page.locator('.sd-el').count()).toBe(2);

    // Undo and redo (toolbar and keys) go through the model's history.
    await page.getByTestId('sd-undo').click();
    await expect(page.locator('.sd-el')).toHaveCount(2); // the move of the pump is undone first
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(page.locator('.sd-el')).toHaveCount(1);
    await page.keyboard.press('Control+y');
    await page.getByTestId('sd-redo').click();
    await page.keyboard.press('Control+Shift+z');
    await expect(page.locator('.sd-el')).toHaveCount(2);
    await expect(page.locator(`[data-design-id="${pump}"]`)).toBeVisible();

    const pipe = await addFromPalette(page, 'pipe', 'pipe');
    await setFrame(page, { x: 330, y: 380, w: 380, h: 80 });
    // Its end, dragged near the pump, snaps onto the pump's inlet anchor (700 + 0.05 * 80, 420 + 0.48 * 80).
    const canvas = page.getByTestId('sd-canvas');
    const canvasBox = (await canvas.boundingBox())!;
    const zoom = canvasBox.width / Number(await canvas.getAttribute('width'));
    const end = page.getByTestId('sd-pipe-end');
    const endBox = (await end.boundingBox())!;
    await page.mouse.move(endBox.x + endBox.width / 2, endBox.y + endBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvasBox.x + 690 * zoom, canvasBox.y + 470 * zoom, { steps: 6 });
    await page.mouse.move(canvasBox.x + 707 * zoom, canvasBox.y + 455 * zoom, { steps: 4 });
    await page.mouse.up();
    await expect(end).toHaveAttribute('cx', '704');
    await expect(end).toHaveAttribute('cy', '458');
    const label = await addFromPalette(page, 'text', 'text');
    await setFrame(page, { x: 200, y: 560 });

    // Bind: the tank's level and the label's text to the humidity, the pump's colour to the temperature.
    await page.locator(`[data-design-id="${tank}"]`).click();
    await bind(page, 'humidity', 'Linear');
    // The live preview: a test value drives the element on the canvas.
    await numberInput(page, 'sd-preview-value').fill('25');
    await numberInput(page, 'sd-preview-value').press('Enter');
    await expect(page.getByTestId('sd-preview-visual')).toContainText('"level":0.25');
    await page.locator(`[data-design-id="${pump}"]`).click();
    await bind(page, 'temp', 'Threshold');
    await page.locator(`[data-design-id="${label}"]`).click();
    await bind(page, 'humidity', 'Show the value');
    await page.getByRole('tab', { name: 'All bindings' }).click();
    await expect(page.getByTestId('sd-broken-count')).toContainText('3 references, 0 broken');
    await shot(page, 'scada-designer');

    // Save (Ctrl+S): version 2, with a thumbnail.
    const saved = await answered(page, 'PUT', new RegExp(`/api/v1/scada/${created.data.id}$`), () =>
      page.keyboard.press('Control+s'),
    );
    expect(saved.code).toBe(0);
    expect(saved.data.version).toBe(2);
    await expect(page.getByTestId('sd-clean')).toBeVisible();

    // Run mode: the runtime shows the saved drawing with live values.
    await page.getByTestId('sd-run').click();
    await expect(page.getByTestId('scada-runtime')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId(`scada-el-${pipe}`)).toBeVisible();
    await expect(page.getByTestId(`scada-el-${label}`)).toHaveText(/\d/, { timeout: 30_000 });
    await expect(page.getByTestId(`scada-el-${tank}`)).not.toHaveAttribute('data-grey', /.+/);
    await shot(page, 'scada-designer-run');

    // Two tabs: the first save wins, the second is answered with the conflict and keeps its work as a copy.
    const url = `/scada/design/app?id=${created.data.id}`;
    await page.goto(url);
    const other = await context.newPage();
    await other.goto(url);
    for (const p of [page, other])
      await expect(p.getByTestId('sd-canvas-w')).toBeVisible({ timeout: 30_000 });
    const widen = async (p: Page, w: number) => {
      const input = numberInput(p, 'sd-canvas-w');
      await input.fill(String(w));
      await input.press('Enter');
      await expect(p.getByTestId('sd-dirty')).toBeVisible();
    };
    await widen(page, 1600);
    await widen(other, 1700);
    const first = await answered(page, 'PUT', /\/api\/v1\/scada\/\d+$/, () =>
      page.getByTestId('sd-save').click(),
    );
    expect(first.code).toBe(0);
    const second = await answered(other, 'PUT', /\/api\/v1\/scada\/\d+$/, () =>
      other.getByTestId('sd-save').click(),
    );
    expect(second.code).toBe(20000);
    await expect(other.getByTestId('sd-conflict-text')).toContainText('version 3');
    const copy = await answered(other, 'POST', /\/api\/v1\/scada$/, () =>
      other.getByTestId('sd-conflict-copy').click(),
    );
    expect(copy.code).toBe(0);
    await expect(other).toHaveURL(new RegExp(`/scada/design/app\\?id=${copy.data.id}$`));
    await expect(numberInput(other, 'sd-canvas-w')).toHaveValue('1700');
  });

  test('a template published for two devices shows each device its own values', async ({ page, request }) => {
    test.setTimeout(150_000);
    const token = await apiToken(request);
    const suffix = Date.now().toString().slice(-6);
    // A device template with one point, and two HTTP devices built from it.
    const template = await call<{ id: number }>(request, token, 'POST', '/device/template', {
      name: `Tank kit ${suffix}`,
      kind: 'device',
      points: [{ name: 'level', title: 'Level', unit: 'm', data_type: 'float', decimals: 1 }],
    });
    const devices: { id: number; imei: string; key: string; title: string }[] = [];
    for (const n of [1, 2]) {
      const imei = `86${suffix}${n}${Date.now().toString().slice(-6)}`;
      const title = `Tank ${suffix}-${n}`;
      const device = await call<{ id: number }>(request, token, 'POST', '/device', {
        device_imei: imei,
        device_title: title,
        protocol: 6,
      });
      const creds = await call<{ http_key: string }>(
        request,
        token,
        'POST',
        `/device/${device.id}/credentials/rotate`,
      );
      devices.push({ id: device.id, imei, key: creds.http_key, title });
    }
    await call(request, token, 'POST', `/device/template/${template.id}/apply`, {
      device_ids: devices.map((d) => d.id),
    });
    // A SCADA template whose text shows the template's point by name.
    const drawing = await call<{ id: number }>(request, token, 'POST', '/scada', {
      kind: 'template',
      name: `Tank view ${suffix}`,
      template_id: template.id,
      document: {
        schemaVersion: 2,
        pages: {
          main: {
            name: 'Main',
            canvas: { w: 800, h: 400, background: '#ffffff' },
            elements: {
              level: {
                kind: 'text',
                frame: { x: 40, y: 40, w: 300, h: 40, rotation: 0 },
                text: '--',
                color: '#212121',
                fontSize: 24,
                align: 'start',
                bindings: [
                  {
                    point: { by: 'name', name: 'level' },
                    map: { kind: 'text', translate: false, unit: true, decimals: 1 },
                  },
                ],
              },
            },
            order: ['level'],
          },
        },
        pageOrder: ['main'],
      },
    });

    // Publish from the designer for both devices: one app each.
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 60_000 });
    await page.goto(`/scada/design/template?id=${drawing.id}`);
    await expect(page.getByTestId('sd-stage')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('sd-publish').click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('sd-publish-ok') });
    for (const d of devices) await modal.getByText(d.title).click();
    const published = await answered(page, 'POST', new RegExp(`/api/v1/scada/${drawing.id}/publish$`), () =>
      page.getByTestId('sd-publish-ok').click(),
    );
    expect(published.code).toBe(0);
    const apps = (published.data as unknown as { apps: { id: number }[] }).apps;
    expect(apps).toHaveLength(2);

    // Each device reports its own level; each app shows its own device's value.
    for (const [i, d] of devices.entries()) {
      const res = await request.post(`/api/v1/ingest/${d.imei}`, {
        headers: { 'X-Device-Key': d.key },
        data: { values: { level: 1.5 + i } },
      });
      expect(res.status()).toBe(200);
    }
    for (const [i, app] of apps.entries()) {
      await page.goto(`/scada/view/${app.id}`);
      await expect(page.getByTestId('scada-runtime')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('scada-el-level')).toHaveText(`${(1.5 + i).toFixed(1)} m`, {
        timeout: 15_000,
      });
    }
  });
});
