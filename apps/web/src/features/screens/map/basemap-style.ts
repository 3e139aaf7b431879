import type { MapConfig } from '@fleet/contracts';
import type { StyleSpecification } from 'maplibre-gl';

/** Where the offline basemap is served (apps/web/public/basemap, built by scripts/basemap.mjs). */
export const BASEMAP_PATH = '/basemap/world.pmtiles';
export const GLYPHS_PATH = '/basemap/glyphs/{fontstack}/{range}.pbf';
/** The one font stack the app ships (printable ASCII: cluster counts and numbers). */
export const MAP_FONT = ['FleetSans'];

export type MapTheme = 'light' | 'dark';
const COLOURS: Record<MapTheme, { water: string; land: string; border: string }> = {
  light: { water: '#dbe7f3', land: '#f5f3ee', border: '#b8c2cf' },
  dark: { water: '#071a2f', land: '#11314f', border: '#2f5d86' },
};

/**
 * The MapLibre style of every map (DESIGN 15): the administrator's raster XYZ tiles when configured,
 * otherwise the vector basemap shipped with the app, read through the pmtiles protocol from our own
 * server, so a map shows with no network. Glyphs always come from our server. `origin` is the app's
 * (MapLibre wants absolute URLs).
 */
export function basemapStyle(
  config: MapConfig | undefined,
  theme: MapTheme,
  origin: string,
): StyleSpecification {
  const colours = COLOURS[theme];
  const base: Pick<StyleSpecification, 'version' | 'glyphs'> = {
    version: 8,
    glyphs: `${origin}${GLYPHS_PATH}`,
  };
  if (config?.tile_url) {
    return {
      ...base,
      sources: {
        tiles: {
          type: 'raster',
          tiles: [config.tile_url],
          tileSize: 256,
          maxzoom: 19,
          attribution: config.attribution || undefined,
        },
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': colours.water } },
        { id: 'tiles', type: 'raster', source: 'tiles' },
      ],
    };
  }
  return {
    ...base,
    sources: {
      basemap: {
        type: 'vector',
        url: `pmtiles://${origin}${BASEMAP_PATH}`,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': colours.water } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        // No antialiasing: tile edges of the clipped land polygons would show as seams.
        paint: { 'fill-color': colours.land, 'fill-antialias': false },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        paint: {
          'line-color': colours.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.2],
        },
      },
    ],
  };
}
