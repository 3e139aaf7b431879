import type { ListResult, PlanRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionContext, type PermissionSource } from '../../../shared/permission/permission';
import { clearSession } from '../../../shared/session/token';
import MaintenancePlansPage from './MaintenancePlansPage';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const plan = (extra: Partial<PlanRow>): PlanRow => ({
  id: 1,
  name: 'Monthly service',
  plan_type: 0,
  target_type: 0,
  targets: [{ type: 0, id: 5, title: 'Pump 1' }],
  trigger: 'calendar',
  period: 1,
  time_unit: 2,
  start_date: '2026-01-31',
  due_time: '09:00',
  time_zone: 'UTC',
  pre_notify: 0,
  assignee_ids: [],
  assignee_names: [],
  checklist: [],
  description: '',
  meter_point_id: null,
  meter_mode: 'running',
  meter_hours: null,
  threshold_op: 'above',
  threshold_value: null,
  meter_progress: null,
  status: 0,
  next_due_at: null,
  orders: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const rows: ListResult<PlanRow> = {
  rows: [
    plan({}),
    plan({ id: 2, name: 'Hot bearing', status: 4, trigger: 'threshold', threshold_value: 80 }),
  ],
  total: 2,
};

function renderPage(source: PermissionSource, calls: { url: string; method: string }[]) {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push({ url: String(input), method: init.method ?? 'GET' });
    return json(
      String(input).includes('/start')
        ? { ...plan({ status: 1 }), allowed_events: [], preview: [], recent_orders: [], deletable: false }
        : rows,
    );
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PermissionContext.Provider value={source}>
        <App>
          <MaintenancePlansPage />
        </App>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('MaintenancePlansPage', () => {
  beforeEach(() => {
    clearSession();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers each plan the actions of the transition table and starts one', async () => {
    const calls: { url: string; method: string }[] = [];
    renderPage(
      { authList: ['maintenance.Plan/index', 'maintenance.Plan/add', 'maintenance.Plan/edit'] },
      calls,
    );
    const notStarted = await rowOf('Monthly service');
    expect(within(notStarted).getByTestId('plan-start')).toBeTruthy();
    expect(within(notStarted).getByTestId('plan-end')).toBeTruthy();
    expect(within(notStarted).getByTestId('plan-delete')).toBeTruthy();
    expect(within(notStarted).queryByTestId('plan-stop')).toBeNull();
    const running = await rowOf('Hot bearing');
    expect(within(running).getByTestId('plan-stop')).toBeTruthy();
    expect(within(running).queryByTestId('plan-start')).toBeNull();
    expect(within(running).queryByTestId('plan-delete')).toBeNull();
    expect(screen.getByTestId('plan-create')).toBeTruthy();
    fireEvent.click(within(notStarted).getByTestId('plan-start'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/maintenance/plan/1/start'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/start'))?.method).toBe('POST');
  });

  it('offers a reader no action and no create button', async () => {
    renderPage({ authList: ['maintenance.Plan/index'] }, []);
    const row = await rowOf('Monthly service');
    expect(within(row).queryByTestId('plan-start')).toBeNull();
    expect(within(row).queryByTestId('plan-delete')).toBeNull();
    expect(screen.queryByTestId('plan-create')).toBeNull();
  });
});
