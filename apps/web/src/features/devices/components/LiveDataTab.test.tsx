import { type DataPointRow, type DeviceDetail, type LastPoint, POINT_DEFAULTS } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { LiveDataTab } from './LiveDataTab';

const device = { id: 7, device_class: 'DT', assigned: false } as DeviceDetail;
const point = (id: number, over: Partial<DataPointRow>): DataPointRow => ({
  ...POINT_DEFAULTS,
  id,
  device_id: 7,
  name: `p${id}`,
  ...over,
});
const run = point(1, {
  name: 'run',
  title: 'Running',
  ds_config: { translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'on duty' }] },
});
const setpoint = point(2, {
  name: 'sp',
  title: 'Setpoint',
  access: 'readwrite',
  type: 1,
  lolmt: 0,
  uplmt: 50,
});
const last = (p: DataPointRow, value: number | null, at: string | null): LastPoint => ({
  point_id: p.id,
  name: p.name,
  title: p.title,
  slave_id: null,
  unit: p.unit,
  decimals: 1,
  access: p.access,
  type: p.type,
  value,
  at,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Route = (url: URL, init: RequestInit) => Response | undefined;
function stubServer(route: Route) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    calls.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    return route(url, init) ?? json(null, 50000, 'not found');
  });
  return calls;
}

function renderTab(authList: string[] = [], roles: string[] = ['admin']) {
  const onShowCredentials = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={authList} roles={roles}>
        <App>
          <LiveDataTab device={device} onShowCredentials={onShowCredentials} />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
  return onShowCredentials;
}

// Generous timeouts: Ant Design tables render slowly in jsdom on a shared machine.
describe('LiveDataTab', () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows translated and formatted values, and explains how to send data when nothing reported', async () => {
    stubServer((url) => {
      if (url.pathname === '/api/v1/device/lastdp')
        return json([last(run, null, null), last(setpoint, null, null)]);
      if (url.pathname === '/api/v1/device/7/datapoint') return json({ rows: [run, setpoint], total: 2 });
      return undefined;
    });
    const onShowCredentials = renderTab();
    expect(await screen.findByTestId('live-empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('live-empty-credentials'));
    expect(onShowCredentials).toHaveBeenCalled();
    expect(screen.getAllByText('未上报')).toHaveLength(2);
  });

  it('shows the translation, the decimals and the age of each value', async () => {
    const at = new Date(Date.now() - 3000).toISOString();
    stubServer((url) => {
      if (url.pathname === '/api/v1/device/lastdp')
        return json([last(run, 1, at), last(setpoint, 12.345, at)]);
      if (url.pathname === '/api/v1/device/7/datapoint') return json({ rows: [run, setpoint], total: 2 });
      return undefined;
    });
    renderTab();
    const runRow = await screen.findByTestId('live-row-run');
    expect(within(runRow).getByTestId('live-value').textContent).toBe('on duty');
    expect(within(screen.getByTestId('live-row-sp')).getByTestId('live-value').textContent).toBe('12.3');
    expect(within(runRow).getByTestId('relative-time').textContent).toBe('刚刚');
    expect(screen.queryByTestId('live-empty')).toBeNull();
    // Writable parameter only: the read-only point has no write button.
    expect(screen.queryByTestId('write-run')).toBeNull();
    expect(screen.getByTestId('write-sp')).toBeTruthy();
  });

  it('hides the write button without Device/setParam for a parameter', async () => {
    stubServer((url) => {
      if (url.pathname === '/api/v1/device/lastdp') return json([last(setpoint, 3, null)]);
      if (url.pathname === '/api/v1/device/7/datapoint') return json({ rows: [setpoint], total: 1 });
      return undefined;
    });
    renderTab(['DeviceManage', 'Device/control'], []);
    await screen.findByTestId('live-row-sp');
    expect(screen.queryByTestId('write-sp')).toBeNull();
  });

  it('shows a load error with retry', async () => {
    stubServer(() => json(null, 10001, 'no permission'));
    renderTab();
    expect(await screen.findByTestId('live-error')).toBeTruthy();
  });

  it('writes a value, shows the status and re-reads it; shows a 10002 under the field', async () => {
    let statusReads = 0;
    const calls = stubServer((url, init) => {
      if (url.pathname === '/api/v1/device/lastdp') return json([last(setpoint, 3, null)]);
      if (url.pathname === '/api/v1/device/7/datapoint') return json({ rows: [setpoint], total: 1 });
      if (url.pathname === '/api/v1/device/cmd' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        if (body.value === 13) return json(null, 10002, 'body.value: 13 is not a valid step');
        return json({ id: 41, status: 'send', error: '' });
      }
      if (url.pathname === '/api/v1/device/cmdStatus') {
        statusReads += 1;
        return json({ id: 41, status: 'resp', error: '' });
      }
      if (url.pathname === '/api/v1/device/cmd') return json({ rows: [], total: 0 });
      return undefined;
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('write-sp'));
    const input = await screen.findByTestId('write-input');
    // fireEvent rather than typing key by key: the suite shares two cores with other suites.
    fireEvent.change(input, { target: { value: '13' } });
    await user.click(screen.getByTestId('write-send'));
    expect(await screen.findByText('13 is not a valid step')).toBeTruthy();

    fireEvent.change(input, { target: { value: '20' } });
    await user.click(screen.getByTestId('write-send'));
    const status = await screen.findByTestId('command-status');
    expect(status.textContent).toBe('已发送');
    await waitFor(() => expect(screen.getByTestId('command-status').textContent).toBe('已响应'));
    expect(statusReads).toBe(1);
    expect(calls).toContain('GET /api/v1/device/cmdStatus?id=41');
  }, 40_000);
});
