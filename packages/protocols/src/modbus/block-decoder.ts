/**
 * Turns the response data of one planned block into point values: slices each point out of the
 * block (planner placements) and decodes it (codec). Pure; a bad point never affects the others.
 */
import type { ByteOrder, DataType } from '@fleet/contracts';
import { type DecodeResult, decodeBit, decodeValue } from './codec.js';
import { type ReadPlan, slicePoint } from './planner.js';

export interface PointCodec {
  dataType: DataType;
  byteOrder?: ByteOrder;
  scale?: number;
  offset?: number;
  decimals?: number;
}

export interface PointValue<K> {
  key: K;
  result: DecodeResult;
}

/**
 * Values of every point read by block `blockIndex`, given the block's response data
 * (`registers` for 3X/4X, `bits` for 0X/1X). Points without a codec (register areas) are reported
 * as errors.
 */
export function decodeBlock<K>(
  plan: ReadPlan<K>,
  blockIndex: number,
  data: readonly number[] | readonly boolean[],
  codecOf: (key: K) => PointCodec | undefined,
): PointValue<K>[] {
  const block = plan.blocks[blockIndex];
  if (!block) return [];
  const bits = block.area === '0X' || block.area === '1X';
  if (data.length !== block.quantity) {
    return block.keys.map((key) => ({
      key,
      result: { ok: false, error: 'block data has the wrong length' },
    }));
  }
  return block.keys.map((key): PointValue<K> => {
    const placement = plan.placements.get(key);
    const slice = placement ? slicePoint<number | boolean>(placement, data) : null;
    if (!slice) return { key, result: { ok: false, error: 'point not in this block' } };
    if (bits) return { key, result: { ok: true, value: decodeBit(slice[0] as boolean) } };
    const codec = codecOf(key);
    if (!codec) return { key, result: { ok: false, error: 'no codec for point' } };
    const registers = slice as number[];
    return {
      key,
      result: decodeValue(registers, codec.dataType, {
        byteOrder: codec.byteOrder,
        scale: codec.scale,
        offset: codec.offset,
        decimals: codec.decimals,
        registers: registers.length,
      }),
    };
  });
}
