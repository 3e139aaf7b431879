import { type LiveReading, POINT_DEFAULTS, type ScreenScadaAnswer } from '@fleet/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import type { ScreenDataSource } from '../api/custom-screens';
import { renderViewer, screenDoc, stubScreenApi } from './viewer-test-support';

type OnData = (deviceId: number, readings: LiveReading[]) => void;
const live = { data: null as OnData | null, ids: [] as readonly number[], events: 0 };
vi.mock('../../../shared/live/use-live', () => ({
  useLiveDevices: (ids: readonly number[], onData: OnData) => {
    if (ids.length > 0) {
      live.ids = ids;
      live.data = onData;
    }
  },
  useLiveEvents: () => {
    live.events++;
  },
}));

const { ScreenViewer } = await import('./ScreenViewer');

const doc = screenDoc([
  {
    id: 'p1',
    kind: 'scada',
    frame: { x: 0, y: 0, w: 800, h: 600 },
    title: 'Tanks',
    scada: 9,
    page: null,
  },
]);

const answer: ScreenScadaAnswer = {
  name: 'Tank farm',
  document: {
    schemaVersion: 2,
    pages: {
      main: {
        name: 'Main',
        canvas: { w: 800, h: 600, background: '#ffffff' },
        elements: {
          t1: {
            kind: 'text',
            frame: { x: 10, y: 10, w: 200, h: 40, rotation: 0 },
            text: '--',
            color: '#212121',
            fontSize: 14,
            align: 'start',
            bindings: [
              {
                point: { by: 'id', pointId: '11' },
                map: { kind: 'text', translate: false, unit: true, decimals: 1 },
              },
            ],
          },
          start: {
            kind: 'button',
            frame: { x: 10, y: 100, w: 100, h: 40, rotation: 0 },
            label: 'Start',
            write: { point: { by: 'id', pointId: '11' }, value: 1, confirm: false },
          },
        },
        order: ['t1', 'start'],
      },
    },
    pageOrder: ['main'],
  },
  points: {
    devices: [{ id: 3, name: 'Tank', status: 1, locked: false }],
    points: [
      {
        ...POINT_DEFAULTS,
        id: 11,
        device_id: 3,
        name: 'level',
        unit: 'm',
        data_type: 'float',
        access: 'readwrite',
      },
    ],
  },
  values: [{ point_id: 11, value: 4.25, at: new Date().toISOString() }],
};

let calls: string[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  live.data = null;
  live.ids = [];
  live.events = 0;
  calls = stubScreenApi((path) => (path.endsWith('/scada') ? answer : { points: [] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

const view = (source: ScreenDataSource, isLive: boolean) => renderViewer(ScreenViewer, doc, source, isLive);

describe('embedded SCADA widget', () => {
  it('draws the app’s page with its latest values and moves them with /wss', async () => {
    view({ kind: 'screen', id: 5 }, true);
    await waitFor(() => expect(screen.getByTestId('scada-el-t1').textContent).toContain('4.3 m'));
    expect(calls).toContain('/api/v1/custom-screen/5/scada?widget=p1');
    expect(screen.getByTestId('cs-scada-p1').querySelector('svg')).toBeTruthy();
    expect(live.ids).toEqual([3]);
    act(() => {
      live.data!(3, [
        { point_id: 11, name: 'level', slave_id: null, value: 5, at: new Date().toISOString() },
      ]);
    });
    await waitFor(() => expect(screen.getByTestId('scada-el-t1').textContent).toContain('5.0 m'));
  });

  it('is read-only: a control is disabled and a click sends no command', async () => {
    view({ kind: 'screen', id: 5 }, true);
    const start = await screen.findByTestId('scada-control-start');
    expect(start.getAttribute('data-disabled')).toBe('denied');
    fireEvent.click(start);
    await Promise.resolve();
    expect(calls.some((c) => c.includes('command') || c.includes('/device/'))).toBe(false);
  });

  it('a reader without the SCADA permission gets a short no-permission state, not the drawing', async () => {
    vi.stubGlobal('fetch', async (input: string) => {
      const url = new URL(input, 'http://x');
      calls.push(url.pathname);
      const refused = url.pathname.endsWith('/scada');
      return new Response(
        JSON.stringify(
          refused
            ? { code: 10001, msg: 'no permission', data: null }
            : { code: 0, msg: 'ok', data: { points: [] } },
        ),
        { status: refused ? 403 : 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    view({ kind: 'screen', id: 5 }, true);
    const denied = await screen.findByTestId('cs-scada-denied-p1');
    expect(denied.textContent).toBe('You have no permission to view SCADA pictures');
    expect(screen.queryByTestId('cs-scada-p1')).toBeNull();
    expect(screen.getByTestId('cs-widget-p1').textContent).toContain('Tanks');
  });

  it('an external link reads its share endpoint and opens no live channel', async () => {
    view({ kind: 'share', token: 'tok' }, false);
    await waitFor(() => expect(screen.getByTestId('scada-el-t1').textContent).toContain('4.3 m'));
    expect(calls).toContain('/api/v1/screen-share/tok/scada?widget=p1');
    expect(live.ids).toEqual([]);
    expect(live.events).toBe(0);
  });
});
