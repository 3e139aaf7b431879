/**
 * Register-block planner: turns the points of one slave into as few block reads as possible.
 *
 * Per area (0X coils, 1X discrete inputs, 3X input registers, 4X holding registers) points are
 * sorted by address and merged greedily into blocks while (a) the unused gap between the block so
 * far and the next point is at most `maxGap` (registers for 3X/4X, bits for 0X/1X) and (b) the
 * block stays within the per-request limit (125 registers / 2000 bits, or lower if configured).
 * A point is never split across blocks. For points that do not overlap this greedy merge yields the
 * minimum number of requests; overlapping and duplicate addresses simply share a block.
 *
 * Invalid points are not fatal: they are listed in `rejected` with a reason and left out.
 */
import { type DataType, MODBUS_AREAS, type ModbusArea, registerCountOf } from '@fleet/contracts';
import { LIMITS, type ModbusRequest, type ReadBitsFunction, type ReadRegistersFunction } from './pdu.js';

export interface PlanPoint<K = string> {
  key: K;
  area: ModbusArea;
  address: number;
  /** Register areas: the data type gives the register count (uint8/int8 use one register). */
  dataType?: DataType;
  /** Register count: required for variable-length types (string, var); must match fixed-size types. */
  registers?: number;
}

export interface PlannerOptions {
  /** Largest unused register gap read across to merge two register points. Default 10. */
  maxGapRegisters?: number;
  /** Largest unused bit gap read across to merge two bit points. Default 80. */
  maxGapBits?: number;
  /** Registers per request, 1-125 (some devices accept fewer). Default 125. */
  maxRegisters?: number;
  /** Bits per request, 1-2000. Default 2000. */
  maxBits?: number;
}

export interface ReadBlock<K = string> {
  index: number;
  /** Keys of the points read by this block, in address order. */
  keys: K[];
  area: ModbusArea;
  fn: ReadBitsFunction | ReadRegistersFunction;
  address: number;
  quantity: number;
  request: ModbusRequest;
}

/** Where a point's value sits: `count` registers (or 1 bit) at `offset` within block `block`. */
export interface Placement {
  block: number;
  offset: number;
  count: number;
}

export interface ReadPlan<K = string> {
  blocks: ReadBlock<K>[];
  placements: Map<K, Placement>;
  rejected: { key: K; reason: string }[];
}

const AREA_ORDER: readonly ModbusArea[] = ['0X', '1X', '3X', '4X'];

function clampInt(v: number | undefined, def: number, min: number, max: number): number {
  if (v === undefined || !Number.isFinite(v)) return def;
  return Math.min(max, Math.max(min, Math.floor(v)));
}

/** Size of a point in its area's units, or a rejection reason. */
function sizeOf(p: PlanPoint<unknown>): number | string {
  const area = MODBUS_AREAS[p.area];
  if (!area) return `unknown area ${String(p.area)}`;
  if (!Number.isInteger(p.address) || p.address < 0 || p.address > LIMITS.maxAddress)
    return 'address must be an integer 0-65535';
  if (area.bits) return 1;
  if (p.registers !== undefined && (!Number.isInteger(p.registers) || p.registers < 1))
    return 'registers must be a positive integer';
  const fixed = p.dataType ? registerCountOf(p.dataType) : null;
  if (fixed !== null) {
    if (p.registers !== undefined && p.registers !== fixed)
      return `${p.dataType} occupies ${fixed} registers, not ${p.registers}`;
    return fixed;
  }
  if (p.registers !== undefined) return p.registers;
  return p.dataType ? `register count required for ${p.dataType}` : 'data type or register count required';
}

export function planReads<K>(points: readonly PlanPoint<K>[], options: PlannerOptions = {}): ReadPlan<K> {
  const maxGapRegisters = clampInt(options.maxGapRegisters, 10, 0, LIMITS.maxReadRegisters);
  const maxGapBits = clampInt(options.maxGapBits, 80, 0, LIMITS.maxReadBits);
  const maxRegisters = clampInt(options.maxRegisters, LIMITS.maxReadRegisters, 1, LIMITS.maxReadRegisters);
  const maxBits = clampInt(options.maxBits, LIMITS.maxReadBits, 1, LIMITS.maxReadBits);

  const rejected: ReadPlan<K>['rejected'] = [];
  const seen = new Set<K>();
  const byArea = new Map<ModbusArea, { key: K; start: number; end: number }[]>();

  for (const p of points) {
    if (seen.has(p.key)) {
      rejected.push({ key: p.key, reason: 'duplicate key' });
      continue;
    }
    const size = sizeOf(p);
    if (typeof size === 'string') {
      rejected.push({ key: p.key, reason: size });
      continue;
    }
    const limit = MODBUS_AREAS[p.area].bits ? maxBits : maxRegisters;
    if (size > limit) {
      rejected.push({ key: p.key, reason: `needs ${size} registers, more than ${limit} per request` });
      continue;
    }
    if (p.address + size > LIMITS.maxAddress + 1) {
      rejected.push({ key: p.key, reason: 'extends past address 65535' });
      continue;
    }
    seen.add(p.key);
    const list = byArea.get(p.area) ?? [];
    list.push({ key: p.key, start: p.address, end: p.address + size });
    byArea.set(p.area, list);
  }

  const blocks: ReadBlock<K>[] = [];
  const placements = new Map<K, Placement>();
  for (const area of AREA_ORDER) {
    const list = byArea.get(area);
    if (!list) continue;
    const bits = MODBUS_AREAS[area].bits;
    const maxQty = bits ? maxBits : maxRegisters;
    const maxGap = bits ? maxGapBits : maxGapRegisters;
    list.sort((a, b) => a.start - b.start || b.end - a.end);
    let cur: { start: number; end: number; members: typeof list } | null = null;
    const close = () => {
      if (!cur) return;
      const index = blocks.length;
      const fn = MODBUS_AREAS[area].read as ReadBitsFunction | ReadRegistersFunction;
      const quantity = cur.end - cur.start;
      blocks.push({
        index,
        keys: cur.members.map((m) => m.key),
        area,
        fn,
        address: cur.start,
        quantity,
        request: { fn, address: cur.start, quantity },
      });
      for (const m of cur.members)
        placements.set(m.key, { block: index, offset: m.start - cur.start, count: m.end - m.start });
    };
    for (const item of list) {
      if (cur && item.start - cur.end <= maxGap && Math.max(cur.end, item.end) - cur.start <= maxQty) {
        cur.end = Math.max(cur.end, item.end);
        cur.members.push(item);
      } else {
        close();
        cur = { start: item.start, end: item.end, members: [item] };
      }
    }
    close();
  }
  return { blocks, placements, rejected };
}

/** The registers (or bits) of one point out of its block's response data. */
export function slicePoint<T>(placement: Placement, blockData: readonly T[]): T[] | null {
  const end = placement.offset + placement.count;
  if (end > blockData.length) return null;
  return blockData.slice(placement.offset, end);
}
