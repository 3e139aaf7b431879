import { describe, expect, it } from 'vitest';
import { basemapStyle } from './basemap-style';

describe('basemapStyle', () => {
  it('reads the offline basemap from our own server when no tile URL is set', () => {
    const style = basemapStyle({ tile_url: null, attribution: '' }, 'dark', 'http://app.test');
    expect(style.sources.basemap).toMatchObject({
      type: 'vector',
      url: 'pmtiles://http://app.test/basemap/world.pmtiles',
    });
    expect(style.glyphs).toBe('http://app.test/basemap/glyphs/{fontstack}/{range}.pbf');
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'land', 'borders']);
  });

  it("uses the administrator's raster tiles when configured", () => {
    const url = 'https://tiles.example.test/{z}/{x}/{y}.png';
    const style = basemapStyle({ tile_url: url, attribution: '© Example' }, 'light', 'http://app.test');
    expect(style.sources.tiles).toMatchObject({ type: 'raster', tiles: [url], attribution: '© Example' });
    expect(Object.keys(style.sources)).toEqual(['tiles']);
    // Glyphs stay local whatever the tiles: cluster counts never need a remote font.
    expect(style.glyphs).toContain('http://app.test/basemap/glyphs/');
  });
});
