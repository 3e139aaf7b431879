import type { CustomScreenDocument, LiveReading, ScreenPoint } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';

type OnData = (deviceId: number, readings: LiveReading[]) => void;
const live = { handler: null as OnData | null, ids: [] as readonly number[] };
vi.mock('../../../shared/live/use-live', () => ({
  useLiveDevices: (ids: readonly number[], onData: OnData) => {
    live.ids = ids;
    live.handler = onData;
  },
}));
// jsdom has no canvas: the chart shows what it was given.
vi.mock('../../../shared/components/EChart', () => ({
  EChart: ({ testId, option }: { testId?: string; option: { series: { data: unknown[] }[] } }) => (
    <div data-testid={testId} data-series={option.series.map((s) => s.data.length).join(',')} />
  ),
  registerCharts: () => {},
}));

const { ScreenViewer } = await import('./ScreenViewer');

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

const doc: CustomScreenDocument = {
  schemaVersion: 1,
  canvas: {
    w: 1920,
    h: 1080,
    background: '#000000',
    backgroundImage: null,
    backgroundFit: 'cover',
    theme: 'dark',
    timeZone: null,
  },
  widgets: {
    v1: {
      id: 'v1',
      kind: 'value',
      frame: { x: 0, y: 0, w: 200, h: 100 },
      title: 'Temp',
      point: 11,
      decimals: 1,
    },
    g1: {
      id: 'g1',
      kind: 'gauge',
      frame: { x: 0, y: 100, w: 200, h: 200 },
      title: '',
      point: 12,
      min: 0,
      max: 50,
      decimals: 0,
    },
    n1: {
      id: 'n1',
      kind: 'number',
      frame: { x: 200, y: 0, w: 200, h: 100 },
      title: '',
      source: { points: [11], aggregation: 'avg', window: 3600 },
      decimals: 2,
    },
    l1: {
      id: 'l1',
      kind: 'line',
      frame: { x: 400, y: 0, w: 600, h: 300 },
      title: '',
      source: { points: [11, 12], aggregation: 'max', window: 600 },
    },
  },
  order: ['v1', 'g1', 'n1', 'l1'],
};

const point = (id: number, value: ScreenPoint['value'], over: Partial<ScreenPoint> = {}): ScreenPoint => ({
  point_id: id,
  device_id: 3,
  device_title: 'Cold room A',
  name: `p${id}`,
  title: `Point ${id}`,
  unit: id === 11 ? '°C' : '%',
  value,
  at: '2026-01-01T00:00:00.000Z',
  locked: false,
  ...over,
});

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let calls: string[] = [];
let points: ScreenPoint[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  points = [point(11, 20.5), point(12, 20)];
  live.handler = null;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://x');
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/points')) return json({ points });
    if (url.pathname.endsWith('/alarms'))
      return json({
        rows: [
          {
            id: 1,
            device_id: 3,
            device_title: 'Cold room A',
            message: 'Temperature = 90 (> 80)',
            level: 3,
            at: '2026-01-01T00:00:00.000Z',
          },
        ],
      });
    if (url.pathname.endsWith('/data')) {
      const widget = url.searchParams.get('widget');
      const series = (widget === 'l1' ? [11, 12] : [11]).map((id) => ({
        point_id: id,
        title: `Point ${id}`,
        unit: '°C',
        points: [
          [1, 1],
          [2, 2],
          [3, 3],
          [4, null],
        ],
      }));
      return json({ bucket_ms: 60_000, series });
    }
    return json(null);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

function renderViewer(
  source: { kind: 'screen'; id: number } | { kind: 'share'; token: string },
  isLive: boolean,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ScreenViewer doc={doc} source={source} live={isLive} />
    </QueryClientProvider>,
  );
}

describe('custom screen widgets', () => {
  it('bind values, a gauge, a window aggregate and chart series; live readings of bound points update them', async () => {
    renderViewer({ kind: 'screen', id: 5 }, true);
    await waitFor(() => expect(text('cs-value-v1')).toContain('20.5'));
    expect(text('cs-widget-v1')).toContain('°C');
    expect(text('cs-widget-v1')).toContain('Cold room A · Point 11');
    expect(screen.getByTestId('cs-gauge-arc-g1').getAttribute('data-level')).toBe('0.400');
    // avg over the window: the mean of the non-empty buckets 1, 2, 3.
    await waitFor(() => expect(text('cs-value-n1')).toContain('2.00'));
    await waitFor(() => expect(screen.getByTestId('cs-chart-l1').getAttribute('data-series')).toBe('4,4'));
    expect(calls).toContain('/api/v1/custom-screen/5/data?widget=n1');
    expect(calls).toContain('/api/v1/custom-screen/5/data?widget=l1');

    expect(live.ids).toEqual([3]);
    act(() => {
      live.handler!(3, [
        { point_id: 11, name: 'p11', slave_id: null, value: 21.74, at: '2026-01-01T00:00:05.000Z' },
        { point_id: 99, name: 'other', slave_id: null, value: 1, at: '2026-01-01T00:00:05.000Z' },
      ]);
    });
    expect(text('cs-value-v1')).toContain('21.7');
    act(() => {
      live.handler!(3, [
        { point_id: 12, name: 'p12', slave_id: null, value: 60, at: '2026-01-01T00:00:05.000Z' },
      ]);
    });
    expect(screen.getByTestId('cs-gauge-arc-g1').getAttribute('data-level')).toBe('1.000');
  });

  it('an external link reads only its share endpoints and polls new values (no live channel)', async () => {
    renderViewer({ kind: 'share', token: 'tok' }, false);
    await waitFor(() => expect(text('cs-value-v1')).toContain('20.5'));
    expect(live.ids).toEqual([]);
    points = [point(11, 23.25), point(12, 20)];
    await waitFor(() => expect(text('cs-value-v1')).toContain('23.3'));
    expect(calls.every((c) => c.startsWith('/api/v1/screen-share/tok/'))).toBe(true);
    expect(calls).toContain('/api/v1/screen-share/tok/data?widget=n1');
  });

  it('a locked device shows no value and says why', async () => {
    points = [point(11, null, { locked: true, at: null }), point(12, null, { locked: true, at: null })];
    renderViewer({ kind: 'screen', id: 5 }, true);
    await waitFor(() => expect(text('cs-widget-v1')).toContain('data locked'));
    expect(text('cs-value-v1')).toContain('--');
    expect(live.ids).toEqual([]);
  });
});

describe('custom screen alarm list', () => {
  it('shows the latest alarms of its widget, read through the screen (or the link) by widget id', async () => {
    const alarmsDoc: CustomScreenDocument = {
      ...doc,
      widgets: {
        a1: {
          id: 'a1',
          kind: 'alarms',
          frame: { x: 0, y: 0, w: 400, h: 300 },
          title: 'Alarms',
          devices: [3],
          rows: 5,
        },
      },
      order: ['a1'],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ScreenViewer doc={alarmsDoc} source={{ kind: 'share', token: 'tok' }} live={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(text('cs-alarms-a1')).toContain('Cold room A · Temperature = 90 (> 80)'));
    expect(calls).toContain('/api/v1/screen-share/tok/alarms?widget=a1');
  });
});
