import type { AlarmLogRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { FakeSocket } from '../../../shared/live/fake-socket';
import { LiveClient } from '../../../shared/live/live-client';
import { resetLiveClient } from '../../../shared/live/live-context';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import AlarmLogPage from './AlarmLogPage';

const row = (id: number, over: Partial<AlarmLogRow> = {}): AlarmLogRow => ({
  id,
  device_id: 3,
  device_title: 'Boiler',
  device_imei: '860000000000003',
  trigger_id: 1,
  point_id: 1,
  point_name: 'temp',
  point_title: 'Temperature',
  alarm_type: 1,
  level: 4,
  status: 0,
  dispatch_status: 0,
  online: 1,
  cause: 'limit',
  value: 91,
  threshold: '> 80',
  message: 'temp 91 > 80',
  at: '2026-05-01T08:00:00.000Z',
  recovered_at: null,
  recovers_id: null,
  handled_by_name: null,
  handled_at: null,
  remark: '',
  ...over,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: URL; body: unknown };

function stubServer(rows: () => AlarmLogRow[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/v1/option')
      return json([{ value: 4, label: { zh: '紧急', en: 'Critical', es: 'Crítica' }, color: '#f5222d' }]);
    if (url.pathname === '/api/v1/event/alarmlog') return json({ rows: rows(), total: rows().length });
    if (url.pathname === '/api/v1/event/alarmlog/1' && method === 'PUT')
      return json({ ...row(1), ...(JSON.parse(String(init.body)) as object) });
    if (url.pathname === '/api/v1/event/alarmlog/export')
      return new Response('xlsx', {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="a.xlsx"',
        },
      });
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['Event', 'Event/log']} roles={[]}>
        <App>
          <AlarmLogPage />
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/v1/event/alarmlog');

// Generous timeouts: a wide Ant Design table renders slowly in jsdom on a shared machine.
describe('alarm log page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
    FakeSocket.all = [];
    resetLiveClient(
      new LiveClient({
        getToken: async () => 't',
        baseUrl: 'ws://host/wss',
        createSocket: (u) => new FakeSocket(u),
      }),
    );
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    resetLiveClient();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows each alarm with its translated text, type tag and level in the option colour', async () => {
    stubServer(() => [row(1)]);
    renderPage();
    const table = await screen.findByTestId('alarmlog-table');
    await waitFor(() =>
      expect(within(table).getByTestId('alarm-message').textContent).toBe('Temperature 当前值 91，阈值 > 80'),
    );
    expect(within(table).getByTestId('alarm-type-tag').textContent).toBe('超限报警');
    await waitFor(() => expect(within(table).getByTestId('alarm-level-tag').textContent).toBe('紧急'));
    // The option's colour (#f5222d), darkened just enough to be read on its tint (WCAG AA).
    expect(within(table).getByTestId('alarm-level-tag').style.color).toBe('rgb(207, 29, 38)');
    expect(within(table).getByTestId('alarm-open-tag')).toBeTruthy();
  });

  it('"open only" goes into the query and back to page 1', async () => {
    const calls = stubServer(() => [row(1)]);
    renderPage();
    await screen.findByTestId('alarm-message');
    await userEvent.click(screen.getByTestId('alarm-filter-open'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('open')).toBe('true'));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('marks an alarm handled with PUT status 1 and reloads the list', async () => {
    const calls = stubServer(() => [row(1)]);
    renderPage();
    await screen.findByTestId('alarm-message');
    const before = listCalls(calls).length;
    await userEvent.click(screen.getByTestId('alarm-action-handle'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 1 });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('exports the current filter with the language and the browser time zone', async () => {
    const calls = stubServer(() => [row(1)]);
    renderPage();
    await screen.findByTestId('alarm-message');
    await userEvent.click(screen.getByTestId('alarm-filter-open'));
    await userEvent.click(screen.getByTestId('alarm-export'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/export'))).toBe(true));
    const params = calls.find((c) => c.url.pathname.endsWith('/export'))?.url.searchParams;
    expect(params?.get('open')).toBe('true');
    expect(params?.get('lang')).toBe('zh');
    expect(params?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(params?.has('page')).toBe(false);
  });

  it('reloads when an alarm is pushed', async () => {
    let rows = [row(1)];
    stubServer(() => rows);
    renderPage();
    await screen.findByTestId('alarm-message');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.latest();
    act(() => socket.open());
    rows = [row(2, { point_title: 'Pressure', value: 7 }), row(1)];
    act(() => socket.receive(`AL,3,${JSON.stringify(rows[0])}`));
    await waitFor(() => expect(screen.getAllByTestId('alarm-message')).toHaveLength(2));
    expect(screen.getAllByTestId('alarm-message')[0]?.textContent).toBe('Pressure 当前值 7，阈值 > 80');
  });
});
