import { BYTE_ORDERS, type ByteOrder, type DataType } from '@fleet/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyScale,
  bytesToRegisters,
  decodeBit,
  decodeRaw,
  decodeValue,
  encodeBit,
  encodeValue,
  registersToBytes,
  roundTo,
} from './codec.js';

const dec = (words: number[], type: DataType, o = {}) => {
  const r = decodeValue(words, type, o);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const enc = (v: number | string | bigint, type: DataType, o = {}) => {
  const r = encodeValue(v, type, o);
  if (!r.ok) throw new Error(r.error);
  return r.registers;
};

describe('byte orders', () => {
  it('float 123.456 (0x42F6E979) in each byte order', () => {
    const vectors: Record<ByteOrder, number[]> = {
      ABCD: [0x42f6, 0xe979],
      CDAB: [0xe979, 0x42f6],
      BADC: [0xf642, 0x79e9],
      DCBA: [0x79e9, 0xf642],
    };
    for (const order of BYTE_ORDERS) {
      expect(dec(vectors[order], 'float', { byteOrder: order, decimals: 3 })).toBe(123.456);
      expect(enc(123.456, 'float', { byteOrder: order })).toEqual(vectors[order]);
    }
  });
  it('uint32 0x12345678 in each byte order', () => {
    expect(dec([0x1234, 0x5678], 'uint32')).toBe(0x12345678);
    expect(dec([0x5678, 0x1234], 'uint32', { byteOrder: 'CDAB' })).toBe(0x12345678);
    expect(dec([0x3412, 0x7856], 'uint32', { byteOrder: 'BADC' })).toBe(0x12345678);
    expect(dec([0x7856, 0x3412], 'uint32', { byteOrder: 'DCBA' })).toBe(0x12345678);
  });
  it('double 123.456 (0x405EDD2F1A9FBE77) big endian, word swapped and reversed', () => {
    const abcd = [0x405e, 0xdd2f, 0x1a9f, 0xbe77];
    expect(dec(abcd, 'double')).toBe(123.456);
    expect(dec([...abcd].reverse(), 'double', { byteOrder: 'CDAB' })).toBe(123.456);
    expect(dec([0x77be, 0x9f1a, 0x2fdd, 0x5e40], 'double', { byteOrder: 'DCBA' })).toBe(123.456);
    expect(dec([0x5e40, 0x2fdd, 0x9f1a, 0x77be], 'double', { byteOrder: 'BADC' })).toBe(123.456);
  });
  it('16-bit values swap bytes for BADC/DCBA only', () => {
    expect(dec([0x0102], 'uint16')).toBe(0x0102);
    expect(dec([0x0102], 'uint16', { byteOrder: 'CDAB' })).toBe(0x0102);
    expect(dec([0x0102], 'uint16', { byteOrder: 'BADC' })).toBe(0x0201);
    expect(dec([0x0102], 'uint16', { byteOrder: 'DCBA' })).toBe(0x0201);
  });
  it('registersToBytes and bytesToRegisters are inverse for every order', () => {
    const words = [0x0102, 0x0304, 0x0506, 0x0708];
    for (const order of BYTE_ORDERS)
      expect(bytesToRegisters(registersToBytes(words, order), order)).toEqual(words);
    expect(Array.from(registersToBytes([0x0102, 0x0304], 'DCBA'))).toEqual([4, 3, 2, 1]);
  });
});

describe('decodeValue: data types', () => {
  it('uint8/int8 take the low byte', () => {
    expect(dec([0x12ff], 'uint8')).toBe(255);
    expect(dec([0x12ff], 'int8')).toBe(-1);
    expect(dec([0x1280], 'int8')).toBe(-128);
    expect(dec([0x127f], 'int8')).toBe(127);
  });
  it('signed 16/32-bit two complement', () => {
    expect(dec([0xffff], 'int16')).toBe(-1);
    expect(dec([0x8000], 'int16')).toBe(-32768);
    expect(dec([0xffff], 'uint16')).toBe(65535);
    expect(dec([0xffff, 0xfffe], 'int32')).toBe(-2);
    expect(dec([0xffff, 0xfffe], 'uint32')).toBe(4294967294);
  });
  it('64-bit: numbers when safe, exact strings beyond', () => {
    expect(dec([0, 0, 0, 42], 'uint64')).toBe(42);
    expect(dec([0xffff, 0xffff, 0xffff, 0xffff], 'int64')).toBe(-1);
    expect(dec([0x001f, 0xffff, 0xffff, 0xffff], 'uint64')).toBe(Number.MAX_SAFE_INTEGER);
    expect(dec([0x0020, 0, 0, 0], 'uint64')).toBe('9007199254740992');
    expect(dec([0xffff, 0xffff, 0xffff, 0xffff], 'uint64')).toBe('18446744073709551615');
    expect(dec([0x8000, 0, 0, 0], 'int64')).toBe('-9223372036854775808');
    // scaled big values become the nearest double
    expect(dec([0x0020, 0, 0, 0], 'uint64', { scale: 0.5 })).toBe(4503599627370496);
    const raw = decodeRaw([0xffff, 0xffff, 0xffff, 0xffff], 'uint64');
    expect(raw).toEqual({ ok: true, raw: 18446744073709551615n });
  });
  it('strings: ASCII over N registers, trailing NULs trimmed', () => {
    expect(dec([0x4142, 0x4344, 0x4500, 0x0000], 'string')).toBe('ABCDE');
    expect(dec([0x4241, 0x4443, 0x0045], 'string', { byteOrder: 'BADC' })).toBe('ABCDE');
    expect(dec([0x4142, 0x4344, 0x4546], 'string', { registers: 2 })).toBe('ABCD');
    expect(dec([0x4100, 0x4200], 'string')).toBe('A?B');
    expect(dec([0x0000], 'string')).toBe('');
    expect(dec([0x41ff], 'string')).toBe('A?');
  });
  it('scale, offset and decimals', () => {
    expect(dec([1234], 'uint16', { scale: 0.1 })).toBeCloseTo(123.4, 10);
    expect(dec([1234], 'uint16', { scale: 0.1, decimals: 1 })).toBe(123.4);
    expect(dec([0xfff6], 'int16', { scale: 0.5, offset: 100 })).toBe(95);
    expect(dec([0x42f6, 0xe979], 'float', { decimals: 1 })).toBe(123.5);
    expect(dec([0x42f6, 0xe979], 'float', { decimals: 0 })).toBe(123);
  });
  it('errors: too few registers, var, bad scale, non-finite float, bad words', () => {
    expect(decodeValue([1], 'float')).toEqual({ ok: false, error: 'float needs 2 registers, got 1' });
    expect(decodeValue([1], 'var').ok).toBe(false);
    expect(decodeValue([1], 'uint16', { scale: 0 }).ok).toBe(false);
    expect(decodeValue([1], 'uint16', { scale: Number.NaN }).ok).toBe(false);
    expect(decodeValue([1], 'uint16', { offset: Number.POSITIVE_INFINITY }).ok).toBe(false);
    expect(decodeValue([1], 'uint16', { decimals: 11 }).ok).toBe(false);
    expect(decodeValue([0x7fc0, 0], 'float')).toEqual({ ok: false, error: 'float is not a finite number' });
    expect(decodeValue([0x7f80, 0], 'float').ok).toBe(false);
    expect(decodeValue([70000], 'uint16').ok).toBe(false);
    expect(decodeValue([], 'string').ok).toBe(false);
    expect(decodeValue(null as unknown as number[], 'uint16').ok).toBe(false);
  });
  it('bits', () => {
    expect(decodeBit(true)).toBe(1);
    expect(decodeBit(false)).toBe(0);
    expect(decodeBit(1)).toBe(1);
    expect(encodeBit('1')).toEqual({ ok: true, value: true });
    expect(encodeBit(0)).toEqual({ ok: true, value: false });
    expect(encodeBit(2).ok).toBe(false);
  });
});

describe('encodeValue', () => {
  it('range checks instead of wrapping', () => {
    expect(enc(255, 'uint8')).toEqual([0x00ff]);
    expect(encodeValue(256, 'uint8').ok).toBe(false);
    expect(enc(-1, 'int8')).toEqual([0x00ff]);
    expect(encodeValue(-129, 'int8').ok).toBe(false);
    expect(enc(65535, 'uint16')).toEqual([0xffff]);
    expect(encodeValue(65536, 'uint16').ok).toBe(false);
    expect(encodeValue(-1, 'uint16').ok).toBe(false);
    expect(enc(-32768, 'int16')).toEqual([0x8000]);
    expect(encodeValue(32768, 'int16').ok).toBe(false);
    expect(enc(-2, 'int32')).toEqual([0xffff, 0xfffe]);
    expect(encodeValue(2 ** 31, 'int32').ok).toBe(false);
    expect(enc(2 ** 32 - 1, 'uint32')).toEqual([0xffff, 0xffff]);
    expect(encodeValue(2 ** 32, 'uint32').ok).toBe(false);
    expect(encodeValue(3.5e38, 'float').ok).toBe(false);
    expect(encodeValue(Number.NaN, 'float').ok).toBe(false);
    expect(encodeValue(Number.POSITIVE_INFINITY, 'double').ok).toBe(false);
  });
  it('64-bit integers: safe numbers, bigint and integer strings, range checked', () => {
    expect(enc(-1, 'int64')).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
    expect(enc('18446744073709551615', 'uint64')).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
    expect(enc(2n ** 63n - 1n, 'int64', { byteOrder: 'CDAB' })).toEqual([0xffff, 0xffff, 0xffff, 0x7fff]);
    expect(encodeValue(2n ** 64n, 'uint64').ok).toBe(false);
    expect(encodeValue(-1, 'uint64').ok).toBe(false);
    expect(encodeValue(2 ** 60, 'int64').ok).toBe(false); // not a safe integer: refuse rather than guess
    expect(encodeValue('12.5', 'int64').ok).toBe(false);
    expect(encodeValue('1', 'int64', { scale: 2 }).ok).toBe(false);
  });
  it('inverts scale and offset and rounds integer types', () => {
    expect(enc(123.4, 'uint16', { scale: 0.1 })).toEqual([1234]);
    expect(enc(95, 'int16', { scale: 0.5, offset: 100 })).toEqual([0xfff6]);
    expect(enc(12.34, 'uint16', { scale: 0.1 })).toEqual([123]);
    expect(encodeValue(6553.6, 'uint16', { scale: 0.1 }).ok).toBe(false);
    expect(enc('42', 'uint16')).toEqual([42]);
    expect(encodeValue('', 'uint16').ok).toBe(false);
    expect(encodeValue('abc', 'uint16').ok).toBe(false);
    expect(encodeValue(1, 'uint16', { scale: 0 }).ok).toBe(false);
    expect(encodeValue(1, 'var').ok).toBe(false);
  });
  it('strings', () => {
    expect(enc('ABCDE', 'string', { registers: 4 })).toEqual([0x4142, 0x4344, 0x4500, 0x0000]);
    expect(enc('AB', 'string', { byteOrder: 'BADC' })).toEqual([0x4241]);
    expect(encodeValue('ABCDE', 'string', { registers: 2 }).ok).toBe(false);
    expect(encodeValue('é', 'string').ok).toBe(false);
    expect(encodeValue(1, 'string').ok).toBe(false);
    expect(encodeValue('', 'string').ok).toBe(false);
  });
  it('round trips every type and byte order', () => {
    const samples: [DataType, number][] = [
      ['uint8', 200],
      ['int8', -100],
      ['uint16', 54321],
      ['int16', -12345],
      ['uint32', 4000000000],
      ['int32', -2000000000],
      ['uint64', 2 ** 52 + 3],
      ['int64', -(2 ** 52) - 3],
      ['float', 1.5],
      ['double', Math.PI],
    ];
    for (const order of BYTE_ORDERS)
      for (const [type, v] of samples)
        expect(dec(enc(v, type, { byteOrder: order }), type, { byteOrder: order })).toBe(v);
    for (const order of BYTE_ORDERS)
      expect(dec(enc('Hi there', 'string', { byteOrder: order }), 'string', { byteOrder: order })).toBe(
        'Hi there',
      );
  });
});

describe('rounding helpers', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(-0.0001, 2)).toBe(0);
    expect(Object.is(roundTo(-0.0001, 2), -0)).toBe(false);
    expect(roundTo(Number.NaN, 2)).toBeNaN();
    expect(applyScale(10, { scale: 0.1, offset: -1, decimals: 2 })).toBe(0);
  });
});
