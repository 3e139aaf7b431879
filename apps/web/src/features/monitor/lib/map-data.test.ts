import { describe, expect, it } from 'vitest';
import { buildMapData, fitView, MAX_FIT_ZOOM, type MapPoint, markerColour, OFFLINE_HEX } from './map-data';

const device = (id: number, lat: number | null, lng: number | null, status = 1, alarm_type = 0) => ({
  id,
  device_title: `Device ${id}`,
  binder_devtitle: null,
  device_imei: `86000000000000${id}`,
  lat,
  lng,
  status,
  alarm_type,
});

describe('buildMapData', () => {
  it('places devices with coordinates as [lng, lat] and counts the others', () => {
    const data = buildMapData([
      device(1, 31.2, 121.5),
      device(2, null, 10),
      device(3, 10, null),
      device(4, 95, 10),
      device(5, 0, 0, 0),
    ]);
    expect(data.points.map((p) => [p.id, p.value])).toEqual([
      [1, [121.5, 31.2]],
      [5, [0, 0]],
    ]);
    expect(data.withoutCoords).toBe(3);
    expect(data.without.map((d) => d.id)).toEqual([2, 3, 4]);
  });

  it('names a marker by its bound title, then title, then IMEI', () => {
    const named = buildMapData([
      { ...device(1, 1, 1), binder_devtitle: 'Mine' },
      { ...device(2, 1, 1), device_title: '' },
    ]);
    expect(named.points.map((p) => p.name)).toEqual(['Mine', '860000000000002']);
  });
});

describe('markerColour', () => {
  it('colours by the SPEC 4 status tag', () => {
    expect(markerColour(0, 1)).toBe(OFFLINE_HEX);
    expect(markerColour(1, 0)).toBe('#52c41a');
    expect(markerColour(1, 1)).toBe('#ff4d4f');
    expect(markerColour(1, 2)).toBe('#1677ff');
    expect(markerColour(1, 104)).toBe('#faad14');
  });
});

describe('fitView', () => {
  const at = (lng: number, lat: number, id = 1): MapPoint => ({
    id,
    name: `d${id}`,
    value: [lng, lat],
    status: 1,
    alarmType: 0,
    color: '#52c41a',
  });
  it('shows the whole world without devices', () => {
    expect(fitView([])).toEqual({ zoom: 1 });
  });
  it('centres on the devices and zooms in as far as the outlines allow for one place', () => {
    expect(fitView([at(120.7, 31.3)])).toEqual({ center: [120.7, 31.3], zoom: MAX_FIT_ZOOM });
  });
  it('zooms out to hold devices far apart, never beyond the whole world', () => {
    const wide = fitView([at(-120, 40, 1), at(120, -30, 2)]);
    expect(wide.center).toEqual([0, 5]);
    expect(wide.zoom).toBe(1);
    const region = fitView([at(100, 20, 1), at(120, 40, 2)]);
    expect(region.zoom).toBeCloseTo(360 / (40 * 1.5));
  });
});
