import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { getSymbol, SYMBOL_CATEGORIES, SYMBOLS, type SymbolDef, symbolSvg } from './index.js';

// What a built-in symbol may contain: plain shapes and text, nothing that runs, embeds or fetches.
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
]);
const ATTRIBUTES = new Set([
  'xmlns',
  'viewBox',
  'width',
  'height',
  'id',
  'x',
  'y',
  'rx',
  'ry',
  'cx',
  'cy',
  'r',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'font-family',
  'font-size',
  'text-anchor',
]);

interface Parsed {
  tags: { name: string; attributes: Record<string, string> }[];
}

/** Parses with a strict XML parser: any well-formedness error (or duplicate attribute) throws. */
function parse(svg: string): Parsed {
  const parser = new SaxesParser();
  const tags: Parsed['tags'] = [];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) =>
    tags.push({ name: tag.name, attributes: tag.attributes as Record<string, string> }),
  );
  parser.write(svg).close();
  return { tags };
}

describe('built-in symbol library', () => {
  it('has at least 40 symbols with unique ids, covering the industrial categories', () => {
    expect(SYMBOLS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SYMBOLS.map((s) => s.id)).size).toBe(SYMBOLS.length);
    for (const category of [
      'tank',
      'pump',
      'valve',
      'motor',
      'fan',
      'compressor',
      'exchanger',
      'meter',
      'pipe',
      'lamp',
      'switch',
    ]) {
      expect(
        SYMBOLS.some((s) => s.category === category),
        category,
      ).toBe(true);
    }
    expect(getSymbol('pump-centrifugal')?.category).toBe('pump');
    expect(getSymbol('nope')).toBeUndefined();
  });

  it.each(SYMBOLS.map((s) => [s.id, s] as [string, SymbolDef]))(
    '%s is well-formed, safe and declares valid parts and anchors',
    (_id, symbol) => {
      expect(symbol.id).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(SYMBOL_CATEGORIES).toContain(symbol.category);
      for (const lang of ['zh', 'en', 'es'] as const) expect(symbol.names[lang].trim()).not.toBe('');
      expect(symbol.size.w).toBeGreaterThan(0);
      expect(symbol.size.h).toBeGreaterThan(0);

      const { tags } = parse(symbolSvg(symbol));
      expect(tags[0]?.name).toBe('svg');
      const ids = new Map<string, string>();
      for (const tag of tags) {
        expect(ELEMENTS, `<${tag.name}>`).toContain(tag.name);
        for (const [name, value] of Object.entries(tag.attributes)) {
          expect(ATTRIBUTES, `${tag.name}@${name}`).toContain(name);
          expect(name.toLowerCase().startsWith('on')).toBe(false);
          if (name === 'xmlns') expect(value).toBe('http://www.w3.org/2000/svg');
          else expect(value).not.toMatch(/url\(|javascript:|https?:|data:/i);
        }
        const id = tag.attributes.id;
        if (id) {
          expect(ids.has(id), `duplicate id ${id}`).toBe(false);
          ids.set(id, tag.name);
        }
      }

      for (const id of symbol.parts.fill ?? []) expect(ids.has(id), `fill part ${id}`).toBe(true);
      if (symbol.parts.level) {
        const { id, x, y, w, h } = symbol.parts.level;
        expect(ids.get(id), `level part ${id}`).toBe('rect');
        const rect = tags.find((t) => t.attributes.id === id)!.attributes;
        expect([rect.x, rect.y, rect.width, rect.height].map(Number)).toEqual([x, y, w, h]);
      }
      if (symbol.parts.rotation) {
        const { id, cx, cy } = symbol.parts.rotation;
        expect(ids.get(id), `rotation part ${id}`).toBe('g');
        expect(cx >= 0 && cx <= symbol.size.w && cy >= 0 && cy <= symbol.size.h).toBe(true);
      }

      expect(new Set(symbol.anchors.map((a) => a.id)).size).toBe(symbol.anchors.length);
      for (const a of symbol.anchors) {
        expect(a.id).toMatch(/^[A-Za-z]+$/);
        expect(a.x >= 0 && a.x <= 1 && a.y >= 0 && a.y <= 1, `anchor ${a.id}`).toBe(true);
      }
    },
  );

  it('the checker itself refuses what it must', () => {
    expect(() => parse('<svg><rect></svg>')).toThrow();
    expect(() => parse('<svg><rect x="1" x="2"/></svg>')).toThrow();
  });
});
