// Builds the offline basemap (DESIGN 15) into apps/web/public/basemap/, served by our own server:
//   world.pmtiles   vector tiles z0-5 of Natural Earth land and country borders (world-atlas package),
//                   a PMTiles v3 archive (gzip tiles, Hilbert-ordered single root directory);
//   glyphs/FleetSans/0-255.pbf   SDF glyphs of printable ASCII (cluster counts, numbers) rendered from
//                   the DejaVu Sans Bold font of the machine (fonts-dejavu), so no label needs a remote font.
// Run once after changing it and commit the output (about 1-2 MB):   node scripts/basemap.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import GeoJSONVT from 'geojson-vt';

const geojsonvt = (data, options) => new GeoJSONVT(data, options);

import opentype from 'opentype.js';
import { PbfWriter as Pbf } from 'pbf';
import { zxyToTileId } from 'pmtiles';
import { feature, mesh } from 'topojson-client';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'apps/web/public/basemap');
const atlas = (name) => JSON.parse(readFileSync(join(root, 'node_modules/world-atlas', name), 'utf8'));
export const MAX_ZOOM = 5;

/** Land polygons and country borders of one world-atlas resolution, as GeoJSON feature collections. */
function layersOf(resolution) {
  const land = atlas(`land-${resolution}.json`);
  const countries = atlas(`countries-${resolution}.json`);
  return {
    land: feature(land, land.objects.land),
    borders: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: mesh(countries, countries.objects.countries, (a, b) => a !== b),
        },
      ],
    },
  };
}

function buildTiles() {
  const options = (maxZoom) => ({ maxZoom, indexMaxZoom: maxZoom, tolerance: 3, extent: 4096, buffer: 64 });
  // Coarse outlines where the whole world shows, finer ones from zoom 3.
  const coarse = layersOf('110m');
  const fine = layersOf('50m');
  const index = {
    coarse: { land: geojsonvt(coarse.land, options(2)), borders: geojsonvt(coarse.borders, options(2)) },
    fine: {
      land: geojsonvt(fine.land, options(MAX_ZOOM)),
      borders: geojsonvt(fine.borders, options(MAX_ZOOM)),
    },
  };
  const tiles = [];
  for (let z = 0; z <= MAX_ZOOM; z++) {
    const set = z <= 2 ? index.coarse : index.fine;
    for (let x = 0; x < 2 ** z; x++) {
      for (let y = 0; y < 2 ** z; y++) {
        const layers = {};
        for (const name of ['land', 'borders']) {
          const tile = set[name].getTile(z, x, y);
          if (tile && tile.features.length > 0) layers[name] = tile;
        }
        if (Object.keys(layers).length === 0) continue; // open sea: the background colour shows
        tiles.push({ id: zxyToTileId(z, x, y), data: gzipSync(fromGeojsonVt(layers, { version: 2 })) });
      }
    }
  }
  return tiles.sort((a, b) => a.id - b.id);
}

function writeVarint(bytes, value) {
  let v = value;
  while (v >= 0x80) {
    bytes.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  bytes.push(v);
}

/** PMTiles v3 directory: counts, then delta ids, run lengths, lengths and offsets (0 = contiguous). */
function serializeDirectory(entries) {
  const bytes = [];
  writeVarint(bytes, entries.length);
  let last = 0;
  for (const e of entries) {
    writeVarint(bytes, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) writeVarint(bytes, e.runLength);
  for (const e of entries) writeVarint(bytes, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    writeVarint(bytes, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Buffer.from(bytes));
}

function pmtiles(tiles) {
  // Identical tiles (whole-land squares) are stored once; runs of consecutive ids share one entry.
  const byHash = new Map();
  const blobs = [];
  let size = 0;
  const entries = [];
  for (const tile of tiles) {
    const hash = createHash('sha256').update(tile.data).digest('hex');
    let blob = byHash.get(hash);
    if (!blob) {
      blob = { offset: size, length: tile.data.length };
      byHash.set(hash, blob);
      blobs.push(tile.data);
      size += tile.data.length;
    }
    const prev = entries[entries.length - 1];
    if (prev && prev.offset === blob.offset && prev.tileId + prev.runLength === tile.id) prev.runLength++;
    else entries.push({ tileId: tile.id, offset: blob.offset, length: blob.length, runLength: 1 });
  }
  const directory = serializeDirectory(entries);
  const metadata = gzipSync(
    Buffer.from(
      JSON.stringify({
        name: 'Fleet offline basemap',
        attribution: 'Natural Earth (public domain), via world-atlas',
        vector_layers: [
          { id: 'land', fields: {}, minzoom: 0, maxzoom: MAX_ZOOM },
          { id: 'borders', fields: {}, minzoom: 0, maxzoom: MAX_ZOOM },
        ],
      }),
    ),
  );
  if (127 + directory.length > 16384) throw new Error('root directory too large for one PMTiles root');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const dataOffset = metadataOffset + metadata.length;
  const u64 = (value, at) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(directory.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(dataOffset, 40); // no leaf directories
  u64(0, 48);
  u64(dataOffset, 56);
  u64(size, 64);
  u64(tiles.length, 72);
  u64(entries.length, 80);
  u64(blobs.length, 88);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(2, 97); // internal compression gzip
  header.writeUInt8(2, 98); // tile compression gzip
  header.writeUInt8(1, 99); // mvt
  header.writeUInt8(0, 100);
  header.writeUInt8(MAX_ZOOM, 101);
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header.writeUInt8(1, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(20e7, 123);
  return Buffer.concat([header, directory, metadata, ...blobs]);
}

// --- SDF glyphs (the format of mapbox/node-fontnik: 24 px em, 3 px buffer, radius 8, cutoff 0.25) ---
const FONT_SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;

/** The glyph outline as line segments (curves flattened) in pixels, y pointing down. */
function segmentsOf(path) {
  const segments = [];
  let start = null;
  let at = null;
  const line = (to) => {
    segments.push([at[0], at[1], to[0], to[1]]);
    at = to;
  };
  for (const c of path.commands) {
    if (c.type === 'M') start = at = [c.x, c.y];
    else if (c.type === 'L') line([c.x, c.y]);
    else if (c.type === 'Q' || c.type === 'C') {
      const from = at;
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        line(
          c.type === 'Q'
            ? [
                u * u * from[0] + 2 * u * t * c.x1 + t * t * c.x,
                u * u * from[1] + 2 * u * t * c.y1 + t * t * c.y,
              ]
            : [
                u ** 3 * from[0] + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t ** 3 * c.x,
                u ** 3 * from[1] + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t ** 3 * c.y,
              ],
        );
      }
    } else if (c.type === 'Z' && start && at && (at[0] !== start[0] || at[1] !== start[1])) line(start);
  }
  return segments;
}

function signedDistance(px, py, segments) {
  let best = Infinity;
  let winding = 0;
  for (const [x1, y1, x2, y2] of segments) {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len));
    const d = Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
    if (d < best) best = d;
    if (y1 <= py !== y2 <= py) {
      const cross = x1 + ((py - y1) / (y2 - y1)) * dx;
      if (cross > px) winding += y2 > y1 ? 1 : -1;
    }
  }
  return winding !== 0 ? -best : best;
}

function glyphOf(font, code) {
  const glyph = font.charToGlyph(String.fromCharCode(code));
  const path = glyph.getPath(0, 0, FONT_SIZE);
  const box = path.getBoundingBox();
  const advance = Math.round((glyph.advanceWidth ?? 0) * (FONT_SIZE / font.unitsPerEm));
  if (!Number.isFinite(box.x1) || box.x2 <= box.x1)
    return { id: code, width: 0, height: 0, left: 0, top: -26, advance };
  const left = Math.floor(box.x1);
  const topY = Math.floor(box.y1);
  const width = Math.ceil(box.x2) - left;
  const height = Math.ceil(box.y2) - topY;
  const segments = segmentsOf(path);
  const w = width + 2 * BUFFER;
  const h = height + 2 * BUFFER;
  const bitmap = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = signedDistance(left - BUFFER + x + 0.5, topY - BUFFER + y + 0.5, segments);
      bitmap[y * w + x] = Math.max(0, Math.min(255, Math.round(255 * (1 - CUTOFF - d / RADIUS))));
    }
  }
  // top: the glyph's upper edge above the baseline, less the ascender fontnik subtracts (24 px em).
  return { id: code, bitmap, width, height, left, top: -topY - 24, advance };
}

function glyphRange(fontPath, name) {
  const font = opentype.parse(readFileSync(fontPath).buffer);
  const pbf = new Pbf();
  pbf.writeMessage(1, (_, out) => {
    out.writeStringField(1, name);
    out.writeStringField(2, '0-255');
    for (let code = 32; code < 127; code++) {
      const g = glyphOf(font, code);
      out.writeMessage(3, (__, o) => {
        o.writeVarintField(1, g.id);
        if (g.bitmap) o.writeBytesField(2, g.bitmap);
        o.writeVarintField(3, g.width);
        o.writeVarintField(4, g.height);
        o.writeSVarintField(5, g.left);
        o.writeSVarintField(6, g.top);
        o.writeVarintField(7, g.advance);
      });
    }
  });
  return Buffer.from(pbf.finish());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(join(out, 'glyphs/FleetSans'), { recursive: true });
  const archive = pmtiles(buildTiles());
  writeFileSync(join(out, 'world.pmtiles'), archive);
  const glyphs = glyphRange('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', 'FleetSans');
  writeFileSync(join(out, 'glyphs/FleetSans/0-255.pbf'), glyphs);
  console.log(JSON.stringify({ pmtiles_bytes: archive.length, glyph_bytes: glyphs.length }));
}
