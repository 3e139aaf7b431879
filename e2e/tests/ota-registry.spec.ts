import { expect, type Page, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { choose, chooseOption, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 19 items 1 and 3 (web): OTA gateways added several at once (a bad line refused by its position,
// nothing stored), a SIM card imported and linked to a gateway, filters, delete.

const modal = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-modal');
const rowOf = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tr.ant-table-row', { hasText: text });

test('OTA gateways and SIM cards', async ({ page, request }) => {
  test.setTimeout(120_000);
  const n = Date.now().toString().slice(-9);
  const [imeiA, imeiB] = [`86${n}01`, `86${n}02`];
  const iccid = `8986${n}0000000`;
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const token = await apiToken(request);

  await freshLogin(page, 'en');
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.goto('/ota/device');
  await expect(page.getByTestId('ota-gateways-page')).toBeVisible();

  // Three lines, the second is not an IMEI: refused by its position, nothing stored.
  await page.getByTestId('ota-gateway-add').click();
  await page.getByTestId('ota-gateway-imeis').fill(`${imeiA}\n12ab5\n${imeiB}`);
  await page.getByTestId('ota-gateway-model').fill(`SG-${n}`);
  await page.getByTestId('ota-gateway-submit').click();
  const failures = page.getByTestId('ota-gateway-failures');
  await expect(failures.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(failures.locator('tr.ant-table-row td').first()).toHaveText('2');
  await expect(failures).toContainText('IMEI must be 6-20 digits');
  expect((await call<{ total: number }>(request, token, 'GET', `/ota/gateways?search=${n}`)).total).toBe(0);

  // The text fixed: both gateways are added.
  await page.getByTestId('ota-gateway-imeis').fill(`${imeiA}\n${imeiB}`);
  await page.getByTestId('ota-gateway-submit').click();
  await expect(page.getByTestId('ota-gateway-drawer')).toBeHidden();
  await page.getByTestId('ota-gateways-search').fill(n);
  await expect(page.getByTestId('ota-gateways-table').locator('tr.ant-table-row')).toHaveCount(2);

  // A SIM card imported (expiring in 10 days), then linked to the first gateway.
  await page.goto('/ota/sim');
  await expect(page.getByTestId('ota-sims-page')).toBeVisible();
  await page.getByTestId('ota-sim-import').click();
  await page
    .getByTestId('ota-sim-import-text')
    .fill(`iccid,carrier\n${iccid},china-mobile,active,${soon},1.5,1024,e2e`);
  await page.getByTestId('ota-sim-import-submit').click();
  await expect(modal(page, 'ota-sim-import-modal')).toBeHidden();
  const sim = rowOf(page, 'ota-sims-table', iccid);
  await expect(sim).toContainText('1.5 MB / 1 GB');
  await expect(sim).toContainText('Expires in 10 days');
  await sim.getByTestId('ota-sim-link').click();
  const link = modal(page, 'ota-sim-link-modal');
  await expect(link).toBeVisible();
  const picker = link.getByTestId('ota-sim-link-gateway');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: imeiA });
  await choose(
    async () => {
      await picker.click();
      await page.keyboard.type(imeiA);
    },
    option,
    () => expect(link.getByTestId('ota-sim-link-submit')).toBeEnabled({ timeout: 2_000 }),
  );
  await link.getByTestId('ota-sim-link-submit').click();
  await expect(link.getByTestId('ota-sim-linked')).toContainText(imeiA);
  await page.keyboard.press('Escape');
  await expect(sim.getByTestId('ota-sim-gateways')).toContainText(imeiA);

  await shot(page, 'ota-sims-en');
  // Filters: another carrier hides the card.
  await chooseOption(page, 'ota-sims-filter-carrier', 'China Unicom');
  await expect(sim).toHaveCount(0);

  // The gateway shows its card's status; the other type's filter hides both; one is deleted.
  await page.goto('/ota/device');
  const rows = page.getByTestId('ota-gateways-table').locator('tr.ant-table-row');
  await page.getByTestId('ota-gateways-search').fill(n);
  await expect(rows).toHaveCount(2);
  await expect(rowOf(page, 'ota-gateways-table', imeiA).getByTestId('ota-gateway-sim-status')).toHaveText(
    'Active',
  );
  await shot(page, 'ota-gateways-en');
  await chooseOption(page, 'ota-gateways-filter-type', 'DTU gateway');
  await expect(rows).toHaveCount(0);
  await page.reload();
  await page.getByTestId('ota-gateways-search').fill(n);
  await expect(rows).toHaveCount(2);
  await rowOf(page, 'ota-gateways-table', imeiB).getByTestId('ota-gateway-delete').click();
  await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
  await expect(rows).toHaveCount(1);
  // A fresh token: the run's tokens live 45 s (e2e global setup).
  const again = await apiToken(request);
  expect((await call<{ total: number }>(request, again, 'GET', `/ota/gateways?search=${n}`)).total).toBe(1);
});
