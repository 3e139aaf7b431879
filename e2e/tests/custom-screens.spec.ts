import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { solidPng } from '../support/png.js';
import { choose, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 23 item 2, custom screens: build a screen of three widgets bound to demo points in the designer,
// publish it (a Monitoring screens menu entry), open its external link full screen without a session and
// see the values move (the demo simulator reports every few seconds).

const DEVICE = 'Cold room A';

async function addWidget(page: Page, kind: string, point: string) {
  await page.getByTestId(`cs-add-${kind}`).click();
  const modal = page.locator('.ant-modal', { has: page.getByTestId('cs-add-device') });
  const device = modal.getByTestId('cs-add-device');
  await choose(
    async () => {
      await device.click();
      await device.locator('input').fill(DEVICE);
    },
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEVICE }).first(),
    () => expect(modal.getByTestId('cs-add-point')).toBeVisible({ timeout: 2_000 }),
  );
  await choose(
    modal.getByTestId('cs-add-point'),
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: point }).first(),
    () => expect(modal).toBeHidden({ timeout: 2_000 }),
  );
}

test('a custom screen is designed, published and opened by its external link with moving values', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Cold rooms ${Date.now().toString(36)}`;
  await freshLogin(page, 'en');
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await page.goto('/monitorScreen/custom');
  await page.getByTestId('cs-create').click();
  await page.getByTestId('cs-create-name').fill(name);
  await page.getByTestId('cs-create-ok').click();
  await expect(page.getByTestId('cs-designer')).toBeVisible();

  await addWidget(page, 'value', 'temp');
  await addWidget(page, 'gauge', 'humidity');
  await addWidget(page, 'line', 'temp');
  const canvas = page.getByTestId('cs-design-canvas');
  await expect(canvas.locator('.cs-widget')).toHaveCount(3);
  // The designer previews live values of what it binds.
  await expect(canvas.getByTestId('cs-value-value1')).toHaveText(/^-?\d+\.\d$/, { timeout: 30_000 });
  await canvas.getByTestId('cs-select-value1').click();
  await page.getByTestId('cs-prop-title').fill('Room A temperature');
  await page.getByTestId('cs-save').click();
  await expect(page.locator('.ant-message')).toContainText('Screen saved');
  await shot(page, 'custom-screen-designer-en');

  await page.getByTestId('cs-back').click();
  const row = page.getByTestId('cs-table').locator('tr', { hasText: name });
  await expect(row).toContainText('2'); // saved once: version 2
  await row.locator('[data-testid^="cs-publish-"]').click();
  await expect(row.locator('[data-testid^="cs-publish-"]')).toHaveAttribute('aria-checked', 'true');
  // Published: an entry of the Monitoring screens menu opening it in a new window.
  await expect(page.getByTestId('sidebar')).toContainText(name);

  await row.locator('[data-testid^="cs-share-"]').first().click();
  // The new link's URL is shown once (the server keeps only its hash), then the list says a link is out.
  const link = page.getByTestId('cs-share-link');
  await expect(link).toBeVisible();
  await expect(page.getByTestId('cs-share-once')).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/share\/screen\/[A-Za-z0-9_-]{40,}$/);
  await page.getByTestId('cs-share-done').click();
  await expect(row.locator('[data-testid^="cs-share-since-"]')).toBeVisible();
  await expect(row.locator('[data-testid^="cs-share-renew-"]')).toBeVisible();
  await shot(page, 'custom-screens-list-en');

  // The external link in a browser without any session: full screen, no menu, values polled.
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 810 } });
  const wall = await visitor.newPage();
  await wall.goto(new URL(href!).pathname);
  await expect(wall.getByTestId('cs-shared')).toBeVisible();
  await expect(wall.getByTestId('sidebar')).toHaveCount(0);
  await expect(wall.locator('.cs-widget')).toHaveCount(3);
  const value = wall.getByTestId('cs-value-value1');
  await expect(value).toHaveText(/^-?\d+\.\d$/, { timeout: 30_000 });
  const gauge = wall.getByTestId('cs-value-gauge1');
  await expect(gauge).toHaveText(/^-?\d+\.\d$/, { timeout: 30_000 });
  const seen = [await value.textContent(), await gauge.textContent()];
  // Values move: a later poll answers a new reading of either point (no sleeps, polled).
  await expect
    .poll(async () => (await value.textContent()) !== seen[0] || (await gauge.textContent()) !== seen[1], {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(wall.getByTestId('cs-chart-line1')).toBeVisible();
  await shot(wall, 'custom-screen-shared-en');
  await visitor.close();
});

// Issue 23 item 2, the widgets added after the first six: a text, a clock, a device status table, an
// uploaded image, a device map and an embedded SCADA app are placed, saved, published and seen running
// full screen (zh, en).
test('text, clock, status, image, map and SCADA widgets are designed, published and shown full screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Plant wall ${Date.now().toString(36)}`;
  await freshLogin(page, 'en');
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await page.goto('/monitorScreen/custom');
  await page.getByTestId('cs-create').click();
  await page.getByTestId('cs-create-name').fill(name);
  await page.getByTestId('cs-create-ok').click();
  await expect(page.getByTestId('cs-designer')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const canvas = page.getByTestId('cs-design-canvas');

  // Text and clock need no point: placed at once, selected.
  await page.getByTestId('cs-add-text').click();
  await page.getByTestId('cs-prop-text').fill('Plant A — cold chain');
  await page.getByTestId('cs-prop-align').getByText('Centre').click();
  await expect(canvas.getByTestId('cs-text-text1')).toHaveText('Plant A — cold chain');
  await expect(canvas.getByTestId('cs-text-text1')).toHaveCSS('text-align', 'center');
  await page.getByTestId('cs-add-clock').click();
  await expect(canvas.getByTestId('cs-clock-clock1')).toHaveText(/\d{2}:\d{2}:\d{2}/);

  // A status table asks for its first device, then shows it with the chosen point's value.
  await page.getByTestId('cs-add-status').click();
  const modal = page.locator('.ant-modal', { has: page.getByTestId('cs-add-device') });
  const device = modal.getByTestId('cs-add-device');
  await choose(
    async () => {
      await device.click();
      await device.locator('input').fill(DEVICE);
    },
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: DEVICE }).first(),
    () => expect(modal).toBeHidden({ timeout: 2_000 }),
  );
  const columns = page.getByTestId('cs-prop-columns');
  await choose(
    columns,
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^temp$/ }).first(),
    () => expect(columns).toContainText('temp', { timeout: 2_000 }),
  );
  const table = canvas.getByTestId('cs-status-status1');
  await expect(table).toContainText(DEVICE, { timeout: 30_000 });
  await expect(table.locator('td.cs-status-value').first()).toHaveText(/^-?\d+\.\d{2} °C$/, {
    timeout: 30_000,
  });
  // An image is uploaded through the graph library (hash-addressed /upload path) and fitted in its frame.
  await page.getByTestId('cs-add-image').click();
  await expect(canvas.getByTestId('cs-widget-image1')).toContainText('No image chosen');
  await page
    .getByTestId('cs-prop-image-upload')
    .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, [22, 119, 255]) });
  await expect(canvas.getByTestId('cs-image-image1')).toHaveAttribute(
    'src',
    /^\/upload\/graphlib\/[0-9a-f]{64}\.png$/,
  );
  await page.getByTestId('cs-prop-fit').getByText('Cover').click();
  await expect(canvas.getByTestId('cs-image-image1')).toHaveCSS('object-fit', 'cover');
  // A map of all the user's devices on the offline basemap, coloured by status.
  await page.getByTestId('cs-add-map').click();
  await expect(canvas.getByTestId('cs-map-canvas-map1')).toHaveAttribute('data-devices', /^[1-9]\d*$/, {
    timeout: 30_000,
  });
  // The demo's SCADA app embedded read-only: its page drawn in the frame with live values.
  await page.getByTestId('cs-add-scada').click();
  await choose(
    page.getByTestId('cs-add-scada-app'),
    page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Pump station' }).first(),
    () => expect(page.locator('.ant-modal:visible')).toHaveCount(0, { timeout: 2_000 }),
  );
  await expect(canvas.getByTestId('cs-scada-scada1').getByTestId('scada-canvas')).toBeVisible({
    timeout: 30_000,
  });
  await page.getByTestId('cs-save').click();
  await expect(page.locator('.ant-message')).toContainText('Screen saved');
  await canvas.click({ position: { x: 5, y: 5 } });
  await shot(page, 'widgets-designer-en');

  await page.getByTestId('cs-back').click();
  const row = page.getByTestId('cs-table').locator('tr', { hasText: name });
  await row.locator('[data-testid^="cs-publish-"]').click();
  await expect(row.locator('[data-testid^="cs-publish-"]')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('sidebar')).toContainText(name);

  // The full-screen view: the text, a clock that ticks, the status table kept live.
  await page.goto(`/monitorScreen/custom/${id}`);
  await expect(page.getByTestId('cs-view')).toBeVisible();
  await expect(page.getByTestId('cs-text-text1')).toHaveText('Plant A — cold chain');
  const clock = page.getByTestId('cs-clock-clock1');
  await expect(clock).toHaveText(/\d{2}:\d{2}:\d{2}/);
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
  const live = page.getByTestId('cs-status-status1');
  await expect(live).toContainText(DEVICE, { timeout: 30_000 });
  await expect(live.locator('tbody tr').first()).toHaveAttribute(
    'data-status',
    /success|warning|error|processing/,
  );
  await expect(live.locator('td.cs-status-value').first()).toHaveText(/^-?\d+\.\d{2} °C$/);
  await expect(page.getByTestId('cs-map-canvas-map1')).toHaveAttribute('data-devices', /^[1-9]\d*$/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cs-scada-scada1').getByTestId('scada-canvas')).toBeVisible({
    timeout: 30_000,
  });
  // MapLibre has drawn (the device map's canvas marks it) before the picture is taken.
  await expect(page.getByTestId('cs-map-canvas-map1')).toHaveAttribute('data-loaded', 'true', {
    timeout: 30_000,
  });
  // The uploaded image is served from its /upload path to the viewer.
  await expect
    .poll(() => page.getByTestId('cs-image-image1').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(64);
  await shot(page, 'widgets-view-en');

  // The same screen in Chinese: labels and the status column follow the language.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByTestId('cs-status-status1')).toContainText('设备', { timeout: 30_000 });
  await expect(page.getByTestId('cs-clock-clock1')).toHaveText(/\d{4}\/\d{2}\/\d{2}/);
  await shot(page, 'widgets-view-zh');
  await page.goto(`/monitorScreen/design/${id}`);
  await expect(page.getByTestId('cs-designer')).toBeVisible();
  await expect(page.getByTestId('cs-add-status')).toHaveText('设备状态表');
  await expect(page.getByTestId('cs-status-status1')).toContainText(DEVICE, { timeout: 30_000 });
  await shot(page, 'widgets-designer-zh');

  // The external link, without a session: every new widget reads through the token (polled).
  await page.goto('/monitorScreen/custom');
  const listed = page.getByTestId('cs-table').locator('tr', { hasText: name });
  await listed.locator('[data-testid^="cs-share-"]').first().click();
  const href = await page.getByTestId('cs-share-link').getAttribute('href');
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 810 } });
  const wall = await visitor.newPage();
  await wall.goto(new URL(href!).pathname);
  await expect(wall.getByTestId('cs-shared')).toBeVisible();
  await expect(wall.getByTestId('cs-text-text1')).toHaveText('Plant A — cold chain');
  await expect(wall.getByTestId('cs-clock-clock1')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  await expect(wall.getByTestId('cs-status-status1')).toContainText(DEVICE, { timeout: 30_000 });
  // The map names no device: signed in it showed all the user's, through the link it shows none.
  await expect(wall.getByTestId('cs-map-none-map1')).toBeVisible({ timeout: 30_000 });
  await expect(wall.getByTestId('cs-map-canvas-map1')).toHaveAttribute('data-devices', '0');
  await expect(wall.getByTestId('cs-scada-scada1').getByTestId('scada-canvas')).toBeVisible({
    timeout: 30_000,
  });
  await expect(wall.getByTestId('cs-map-canvas-map1')).toHaveAttribute('data-loaded', 'true', {
    timeout: 30_000,
  });
  await shot(wall, 'widgets-shared-en');
  await visitor.close();
});
