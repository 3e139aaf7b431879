import { describe, expect, it } from 'vitest';
import { type PlanPoint, planReads, slicePoint } from './planner.js';

const reg = (
  key: string,
  address: number,
  dataType: PlanPoint['dataType'] = 'uint16',
  area: PlanPoint['area'] = '4X',
) => ({ key, area, address, dataType }) satisfies PlanPoint;

describe('planReads', () => {
  it('20 adjacent registers become one request', () => {
    const points = Array.from({ length: 20 }, (_, i) => reg(`p${i}`, 100 + i));
    const plan = planReads(points);
    expect(plan.blocks).toHaveLength(1);
    expect(plan.blocks[0]).toMatchObject({ area: '4X', fn: 0x03, address: 100, quantity: 20 });
    expect(plan.blocks[0]!.request).toEqual({ fn: 0x03, address: 100, quantity: 20 });
    expect(plan.placements.get('p0')).toEqual({ block: 0, offset: 0, count: 1 });
    expect(plan.placements.get('p19')).toEqual({ block: 0, offset: 19, count: 1 });
    expect(plan.rejected).toEqual([]);
  });

  it('merges across a gap up to maxGap and splits beyond it', () => {
    // uint16 at 0 ends at 1; next at 11 -> gap 10 (merged), at 12 -> gap 11 (split)
    expect(planReads([reg('a', 0), reg('b', 11)]).blocks).toHaveLength(1);
    expect(planReads([reg('a', 0), reg('b', 12)]).blocks).toHaveLength(2);
    expect(planReads([reg('a', 0), reg('b', 12)], { maxGapRegisters: 11 }).blocks).toHaveLength(1);
    expect(planReads([reg('a', 0), reg('b', 2)], { maxGapRegisters: 0 }).blocks).toHaveLength(2);
    expect(planReads([reg('a', 0), reg('b', 1)], { maxGapRegisters: 0 }).blocks).toHaveLength(1);
  });

  it('uses register counts of the data types', () => {
    const plan = planReads([
      reg('f', 0, 'float'),
      reg('d', 2, 'double'),
      reg('i8', 6, 'int8'),
      { key: 'u32', area: '4X', address: 12, dataType: 'uint32', registers: 2 },
      { key: 's', area: '4X', address: 7, dataType: 'string', registers: 5 },
    ]);
    expect(plan.blocks).toEqual([expect.objectContaining({ address: 0, quantity: 14 })]);
    expect(plan.placements.get('d')).toEqual({ block: 0, offset: 2, count: 4 });
    expect(plan.placements.get('s')).toEqual({ block: 0, offset: 7, count: 5 });
  });

  it('respects 125 registers per request without splitting a point', () => {
    const points = Array.from({ length: 200 }, (_, i) => reg(`p${i}`, i));
    const plan = planReads(points);
    expect(plan.blocks.map((b) => [b.address, b.quantity])).toEqual([
      [0, 125],
      [125, 75],
    ]);
    // a float at 124 does not fit in a block starting at 0 (would need 126)
    const p2 = planReads([...Array.from({ length: 124 }, (_, i) => reg(`r${i}`, i)), reg('f', 124, 'float')]);
    expect(p2.blocks.map((b) => [b.address, b.quantity])).toEqual([
      [0, 124],
      [124, 2],
    ]);
    for (const plan3 of [plan, p2]) for (const b of plan3.blocks) expect(b.quantity).toBeLessThanOrEqual(125);
  });

  it('respects a lower configured register limit', () => {
    const plan = planReads(
      Array.from({ length: 30 }, (_, i) => reg(`p${i}`, i)),
      { maxRegisters: 10 },
    );
    expect(plan.blocks.map((b) => b.quantity)).toEqual([10, 10, 10]);
  });

  it('plans bits for 0X/1X: 2000 per request and bit gaps', () => {
    const coils = Array.from({ length: 2001 }, (_, i) => ({ key: `c${i}`, area: '0X' as const, address: i }));
    const plan = planReads(coils);
    expect(plan.blocks.map((b) => [b.fn, b.address, b.quantity])).toEqual([
      [0x01, 0, 2000],
      [0x01, 2000, 1],
    ]);
    const di = planReads([
      { key: 'a', area: '1X', address: 0 },
      { key: 'b', area: '1X', address: 81 },
      { key: 'c', area: '1X', address: 163 },
    ]);
    expect(di.blocks.map((b) => [b.fn, b.address, b.quantity])).toEqual([
      [0x02, 0, 82],
      [0x02, 163, 1],
    ]);
  });

  it('keeps areas apart and orders blocks 0X, 1X, 3X, 4X', () => {
    const plan = planReads([
      reg('h', 0, 'uint16', '4X'),
      reg('i', 0, 'uint16', '3X'),
      { key: 'd', area: '1X', address: 0 },
      { key: 'c', area: '0X', address: 0 },
    ]);
    expect(plan.blocks.map((b) => [b.area, b.fn])).toEqual([
      ['0X', 1],
      ['1X', 2],
      ['3X', 4],
      ['4X', 3],
    ]);
  });

  it('handles overlapping and same-address points', () => {
    const plan = planReads([reg('lo', 11, 'uint16'), reg('both', 10, 'uint32'), reg('again', 10, 'int16')]);
    expect(plan.blocks).toEqual([expect.objectContaining({ address: 10, quantity: 2 })]);
    expect(plan.placements.get('lo')).toEqual({ block: 0, offset: 1, count: 1 });
    expect(plan.placements.get('again')).toEqual({ block: 0, offset: 0, count: 1 });
  });

  it('rejects invalid points without failing the plan', () => {
    const plan = planReads([
      reg('ok', 0),
      reg('ok', 1),
      { key: 'str', area: '4X', address: 5, dataType: 'string' },
      { key: 'big', area: '4X', address: 5, registers: 126 },
      { key: 'end', area: '4X', address: 65535, dataType: 'float' },
      { key: 'neg', area: '3X', address: -1, dataType: 'uint16' },
      { key: 'area', area: '5X' as never, address: 1, dataType: 'uint16' },
      { key: 'none', area: '4X', address: 1 },
      { key: 'zero', area: '4X', address: 1, registers: 0 },
      { key: 'short', area: '4X', address: 1, dataType: 'float', registers: 1 },
    ]);
    expect(plan.blocks).toHaveLength(1);
    expect(plan.rejected.map((r) => r.key)).toEqual([
      'ok',
      'str',
      'big',
      'end',
      'neg',
      'area',
      'none',
      'zero',
      'short',
    ]);
    expect(plan.rejected[0]!.reason).toBe('duplicate key');
    expect(plan.rejected.at(-1)!.reason).toBe('float occupies 2 registers, not 1');
  });

  it('fuzz: every point is placed inside a block that respects the limits', () => {
    let seed = 99;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 0x100000000;
    };
    const types = ['uint16', 'int32', 'float', 'double', 'int8'] as const;
    for (let round = 0; round < 100; round++) {
      const points: PlanPoint<number>[] = Array.from({ length: 1 + Math.floor(rnd() * 80) }, (_, key) => ({
        key,
        area: (['0X', '1X', '3X', '4X'] as const)[Math.floor(rnd() * 4)]!,
        address: Math.floor(rnd() * 600),
        dataType: types[Math.floor(rnd() * types.length)]!,
      }));
      const gap = Math.floor(rnd() * 20);
      const plan = planReads(points, { maxGapRegisters: gap, maxGapBits: gap });
      expect(plan.rejected).toEqual([]);
      for (const p of points) {
        const at = plan.placements.get(p.key)!;
        const block = plan.blocks[at.block]!;
        expect(block.area).toBe(p.area);
        expect(block.address + at.offset).toBe(p.address);
        expect(at.offset + at.count).toBeLessThanOrEqual(block.quantity);
        expect(block.quantity).toBeLessThanOrEqual(p.area === '0X' || p.area === '1X' ? 2000 : 125);
      }
      // blocks of one area are in address order (they overlap only by a point that did not fit)
      for (let i = 1; i < plan.blocks.length; i++) {
        const a = plan.blocks[i - 1]!;
        const b = plan.blocks[i]!;
        if (a.area === b.area) expect(b.address).toBeGreaterThanOrEqual(a.address + a.quantity - 3);
      }
    }
  });
});

describe('slicePoint', () => {
  it('cuts a point out of its block data', () => {
    expect(slicePoint({ block: 0, offset: 2, count: 2 }, [0, 1, 2, 3, 4])).toEqual([2, 3]);
    expect(slicePoint({ block: 0, offset: 4, count: 2 }, [0, 1, 2, 3, 4])).toBeNull();
  });
});
