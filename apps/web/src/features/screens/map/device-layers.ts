import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { MAP_FONT } from './basemap-style';
import { type DeviceCollection, STATE_COLOURS } from './device-geojson';

export const DEVICE_SOURCE = 'devices';
export const CLUSTER_LAYER = 'device-clusters';
export const POINT_LAYER = 'device-points';

/**
 * The devices as a clustered GeoJSON source (MapLibre clusters in its worker): clusters sized by count
 * and red when any device in them alarms, grey when all are offline; single devices coloured by state.
 */
export function addDeviceLayers(map: MapLibreMap, data: DeviceCollection, dark: boolean): void {
  map.addSource(DEVICE_SOURCE, {
    type: 'geojson',
    data: data as unknown as FeatureCollection,
    cluster: true,
    clusterRadius: 48,
    clusterMaxZoom: 14,
    clusterProperties: {
      alarm: ['+', ['get', 'alarm']],
      offline: ['+', ['get', 'offline']],
    },
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: DEVICE_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': [
        'case',
        ['>', ['get', 'alarm'], 0],
        STATE_COLOURS.alarm,
        ['==', ['get', 'offline'], ['get', 'point_count']],
        STATE_COLOURS.offline,
        STATE_COLOURS.online,
      ],
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 30],
      'circle-stroke-width': 2,
      'circle-stroke-color': dark ? '#0b2540' : '#ffffff',
    },
  });
  map.addLayer({
    id: 'device-cluster-count',
    type: 'symbol',
    source: DEVICE_SOURCE,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': MAP_FONT,
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: POINT_LAYER,
    type: 'circle',
    source: DEVICE_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': [
        'match',
        ['get', 'state'],
        'alarm',
        STATE_COLOURS.alarm,
        'offline',
        STATE_COLOURS.offline,
        STATE_COLOURS.online,
      ],
      'circle-radius': 7,
      'circle-stroke-width': 2,
      'circle-stroke-color': dark ? '#0b2540' : '#ffffff',
    },
  });
}

export function setDeviceData(map: MapLibreMap, data: DeviceCollection): void {
  (map.getSource(DEVICE_SOURCE) as GeoJSONSource | undefined)?.setData(data as unknown as FeatureCollection);
}
