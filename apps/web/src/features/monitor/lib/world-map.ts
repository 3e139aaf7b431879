import type { registerMap } from 'echarts/core';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

/** Name the map is registered under with echarts.registerMap. */
export const WORLD_MAP = 'world';

type MapSource = Parameters<typeof registerMap>[1];

/** Natural Earth id of Antarctica: left off (it wraps the whole map and holds no devices). */
const ANTARCTICA = '010';

/**
 * A flat map draws a ring that crosses the antimeridian (Chukotka, Fiji) as a line across the whole
 * map; moving its western-hemisphere points east by 360° keeps it in one piece just right of 180°.
 */
export function unwrapRing(ring: Position[]): Position[] {
  const crosses = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
  if (!crosses) return ring;
  return ring.map(([lng = 0, lat = 0]) => [lng < 0 ? lng + 360 : lng, lat]);
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

/** The countries as GeoJSON ready for a flat map: no Antarctica, antimeridian rings in one piece. */
export function flatCountries(collection: FeatureCollection): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: collection.features
      .filter((f) => String(f.id) !== ANTARCTICA)
      .map((f): Feature => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
  };
}

/**
 * The countries of Natural Earth 1:110m (world-atlas) as GeoJSON, bundled with the app: the map needs
 * no tile server and works offline.
 */
export function worldGeoJson(): MapSource {
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries) as FeatureCollection;
  return flatCountries(countries) as unknown as MapSource;
}
