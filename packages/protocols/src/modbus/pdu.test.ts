import { describe, expect, it } from 'vitest';
import {
  encodeException,
  encodeRequest,
  encodeResponse,
  exceptionName,
  type ModbusRequest,
  ModbusRequestError,
  parseRequest,
  parseResponse,
  quantityOf,
  validateRequest,
} from './pdu.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('encodeRequest: spec vectors (Modbus application protocol V1.1b3)', () => {
  it('01 read coils 20-38', () => {
    expect(toHex(encodeRequest({ fn: 0x01, address: 19, quantity: 19 }))).toBe('0100130013');
  });
  it('02 read discrete inputs 197-218', () => {
    expect(toHex(encodeRequest({ fn: 0x02, address: 196, quantity: 22 }))).toBe('0200c40016');
  });
  it('03 read holding registers 108-110', () => {
    expect(toHex(encodeRequest({ fn: 0x03, address: 107, quantity: 3 }))).toBe('03006b0003');
  });
  it('04 read input register 9', () => {
    expect(toHex(encodeRequest({ fn: 0x04, address: 8, quantity: 1 }))).toBe('0400080001');
  });
  it('05 write single coil 173 ON / OFF', () => {
    expect(toHex(encodeRequest({ fn: 0x05, address: 172, value: true }))).toBe('0500acff00');
    expect(toHex(encodeRequest({ fn: 0x05, address: 172, value: false }))).toBe('0500ac0000');
  });
  it('06 write register 2 = 0x0003', () => {
    expect(toHex(encodeRequest({ fn: 0x06, address: 1, value: 3 }))).toBe('0600010003');
  });
  it('0F write 10 coils from 20', () => {
    // spec: outputs 20-29 = CD 01 -> 1100 1101, 0000 0001
    const bits = [true, false, true, true, false, false, true, true, true, false];
    expect(toHex(encodeRequest({ fn: 0x0f, address: 19, values: bits }))).toBe('0f0013000a02cd01');
  });
  it('10 write 2 registers from 2', () => {
    expect(toHex(encodeRequest({ fn: 0x10, address: 1, values: [0x000a, 0x0102] }))).toBe(
      '100001000204000a0102',
    );
  });
});

describe('validateRequest: boundaries', () => {
  const ok = (r: ModbusRequest) => expect(validateRequest(r)).toBeNull();
  const bad = (r: unknown, re: RegExp) => {
    expect(validateRequest(r as ModbusRequest)).toMatch(re);
    expect(() => encodeRequest(r as ModbusRequest)).toThrow(ModbusRequestError);
  };
  it('read quantities 1-125 registers and 1-2000 bits', () => {
    ok({ fn: 0x03, address: 0, quantity: 1 });
    ok({ fn: 0x04, address: 0, quantity: 125 });
    bad({ fn: 0x03, address: 0, quantity: 0 }, /quantity/);
    bad({ fn: 0x03, address: 0, quantity: 126 }, /quantity/);
    ok({ fn: 0x01, address: 0, quantity: 2000 });
    bad({ fn: 0x02, address: 0, quantity: 2001 }, /quantity/);
    bad({ fn: 0x03, address: 0, quantity: 1.5 }, /quantity/);
  });
  it('write quantities 1-123 registers and 1-1968 coils', () => {
    ok({ fn: 0x10, address: 0, values: new Array(123).fill(0) });
    bad({ fn: 0x10, address: 0, values: new Array(124).fill(0) }, /quantity/);
    bad({ fn: 0x10, address: 0, values: [] }, /quantity/);
    ok({ fn: 0x0f, address: 0, values: new Array(1968).fill(true) });
    bad({ fn: 0x0f, address: 0, values: new Array(1969).fill(true) }, /quantity/);
  });
  it('addresses 0-65535 and the end of the address space', () => {
    ok({ fn: 0x03, address: 65535, quantity: 1 });
    bad({ fn: 0x03, address: 65535, quantity: 2 }, /exceeds/);
    bad({ fn: 0x03, address: 65536, quantity: 1 }, /address/);
    bad({ fn: 0x03, address: -1, quantity: 1 }, /address/);
    ok({ fn: 0x03, address: 65411, quantity: 125 });
  });
  it('values', () => {
    ok({ fn: 0x06, address: 0, value: 65535 });
    bad({ fn: 0x06, address: 0, value: 65536 }, /value/);
    bad({ fn: 0x06, address: 0, value: -1 }, /value/);
    bad({ fn: 0x06, address: 0, value: Number.NaN }, /value/);
    bad({ fn: 0x05, address: 0, value: 1 }, /boolean/);
    bad({ fn: 0x10, address: 0, values: [1, 70000] }, /values/);
    bad({ fn: 0x0f, address: 0, values: [true, 1] }, /booleans/);
  });
  it('unsupported functions and non-objects', () => {
    bad({ fn: 0x07, address: 0, quantity: 1 }, /unsupported/);
    expect(validateRequest(null as unknown as ModbusRequest)).toMatch(/object/);
  });
  it('quantityOf', () => {
    expect(quantityOf({ fn: 0x03, address: 0, quantity: 7 })).toBe(7);
    expect(quantityOf({ fn: 0x05, address: 0, value: true })).toBe(1);
    expect(quantityOf({ fn: 0x10, address: 0, values: [1, 2, 3] })).toBe(3);
  });
});

describe('parseResponse', () => {
  it('01 read coils (spec example CD 6B 05)', () => {
    const r = parseResponse({ fn: 0x01, address: 19, quantity: 19 }, hex('0103cd6b05'));
    expect(r.kind).toBe('response');
    if (r.kind !== 'response' || r.response.fn !== 0x01) throw new Error();
    const bits = r.response.bits.map((b) => (b ? 1 : 0)).join('');
    expect(bits).toBe('1011001111010110101');
    expect(r.response.bits).toHaveLength(19);
  });
  it('03 read holding registers (spec example)', () => {
    const r = parseResponse({ fn: 0x03, address: 107, quantity: 3 }, hex('0306022b00000064'));
    expect(r).toEqual({ kind: 'response', response: { fn: 0x03, registers: [0x022b, 0, 0x64] } });
  });
  it('rejects a wrong byte count or length', () => {
    const req = { fn: 0x03, address: 0, quantity: 2 } as const;
    expect(parseResponse(req, hex('030200010002')).kind).toBe('invalid');
    expect(parseResponse(req, hex('0304000100')).kind).toBe('invalid');
    expect(parseResponse(req, hex('03')).kind).toBe('invalid');
  });
  it('rejects another function', () => {
    expect(parseResponse({ fn: 0x03, address: 0, quantity: 1 }, hex('04020001')).kind).toBe('invalid');
  });
  it('exception responses carry code and name', () => {
    const r = parseResponse({ fn: 0x03, address: 0, quantity: 1 }, hex('8302'));
    expect(r).toEqual({
      kind: 'exception',
      exception: { fn: 0x03, code: 2, name: 'illegal data address' },
    });
    expect(parseResponse({ fn: 0x03, address: 0, quantity: 1 }, hex('830200')).kind).toBe('invalid');
    // exception for another function is not ours
    expect(parseResponse({ fn: 0x03, address: 0, quantity: 1 }, hex('8402')).kind).toBe('invalid');
  });
  it('write echoes must match', () => {
    const w6 = { fn: 0x06, address: 1, value: 3 } as const;
    expect(parseResponse(w6, hex('0600010003'))).toEqual({
      kind: 'response',
      response: { fn: 0x06, address: 1, value: 3 },
    });
    expect(parseResponse(w6, hex('0600010004')).kind).toBe('invalid');
    const w5 = { fn: 0x05, address: 172, value: true } as const;
    expect(parseResponse(w5, hex('0500acff00'))).toEqual({
      kind: 'response',
      response: { fn: 0x05, address: 172, value: true },
    });
    expect(parseResponse(w5, hex('0500ac0000')).kind).toBe('invalid');
    const w10 = { fn: 0x10, address: 1, values: [10, 258] } as const;
    expect(parseResponse(w10, hex('1000010002'))).toEqual({
      kind: 'response',
      response: { fn: 0x10, address: 1, quantity: 2 },
    });
    expect(parseResponse(w10, hex('1000020002')).kind).toBe('invalid');
    expect(parseResponse(w10, hex('100001000200')).kind).toBe('invalid');
  });
});

describe('exception names', () => {
  it('names the standard codes and marks unknown ones', () => {
    expect(exceptionName(1)).toBe('illegal function');
    expect(exceptionName(2)).toBe('illegal data address');
    expect(exceptionName(3)).toBe('illegal data value');
    expect(exceptionName(4)).toBe('slave device failure');
    expect(exceptionName(0x0b)).toMatch(/gateway target/);
    expect(exceptionName(0x42)).toBe('unknown exception 0x42');
    expect(toHex(encodeException(0x03, 2))).toBe('8302');
  });
});

describe('slave side round trip', () => {
  const requests: ModbusRequest[] = [
    { fn: 0x01, address: 5, quantity: 13 },
    { fn: 0x02, address: 0, quantity: 2000 },
    { fn: 0x03, address: 65411, quantity: 125 },
    { fn: 0x04, address: 8, quantity: 1 },
    { fn: 0x05, address: 1, value: false },
    { fn: 0x06, address: 9, value: 0xbeef },
    { fn: 0x0f, address: 100, values: [true, false, true, true, true, false, false, false, true] },
    { fn: 0x10, address: 40, values: [1, 2, 0xffff] },
  ];
  it('parseRequest(encodeRequest(r)) == r and responses parse back', () => {
    for (const req of requests) {
      const parsed = parseRequest(encodeRequest(req));
      expect(parsed).toEqual({ ok: true, request: req });
      let data: boolean[] | number[] | undefined;
      if (req.fn === 0x01 || req.fn === 0x02)
        data = Array.from({ length: req.quantity }, (_, i) => i % 3 === 0);
      if (req.fn === 0x03 || req.fn === 0x04) data = Array.from({ length: req.quantity }, (_, i) => i * 7);
      const res = parseResponse(req, encodeResponse(req, data));
      expect(res.kind).toBe('response');
      if (res.kind === 'response' && 'bits' in res.response) expect(res.response.bits).toEqual(data);
      if (res.kind === 'response' && 'registers' in res.response)
        expect(res.response.registers).toEqual(data);
    }
  });
  it('parseRequest answers exception codes for bad requests', () => {
    expect(parseRequest(hex('07'))).toMatchObject({ ok: false, code: 1 });
    expect(parseRequest(hex(''))).toMatchObject({ ok: false, code: 1 });
    expect(parseRequest(hex('030000007e'))).toMatchObject({ ok: false, code: 3 });
    expect(parseRequest(hex('03ffff0002'))).toMatchObject({ ok: false, code: 2 });
    expect(parseRequest(hex('0500011234'))).toMatchObject({ ok: false, code: 3 });
    expect(parseRequest(hex('1000010002030001'))).toMatchObject({ ok: false, code: 3 });
    expect(parseRequest(hex('0300'))).toMatchObject({ ok: false, code: 3 });
  });
  it('parseRequest never throws on random bytes', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed >>> 24;
    };
    for (let i = 0; i < 5000; i++) {
      const b = Uint8Array.from({ length: rnd() % 16 }, rnd);
      if (b.length > 0 && i % 2 === 0) b[0] = [1, 2, 3, 4, 5, 6, 15, 16][rnd() % 8]!;
      expect(() => parseRequest(b)).not.toThrow();
    }
  });
  it('encodeResponse checks data length', () => {
    expect(() => encodeResponse({ fn: 0x03, address: 0, quantity: 2 }, [1])).toThrow(ModbusRequestError);
    expect(() => encodeResponse({ fn: 0x01, address: 0, quantity: 2 }, [true])).toThrow(ModbusRequestError);
    expect(() => encodeResponse({ fn: 0x03, address: 0, quantity: 1 }, [70000])).toThrow(ModbusRequestError);
  });
});
