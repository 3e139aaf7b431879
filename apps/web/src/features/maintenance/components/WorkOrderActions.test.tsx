import type { WorkOrderDetail } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionContext, type PermissionSource } from '../../../shared/permission/permission';
import { clearSession } from '../../../shared/session/token';
import { WorkOrderActions } from './WorkOrderActions';

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

const order = (extra: Partial<WorkOrderDetail>): WorkOrderDetail => ({
  id: 7,
  type: 1,
  status: 1,
  title: 'Pump leaks',
  description: '',
  device_id: null,
  device_title: null,
  alarm_id: null,
  repair_type: 0,
  priority: 1,
  due_at: null,
  overdue: false,
  due_soon: false,
  created_by: 1,
  created_by_name: 'Mia',
  assignee_id: 2,
  assignee_name: 'Tom',
  checklist: [],
  plan_id: null,
  asset_id: null,
  asset_title: null,
  record_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  closed_at: null,
  history: [],
  allowed_events: [],
  ...extra,
});

function renderActions(
  detail: WorkOrderDetail,
  source: PermissionSource = { authList: ['maintenance.WorkOrder/handle'] },
) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PermissionContext.Provider value={source}>
        <App>
          <WorkOrderActions order={detail} />
        </App>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('WorkOrderActions', () => {
  beforeEach(() => {
    clearSession();
    resetApiClientState();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the events the server allows, except record (it has its own form)', () => {
    renderActions(order({ status: 2, allowed_events: ['return', 'record', 'close'] }));
    expect(screen.getByTestId('work-order-return')).toBeTruthy();
    expect(screen.getByTestId('work-order-close')).toBeTruthy();
    expect(screen.queryByTestId('work-order-record')).toBeNull();
    expect(screen.queryByTestId('work-order-accept')).toBeNull();
  });

  it('offers nothing to a read-only account', () => {
    renderActions(order({ allowed_events: ['accept', 'return'] }), { authList: [], readOnly: true });
    expect(screen.queryByTestId('work-order-accept')).toBeNull();
  });

  it('accepts at once, and asks why before returning', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      calls.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : null });
      return json(order({ status: 2 }));
    });
    renderActions(order({ allowed_events: ['accept', 'return'] }));
    fireEvent.click(screen.getByTestId('work-order-accept'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/v1/maintenance/work-orders/7/accept', body: { note: '' } });

    fireEvent.click(screen.getByTestId('work-order-return'));
    const ok = () => screen.getByTestId('work-order-confirm') as HTMLButtonElement;
    await waitFor(() => expect(ok().disabled).toBe(true));
    fireEvent.change(screen.getByTestId('work-order-note'), { target: { value: 'Wrong site' } });
    await waitFor(() => expect(ok().disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      url: '/api/v1/maintenance/work-orders/7/return',
      body: { note: 'Wrong site' },
    });
  });
});
