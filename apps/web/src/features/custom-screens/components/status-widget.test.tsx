import type { LiveEvent, LiveReading, ScreenStatusRow } from '@fleet/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import type { ScreenDataSource } from '../api/custom-screens';
import { renderViewer, screenDoc, stubScreenApi } from './viewer-test-support';

type OnData = (deviceId: number, readings: LiveReading[]) => void;
const live = {
  data: null as OnData | null,
  ids: [] as readonly number[],
  events: new Map<string, (event: LiveEvent) => void>(),
};
vi.mock('../../../shared/live/use-live', () => ({
  useLiveDevices: (ids: readonly number[], onData: OnData) => {
    live.ids = ids;
    live.data = onData;
  },
  useLiveEvents: (type: string, handler: (event: LiveEvent) => void) => {
    live.events.set(type, handler);
  },
}));

const { ScreenViewer } = await import('./ScreenViewer');

const doc = screenDoc(
  [
    {
      id: 's1',
      kind: 'status',
      frame: { x: 0, y: 0, w: 700, h: 300 },
      title: 'Fleet',
      devices: [3, 4],
      columns: ['temp'],
    },
  ],
  { timeZone: 'UTC' },
);

const rows: ScreenStatusRow[] = [
  {
    device_id: 3,
    title: 'Cold room A',
    status: 1,
    alarm_type: 0,
    last_seen: '2026-01-01T00:00:00.000Z',
    locked: false,
    values: [{ point_id: 11, name: 'temp', unit: '°C', value: 4.5, at: '2026-01-01T00:00:00.000Z' }],
  },
  { device_id: 4, title: 'Pump', status: 0, alarm_type: 0, last_seen: null, locked: false, values: [null] },
];

let calls: string[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  live.data = null;
  live.events.clear();
  calls = stubScreenApi((path) => (path.endsWith('/status') ? { rows } : { points: [] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

const view = (source: ScreenDataSource, isLive: boolean) => renderViewer(ScreenViewer, doc, source, isLive);

const cells = (deviceId: number) =>
  within(screen.getByTestId(`cs-status-row-${deviceId}`))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('device status table widget', () => {
  it('shows name, coloured status, last data and values; /wss moves status and values live', async () => {
    view({ kind: 'screen', id: 5 }, true);
    await waitFor(() => expect(screen.getByTestId('cs-status-s1')).toBeTruthy());
    expect(calls).toContain('/api/v1/custom-screen/5/status?widget=s1');
    expect(cells(3)).toEqual(['Cold room A', 'Normal', '01/01, 00:00:00', '4.50 °C']);
    expect(cells(4)).toEqual(['Pump', 'Offline', 'Never', '—']);
    expect(screen.getByTestId('cs-status-row-3').dataset.status).toBe('success');
    expect(live.ids).toEqual([3, 4]);
    act(() => {
      live.data!(3, [
        { point_id: 11, name: 'temp', slave_id: null, value: 7.25, at: '2026-01-01T00:00:09.000Z' },
      ]);
      live.events.get('OL')!({
        type: 'OL',
        deviceId: 4,
        data: { status: 1, via: 'mqtt', reason: '', at: '2026-01-01T00:00:09.000Z' },
      } as LiveEvent);
      live.events.get('AL')!({ type: 'AL', deviceId: 3, data: { alarm_type: 1 } } as LiveEvent);
    });
    expect(cells(3)[3]).toBe('7.25 °C');
    expect(cells(3)[2]).toBe('01/01, 00:00:09');
    expect(screen.getByTestId('cs-status-row-3').dataset.status).not.toBe('success');
    expect(cells(4)[1]).toBe('Normal');
  });

  it('an external link reads its status endpoint and never opens /wss', async () => {
    view({ kind: 'share', token: 'tok' }, false);
    await waitFor(() => expect(screen.getByTestId('cs-status-s1')).toBeTruthy());
    expect(calls).toContain('/api/v1/screen-share/tok/status?widget=s1');
    expect(live.events.size).toBe(0);
    // The screen's value hook asks for no device without /wss.
    expect(live.ids).toEqual([]);
  });
});
