import { type LastdpsRow, POINT_DEFAULTS } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { FakeSocket } from '../../../shared/live/fake-socket';
import { LiveClient } from '../../../shared/live/live-client';
import { resetLiveClient } from '../../../shared/live/live-context';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import MonitorPage from './MonitorPage';

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

const device: LastdpsRow = {
  device_id: 7,
  device_title: 'Boiler room',
  device_imei: '860000000000007',
  status: 1,
  alarm_type: 0,
  online_at: '2026-01-01T00:00:00.000Z',
  lastdp: [
    { point_id: 1, name: 'run', title: 'Running', value: 1, unit: '', at: '2026-01-01T00:00:00.000Z' },
    {
      point_id: 2,
      name: 'temp',
      title: 'Temperature',
      value: 21.46,
      unit: '°C',
      at: '2026-01-01T00:00:00.000Z',
    },
  ],
};
const points = [
  {
    ...POINT_DEFAULTS,
    id: 1,
    device_id: 7,
    name: 'run',
    title: 'Running',
    ds_config: { translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'on duty' }] },
  },
  { ...POINT_DEFAULTS, id: 2, device_id: 7, name: 'temp', title: 'Temperature', decimals: 1 },
];

function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/device/lastdps')) return json({ rows: [device], total: 1 });
    if (url.pathname.endsWith('/device/7/datapoint')) return json({ rows: points, total: 2 });
    return json(null, 50000, 'not found');
  });
  return calls;
}

const shownValue = (name: string) =>
  within(screen.getByTestId(`monitor-point-${name}`)).getByTestId('monitor-value').textContent;

describe('MonitorPage', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
    localStorage.clear();
    FakeSocket.all = [];
    resetLiveClient(
      new LiveClient({
        getToken: async () => 't',
        baseUrl: 'ws://host/wss',
        createSocket: (url) => new FakeSocket(url),
      }),
    );
  });
  afterEach(() => {
    resetLiveClient();
    vi.unstubAllGlobals();
  });

  it('shows translated values, merges LD in place with a flash, and follows OL', async () => {
    const calls = stubServer();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PermissionProvider authList={['Monitor.DeviceMonitor', 'DeviceManage']} roles={[]}>
          <App>
            <MemoryRouter>
              <MonitorPage />
            </MemoryRouter>
          </App>
        </PermissionProvider>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('monitor-card-7');
    await waitFor(() => expect(shownValue('run')).toBe('on duty'));
    expect(shownValue('temp')).toBe('21.5');
    expect(within(card).getByTestId('device-status').textContent).toBe('正常');
    expect(calls.some((c) => c.startsWith('/api/v1/device/lastdps') || c.includes('/device/lastdps'))).toBe(
      true,
    );

    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(socket.sent).toContain('SUB,0,[7]');
    act(() =>
      socket.receive(
        'LD,7,[{"point_id":2,"name":"temp","slave_id":null,"value":25.04,"at":"2026-01-01T00:01:00.000Z"}]',
      ),
    );
    await waitFor(() => expect(shownValue('temp')).toBe('25.0'));
    const flashed = within(screen.getByTestId('monitor-point-temp')).getByTestId('monitor-value');
    expect(flashed.closest('.monitor-flash')).not.toBeNull();
    expect(
      within(screen.getByTestId('monitor-point-run')).getByTestId('monitor-value').closest('.monitor-flash'),
    ).toBeNull();

    act(() =>
      socket.receive('OL,7,{"status":0,"via":"mqtt","reason":"closed","at":"2026-01-01T00:02:00.000Z"}'),
    );
    await waitFor(() => expect(within(card).getByTestId('device-status').textContent).toBe('离线'));
  });
});
