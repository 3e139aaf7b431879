import { describe, expect, it } from 'vitest';
import { encodeResponse, ModbusRequestError } from './pdu.js';
import {
  decodeAdu,
  encodeAdu,
  encodeRequestAdu,
  expectationFor,
  expectedResponseLength,
  isValidSlaveId,
} from './rtu.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('RTU framing', () => {
  it('builds the classic read holding registers request 01 03 00 00 00 0A C5 CD', () => {
    expect(toHex(encodeRequestAdu(1, { fn: 0x03, address: 0, quantity: 10 }))).toBe('01030000000ac5cd');
    expect(toHex(encodeRequestAdu(1, { fn: 0x03, address: 0, quantity: 1 }))).toBe('010300000001840a');
  });
  it('builds write single coil and write single register frames', () => {
    expect(toHex(encodeRequestAdu(1, { fn: 0x05, address: 0, value: true }))).toBe('01050000ff008c3a');
    expect(toHex(encodeRequestAdu(1, { fn: 0x06, address: 1, value: 3 }))).toBe('010600010003980b');
  });
  it('decodes a response ADU and refuses a bad CRC', () => {
    const adu = encodeAdu(17, hex('0306022b00000064'));
    expect(decodeAdu(adu)).toEqual({ slave: 17, pdu: hex('0306022b00000064') });
    const bad = adu.slice();
    bad[4]! ^= 0xff;
    expect(decodeAdu(bad)).toBeNull();
    expect(decodeAdu(hex('0102'))).toBeNull();
  });
  it('slave ids 1-254 only', () => {
    expect(isValidSlaveId(1)).toBe(true);
    expect(isValidSlaveId(254)).toBe(true);
    expect(isValidSlaveId(0)).toBe(false);
    expect(isValidSlaveId(255)).toBe(false);
    expect(isValidSlaveId(1.5)).toBe(false);
    expect(() => encodeAdu(0, hex('0300000001'))).toThrow(ModbusRequestError);
    expect(() => encodeAdu(255, hex('0300000001'))).toThrow(ModbusRequestError);
    expect(() => encodeAdu(1, new Uint8Array())).toThrow(ModbusRequestError);
    expect(() => encodeAdu(1, new Uint8Array(254))).toThrow(ModbusRequestError);
    expect(encodeAdu(1, new Uint8Array(253))).toHaveLength(256);
  });
});

describe('expectedResponseLength', () => {
  it('reads: 5 + byte count', () => {
    expect(expectedResponseLength({ fn: 0x03, address: 0, quantity: 10 })).toBe(25);
    expect(expectedResponseLength({ fn: 0x04, address: 0, quantity: 125 })).toBe(255);
    expect(expectedResponseLength({ fn: 0x01, address: 0, quantity: 1 })).toBe(6);
    expect(expectedResponseLength({ fn: 0x01, address: 0, quantity: 8 })).toBe(6);
    expect(expectedResponseLength({ fn: 0x02, address: 0, quantity: 9 })).toBe(7);
    expect(expectedResponseLength({ fn: 0x02, address: 0, quantity: 2000 })).toBe(255);
  });
  it('writes: 8', () => {
    expect(expectedResponseLength({ fn: 0x05, address: 0, value: true })).toBe(8);
    expect(expectedResponseLength({ fn: 0x06, address: 0, value: 1 })).toBe(8);
    expect(expectedResponseLength({ fn: 0x0f, address: 0, values: [true] })).toBe(8);
    expect(expectedResponseLength({ fn: 0x10, address: 0, values: [1, 2] })).toBe(8);
  });
  it('agrees with the actual response ADU size', () => {
    for (const q of [1, 7, 8, 9, 100, 2000]) {
      const req = { fn: 0x01 as const, address: 0, quantity: q };
      const adu = encodeAdu(3, encodeResponse(req, new Array(q).fill(true)));
      expect(adu.length).toBe(expectedResponseLength(req));
    }
    for (const q of [1, 2, 125]) {
      const req = { fn: 0x03 as const, address: 0, quantity: q };
      expect(encodeAdu(3, encodeResponse(req, new Array(q).fill(1))).length).toBe(
        expectedResponseLength(req),
      );
    }
  });
  it('expectationFor carries the write echo', () => {
    expect(expectationFor(2, { fn: 0x03, address: 0, quantity: 2 })).toEqual({ slave: 2, fn: 3, length: 9 });
    const e = expectationFor(2, { fn: 0x06, address: 0x10, value: 0x1234 });
    expect(e.length).toBe(8);
    expect(toHex(e.echo!)).toBe('00101234');
  });
});
