import { describe, expect, it } from 'vitest';
import { columnsWidth, wideTable } from './wide-table';

describe('wide tables', () => {
  it('scroll.x is the sum of the column widths, groups counted by their children', () => {
    const columns = [
      { width: 170 },
      { width: 200, children: [{ width: 120 }, { width: 90 }] },
      { width: '20%' },
      {},
      { width: 130 },
    ];
    expect(columnsWidth(columns)).toBe(170 + 120 + 90 + 130);
    expect(wideTable(columns)).toEqual({ scroll: { x: 510 }, tableLayout: 'auto' });
  });
});
