import type { OverviewReport } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { useSettings } from '../../../shared/store/settings';

const liveHandlers = new Map<string, () => void>();
vi.mock('../../../shared/live/use-live', () => ({
  useLiveEvents: (type: string, handler: () => void) => liveHandlers.set(type, handler),
}));
// jsdom has no canvas: the chart itself is covered by EChart.test.tsx.
vi.mock('../../../shared/components/EChart', () => ({
  EChart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
  registerCharts: () => {},
}));

const { default: DashboardPage } = await import('./DashboardPage');

const days = Array.from({ length: 14 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const report: OverviewReport = {
  devices: { total: 5, online: 3, offline: 2, alarm: 1, normal: 2 },
  alarms_today: { total: 3, unhandled: 2, by_level: { 2: 3 }, by_type: { 1: 2, 101: 1 } },
  alarm_trend: days.map((day) => ({ day, alarms: 1, recovered: 0 })),
  readings: { today: 40, last_7_days: 280, trend: days.map((day) => ({ day, readings: 40 })) },
  latest_alarms: [
    {
      id: 7,
      device_id: 1,
      device_title: 'Boiler',
      device_imei: '860000000000001',
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
      value: 91,
      threshold: '> 80',
      message: '',
      at: '2026-03-14T01:00:00.000Z',
      recovered_at: null,
      recovers_id: null,
      handled_by_name: null,
      handled_at: null,
      remark: '',
    },
  ],
  latest_offline: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let overviewCalls: string[];
function stubApi(overview: () => Response) {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.includes('/overview')) {
      overviewCalls.push(url);
      return overview();
    }
    if (url.includes('/option'))
      return json({
        code: 0,
        msg: 'ok',
        data: [{ value: 2, label: { zh: '重要', en: 'Major', es: 'Mayor' }, color: 'red' }],
      });
    return json({ code: 0, msg: 'ok', data: null });
  });
}

function renderPage() {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  resetApiClientState();
  liveHandlers.clear();
  overviewCalls = [];
  await i18n.changeLanguage('en');
  useSettings.getState().setLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('DashboardPage', () => {
  it("shows the cards, today's alarms by level and the latest alarms, asking in the browser's zone", async () => {
    stubApi(() => json({ code: 0, msg: 'ok', data: report }));
    renderPage();
    const online = await screen.findByTestId('dashboard-card-online');
    await waitFor(() => expect(within(online).getByTestId('dashboard-card-value').textContent).toBe('3'));
    expect(within(online).getByText('60% of all')).toBeTruthy();
    expect(overviewCalls[0]).toContain(
      `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('dashboard-levels')).getByText('Major')).toBeTruthy(),
    );
    const latest = screen.getByTestId('dashboard-latest-alarms');
    expect(within(latest).getByText('Boiler')).toBeTruthy();
    expect(within(latest).getByRole('link').getAttribute('href')).toBe('/alarm/alarmlog');
    expect(
      within(screen.getByTestId('dashboard-latest-offline')).getByText('No offline events'),
    ).toBeTruthy();
    expect(screen.getByTestId('dashboard-alarm-trend')).toBeTruthy();
  });

  it('refetches when live alarm or online/offline events arrive', async () => {
    stubApi(() => json({ code: 0, msg: 'ok', data: report }));
    renderPage();
    await screen.findAllByTestId('dashboard-card-value');
    expect(overviewCalls).toHaveLength(1);
    liveHandlers.get('AL')?.();
    await waitFor(() => expect(overviewCalls).toHaveLength(2));
    expect(liveHandlers.has('OL')).toBe(true);
  });

  it('offers a retry when the first load fails', async () => {
    stubApi(() => json({ code: 50000, msg: 'boom', data: null }, 500));
    renderPage();
    expect(await screen.findByTestId('dashboard-error')).toBeTruthy();
  });
});
