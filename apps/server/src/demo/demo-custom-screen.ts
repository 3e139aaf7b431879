/** The demo custom screen (issue 23 item 2): the demo fleet's moving points on a published dark screen. */
import {
  CUSTOM_SCREEN_SCHEMA_VERSION,
  type CustomScreenDocument,
  customScreenDocument,
  type ScreenWidget,
} from '@fleet/contracts';
import type { FleetPlan } from '@fleet/device-sim';
import type { Executor } from '../platform/db/client.js';
import { demoCustomScreenRepository as repo } from './demo-custom-screen.repository.js';
import { demoScadaPoints } from './demo-scada.js';
import type { DemoScadaPoints } from './demo-scada-document.js';

export const DEMO_CUSTOM_SCREEN_NAME = 'Plant overview';

/**
 * Values of the three sensor rooms and the first pump (the simulator moves them every few seconds):
 * point values, a gauge, a number over the last hour, a clock and line / bar charts. Null without demo
 * points.
 */
export function buildDemoCustomScreen(points: DemoScadaPoints): CustomScreenDocument | null {
  const sensors = points.sensors;
  const pump = points.pumps[0];
  if (sensors.length === 0) return null;
  const id = (s: string) => Number(s);
  const widgets: ScreenWidget[] = [];
  sensors.slice(0, 3).forEach((s, i) => {
    widgets.push({
      id: `temp${i + 1}`,
      kind: 'value',
      frame: { x: 40 + i * 440, y: 40, w: 400, h: 160 },
      title: `${s.title} · temperature`,
      point: id(s.temp),
      decimals: 1,
    });
  });
  widgets.push({
    id: 'humidity',
    kind: 'gauge',
    frame: { x: 1360, y: 40, w: 520, h: 360 },
    title: `${sensors[0]!.title} · humidity`,
    point: id(sensors[0]!.humidity),
    min: 0,
    max: 100,
    decimals: 1,
  });
  widgets.push({
    id: 'avgTemp',
    kind: 'number',
    frame: { x: 40, y: 240, w: 400, h: 160 },
    title: 'Average temperature, last hour',
    source: { points: [id(sensors[0]!.temp)], aggregation: 'avg', window: 3600 },
    decimals: 2,
  });
  if (pump) {
    widgets.push({
      id: 'pressure',
      kind: 'value',
      frame: { x: 480, y: 240, w: 400, h: 160 },
      title: `${pump.title} · pressure`,
      point: id(pump.pressure),
      decimals: 2,
    });
  }
  // The wall's clock, in the free spot of the second row (no point: it works on any fleet).
  widgets.push({
    id: 'clock',
    kind: 'clock',
    frame: { x: 920, y: 240, w: 400, h: 160 },
    title: '',
    show: 'datetime',
    seconds: true,
    fontSize: 34,
  });
  widgets.push({
    id: 'tempTrend',
    kind: 'line',
    frame: { x: 40, y: 440, w: 1100, h: 600 },
    title: 'Temperatures, last hour',
    source: { points: sensors.slice(0, 3).map((s) => id(s.temp)), aggregation: 'avg', window: 3600 },
  });
  widgets.push({
    id: 'energyBars',
    kind: 'bar',
    frame: { x: 1180, y: 440, w: 700, h: 600 },
    title: 'Energy, last hour',
    source: { points: sensors.slice(0, 3).map((s) => id(s.energy)), aggregation: 'max', window: 3600 },
  });
  const doc = {
    schemaVersion: CUSTOM_SCREEN_SCHEMA_VERSION,
    canvas: {
      w: 1920,
      h: 1080,
      background: '#0b1a33',
      backgroundImage: null,
      backgroundFit: 'cover' as const,
      theme: 'dark' as const,
      timeZone: null,
    },
    widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
    order: widgets.map((w) => w.id),
  };
  return customScreenDocument.parse(doc);
}

/** Creates the demo account's published custom screen once (by name; a demo user's edits are kept). */
export async function ensureDemoCustomScreen(
  db: Executor,
  ownerUserId: number,
  plan: FleetPlan,
): Promise<void> {
  if (await repo.exists(db, ownerUserId, DEMO_CUSTOM_SCREEN_NAME)) return;
  const document = buildDemoCustomScreen(await demoScadaPoints(db, plan));
  if (!document) return;
  await repo.insertPublished(db, ownerUserId, DEMO_CUSTOM_SCREEN_NAME, document);
}
