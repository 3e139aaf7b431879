import type { OtaGatewayRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../../shared/api/client';
import i18n from '../../../../shared/i18n';
import { PermissionProvider } from '../../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../../shared/session/token';
import { useSettings } from '../../../../shared/store/settings';
import OtaGatewaysPage from './OtaGatewaysPage';

const gateway = (id: number, over: Partial<OtaGatewayRow> = {}): OtaGatewayRow => ({
  id,
  owner_user_id: 1,
  imei: `86123456789010${id}`,
  iccid: null,
  type: 2,
  model: 'SG-400',
  default_port: 502,
  firmware_version: '',
  firmware_counter: 0,
  param_version: null,
  server_address: '',
  point_limit: null,
  remark: '',
  project_id: null,
  sim_status: null,
  firmware_plan_id: null,
  firmware_plan_name: null,
  param_plan_id: null,
  param_plan_name: null,
  plan_time: null,
  csq_rssi: null,
  csq_ber: null,
  csq_at: null,
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T08:00:00.000Z',
  ...over,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

function stubServer() {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  let csqAnswered = false;
  const csq = (status: string) => ({
    id: 9,
    gateway_id: 1,
    imei: '861234567890101',
    kind: 'csq',
    status,
    error: '',
    project_id: null,
    application_id: null,
    plan_id: null,
    param_version: null,
    rssi: status === 'resp' ? 23 : null,
    ber: status === 'resp' ? 0 : null,
    created_by: 1,
    created_at: '2026-11-22T09:00:00.000Z',
    sent_at: '2026-11-22T09:00:00.000Z',
    answered_at: null,
  });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/v1/ota/gateways' && method === 'GET')
      return json({
        rows: [
          gateway(1, {
            iccid: '89860012345678901231',
            sim_status: 'active',
            firmware_version: '2.1.0',
            param_version: 3,
            csq_rssi: csqAnswered ? 23 : null,
            csq_ber: csqAnswered ? 0 : null,
            csq_at: csqAnswered ? '2026-11-22T09:00:00.000Z' : null,
            firmware_plan_id: 4,
            firmware_plan_name: 'Spring firmware',
          }),
          gateway(2, { type: 1 }),
        ],
        total: 2,
      });
    if (url.pathname === '/api/v1/ota/gateways' && method === 'POST')
      return json(
        {
          created: 0,
          failed: [
            { row: 2, value: '12ab5', reason: 'IMEI must be 6-20 digits', reason_key: 'ota.invalidImei' },
            {
              row: 3,
              value: '861234567890101',
              reason: 'IMEI 861234567890101 repeats line 1 of the input',
              reason_key: 'ota.duplicateImei',
            },
          ],
        },
        10002,
        'body.imeis: 2 of 3 lines are wrong, nothing was stored',
      );
    if (url.pathname === '/api/v1/ota/gateways/1/csq' && method === 'POST') return json(csq('send'));
    if (url.pathname === '/api/v1/ota/commands/9') {
      csqAnswered = true;
      return json(csq('resp'));
    }
    return json({ rows: [], total: 0 });
  });
  return calls;
}

function renderPage(authList: string[], readOnly = false) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={authList} roles={[]} readOnly={readOnly}>
        <App>
          <OtaGatewaysPage />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

// Ant Design tables and drawers render slowly in jsdom on a busy machine.
describe('OtaGatewaysPage', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    clearSession();
    resetApiClientState();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh');
    useSettings.getState().setLanguage('zh');
  });

  it('lists what the gateways reported; a read-only account or a reader gets no write button', async () => {
    await i18n.changeLanguage('en');
    useSettings.getState().setLanguage('en');
    stubServer();
    renderPage(['ota.Device/index'], false);
    const table = await screen.findByTestId('ota-gateways-table');
    await within(table).findByText('861234567890101');
    expect(within(table).getByText('2.1.0')).toBeTruthy();
    expect(within(table).getByText('v3')).toBeTruthy();
    expect(within(table).getByTestId('ota-gateway-sim-status').textContent).toBe('Active');
    expect(within(table).getAllByText('Not reported')).toHaveLength(2);
    expect(within(table).getByText('DTU gateway')).toBeTruthy();
    const writeButtons = [
      'ota-gateway-add',
      'ota-gateway-edit',
      'ota-gateway-delete',
      'ota-gateway-assign',
      'ota-gateway-commands',
      'ota-project-commands-open',
    ];
    for (const id of writeButtons) expect(screen.queryAllByTestId(id)).toHaveLength(0);

    // The demo (read-only) account holding every permission still gets none.
    cleanup();
    renderPage(['OtaManager', 'ota.Device/index', 'auth.User'], true);
    await within(await screen.findByTestId('ota-gateways-table')).findByText('861234567890101');
    for (const id of writeButtons) expect(screen.queryAllByTestId(id)).toHaveLength(0);
  });

  it('refuses bad IMEI lines by position, in the user language, and keeps the drawer open', async () => {
    const calls = stubServer();
    renderPage(['OtaManager', 'ota.Device/index', 'auth.User']);
    await within(await screen.findByTestId('ota-gateways-table')).findByText('861234567890101');
    expect(screen.getAllByTestId('ota-gateway-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('ota-gateway-assign')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('ota-gateway-add'));
    fireEvent.change(await screen.findByTestId('ota-gateway-imeis'), {
      target: { value: '861234567890101\n12ab5\n861234567890101' },
    });
    await waitFor(() => expect(screen.getByTestId('ota-imei-count').textContent).toContain('第 2 行'));
    fireEvent.click(screen.getByTestId('ota-gateway-submit'));
    const failures = await screen.findByTestId('ota-gateway-failures');
    const rows = within(failures)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['2', '12ab5', 'IMEI 须为 6 到 20 位数字'],
      ['3', '861234567890101', 'IMEI 861234567890101 在输入中重复(第 1 行)'],
    ]);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ imeis: '861234567890101\n12ab5\n861234567890101', type: 2 });
    await waitFor(() => expect(screen.getByTestId('ota-gateway-drawer')).toBeTruthy());
  });

  it('sends csq from the row menu, follows the status and shows the answer as signal bars', async () => {
    await i18n.changeLanguage('en');
    useSettings.getState().setLanguage('en');
    const calls = stubServer();
    renderPage(['OtaManager', 'ota.Device/index']);
    const table = await screen.findByTestId('ota-gateways-table');
    await within(table).findByText('861234567890101');
    expect(within(table).getByText('Spring firmware')).toBeTruthy();
    fireEvent.click(within(table).getAllByTestId('ota-gateway-commands')[0]!);
    fireEvent.click(await screen.findByTestId('ota-cmd-csq'));
    const tag = await within(table).findByTestId('ota-command-status');
    expect(tag.dataset.status).toBe('send');
    // SPEC 4: the status is read again after 2000 ms.
    await waitFor(() => expect(within(table).getByTestId('ota-command-status').dataset.status).toBe('resp'));
    expect(within(table).getByTestId('ota-command-status').textContent).toBe(
      'Signal quality (csq): Responded',
    );
    await waitFor(() => expect(within(table).getByTestId('ota-gateway-signal').dataset.rssi).toBe('23'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/ota/gateways/1/csq')).toBe(
      true,
    );
  });

  it('asks before a reboot and sends nothing when cancelled', async () => {
    const calls = stubServer();
    renderPage(['OtaManager', 'ota.Device/index']);
    const table = await screen.findByTestId('ota-gateways-table');
    await within(table).findByText('861234567890101');
    fireEvent.click(within(table).getAllByTestId('ota-gateway-commands')[0]!);
    fireEvent.click(await screen.findByTestId('ota-cmd-reboot'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/device/reboot'))).toBe(false);
  });
});
