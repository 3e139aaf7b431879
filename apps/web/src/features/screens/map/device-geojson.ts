import { deviceStatusTag, type MapDevice } from '@fleet/contracts';

/** The three states the map colours (SPEC 4 status tag: offline wins over a stale alarm type). */
export type MapState = 'online' | 'offline' | 'alarm';
export const STATE_COLOURS: Record<MapState, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#ff4d4f',
};

export function mapState(status: number, alarmType: number): MapState {
  const tag = deviceStatusTag(status, alarmType);
  return tag.kind === 'offline' ? 'offline' : tag.kind === 'normal' ? 'online' : 'alarm';
}

export interface DeviceFeatureProps {
  id: number;
  title: string;
  state: MapState;
  /** 1 when in that state, so clusters can sum them (clusterProperties). */
  alarm: number;
  offline: number;
}

type Point = {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: DeviceFeatureProps;
};
export interface DeviceCollection {
  type: 'FeatureCollection';
  features: Point[];
}

const inRange = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * The clustering input: one GeoJSON point per located device (WGS-84, [lng, lat]), with its state as
 * 0/1 counters that MapLibre sums per cluster, so a cluster shows red when any device in it alarms.
 * `overrides` carries live status changes (OL / AL) not yet in the fetched rows.
 */
export function devicesToGeoJson(
  rows: readonly MapDevice[],
  overrides: ReadonlyMap<number, { status?: number; alarmType?: number }> = new Map(),
): DeviceCollection {
  const features: Point[] = [];
  for (const d of rows) {
    if (!inRange(d.lat, d.lng)) continue;
    const live = overrides.get(d.id);
    const state = mapState(live?.status ?? d.status, live?.alarmType ?? d.alarm_type);
    features.push({
      type: 'Feature',
      id: d.id,
      geometry: { type: 'Point', coordinates: [d.lng, d.lat] },
      properties: {
        id: d.id,
        title: d.device_title,
        state,
        alarm: state === 'alarm' ? 1 : 0,
        offline: state === 'offline' ? 1 : 0,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] of the devices, or null when there are none. */
export function boundsOf(collection: DeviceCollection): [[number, number], [number, number]] | null {
  if (collection.features.length === 0) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const f of collection.features) {
    const [lng, lat] = f.geometry.coordinates;
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  return [
    [w, s],
    [e, n],
  ];
}
