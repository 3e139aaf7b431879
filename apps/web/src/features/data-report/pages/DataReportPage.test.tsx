import type { DataReportRow, ReportPoint, ReportScheduleRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { useSettings } from '../../../shared/store/settings';
import DataReportPage from './DataReportPage';

// The device picker searches the server; here it is one button that picks device 7.
vi.mock('../../devices/components/DeviceSearchSelect', () => ({
  DeviceSearchSelect: ({ onChange }: { onChange?: (v: number) => void }) => (
    <button type="button" data-testid="pick-device" onClick={() => onChange?.(7)}>
      pick
    </button>
  ),
}));

const reportRow = (over: Partial<DataReportRow>): DataReportRow => ({
  period: '2026-11-20',
  period_start: '2026-11-19T16:00:00.000Z',
  period_end: '2026-11-20T16:00:00.000Z',
  device_id: 7,
  device_title: 'Boiler',
  point_id: 10,
  point_name: 'temp',
  point_title: 'Temperature',
  unit: '°C',
  count: 4,
  min: 1.23456,
  max: 9,
  avg: 5.5,
  first: 1,
  last: 9,
  difference: 8,
  ...over,
});

const schedule: ReportScheduleRow = {
  id: 4,
  name: 'Daily boiler',
  period: 'day',
  device_id: 7,
  group_id: null,
  subject_title: 'Boiler',
  point_names: [],
  send_at_minute: 90,
  tz: 'UTC',
  lang: 'en',
  contact_ids: [1],
  enabled: true,
  next_run_at: '2026-11-23T01:30:00.000Z',
  last_run_at: null,
  last_export_id: null,
  last_error: 'SMTP refused',
  created_at: '2026-11-01T00:00:00.000Z',
};

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

type Call = { method: string; url: URL; body: unknown };

function stubServer() {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const path = url.pathname.replace('/api/v1', '');
    if (path === '/dataCenter/dataReportV2/points')
      return json([{ name: 'temp', title: 'Temperature', unit: '°C', devices: 1 }] satisfies ReportPoint[]);
    if (path === '/dataCenter/dataReportV2')
      return json({
        rows: [
          reportRow({}),
          reportRow({
            period: '2026-11-21',
            count: 0,
            min: null,
            max: null,
            avg: null,
            first: null,
            last: null,
            difference: null,
          }),
        ],
        total: 2,
      });
    if (path === '/device/7/datapoint') return json({ rows: [{ name: 'temp', decimals: 1 }], total: 1 });
    if (path === '/dataCenter/reportSchedule') return json({ rows: [schedule], total: 1 });
    if (path === '/dataCenter/reportSchedule/4' && method === 'PUT') return json(schedule);
    if (path === '/trigger/contact')
      return json({
        rows: [
          { id: 1, name: 'Ann', email: 'ann@example.com' },
          { id: 2, name: 'Bob', email: '' },
        ],
        total: 2,
      });
    if (path === '/dataCenter/reportSchedule/4/run' && method === 'POST')
      return json({ id: 9, status: 'queued' });
    if (path === '/dataCenter/export' && method === 'POST') return json({ id: 10, status: 'queued' });
    return json(null, 50000, 'not found');
  });
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={['DataReportV2', 'ExportFile']} roles={[]}>
        <App>
          <MemoryRouter>
            <DataReportPage />
          </MemoryRouter>
        </App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

describe('DataReportPage', () => {
  beforeEach(async () => {
    clearSession();
    resetApiClientState();
    await i18n.changeLanguage('en');
    useSettings.getState().setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for nothing until a subject is picked, then shows the report and exports its query', async () => {
    const calls = stubServer();
    renderPage();
    expect(screen.getByTestId('report-problem').textContent).toBe('Select a device or group');
    expect((screen.getByTestId('export-button-report') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('pick-device'));
    const table = await screen.findByTestId('report-table');
    await waitFor(() => expect(within(table).getAllByText('Temperature').length).toBe(2));
    const report = calls.find((c) => c.url.pathname === '/api/v1/dataCenter/dataReportV2');
    expect(report?.url.searchParams.get('device_id')).toBe('7');
    expect(report?.url.searchParams.get('period')).toBe('day');
    expect(report?.url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(report?.url.searchParams.get('page')).toBe('1');
    // The point's 1 decimal once known; an empty period shows 'no data' and '-'.
    await waitFor(() => expect(within(table).getByText('1.2')).toBeTruthy());
    expect(within(table).getByTestId('report-no-data').textContent).toBe('no data');
    expect(within(table).getAllByText('-').length).toBe(6);

    fireEvent.click(screen.getByTestId('export-button-report'));
    await screen.findByTestId('export-started');
    const exported = calls.find((c) => c.url.pathname === '/api/v1/dataCenter/export')?.body as {
      kind: string;
      params: Record<string, string>;
    };
    expect(exported.kind).toBe('report');
    expect(exported.params).toMatchObject({ device_id: '7', period: 'day' });
    expect(exported.params).not.toHaveProperty('page');
  });

  it('lists scheduled reports with next run and last error, and runs one now', async () => {
    const calls = stubServer();
    renderPage();
    fireEvent.click(screen.getByText('Scheduled reports'));
    const table = await screen.findByTestId('schedules-table');
    await within(table).findByText('Daily boiler');
    expect(within(table).getByText('01:30')).toBeTruthy();
    expect(within(table).getByTestId('schedule-last-error').textContent).toBe('SMTP refused');
    expect(within(table).getByText('Never run')).toBeTruthy();
    fireEvent.click(within(table).getByTestId('schedule-run-4'));
    const started = await screen.findByTestId('export-started');
    expect(started.textContent).toContain('File download');
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/reportSchedule/4/run'))).toBe(
      true,
    );
  });

  it('edits a schedule: HH:mm becomes send_at_minute, a bad time is refused before saving', async () => {
    const calls = stubServer();
    renderPage();
    fireEvent.click(screen.getByText('Scheduled reports'));
    fireEvent.click(await screen.findByTestId('schedule-edit-4'));
    const sendAt = (await screen.findByTestId('schedule-send-at')) as HTMLInputElement;
    await waitFor(() => expect(sendAt.value).toBe('01:30'));
    const puts = () => calls.filter((c) => c.method === 'PUT');

    fireEvent.change(sendAt, { target: { value: '25:00' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Enter a time as HH:mm')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(sendAt, { target: { value: '07:45' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.url.pathname).toBe('/api/v1/dataCenter/reportSchedule/4');
    expect(puts()[0]?.body).toEqual({
      name: 'Daily boiler',
      period: 'day',
      device_id: 7,
      group_id: null,
      point_names: [],
      send_at_minute: 7 * 60 + 45,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      lang: 'en',
      contact_ids: [1],
      enabled: true,
    });
  });
});
