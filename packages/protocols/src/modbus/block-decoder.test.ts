import { describe, expect, it } from 'vitest';
import { decodeBlock, type PointCodec } from './block-decoder.js';
import { encodeValue } from './codec.js';
import { planReads } from './planner.js';

describe('decodeBlock', () => {
  const codecs = new Map<string, PointCodec>([
    ['flow', { dataType: 'float', byteOrder: 'CDAB', decimals: 2 }],
    ['temp', { dataType: 'int16', scale: 0.1 }],
    ['name', { dataType: 'string' }],
  ]);
  const plan = planReads([
    { key: 'flow', area: '4X', address: 0, dataType: 'float' },
    { key: 'temp', area: '4X', address: 2, dataType: 'int16' },
    { key: 'name', area: '4X', address: 3, dataType: 'string', registers: 2 },
    { key: 'nocodec', area: '4X', address: 5, dataType: 'uint16' },
    { key: 'run', area: '0X', address: 7 },
    { key: 'fault', area: '0X', address: 9 },
  ]);

  it('decodes every point of a register block', () => {
    const flow = encodeValue(12.5, 'float', { byteOrder: 'CDAB' });
    if (!flow.ok) throw new Error();
    const block = plan.blocks.find((b) => b.area === '4X')!;
    expect(block.keys).toEqual(['flow', 'temp', 'name', 'nocodec']);
    const values = decodeBlock(plan, block.index, [...flow.registers, 0xff9c, 0x4f4b, 0x0000, 7], (k) =>
      codecs.get(k),
    );
    expect(values).toEqual([
      { key: 'flow', result: { ok: true, value: 12.5 } },
      { key: 'temp', result: { ok: true, value: -10 } },
      { key: 'name', result: { ok: true, value: 'OK' } },
      { key: 'nocodec', result: { ok: false, error: 'no codec for point' } },
    ]);
  });

  it('decodes bits as 0/1', () => {
    const block = plan.blocks.find((b) => b.area === '0X')!;
    expect(decodeBlock(plan, block.index, [true, false, false], () => undefined)).toEqual([
      { key: 'run', result: { ok: true, value: 1 } },
      { key: 'fault', result: { ok: true, value: 0 } },
    ]);
  });

  it('refuses data of the wrong length and unknown blocks', () => {
    const block = plan.blocks.find((b) => b.area === '0X')!;
    expect(decodeBlock(plan, block.index, [true], () => undefined).every((v) => !v.result.ok)).toBe(true);
    expect(decodeBlock(plan, 99, [], () => undefined)).toEqual([]);
  });
});
