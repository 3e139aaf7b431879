import { readFileSync } from 'node:fs';
import type { DataStream, ListResult } from '@fleet/contracts';
import { expect, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 6, the data center end to end: the history of a demo device drawn as a chart (zoom fetches the
// window in more detail) and as a table, exported as a background job, and downloaded from the list.

test.describe('data center', () => {
  test('history of a demo device: chart, zoom, table, export, download', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request);
    const found = await call<ListResult<{ id: number; device_title: string }>>(
      request,
      token,
      'GET',
      '/device?search=Cold%20room%20A',
    );
    const device = found.rows[0]!;
    // The demo sensors report every few seconds; wait until some history is stored.
    await expect
      .poll(
        async () =>
          (await call<DataStream[]>(request, token, 'GET', `/device/dss?device_id=${device.id}`)).some(
            (s) => s.stored_count >= 5,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);

    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await shot(page, 'data-center-overview');

    // From the device's card on the monitor to its history.
    await page.goto('/deviceMonitor/index');
    await page.getByTestId(`monitor-card-${device.id}`).getByTestId('monitor-card-history').click();
    await expect(page).toHaveURL(new RegExp(`/dataCenter/history\\?device_id=${device.id}`));
    const chart = page.getByTestId('history-chart');
    await expect(chart).toBeVisible();
    await expect(page.getByTestId('history-bucket')).toBeVisible();
    await expect(chart.locator('canvas')).toBeVisible();

    // Zooming in (mouse wheel over the plot) asks the server for the zoomed window only.
    const zoomed = page.waitForResponse((r) => {
      if (!r.url().includes('/device/history/series')) return false;
      const q = new URL(r.url()).searchParams;
      const span = new Date(q.get('endtime')!).getTime() - new Date(q.get('starttime')!).getTime();
      return span < 23 * 3_600_000;
    });
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.45);
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, -400);
    expect((await (await zoomed).json()).code).toBe(0);
    await expect(page.getByTestId('history-reset-zoom')).toBeEnabled();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'data-center-history-chart');

    // The same data as a table.
    await page.getByRole('tab', { name: 'Table' }).click();
    await expect(page.getByTestId('history-table')).toBeVisible();
    await expect(page.getByTestId('history-row-value').first()).toBeVisible();
    await shot(page, 'data-center-history-table');

    // Export in the background, then download from the list.
    await page.getByTestId('export-button-history').click();
    await expect(page.getByTestId('export-started')).toBeVisible();
    await page.getByTestId('export-open-downloads').click();
    await expect(page.getByTestId('file-download-page')).toBeVisible();
    const firstRow = page.getByTestId('export-table').locator('tbody tr.ant-table-row').first();
    await expect(firstRow.getByTestId('export-status')).toHaveText(/done/i, { timeout: 60_000 });
    await shot(page, 'data-center-file-download');
    const downloadButton = firstRow.locator('[data-testid^="export-download-"]');
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});
