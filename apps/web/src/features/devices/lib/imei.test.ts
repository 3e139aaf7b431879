import { describe, expect, it } from 'vitest';
import { parseImeiLines } from './imei';

describe('parseImeiLines (SPEC 5: one per line)', () => {
  it('splits lines, trims and skips blanks', () => {
    expect(parseImeiLines(' 861234567890123 \r\n\n861234567890124\n  \n').imeis).toEqual([
      '861234567890123',
      '861234567890124',
    ]);
  });
  it('reports malformed and repeated lines by their line number', () => {
    const r = parseImeiLines('123456\nabc123\n123456\n12345\n');
    expect(r.imeis).toHaveLength(4);
    expect(r.invalid).toEqual([2, 4]);
    expect(r.duplicates).toEqual([3]);
  });
  it('answers nothing for empty text', () => {
    expect(parseImeiLines('')).toEqual({ imeis: [], invalid: [], duplicates: [] });
  });
});
