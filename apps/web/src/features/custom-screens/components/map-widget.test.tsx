import type { LiveEvent, ScreenMapAnswer } from '@fleet/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../../../shared/api/client';
import i18n from '../../../shared/i18n';
import type { ScreenDataSource } from '../api/custom-screens';
import { renderViewer, screenDoc, stubScreenApi } from './viewer-test-support';

const live = { events: new Map<string, (event: LiveEvent) => void>() };
vi.mock('../../../shared/live/use-live', () => ({
  useLiveDevices: () => {},
  useLiveEvents: (type: string, handler: (event: LiveEvent) => void) => {
    live.events.set(type, handler);
  },
}));
// jsdom has no WebGL: the canvas shows the features it was given.
vi.mock('../../screens/map/DeviceMapCanvas', () => ({
  default: ({
    devices,
    testId,
    config,
  }: {
    devices: { features: { properties: { id: number; state: string } }[] };
    testId: string;
    config: { tile_url: string | null };
  }) => (
    <div data-testid={testId} data-tiles={String(config.tile_url)}>
      {devices.features.map((f) => `${f.properties.id}:${f.properties.state}`).join(' ')}
    </div>
  ),
}));

const { ScreenViewer } = await import('./ScreenViewer');

const mapDoc = (devices: number[]) =>
  screenDoc([{ id: 'm1', kind: 'map', frame: { x: 0, y: 0, w: 600, h: 400 }, title: '', devices }]);
const doc = mapDoc([]);

const answer: ScreenMapAnswer = {
  rows: [
    { id: 3, device_title: 'North', lat: 31.2, lng: 121.4, status: 1, alarm_type: 0 },
    { id: 4, device_title: 'South', lat: 22.5, lng: 114.1, status: 0, alarm_type: 0 },
  ],
  total: 2,
  unplaced: 1,
  config: { tile_url: null, attribution: '' },
};

let calls: string[] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  live.events.clear();
  calls = stubScreenApi((path) => (path.endsWith('/map') ? answer : { points: [] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetApiClientState();
});

const view = (source: ScreenDataSource, isLive: boolean, screenDocument = doc) =>
  renderViewer(ScreenViewer, screenDocument, source, isLive);

describe('map widget', () => {
  it('puts its devices on the offline basemap coloured by status, recoloured live', async () => {
    view({ kind: 'screen', id: 5 }, true);
    const canvas = await screen.findByTestId('cs-map-canvas-m1');
    await waitFor(() => expect(canvas.textContent).toBe('3:online 4:offline'));
    expect(canvas.dataset.tiles).toBe('null');
    expect(calls).toContain('/api/v1/custom-screen/5/map?widget=m1');
    expect(screen.getByTestId('cs-map-m1').textContent).toContain('1 device has no location');
    act(() => {
      live.events.get('AL')!({ type: 'AL', deviceId: 3, data: { alarm_type: 1 } } as LiveEvent);
      live.events.get('OL')!({ type: 'OL', deviceId: 4, data: { status: 1 } } as LiveEvent);
    });
    expect(screen.getByTestId('cs-map-canvas-m1').textContent).toBe('3:alarm 4:online');
  });

  it('an external link reads its share endpoint and listens to no live channel', async () => {
    view({ kind: 'share', token: 'tok' }, false, mapDoc([3, 4]));
    const canvas = await screen.findByTestId('cs-map-canvas-m1');
    await waitFor(() => expect(canvas.textContent).toBe('3:online 4:offline'));
    expect(calls).toContain('/api/v1/screen-share/tok/map?widget=m1');
    expect(live.events.size).toBe(0);
    expect(screen.queryByTestId('cs-map-none-m1')).toBeNull();
  });

  it('naming no device, an external link shows an empty map that says so', async () => {
    calls = stubScreenApi((path) =>
      path.endsWith('/map') ? { ...answer, rows: [], total: 0, unplaced: 0 } : { points: [] },
    );
    view({ kind: 'share', token: 'tok' }, false);
    const note = await screen.findByTestId('cs-map-none-m1');
    expect(note.textContent).toBe('No devices chosen for this map');
    expect(screen.getByTestId('cs-map-canvas-m1').textContent).toBe('');
  });

  it('signed in, a map naming no device carries no such note', async () => {
    view({ kind: 'screen', id: 5 }, true);
    await screen.findByTestId('cs-map-canvas-m1');
    expect(screen.queryByTestId('cs-map-none-m1')).toBeNull();
  });
});
