/**
 * A simulated Modbus slave: a register map built from point definitions whose values follow
 * signals. Answers request ADUs through the protocols `respondToRequest`; unmapped addresses give
 * exception 2 (illegal data address); writes to 0X/4X hold until the next write.
 */
import type { ByteOrder, DataType, ModbusArea } from '@fleet/contracts';
import {
  type CodecOptions,
  decodeValue,
  encodeValue,
  respondToRequest,
  type SlaveMemory,
} from '@fleet/protocols';
import { createSignal, type Signal, type SignalSpec, seedOf } from './signals.js';

export interface SlavePoint {
  /** Name used in logs and `valueOf`; default `<area>:<address>`. */
  name?: string;
  area: ModbusArea;
  address: number;
  /** Register types only (default uint16); ignored for 0X/1X bits. */
  dataType?: DataType;
  byteOrder?: ByteOrder;
  scale?: number;
  offset?: number;
  /** Default: a constant 0. */
  signal?: SignalSpec;
}

interface MappedPoint {
  name: string;
  area: ModbusArea;
  address: number;
  words: number;
  dataType: DataType;
  codec: CodecOptions;
  signal: Signal;
  held: boolean;
}

const isBitArea = (a: ModbusArea) => a === '0X' || a === '1X';

export class SimulatedSlave implements SlaveMemory {
  private readonly bits = { '0X': new Map<number, boolean>(), '1X': new Map<number, boolean>() };
  private readonly regs = { '3X': new Map<number, number>(), '4X': new Map<number, number>() };
  private readonly points: MappedPoint[] = [];
  private readonly byName = new Map<string, MappedPoint>();

  constructor(
    readonly id: number,
    points: readonly SlavePoint[],
    options: { seed?: number } = {},
  ) {
    if (!Number.isInteger(id) || id < 1 || id > 254) throw new RangeError('slave id must be 1-254');
    const seed = options.seed ?? id;
    for (const p of points) {
      const name = p.name ?? `${p.area}:${p.address}`;
      const dataType = isBitArea(p.area) ? 'uint16' : (p.dataType ?? 'uint16');
      const codec: CodecOptions = { byteOrder: p.byteOrder, scale: p.scale, offset: p.offset };
      const probe = isBitArea(p.area) ? null : encodeValue(0, dataType, codec);
      if (probe && !probe.ok) throw new RangeError(`point ${name}: ${probe.error}`);
      const words = probe?.ok ? probe.registers.length : 1;
      if (!Number.isInteger(p.address) || p.address < 0 || p.address + words - 1 > 0xffff)
        throw new RangeError(`point ${name}: address out of range`);
      const mp: MappedPoint = {
        name,
        area: p.area,
        address: p.address,
        words,
        dataType,
        codec,
        signal: createSignal(p.signal ?? { kind: 'constant', value: 0 }, seedOf(`${seed}:${name}`)),
        held: false,
      };
      this.points.push(mp);
      this.byName.set(name, mp);
      this.store(mp, mp.signal.value);
    }
  }

  /** Advance every signal to `nowMs` (written points keep their written value). */
  tick(nowMs: number): void {
    for (const p of this.points) if (!p.held) this.store(p, p.signal.tick(nowMs));
  }

  /** The response ADU to a request ADU, or null when this slave stays silent. */
  handle(adu: Uint8Array): Uint8Array | null {
    return respondToRequest(this.id, this, adu);
  }

  /** Current decoded value of a point (bits as 0/1). */
  valueOf(name: string): number | string | undefined {
    const p = this.byName.get(name);
    if (!p) return undefined;
    if (p.area === '0X' || p.area === '1X') return this.bits[p.area].get(p.address) ? 1 : 0;
    const words = Array.from(
      { length: p.words },
      (_, i) => this.regs[p.area as '3X' | '4X'].get(p.address + i) ?? 0,
    );
    const r = decodeValue(words, p.dataType, p.codec);
    return r.ok ? r.value : undefined;
  }

  pointNames(): string[] {
    return this.points.map((p) => p.name);
  }

  private store(p: MappedPoint, value: number): void {
    if (p.area === '0X' || p.area === '1X') {
      this.bits[p.area].set(p.address, value !== 0);
      return;
    }
    let r = encodeValue(value, p.dataType, p.codec);
    if (!r.ok) r = encodeValue(0, p.dataType, p.codec); // signal outside the type's range: 0
    if (!r.ok) return;
    const m = this.regs[p.area];
    r.registers.forEach((w, i) => {
      m.set(p.address + i, w);
    });
  }

  private holdCovering(area: ModbusArea, address: number, count: number): void {
    for (const p of this.points) {
      if (p.area === area && p.address < address + count && address < p.address + p.words) p.held = true;
    }
  }

  // SlaveMemory: null / false = illegal data address

  readBits(area: '0X' | '1X', address: number, quantity: number): boolean[] | null {
    const m = this.bits[area];
    const out: boolean[] = [];
    for (let i = 0; i < quantity; i++) {
      const v = m.get(address + i);
      if (v === undefined) return null;
      out.push(v);
    }
    return out;
  }

  readRegisters(area: '3X' | '4X', address: number, quantity: number): number[] | null {
    const m = this.regs[area];
    const out: number[] = [];
    for (let i = 0; i < quantity; i++) {
      const v = m.get(address + i);
      if (v === undefined) return null;
      out.push(v);
    }
    return out;
  }

  writeBits(address: number, values: readonly boolean[]): boolean {
    const m = this.bits['0X'];
    for (let i = 0; i < values.length; i++) if (!m.has(address + i)) return false;
    values.forEach((v, i) => {
      m.set(address + i, v);
    });
    this.holdCovering('0X', address, values.length);
    return true;
  }

  writeRegisters(address: number, values: readonly number[]): boolean {
    const m = this.regs['4X'];
    for (let i = 0; i < values.length; i++) if (!m.has(address + i)) return false;
    values.forEach((v, i) => {
      m.set(address + i, v);
    });
    this.holdCovering('4X', address, values.length);
    return true;
  }
}
