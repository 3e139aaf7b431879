import { alarmTagColour, type DeviceRow, deviceStatusTag, type TagColour } from '@fleet/contracts';

/** Marker colours: grey offline, green normal, else the SPEC 4 colour of the alarm type. */
const TAG_HEX: Record<TagColour, string> = {
  success: '#52c41a',
  danger: '#ff4d4f',
  info: '#1677ff',
  warning: '#faad14',
};
export const OFFLINE_HEX = '#8c8c8c';

export interface MapPoint {
  id: number;
  name: string;
  /** ECharts geo order: longitude, latitude. */
  value: [number, number];
  status: number;
  alarmType: number;
  color: string;
}

type MapDevice = Pick<
  DeviceRow,
  'id' | 'device_title' | 'binder_devtitle' | 'device_imei' | 'lat' | 'lng' | 'status' | 'alarm_type'
>;

const validCoordinate = (lat: number | null, lng: number | null): boolean =>
  lat !== null &&
  lng !== null &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180;

export function markerColour(status: number, alarmType: number): string {
  const tag = deviceStatusTag(status, alarmType);
  if (tag.kind === 'offline') return OFFLINE_HEX;
  if (tag.kind === 'normal') return TAG_HEX.success;
  return TAG_HEX[alarmTagColour(tag.alarmType)];
}

const nameOf = (d: MapDevice) => d.binder_devtitle || d.device_title || d.device_imei;

/** Map markers of the devices with usable coordinates, and the devices left off the map. */
export function buildMapData(devices: readonly MapDevice[]): {
  points: MapPoint[];
  withoutCoords: number;
  without: { id: number; name: string }[];
} {
  const points: MapPoint[] = [];
  const without: { id: number; name: string }[] = [];
  for (const d of devices) {
    if (!validCoordinate(d.lat, d.lng)) {
      without.push({ id: d.id, name: nameOf(d) });
      continue;
    }
    points.push({
      id: d.id,
      name: nameOf(d),
      value: [d.lng as number, d.lat as number],
      status: d.status,
      alarmType: d.alarm_type,
      color: markerColour(d.status, d.alarm_type),
    });
  }
  return { points, withoutCoords: without.length, without };
}

/** The most the map zooms in to fit devices: the 1:110m outlines get too coarse beyond this. */
export const MAX_FIT_ZOOM = 12;

/**
 * Where the map opens: centred on the devices' bounding box, zoomed so the box fills about two thirds
 * of the world view (zoom 1 shows the whole world, 360° of longitude); the whole world when there are
 * no devices on it.
 */
export function fitView(points: readonly MapPoint[]): { center?: [number, number]; zoom: number } {
  if (points.length === 0) return { zoom: 1 };
  const lngs = points.map((p) => p.value[0]);
  const lats = points.map((p) => p.value[1]);
  const [minLng, maxLng] = [Math.min(...lngs), Math.max(...lngs)];
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  // Latitude spans count double: the map is about twice as wide as it is tall.
  const span = Math.max(maxLng - minLng, (maxLat - minLat) * 2);
  const zoom = span === 0 ? MAX_FIT_ZOOM : Math.min(MAX_FIT_ZOOM, Math.max(1, 360 / (span * 1.5)));
  return { center: [(minLng + maxLng) / 2, (minLat + maxLat) / 2], zoom };
}
