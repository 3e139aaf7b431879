import { expect, test } from '@playwright/test';
import { apiToken, call } from '../support/api.js';
import { admin } from '../support/auth.js';
import { choose, freshLogin, shot, signIn } from '../support/ui.js';

// Issue 17's journey on the demo fleet: open the demo pump station, write a pump's speed set point
// with confirmation, see the command answered by the gateway (`resp`) and the simulated Modbus
// slave's new value come back through the next poll.
test('the demo pump station: a confirmed set point reaches the Modbus slave of the simulator', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  const list = await call<{ rows: { id: number; name: string }[] }>(
    request,
    token,
    'GET',
    `/scada?search=${encodeURIComponent('Pump station')}&kind=app`,
  );
  const app = list.rows.find((r) => r.name === 'Pump station');
  expect(app, 'the demo fleet ships its pump station').toBeTruthy();

  await freshLogin(page, 'en');
  await signIn(page, admin().username, admin().password);
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 30_000 });
  await page.goto(`/scada/view/${app?.id}`);
  await expect(page.getByTestId('scada-runtime')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`[data-testid="tab"][data-path="/scada/view/${app?.id}"]`)).toContainText(
    'Pump station',
  );

  // The gateway polls its slaves every few seconds: wait for the first value, then pick another one.
  const now = page.getByTestId('scada-el-p1SetValue');
  await expect(now).toHaveText(/^Now \d+/, { timeout: 30_000 });
  const before = Number((await now.textContent())?.replace(/\D+/g, ''));
  const wanted = before === 55 ? 60 : 55;

  // Dialog clicks go through `choose`: on a busy machine a click during the open animation is lost.
  const input = page.getByTestId('scada-control-p1SetInput');
  await input.click();
  await page.getByTestId('scada-input-value').fill(String(wanted));
  const confirm = page.locator('.ant-modal-confirm');
  await choose(input, page.locator('.scada-input-ok'), () =>
    expect(confirm).toContainText('Change the speed set point', { timeout: 2_000 }),
  );
  const sent = page.waitForResponse(
    (r) => r.url().includes('/api/v1/device/cmd') && r.request().method() === 'POST',
  );
  await choose(
    () => expect(confirm).toBeVisible(),
    page.locator('.scada-confirm-ok'),
    () => expect(page.getByTestId('scada-command-status')).toBeVisible({ timeout: 2_000 }),
  );
  expect((await (await sent).json()).code).toBe(0);

  // SPEC 4: the gateway answered the write; then the slave's register holds the new value.
  const status = page.getByTestId('scada-command-status');
  await expect(status).toHaveAttribute('data-status', 'resp', { timeout: 30_000 });
  await expect(now).toHaveText(new RegExp(`^Now ${wanted}\\b`), { timeout: 30_000 });
  await shot(page, 'scada-demo-pump-station');
});
