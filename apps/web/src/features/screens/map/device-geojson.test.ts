import type { MapDevice } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import { boundsOf, devicesToGeoJson, mapState } from './device-geojson';

const device = (id: number, lat: number, lng: number, status = 1, alarm_type = 0): MapDevice => ({
  id,
  device_title: `d${id}`,
  lat,
  lng,
  status,
  alarm_type,
});

describe('devicesToGeoJson (clustering input)', () => {
  it('places each device at [lng, lat] with counters a cluster can sum', () => {
    const fc = devicesToGeoJson([
      device(1, 31.2, 121.5),
      device(2, 39.9, 116.4, 1, 101),
      device(3, 0, 0, 0, 1),
    ]);
    expect(fc.features.map((f) => f.geometry.coordinates)).toEqual([
      [121.5, 31.2],
      [116.4, 39.9],
      [0, 0],
    ]);
    expect(fc.features.map((f) => [f.properties.state, f.properties.alarm, f.properties.offline])).toEqual([
      ['online', 0, 0],
      ['alarm', 1, 0],
      // Offline wins over a stale alarm type.
      ['offline', 0, 1],
    ]);
    expect(fc.features[1]!.id).toBe(2);
  });

  it('leaves out coordinates outside WGS-84', () => {
    const fc = devicesToGeoJson([
      device(1, 95, 10),
      device(2, 10, 200),
      device(3, Number.NaN, 1),
      device(4, -90, 180),
    ]);
    expect(fc.features.map((f) => f.id)).toEqual([4]);
  });

  it('applies live status changes over the fetched rows', () => {
    const fc = devicesToGeoJson(
      [device(1, 1, 1), device(2, 2, 2)],
      new Map([
        [1, { alarmType: 1 }],
        [2, { status: 0 }],
      ]),
    );
    expect(fc.features.map((f) => f.properties.state)).toEqual(['alarm', 'offline']);
  });

  it('knows the bounds of what it places', () => {
    expect(boundsOf(devicesToGeoJson([]))).toBeNull();
    expect(boundsOf(devicesToGeoJson([device(1, 10, -5), device(2, -20, 30)]))).toEqual([
      [-5, -20],
      [30, 10],
    ]);
  });

  it('maps SPEC 4 status tags to three colours', () => {
    expect(mapState(1, 0)).toBe('online');
    expect(mapState(0, 0)).toBe('offline');
    expect(mapState(1, 2)).toBe('alarm');
  });
});
