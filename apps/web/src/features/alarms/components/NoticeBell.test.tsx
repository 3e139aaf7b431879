import type { AlarmLogRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { FakeSocket } from '../../../shared/live/fake-socket';
import { LiveClient } from '../../../shared/live/live-client';
import { resetLiveClient } from '../../../shared/live/live-context';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { defaultNoticeSettings, useNoticeSettings } from '../lib/notice-store';
import { NoticeBell } from './NoticeBell';

const LAST_READ = Date.parse('2026-05-01T08:00:00Z');

const alarm = (id: number, over: Partial<AlarmLogRow> = {}): AlarmLogRow => ({
  id,
  device_id: 3,
  device_title: 'Boiler',
  device_imei: '860000000000003',
  trigger_id: 1,
  point_id: 1,
  point_name: 'temp',
  point_title: 'Temperature',
  alarm_type: 1,
  level: 2,
  status: 0,
  dispatch_status: 0,
  online: 1,
  cause: 'limit',
  value: 90 + id,
  threshold: '> 80',
  message: 'temp 91 > 80',
  at: new Date(LAST_READ + id * 1000).toISOString(),
  recovered_at: null,
  recovers_id: null,
  handled_by_name: null,
  handled_at: null,
  remark: '',
  ...over,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

/** The fake server: the unread lists it answers can change during a test. */
function stubServer(answers: {
  alarms: () => { rows: AlarmLogRow[]; total: number };
  online: () => { rows: unknown[]; total: number };
}) {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(url);
    if (url.pathname === '/api/v1/event/alarmlog') return json(answers.alarms());
    if (url.pathname === '/api/v1/device/onofflinelog') return json(answers.online());
    if (url.pathname === '/api/v1/option') return json([]);
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderBell() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['Event', 'Event/log', 'Event/online']} roles={[]}>
        <App>
          <MemoryRouter>
            <NoticeBell />
          </MemoryRouter>
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

const badge = () => screen.getByTestId('notice-badge');
const openPopover = () => userEvent.click(screen.getByTestId('notice-bell'));

describe('notification bell and popover', () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
    FakeSocket.all = [];
    resetLiveClient(
      new LiveClient({
        getToken: async () => 't',
        baseUrl: 'ws://host/wss',
        createSocket: (url) => new FakeSocket(url),
      }),
    );
    useNoticeSettings.setState({ ...defaultNoticeSettings(LAST_READ + 60_000) });
  });
  afterEach(() => {
    resetLiveClient();
    vi.unstubAllGlobals();
  });

  it('loads nothing while both switches are off and says how to turn them on (SPEC 8)', async () => {
    const calls = stubServer({
      alarms: () => ({ rows: [alarm(1)], total: 1 }),
      online: () => ({ rows: [], total: 0 }),
    });
    renderBell();
    await openPopover();
    expect(await screen.findByTestId('notice-disabled-alarm')).toBeTruthy();
    expect(screen.getByTestId('notice-disabled-alarm').textContent).toMatch(/通知设置/);
    expect(calls.filter((u) => u.pathname !== '/api/v1/option')).toEqual([]);
    expect(badge().getAttribute('data-count')).toBe('0');
    expect(FakeSocket.all).toHaveLength(0);

    // Switching on loads the unread alarms since the last read time, 20 at most.
    await userEvent.click(screen.getByTestId('notice-switch-alarm'));
    const list = await screen.findByTestId('notice-list-alarm');
    await waitFor(() => expect(within(list).getAllByTestId('notice-item-alarm')).toHaveLength(1));
    const request = calls.find((u) => u.pathname === '/api/v1/event/alarmlog');
    expect(request?.searchParams.get('starttime')).toBe(new Date(LAST_READ).toISOString());
    expect(request?.searchParams.get('limit')).toBe('20');
    expect(within(list).getByTestId('notice-item-alarm').textContent).toContain(
      'Temperature 当前值 91，阈值 > 80',
    );
    expect(useNoticeSettings.getState().alarmEnabled).toBe(true);
  });

  it('the badge adds unread alarms and online events and caps at 999+', async () => {
    useNoticeSettings.setState({ alarmEnabled: true, onlineEnabled: true });
    stubServer({
      alarms: () => ({ rows: [alarm(1)], total: 1200 }),
      online: () => ({ rows: [], total: 5 }),
    });
    renderBell();
    await waitFor(() => expect(badge().getAttribute('data-count')).toBe('1205'));
    expect(badge().textContent).toContain('999+');
  });

  it('prepends live alarms once each, and mark-all-read empties both lists', async () => {
    useNoticeSettings.setState({ alarmEnabled: true });
    let alarms = { rows: [alarm(1)], total: 1 };
    const calls = stubServer({ alarms: () => alarms, online: () => ({ rows: [], total: 0 }) });
    renderBell();
    await waitFor(() => expect(badge().getAttribute('data-count')).toBe('1'));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.latest();
    act(() => socket.open());

    act(() => {
      socket.receive(`AL,3,${JSON.stringify(alarm(2, { point_title: 'Pressure' }))}`);
      socket.receive(`AL,3,${JSON.stringify(alarm(2, { point_title: 'Pressure' }))}`);
      socket.receive(`AL,3,${JSON.stringify(alarm(1))}`);
      // Older than the last read time: not unread.
      socket.receive(`AL,3,${JSON.stringify(alarm(-100))}`);
    });
    expect(badge().getAttribute('data-count')).toBe('2');

    await openPopover();
    const list = await screen.findByTestId('notice-list-alarm');
    const items = within(list).getAllByTestId('notice-item-alarm');
    expect(items.map((i) => i.getAttribute('data-id'))).toEqual(['2', '1']);
    expect(items[0]?.textContent).toContain('Pressure');

    alarms = { rows: [], total: 0 };
    const before = useNoticeSettings.getState().lastReadAt;
    await userEvent.click(screen.getByTestId('notice-mark-read'));
    expect(useNoticeSettings.getState().lastReadAt).toBeGreaterThan(before);
    await waitFor(() => expect(badge().getAttribute('data-count')).toBe('0'));
    expect(await screen.findByTestId('notice-empty-alarm')).toBeTruthy();
    const last = calls.filter((u) => u.pathname === '/api/v1/event/alarmlog').at(-1);
    expect(Date.parse(last?.searchParams.get('starttime') ?? '')).toBe(
      useNoticeSettings.getState().lastReadAt,
    );
  });

  it('turning a switch off clears its list and drops the live subscription', async () => {
    useNoticeSettings.setState({ alarmEnabled: true });
    stubServer({
      alarms: () => ({ rows: [alarm(1), alarm(2)], total: 2 }),
      online: () => ({ rows: [], total: 0 }),
    });
    renderBell();
    await waitFor(() => expect(badge().getAttribute('data-count')).toBe('2'));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.latest();
    act(() => socket.open());

    await openPopover();
    await userEvent.click(await screen.findByTestId('notice-switch-alarm'));
    await waitFor(() => expect(badge().getAttribute('data-count')).toBe('0'));
    expect(screen.getByTestId('notice-disabled-alarm')).toBeTruthy();
    expect(socket.closedWith).toBe(1000);
    expect(useNoticeSettings.getState().alarmEnabled).toBe(false);
  });
});
