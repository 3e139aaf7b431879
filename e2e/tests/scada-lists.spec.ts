import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { admin } from '../support/auth.js';
import { freshLogin, shot, signIn } from '../support/ui.js';

// Issue 17: the SCADA lists. The demo fleet (DEMO=1) ships the "Pump station" app; the admin copies it,
// renames the copy, exports it, imports the file back, and deletes both; the read-only demo account
// sees the same list with open and export only.
const DEMO_APP = 'Pump station';

/** The table row whose name link reads exactly `name`. */
function rowOf(page: Page, name: string): Locator {
  return page
    .getByTestId('scada-table')
    .locator('tr.ant-table-row', { has: page.getByTestId('scada-name').getByText(name, { exact: true }) });
}

/** Waits for the answer of a call the click makes and checks it succeeded. */
async function answered(page: Page, method: string, path: RegExp, click: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => path.test(new URL(r.url()).pathname) && r.request().method() === method,
  );
  await click();
  const body = await (await response).json();
  expect(body.code, JSON.stringify(body).slice(0, 300)).toBe(0);
  return body.data as { id: number; name: string };
}

async function remove(page: Page, name: string) {
  await rowOf(page, name).getByTestId('scada-delete').click();
  await answered(page, 'DELETE', /\/api\/v1\/scada\/\d+$/, () =>
    page.locator('.ant-popconfirm:visible .ant-btn-primary').click(),
  );
  await expect(rowOf(page, name)).toHaveCount(0);
}

test.describe('SCADA lists', () => {
  test('admin copies, renames, exports, imports and deletes the demo pump station', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString().slice(-6);
    const renamed = `Pump copy ${stamp}`;
    const imported = `Pump import ${stamp}`;
    await freshLogin(page, 'en');
    await signIn(page, admin().username, admin().password);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    // The menu group and the demo app.
    await expect(page.getByTestId('sidebar')).toContainText('SCADA');
    await page.goto('/scada/app');
    await expect(page.getByTestId('scada-app-page')).toBeVisible();
    await expect(rowOf(page, DEMO_APP)).toBeVisible();
    await expect(rowOf(page, DEMO_APP)).toContainText('SCADA app');
    await shot(page, 'scada-apps');

    // Copy, then rename the copy.
    const copy = await answered(page, 'POST', /\/api\/v1\/scada\/\d+\/copy$/, () =>
      rowOf(page, DEMO_APP).getByTestId('scada-copy').click(),
    );
    expect(copy.name).toBe(`${DEMO_APP} (copy)`);
    await expect(rowOf(page, copy.name)).toBeVisible();
    await rowOf(page, copy.name).getByTestId('scada-rename').click();
    await page.getByTestId('scada-rename-name').fill(renamed);
    await answered(page, 'PUT', new RegExp(`/api/v1/scada/${copy.id}$`), () =>
      page.getByTestId('scada-rename-ok').click(),
    );
    await expect(rowOf(page, renamed)).toBeVisible();

    // Export the renamed copy: a .scada.json file in the export format.
    const download = page.waitForEvent('download');
    await rowOf(page, renamed).getByTestId('scada-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${renamed}.scada.json`);
    const text = await readFile((await file.path())!, 'utf8');
    const exported = JSON.parse(text) as { format: string; kind: string; name: string; document: object };
    expect(exported).toMatchObject({ format: 'fleet-scada', kind: 'app', name: renamed });

    // Import it back under a new name.
    await page.getByTestId('scada-import').click();
    const modal = page.getByTestId('scada-import-modal');
    await modal.locator('input[type="file"]').setInputFiles({
      name: file.suggestedFilename(),
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await expect(page.getByTestId('scada-import-file')).toContainText(file.suggestedFilename());
    await page.getByTestId('scada-import-name').fill(imported);
    await shot(page, 'scada-import');
    const made = await answered(page, 'POST', /\/api\/v1\/scada\/import$/, () =>
      page.getByTestId('scada-import-ok').click(),
    );
    expect(made.name).toBe(imported);
    await expect(rowOf(page, imported)).toBeVisible();

    // Search narrows the list.
    await page.getByTestId('scada-search').fill(stamp);
    await expect(rowOf(page, DEMO_APP)).toHaveCount(0);
    await expect(rowOf(page, renamed)).toBeVisible();
    await page.getByTestId('scada-search').fill('');
    await expect(rowOf(page, DEMO_APP)).toBeVisible();

    // Delete both; the demo app stays.
    await remove(page, imported);
    await remove(page, renamed);
    await expect(rowOf(page, DEMO_APP)).toBeVisible();

    // Open goes to the runtime view of the drawing.
    await rowOf(page, DEMO_APP).getByTestId('scada-open').click();
    await expect(page).toHaveURL(/\/scada\/view\/\d+$/);
  });

  test('the read-only demo account sees the list with open and export only', async ({ page }) => {
    await freshLogin(page, 'en');
    await page.getByTestId('demo-login').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toContainText('SCADA');
    await page.goto('/scada/app');
    const row = rowOf(page, DEMO_APP);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('scada-open')).toBeVisible();
    await expect(row.getByTestId('scada-export')).toBeVisible();
    for (const id of ['scada-copy', 'scada-rename', 'scada-delete']) {
      await expect(row.getByTestId(id)).toHaveCount(0);
    }
    await expect(page.getByTestId('scada-add')).toHaveCount(0);
    await expect(page.getByTestId('scada-import')).toHaveCount(0);
    await expect(page.getByTestId('scada-read-only')).toBeVisible();
    await shot(page, 'scada-apps-read-only');

    await page.goto('/scada/template');
    await expect(page.getByTestId('scada-template-page')).toBeVisible();
    await expect(page.getByTestId('scada-empty')).toContainText('No SCADA templates yet');
  });
});
