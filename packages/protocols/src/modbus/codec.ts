/**
 * Value codec: Modbus registers/bits <-> point values, per SPEC 3 data types and byte orders.
 *
 * Byte orders name the wire order of the bytes of a big-endian value A B C D (A most significant):
 * - ABCD big endian (as sent)           - CDAB word swap (low word first)
 * - BADC byte swap within each word      - DCBA fully reversed (little endian)
 * For 64-bit values the same rule extends to four words (CDAB = words reversed, BADC = bytes swapped
 * within words). For one-register types, BADC and DCBA swap the two bytes, ABCD and CDAB do not.
 * uint8/int8 are the low byte of the (order-adjusted) register; strings are ASCII, two characters
 * per register (high byte first; BADC/DCBA swap each pair), trailing NULs trimmed, other
 * non-printable bytes shown as '?'.
 *
 * 64-bit integers: decoded values are plain numbers when within +-(2^53 - 1). Beyond that, an
 * unscaled value is answered as its exact decimal string (JSON safe, no bigint leaks into readings);
 * a scaled one is converted to the nearest double first. `decodeRaw` gives the exact bigint.
 *
 * Scaling: value = raw * scale + offset, then rounded to `decimals` (half away from zero).
 * Encoding inverts it: raw = (value - offset) / scale, rounded to an integer for integer types, and
 * range-checked: out of range is an error, never wrapped.
 */
import type { ByteOrder, DataType } from '@fleet/contracts';

export interface ScaleOptions {
  /** Multiplier, default 1; must be finite and non-zero. */
  scale?: number;
  /** Added after scaling, default 0. */
  offset?: number;
  /** Round to this many decimals (0-10); undefined = no rounding. */
  decimals?: number;
}

export interface CodecOptions extends ScaleOptions {
  byteOrder?: ByteOrder;
  /** Register count for `string` (and the exact count to encode). */
  registers?: number;
}

export type DecodedValue = number | string;
export type DecodeResult = { ok: true; value: DecodedValue } | { ok: false; error: string };
export type EncodeResult = { ok: true; registers: number[] } | { ok: false; error: string };

const FIXED_WORDS: Partial<Record<DataType, number>> = {
  uint8: 1,
  int8: 1,
  uint16: 1,
  int16: 1,
  uint32: 2,
  int32: 2,
  float: 2,
  uint64: 4,
  int64: 4,
  double: 4,
};

const swapsBytes = (o: ByteOrder) => o === 'BADC' || o === 'DCBA';
const reversesWords = (o: ByteOrder) => o === 'CDAB' || o === 'DCBA';

/** Wire registers -> big-endian bytes (A B C D ...) according to the byte order. */
export function registersToBytes(words: readonly number[], order: ByteOrder = 'ABCD'): Uint8Array {
  const n = words.length;
  const out = new Uint8Array(2 * n);
  for (let i = 0; i < n; i++) {
    const w = words[reversesWords(order) ? n - 1 - i : i]! & 0xffff;
    const hi = w >> 8;
    const lo = w & 0xff;
    out[2 * i] = swapsBytes(order) ? lo : hi;
    out[2 * i + 1] = swapsBytes(order) ? hi : lo;
  }
  return out;
}

/** Big-endian bytes -> wire registers according to the byte order (inverse of registersToBytes). */
export function bytesToRegisters(bytes: Uint8Array, order: ByteOrder = 'ABCD'): number[] {
  const n = bytes.length >> 1;
  const words: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = bytes[2 * i]!;
    const b = bytes[2 * i + 1]!;
    const w = swapsBytes(order) ? (b << 8) | a : (a << 8) | b;
    words[reversesWords(order) ? n - 1 - i : i] = w;
  }
  return words;
}

function checkScale(o: ScaleOptions): string | null {
  const scale = o.scale ?? 1;
  const offset = o.offset ?? 0;
  if (!Number.isFinite(scale) || scale === 0) return 'scale must be a finite non-zero number';
  if (!Number.isFinite(offset)) return 'offset must be finite';
  if (o.decimals !== undefined && (!Number.isInteger(o.decimals) || o.decimals < 0 || o.decimals > 10))
    return 'decimals must be an integer 0-10';
  return null;
}

/** Round half away from zero to `decimals` places, robust to binary artefacts (1.005 -> 1.01). */
export function roundTo(x: number, decimals: number): number {
  if (!Number.isFinite(x)) return x;
  const p = 10 ** decimals;
  const r = Math.round(Math.abs(x) * p * (1 + Number.EPSILON)) / p;
  return x < 0 ? -r || 0 : r;
}

/** value * scale + offset, then decimals rounding. */
export function applyScale(raw: number, o: ScaleOptions = {}): number {
  const v = raw * (o.scale ?? 1) + (o.offset ?? 0);
  return o.decimals === undefined ? v : roundTo(v, o.decimals);
}

/**
 * The exact raw value of the registers: number for 8-32 bit types and floats, bigint for 64-bit
 * integers, string for strings. Errors for too few registers or unsupported types.
 */
export function decodeRaw(
  words: readonly number[],
  type: DataType,
  order: ByteOrder = 'ABCD',
): { ok: true; raw: number | bigint | string } | { ok: false; error: string } {
  if (!Array.isArray(words) || !words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff))
    return { ok: false, error: 'registers must be integers 0-65535' };
  if (type === 'string') {
    if (words.length === 0) return { ok: false, error: 'string needs at least one register' };
    const bytes: number[] = [];
    for (const w of words) {
      const hi = w >> 8;
      const lo = w & 0xff;
      if (swapsBytes(order)) bytes.push(lo, hi);
      else bytes.push(hi, lo);
    }
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    let s = '';
    for (let i = 0; i < end; i++) {
      const c = bytes[i]!;
      s += c >= 0x20 && c <= 0x7e ? String.fromCharCode(c) : '?';
    }
    return { ok: true, raw: s };
  }
  const need = FIXED_WORDS[type];
  if (need === undefined) return { ok: false, error: `data type ${type} cannot be decoded from registers` };
  if (words.length < need)
    return { ok: false, error: `${type} needs ${need} registers, got ${words.length}` };
  const bytes = registersToBytes(words.slice(0, need), order);
  const dv = new DataView(bytes.buffer);
  switch (type) {
    case 'uint8':
      return { ok: true, raw: dv.getUint8(1) };
    case 'int8':
      return { ok: true, raw: dv.getInt8(1) };
    case 'uint16':
      return { ok: true, raw: dv.getUint16(0) };
    case 'int16':
      return { ok: true, raw: dv.getInt16(0) };
    case 'uint32':
      return { ok: true, raw: dv.getUint32(0) };
    case 'int32':
      return { ok: true, raw: dv.getInt32(0) };
    case 'float':
      return { ok: true, raw: dv.getFloat32(0) };
    case 'double':
      return { ok: true, raw: dv.getFloat64(0) };
    case 'uint64':
      return { ok: true, raw: dv.getBigUint64(0) };
    default:
      return { ok: true, raw: dv.getBigInt64(0) };
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Decode a point value from its registers: raw value, then scale/offset/decimals. Never throws. */
export function decodeValue(
  words: readonly number[],
  type: DataType,
  options: CodecOptions = {},
): DecodeResult {
  const bad = checkScale(options);
  if (bad) return { ok: false, error: bad };
  const order = options.byteOrder ?? 'ABCD';
  const input =
    type === 'string' && options.registers !== undefined ? words.slice(0, options.registers) : words;
  const r = decodeRaw(input, type, order);
  if (!r.ok) return r;
  const raw = r.raw;
  if (typeof raw === 'string') return { ok: true, value: raw };
  if (typeof raw === 'bigint') {
    const unscaled = (options.scale ?? 1) === 1 && (options.offset ?? 0) === 0;
    if (raw > MAX_SAFE || raw < -MAX_SAFE) {
      if (unscaled) return { ok: true, value: raw.toString() };
      return { ok: true, value: applyScale(Number(raw), options) };
    }
    return { ok: true, value: applyScale(Number(raw), options) };
  }
  if (!Number.isFinite(raw)) return { ok: false, error: `${type} is not a finite number` };
  return { ok: true, value: applyScale(raw, options) };
}

/** Decode a 0X/1X bit: 1 or 0 (scaling does not apply to bits). */
export function decodeBit(bit: boolean | number): number {
  return bit === true || bit === 1 ? 1 : 0;
}

const INT_RANGES: Partial<Record<DataType, [number, number]>> = {
  uint8: [0, 0xff],
  int8: [-0x80, 0x7f],
  uint16: [0, 0xffff],
  int16: [-0x8000, 0x7fff],
  uint32: [0, 0xffffffff],
  int32: [-0x80000000, 0x7fffffff],
};
const BIG_RANGES: Partial<Record<DataType, [bigint, bigint]>> = {
  uint64: [0n, (1n << 64n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
};
const FLOAT32_MAX = 3.4028234663852886e38;

function toBigInt(value: number | string | bigint): bigint | null {
  try {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : null;
    if (!/^-?\d{1,20}$/.test(value.trim())) return null;
    return BigInt(value.trim());
  } catch {
    return null;
  }
}

/**
 * Encode a point value to registers (for 06/10 writes). Integer types round the unscaled value to
 * the nearest integer; out-of-range values are errors. 64-bit types also take a bigint or an
 * integer string (exact; only without scale/offset). Never throws.
 */
export function encodeValue(
  value: number | string | bigint,
  type: DataType,
  options: CodecOptions = {},
): EncodeResult {
  const bad = checkScale(options);
  if (bad) return { ok: false, error: bad };
  const order = options.byteOrder ?? 'ABCD';
  const scale = options.scale ?? 1;
  const offset = options.offset ?? 0;

  if (type === 'string') {
    if (typeof value !== 'string') return { ok: false, error: 'string value expected' };
    const n = options.registers ?? Math.ceil(value.length / 2);
    if (!Number.isInteger(n) || n < 1) return { ok: false, error: 'string needs at least one register' };
    if (value.length > 2 * n) return { ok: false, error: `string longer than ${2 * n} characters` };
    if (!/^[\x20-\x7e]*$/.test(value)) return { ok: false, error: 'string must be printable ASCII' };
    const bytes = new Uint8Array(2 * n);
    for (let i = 0; i < value.length; i++) bytes[i] = value.charCodeAt(i);
    const words: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = bytes[2 * i]!;
      const b = bytes[2 * i + 1]!;
      words.push(swapsBytes(order) ? (b << 8) | a : (a << 8) | b);
    }
    return { ok: true, registers: words };
  }

  const words = FIXED_WORDS[type];
  if (words === undefined) return { ok: false, error: `data type ${type} cannot be encoded to registers` };
  const bytes = new Uint8Array(2 * words);
  const dv = new DataView(bytes.buffer);

  const big = BIG_RANGES[type];
  if (big) {
    let raw: bigint | null;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { ok: false, error: 'value must be a finite number' };
      const unscaled = Math.round((value - offset) / scale);
      if (!Number.isSafeInteger(unscaled)) return { ok: false, error: `value out of range for ${type}` };
      raw = BigInt(unscaled);
    } else {
      if (scale !== 1 || offset !== 0) return { ok: false, error: 'exact 64-bit values cannot be scaled' };
      raw = toBigInt(value);
      if (raw === null) return { ok: false, error: 'value must be an integer' };
    }
    if (raw < big[0] || raw > big[1]) return { ok: false, error: `value out of range for ${type}` };
    if (type === 'uint64') dv.setBigUint64(0, raw);
    else dv.setBigInt64(0, raw);
    return { ok: true, registers: bytesToRegisters(bytes, order) };
  }

  const num =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(num)) return { ok: false, error: 'value must be a finite number' };
  const unscaled = (num - offset) / scale;
  if (!Number.isFinite(unscaled)) return { ok: false, error: 'value out of range after scaling' };

  if (type === 'float' || type === 'double') {
    if (type === 'float' && Math.abs(unscaled) > FLOAT32_MAX)
      return { ok: false, error: 'value out of range for float' };
    if (type === 'float') dv.setFloat32(0, unscaled);
    else dv.setFloat64(0, unscaled);
    return { ok: true, registers: bytesToRegisters(bytes, order) };
  }

  const range = INT_RANGES[type]!;
  const raw = Math.round(unscaled);
  if (raw < range[0] || raw > range[1])
    return { ok: false, error: `value out of range for ${type} (${range[0]} to ${range[1]})` };
  switch (type) {
    case 'uint8':
    case 'int8':
      dv.setUint8(1, raw & 0xff);
      break;
    case 'uint16':
    case 'int16':
      dv.setUint16(0, raw & 0xffff);
      break;
    default:
      dv.setUint32(0, raw >>> 0);
  }
  return { ok: true, registers: bytesToRegisters(bytes, order) };
}

/** Encode a coil write: booleans, 0/1 (numbers or strings) only. */
export function encodeBit(value: unknown): { ok: true; value: boolean } | { ok: false; error: string } {
  if (value === true || value === 1 || value === '1') return { ok: true, value: true };
  if (value === false || value === 0 || value === '0') return { ok: true, value: false };
  return { ok: false, error: 'bit value must be 0 or 1' };
}
