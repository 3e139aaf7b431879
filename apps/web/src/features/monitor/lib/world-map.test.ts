import type { FeatureCollection, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { unwrapRing, worldGeoJson } from './world-map';

const jumps = (ring: Position[]) =>
  ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);

describe('world map outline', () => {
  it('moves the western points of an antimeridian ring east and leaves other rings alone', () => {
    const fiji = [
      [178, -17],
      [-179.5, -17],
      [-179.5, -16],
      [178, -17],
    ];
    expect(unwrapRing(fiji)).toEqual([
      [178, -17],
      [180.5, -17],
      [180.5, -16],
      [178, -17],
    ]);
    const plain = [
      [1, 1],
      [2, 1],
      [1, 1],
    ];
    expect(unwrapRing(plain)).toBe(plain);
  });

  it('builds the bundled countries without Antarctica and without map-wide jumps', () => {
    const world = worldGeoJson() as unknown as FeatureCollection;
    expect(world.features.length).toBeGreaterThan(150);
    expect(world.features.some((f) => String(f.id) === '010')).toBe(false);
    for (const f of world.features) {
      const rings =
        f.geometry.type === 'Polygon'
          ? f.geometry.coordinates
          : f.geometry.type === 'MultiPolygon'
            ? f.geometry.coordinates.flat()
            : [];
      for (const ring of rings) expect(jumps(ring), String(f.properties?.name)).toBe(false);
    }
  });
});
