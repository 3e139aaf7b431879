import { expect, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
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
  const link = row.locator('[data-testid^="cs-share-link-"]');
  await expect(link).toBeVisible();
  await shot(page, 'custom-screens-list-en');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/share\/screen\/[A-Za-z0-9_-]{40,}$/);

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
