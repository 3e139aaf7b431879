import type { DataStream, SeriesAnswer } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import type { ZoomEvent } from '../components/ZoomableChart';

// jsdom has no canvas: the chart is a stand-in that shows what the page hands it and can zoom.
vi.mock('../components/ZoomableChart', () => ({
  ZoomableChart: ({ option, onZoom }: { option: EChartsCoreOption; onZoom: (e: ZoomEvent) => void }) => {
    const o = option as {
      series: { name: string; data: [number, number | null][] }[];
      tooltip: { formatter: (p: unknown) => string };
    };
    const tip = o.tooltip.formatter(
      o.series.map((s, i) => ({ seriesIndex: i, marker: '', value: s.data[0] })),
    );
    return (
      <div data-testid="history-chart">
        <span data-testid="chart-series">{o.series.map((s) => `${s.name}:${s.data.length}`).join('|')}</span>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the formatter's own escaped HTML */}
        <div data-testid="chart-tip" dangerouslySetInnerHTML={{ __html: tip }} />
        <button type="button" onClick={() => onZoom({ start: 50, end: 75 })}>
          zoom
        </button>
      </div>
    );
  },
}));

const { default: HistoryPage } = await import('./HistoryPage');

const stream = (id: number, over: Partial<DataStream>): DataStream => ({
  point_id: id,
  name: `p${id}`,
  title: '',
  slave_id: null,
  unit: '',
  data_type: 'float',
  storage_mode: 1,
  value: null,
  at: null,
  stored_count: 10,
  ...over,
});

const STREAMS = [
  stream(1, { name: 'temp', title: 'Temperature', unit: '°C' }),
  stream(2, { name: 'state', title: 'Pump', data_type: 'uint16', slave_id: 2 }),
  stream(3, { name: 'note', title: 'Note', data_type: 'string' }),
];

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: URL; body: unknown };

function stubServer(series: (url: URL) => SeriesAnswer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/device')
      return json({ rows: [{ id: 3, device_title: 'Boiler', device_imei: '86001' }], total: 1 });
    if (path === '/device/3') return json({ id: 3, device_title: 'Boiler', device_imei: '86001' });
    if (path === '/device/dss') return json(STREAMS);
    if (path === '/device/3/datapoint')
      return json({
        rows: [
          { id: 1, decimals: 1, ds_config: { translate: [] } },
          {
            id: 2,
            decimals: 0,
            ds_config: { translate: [{ range: { lolmt: 1, uplmt: 1 }, text: 'Running' }] },
          },
        ],
        total: 2,
      });
    if (path === '/device/history/series') return json(series(url));
    if (path === '/device/history/rows')
      return json({
        rows: [
          { ts: '2026-05-01T08:00:00.000Z', point_id: 2, value: 1 },
          { ts: '2026-05-01T07:59:00.000Z', point_id: 1, value: 21.25 },
        ],
        total: 100_000,
        total_capped: true,
      });
    if (path === '/dataCenter/export' && method === 'POST') return json({ id: 1, status: 'queued' });
    return json(null, 50000, 'not found');
  });
  return calls;
}

const answer = (bucket: number, first: number | null = 20): SeriesAnswer => ({
  bucket_ms: bucket,
  series: [
    {
      point_id: 1,
      name: 'temp',
      title: 'Temperature',
      unit: '°C',
      points: [
        [1000, first],
        [2000, null],
        [3000, first === null ? null : 22],
      ],
    },
    { point_id: 2, name: 'state', title: 'Pump', unit: '', points: [[1000, first === null ? null : 1]] },
  ],
});

function renderPage(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['DeviceManage', 'ExportFile']} roles={[]}>
        <MemoryRouter initialEntries={[path]}>
          <App>
            <HistoryPage />
          </App>
        </MemoryRouter>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

const seriesCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.endsWith('/history/series'));

describe('history page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks to pick a device without one', async () => {
    stubServer(() => answer(0));
    renderPage('/dataCenter/history');
    expect(await screen.findByText('请先选择设备')).toBeTruthy();
  });

  it('charts the default numeric points of the past 24 hours with translated tooltips and the bucket width', async () => {
    const calls = stubServer(() => answer(300_000));
    renderPage('/dataCenter/history?device_id=3');
    await waitFor(() => expect(screen.getByTestId('chart-series').textContent).toBe('Temperature:3|Pump:1'));
    const query = seriesCalls(calls)[0]?.url.searchParams;
    expect(query?.get('point_ids')).toBe('1,2');
    expect(query?.get('fn')).toBe('avg');
    const span = Date.parse(query?.get('endtime') ?? '') - Date.parse(query?.get('starttime') ?? '');
    expect(span).toBe(86_400_000);
    await waitFor(() =>
      expect(screen.getAllByTestId('history-tip-value').map((e) => e.textContent)).toEqual([
        '20.0 °C',
        'Running (1)',
      ]),
    );
    expect(screen.getByTestId('history-bucket').textContent).toBe('1 个点 = 5 分钟');
  });

  it('refetches the zoomed window and can reset the zoom', async () => {
    const calls = stubServer(() => answer(300_000));
    renderPage('/dataCenter/history?device_id=3&point_ids=1');
    await screen.findByTestId('history-chart');
    const first = seriesCalls(calls)[0]?.url.searchParams;
    expect(first?.get('point_ids')).toBe('1');
    const start = Date.parse(first?.get('starttime') ?? '');
    const end = Date.parse(first?.get('endtime') ?? '');
    await userEvent.click(screen.getByText('zoom'));
    await waitFor(() => expect(seriesCalls(calls)).toHaveLength(2));
    const zoomed = seriesCalls(calls)[1]?.url.searchParams;
    expect(Date.parse(zoomed?.get('starttime') ?? '')).toBe(start + (end - start) / 2);
    expect(Date.parse(zoomed?.get('endtime') ?? '')).toBe(start + ((end - start) * 3) / 4);
    const reset = screen.getByTestId('history-reset-zoom') as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    await userEvent.click(reset);
    expect(reset.disabled).toBe(true);
  });

  it('does not refetch a zoom when the overview already holds raw values', async () => {
    const calls = stubServer(() => answer(0));
    renderPage('/dataCenter/history?device_id=3');
    await screen.findByTestId('history-chart');
    expect(screen.getByTestId('history-bucket').textContent).toBe('原始数据（未聚合）');
    await userEvent.click(screen.getByText('zoom'));
    await new Promise((r) => setTimeout(r, 50));
    expect(seriesCalls(calls)).toHaveLength(1);
  });

  it('keeps an emptied point selection empty instead of falling back to the defaults', async () => {
    const calls = stubServer(() => answer(300_000));
    renderPage('/dataCenter/history?device_id=3&point_ids=');
    expect(await screen.findByTestId('history-no-points')).toBeTruthy();
    expect(seriesCalls(calls)).toHaveLength(0);
  });

  it('says when the range holds no data', async () => {
    stubServer(() => answer(300_000, null));
    renderPage('/dataCenter/history?device_id=3');
    expect(await screen.findByTestId('history-chart-empty')).toBeTruthy();
    expect(screen.getByText('所选时间范围内没有数据')).toBeTruthy();
  });

  it('pages the table of raw values with translations and a capped total', async () => {
    const calls = stubServer(() => answer(300_000));
    renderPage('/dataCenter/history?device_id=3');
    await screen.findByTestId('history-chart');
    await userEvent.click(screen.getByRole('tab', { name: '表格' }));
    const table = await screen.findByTestId('history-table');
    await waitFor(() => expect(within(table).getAllByTestId('history-row-value')).toHaveLength(2));
    const values = within(table)
      .getAllByTestId('history-row-value')
      .map((e) => e.textContent);
    expect(values).toEqual(['Running (原始值 1)', '21.3']);
    expect(within(table).getAllByTestId('history-row-point')[0]?.textContent).toBe('Pump (state) · 从机 2');
    expect(screen.getByText('共 100,000+ 条')).toBeTruthy();
    const rowsCall = calls.filter((c) => c.url.pathname.endsWith('/history/rows')).at(-1)?.url.searchParams;
    expect(rowsCall?.get('page')).toBe('1');
    expect(rowsCall?.get('limit')).toBe('20');
    expect(rowsCall?.get('order')).toBe('desc');
    expect(rowsCall?.get('point_ids')).toBe('1,2');
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.endsWith('/history/rows'))
          .at(-1)
          ?.url.searchParams.get('page'),
      ).toBe('2'),
    );
  });

  it('exports the picked points and range to the download list', async () => {
    const calls = stubServer(() => answer(300_000));
    renderPage('/dataCenter/history?device_id=3&point_ids=2');
    await screen.findByTestId('history-chart');
    await userEvent.click(screen.getByTestId('export-button-history'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as {
      kind: string;
      params: Record<string, string>;
    };
    const series = seriesCalls(calls)[0]?.url.searchParams;
    expect(body.kind).toBe('history');
    expect(body.params).toEqual({
      point_ids: '2',
      starttime: series?.get('starttime'),
      endtime: series?.get('endtime'),
    });
  });
});
