import { describe, expect, it } from 'vitest';
import { SVG_PAYLOADS } from './svg-payloads.fixtures.js';
import { sanitizeSvg } from './svg-sanitize.js';

const svg = (text: string) => sanitizeSvg(Buffer.from(text, 'utf8'));

describe('sanitizeSvg', () => {
  it('has at least 12 distinct known payloads', () => {
    expect(new Set(SVG_PAYLOADS.map((p) => p.svg)).size).toBeGreaterThanOrEqual(12);
  });

  for (const payload of SVG_PAYLOADS) {
    it(`${payload.expect === 'refused' ? 'refuses' : 'cleans'}: ${payload.name}`, () => {
      const result = svg(payload.svg);
      if (payload.expect === 'refused') {
        expect(result.ok).toBe(false);
        return;
      }
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.svg).not.toMatch(payload.forbidden!);
      expect(result.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      // The harmless rest survives.
      if (payload.svg.includes('id="keep"')) expect(result.svg).toMatch(/<(rect|path)/);
    });
  }

  it('keeps a harmless drawing: gradients, local url(#id), use of a local id, a raster data image', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const result = svg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 20">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#ccc"/><stop offset="1" stop-color="#333"/></linearGradient>
        <circle id="c" r="3"/></defs>
        <rect width="20" height="20" fill="url(#g)"/><use xlink:href="#c" x="5" y="5"/>
        <image width="4" height="4" href="${png}"/></svg>`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).toContain('viewBox="0 0 20 20"');
    expect(result.svg).toMatch(/url\(#\w+\)/);
    expect(result.svg).toMatch(/href="#\w+"/);
    expect(result.svg).toContain('data:image/png;base64,');
    expect(result.svg).toContain('linearGradient');
  });

  it('refuses a file whose root is not svg and an empty file', () => {
    expect(svg('<g xmlns="http://www.w3.org/2000/svg"/>')).toEqual({ ok: false, reason: 'notSvg' });
    expect(svg('')).toMatchObject({ ok: false });
    expect(svg('\x89PNG\r\n\x1a\n')).toMatchObject({ ok: false });
  });

  it('names a DTD as the reason', () => {
    expect(svg('<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>')).toEqual({
      ok: false,
      reason: 'entities',
    });
  });
});
