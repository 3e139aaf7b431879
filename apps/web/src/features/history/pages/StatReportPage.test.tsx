import type { EventStatRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';

// jsdom has no canvas: the chart itself is covered by EChart.test.tsx, its option by lib tests.
vi.mock('../../../shared/components/EChart', () => ({
  EChart: ({ testId, option }: { testId?: string; option: { yAxis: { data: string[] } } }) => (
    <div data-testid={testId}>{option.yAxis.data.join(',')}</div>
  ),
  registerCharts: () => {},
}));

const { default: StatReportPage } = await import('./StatReportPage');

const row = (id: number, over: Partial<EventStatRow> = {}): EventStatRow => ({
  device_id: id,
  device_title: `Device ${id}`,
  device_imei: `8600${id}`,
  alarms: 4,
  by_type: { '1': 3, '4': 1 },
  by_level: { '4': 4 },
  unhandled: 2,
  recovered: 1,
  offline_events: 1,
  online_events: 2,
  offline_seconds: 93_600 + 120,
  ...over,
});

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: URL };

function stubServer(rows: EventStatRow[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    calls.push({ method: init.method ?? 'GET', url });
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/option')
      return json([{ value: 4, label: { zh: '紧急', en: 'Critical', es: 'Crítica' }, color: '#f5222d' }]);
    if (path === '/device/eventStatReport') {
      const limit = Number(url.searchParams.get('limit'));
      return json({ rows: rows.slice(0, limit), total: rows.length });
    }
    if (path === '/device/exportStatReport')
      return new Response('xlsx', {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="r.xlsx"',
        },
      });
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['Event']} roles={[]}>
        <MemoryRouter>
          <App>
            <StatReportPage />
          </App>
        </MemoryRouter>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

const reportCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.endsWith('/eventStatReport'));

describe('statistical report page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows per device the alarms by type and level, the events and the offline time', async () => {
    stubServer([row(1), row(2, { alarms: 0, by_type: {}, by_level: {}, offline_seconds: 0 })]);
    renderPage();
    const table = await screen.findByTestId('statreport-table');
    await waitFor(() => expect(within(table).getAllByTestId('stat-device')).toHaveLength(2));
    expect(
      within(table)
        .getAllByTestId('stat-type')
        .map((e) => e.textContent),
    ).toEqual(['超限报警: 3', '上下线报警: 1']);
    await waitFor(() => expect(within(table).getByTestId('stat-level').textContent).toBe('紧急: 4'));
    expect(
      within(table)
        .getAllByTestId('stat-offline')
        .map((e) => e.textContent),
    ).toEqual(['1 天 2 小时', '0']);
    expect(screen.getByText('共 2 台设备')).toBeTruthy();
  });

  it('asks for the past 7 days, charts the overall top devices and pages the table', async () => {
    const calls = stubServer([row(1), row(2, { alarms: 1 })]);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('stat-top-chart').textContent).toBe('Device 2,Device 1'));
    const list = reportCalls(calls).find((c) => c.url.searchParams.get('limit') === '20')?.url.searchParams;
    const top = reportCalls(calls).find((c) => c.url.searchParams.get('limit') === '10')?.url.searchParams;
    expect(list?.get('page')).toBe('1');
    expect(top?.get('page')).toBe('1');
    const span = Date.parse(list?.get('endtime') ?? '') - Date.parse(list?.get('starttime') ?? '');
    expect(Math.round(span / 86_400_000)).toBe(7);
    await userEvent.type(screen.getByTestId('stat-search'), 'boiler');
    await waitFor(() => expect(reportCalls(calls).at(-1)?.url.searchParams.get('search')).toBe('boiler'));
  });

  it('exports the filter as xlsx with the language and time zone', async () => {
    const calls = stubServer([row(1)]);
    renderPage();
    await screen.findAllByTestId('stat-device');
    await userEvent.click(screen.getByTestId('stat-quick-export'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/exportStatReport'))).toBe(true));
    const params = calls.find((c) => c.url.pathname.endsWith('/exportStatReport'))?.url.searchParams;
    expect(params?.get('lang')).toBe('zh');
    expect(params?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(params?.has('starttime')).toBe(true);
    expect(params?.has('page')).toBe(false);
  });
});
