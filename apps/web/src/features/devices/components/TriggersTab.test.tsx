import { POINT_DEFAULTS, type TriggerRow } from '@fleet/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import { PermissionProvider } from '../../../shared/permission/PermissionProvider';
import { clearSession } from '../../../shared/session/token';
import { TriggerDrawer } from './TriggerDrawer';
import { TriggersTab } from './TriggersTab';

const json = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

const trigger = (id: number, over: Partial<TriggerRow>): TriggerRow => ({
  id,
  device_id: 7,
  point_id: 11,
  point_name: 'temp',
  point_title: 'Temperature',
  kind: 'limit',
  title: '',
  alarm_type: 1,
  trigger_optype: 1,
  trigger_threshold: { lolmt: null, uplmt: 30 },
  level: 4,
  deadband: 0,
  delay_s: 0,
  stale_s: 0,
  enabled: true,
  notify: true,
  contact_ids: [],
  open_alarm_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const levels = [{ value: 4, label: { zh: '紧急', en: 'Critical', es: 'Crítica' }, color: '#f5222d' }];
const points = [{ ...POINT_DEFAULTS, id: 11, device_id: 7, name: 'temp', title: 'Temperature' }];

type Route = (url: URL, init: RequestInit) => Response | undefined;
function stubServer(route: Route) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://x');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
    if (url.pathname.endsWith('/option')) return json(levels);
    if (url.pathname.endsWith('/device/7/datapoint')) return json({ rows: points, total: 1 });
    return route(url, init) ?? json(null, 50000, 'not found');
  });
  return calls;
}

function wrap(children: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionProvider authList={[]} roles={['admin']}>
        <App>{children}</App>
      </PermissionProvider>
    </QueryClientProvider>,
  );
}

describe('trigger configuration', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetApiClientState();
    clearSession();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the triggers with condition text, level tag and the open alarm', async () => {
    stubServer((url) =>
      url.pathname.endsWith('/trigger')
        ? json([
            trigger(1, { kind: 'offline', point_id: null, point_name: null, point_title: null, delay_s: 60 }),
            trigger(2, { trigger_optype: 6, trigger_threshold: { lolmt: 1, uplmt: 5 }, open_alarm_id: 99 }),
          ])
        : undefined,
    );
    wrap(<TriggersTab deviceId={7} readOnly={false} />);
    const ranged = await screen.findByTestId('trigger-row-2');
    expect(within(ranged).getByTestId('trigger-condition').textContent).toBe('1 ~ 5');
    expect(within(ranged).getByTestId('trigger-open-alarm')).toBeTruthy();
    await waitFor(() => expect(within(ranged).getByTestId('trigger-level-tag').textContent).toBe('紧急'));
    const offline = screen.getByTestId('trigger-row-1');
    expect(within(offline).getByTestId('trigger-condition').textContent).toBe('设备离线');
    expect(within(offline).queryByTestId('trigger-open-alarm')).toBeNull();
  });

  it('hides the changes of a read-only (assigned) device', async () => {
    stubServer((url) => (url.pathname.endsWith('/trigger') ? json([trigger(2, {})]) : undefined));
    wrap(<TriggersTab deviceId={7} readOnly />);
    await screen.findByTestId('trigger-row-2');
    expect(screen.queryByTestId('trigger-add')).toBeNull();
    expect(screen.queryByTestId('trigger-edit')).toBeNull();
  });

  it('checks the limit before saving, then shows a server 10002 under the limit input', async () => {
    const calls = stubServer((url, init) => {
      if (url.pathname.endsWith('/trigger/contact')) return json(null, 10003, 'forbidden');
      if (url.pathname.endsWith('/trigger') && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        if (body.trigger_threshold.uplmt === 13) return json(null, 10002, 'body.trigger_threshold: too high');
        return json(trigger(5, body));
      }
      return undefined;
    });
    const onClose = vi.fn();
    wrap(<TriggerDrawer deviceId={7} open pointId={11} onClose={onClose} />);
    const limit = await screen.findByTestId('trigger-uplmt');
    expect(screen.queryByTestId('trigger-lolmt')).toBeNull();

    fireEvent.click(screen.getByTestId('trigger-form-submit'));
    expect(await screen.findByText('请填写阈值')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(limit, { target: { value: '13' } });
    fireEvent.click(screen.getByTestId('trigger-form-submit'));
    expect(await screen.findByText('too high')).toBeTruthy();

    fireEvent.change(limit, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('trigger-form-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.filter((c) => c.method === 'POST').at(-1);
    expect(post?.body).toMatchObject({
      device_id: 7,
      point_id: 11,
      kind: 'limit',
      trigger_optype: 1,
      trigger_threshold: { lolmt: null, uplmt: 30 },
      contact_ids: [],
    });
  });
});
